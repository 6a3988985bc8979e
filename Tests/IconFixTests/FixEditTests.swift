import Foundation
import IconGenerate
import IconLintTestSupport
import Testing

@testable import IconFix
@testable import IconLintCore

/// The byte editors under `fix`: each keeps every other byte, or refuses.
@Suite struct FixEditTests {
    // MARK: Contents.json

    static let xcode = """
        {
          "images" : [
            {
              "filename" : "a.png",
              "idiom" : "iphone",
              "scale" : "2x",
              "size" : "40x40"
            },
            {
              "idiom" : "iphone",
              "scale" : "2x",
              "size" : "60x60"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    @Test func contentsFilenameGoesFirstInTheEntryWithItsSpacing() throws {
        let edited = try #require(ContentsJSONEdit.settingFilename("AppIcon-60x60@2x.png", at: 1, in: Array(Self.xcode.utf8)))
        let expected = Self.xcode.replacingOccurrences(
            of: "    {\n      \"idiom\" : \"iphone\",\n      \"scale\" : \"2x\",\n      \"size\" : \"60x60\"",
            with: "    {\n      \"filename\" : \"AppIcon-60x60@2x.png\",\n      \"idiom\" : \"iphone\",\n      \"scale\" : \"2x\",\n      \"size\" : \"60x60\"")
        #expect(String(decoding: edited, as: UTF8.self) == expected)
        // Another tool's spacing, on one line, with an escaped quote before the array.
        let compact = #"{"info":{"author":"x\"y"},"images":[{"idiom":"iphone","size":"60x60","scale":"3x"}]}"#
        let one = try #require(ContentsJSONEdit.settingFilename("b.png", at: 0, in: Array(compact.utf8)))
        let expectedOne = #"{"info":{"author":"x\"y"},"images":[{"filename":"b.png","idiom":"iphone","size":"60x60","scale":"3x"}]}"#
        #expect(String(decoding: one, as: UTF8.self) == expectedOne)
    }

    @Test func contentsEditRefusesWhatItDoesNotUnderstand() {
        let bytes = Array(Self.xcode.utf8)
        #expect(ContentsJSONEdit.settingFilename("x.png", at: 0, in: bytes) == nil, "an entry with a file already")
        #expect(ContentsJSONEdit.settingFilename("x.png", at: 2, in: bytes) == nil, "no such entry")
        #expect(ContentsJSONEdit.settingFilename("x.png", at: 0, in: Array(#"{"images":"#.utf8)) == nil)
        #expect(ContentsJSONEdit.settingFilename("x.png", at: 0, in: Array(#"["images",[{}]]"#.utf8)) == nil)
        #expect(ContentsJSONEdit.settingFilename("x.png", at: 0, in: Array(#"{"images":[{"idiom":"iphone"} {}]}"#.utf8)) == nil)
    }

    // MARK: Info.plist removal

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- icons -->
        \t<key>CFBundleIcons</key>
        \t<dict>
        \t\t<key>CFBundleAlternateIcons</key>
        \t\t<dict>
        \t\t\t<key>Dark</key>
        \t\t\t<dict>
        \t\t\t\t<key>CFBundleIconFiles</key>
        \t\t\t\t<array><string>Dark</string></array>
        \t\t\t</dict>
        \t\t\t<key>Light</key>
        \t\t\t<dict/>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """

    @Test func removingAnEntryTakesItsLinesOnly() throws {
        let edited = try InfoPlistEditor.removing(["CFBundleIcons", "CFBundleAlternateIcons", "Dark"], in: Array(Self.plist.utf8), path: "Info.plist")
        let expected = Self.plist.replacingOccurrences(
            of: "\t\t\t<key>Dark</key>\n\t\t\t<dict>\n\t\t\t\t<key>CFBundleIconFiles</key>\n\t\t\t\t<array><string>Dark</string></array>\n\t\t\t</dict>\n",
            with: "")
        #expect(String(decoding: edited, as: UTF8.self) == expected)
        // Nothing there: the bytes as they were.
        let same = try InfoPlistEditor.removing(["CFBundleIcons", "CFBundleAlternateIcons", "Night"], in: Array(Self.plist.utf8), path: "Info.plist")
        #expect(same == Array(Self.plist.utf8))
    }

    @Test func removingFromABinaryPlistRewritesItInBinary() throws {
        let root: [String: Any] = ["CFBundleIcons": ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark"]], "Light": [String: Any]()]]]
        let binary = try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        let edited = try InfoPlistEditor.removing(["CFBundleIcons", "CFBundleAlternateIcons", "Dark"], in: [UInt8](binary), path: "Info.plist")
        var format = PropertyListSerialization.PropertyListFormat.xml
        let reread = try PropertyListSerialization.propertyList(from: Data(edited), options: [], format: &format)
        #expect(format == .binary)
        #expect((reread as? NSDictionary)?.isEqual(to: ["CFBundleIcons": ["CFBundleAlternateIcons": ["Light": [String: Any]()]]]) == true)
    }

    @Test func openStepPlistsAreRefused() {
        let openStep = Array(#"{ CFBundleIcons = { CFBundleAlternateIcons = { Dark = { }; }; }; }"#.utf8)
        #expect(throws: InfoPlistEditor.EditError.self) {
            try InfoPlistEditor.removing(["CFBundleIcons", "CFBundleAlternateIcons", "Dark"], in: openStep, path: "Info.plist")
        }
    }

    // MARK: The diff

    @Test func unifiedDiffIsWhatPatchReads() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...20).map { "line \($0)" }
        lines[1] = "changed 2"
        lines.insert("new after 15", at: 15)
        let new = lines.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.text(path: "f.txt", old: Array(old.utf8), new: Array(new.utf8))
        #expect(
            diff == """
                --- a/f.txt
                +++ b/f.txt
                @@ -1,5 +1,5 @@
                 line 1
                -line 2
                +changed 2
                 line 3
                 line 4
                 line 5
                @@ -13,6 +13,7 @@
                 line 13
                 line 14
                 line 15
                +new after 15
                 line 16
                 line 17
                 line 18

                """)
        #expect(UnifiedDiff.text(path: "n", old: nil, new: Array("a\n".utf8)) == "--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+a\n")
        #expect(UnifiedDiff.text(path: "f.txt", old: Array(old.utf8), new: Array(old.utf8)) == "--- a/f.txt\n+++ b/f.txt\n")
    }

    /// The linted tree's bytes never reach the terminal raw: a control character in a changed
    /// line or in the path is escaped.
    @Test func unifiedDiffPrintsNoControlCharacter() {
        let diff = UnifiedDiff.text(path: "a\u{1B}[2J.plist", old: Array("x\n".utf8), new: Array("\u{1B}]0;title\u{07}\n".utf8))
        #expect(!diff.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// Past the table's bound, the changed middle is shown as removed then added, in one hunk
    /// whose counts still add up.
    @Test func aLargeChangeIsRemovedThenAdded() {
        let old = (0..<2_100).map { "old \($0)" }.joined(separator: "\n") + "\n"
        let new = (0..<2_100).map { "new \($0)" }.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.text(path: "big", old: Array(old.utf8), new: Array(new.utf8))
        let lines = diff.split(separator: "\n")
        #expect(lines[2] == "@@ -1,2100 +1,2100 @@")
        #expect(lines.filter { $0.hasPrefix("-old") }.count == 2_100 && lines.filter { $0.hasPrefix("+new") }.count == 2_100)
    }

    /// A binary property list is a line in the dry run, never bytes printed as a diff.
    @Test func binaryFilesAreALineInTheDryRun() throws {
        let change = FileChange(path: "App/Info.plist", kind: .text(old: [0x62, 0x70, 0x6C, 0, 1], new: [0x62, 0x70, 0x6C, 0, 2, 3]))
        #expect(FixReport.describe(change, dryRun: true) == ["  would update App/Info.plist (binary, 6 bytes)"])
    }
}
