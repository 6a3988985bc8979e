import Foundation
import Testing

@testable import IconGenerate

@Suite struct InfoPlistEditorTests {
    static let entries: [InfoPlistEditor.Entry] = [
        .init(key: "CFBundleIcons", files: ["AppIcon60x60"], name: "AppIcon", alternate: false),
        .init(
            key: "CFBundleIcons~ipad", files: ["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"], name: "AppIcon",
            alternate: false),
    ]

    static let fixture = GenerateEndToEndTests.root.appendingPathComponent("Fixtures/Generate/SampleApp/SampleApp/Info.plist").path

    func edit(_ text: String) throws -> String {
        String(decoding: try InfoPlistEditor.edit(Array(text.utf8), entries: Self.entries, path: "Info.plist"), as: UTF8.self)
    }

    @Test func insertsBeforeTheClosingDictKeepingEveryOtherByte() throws {
        let original = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let edited = try edit(original)
        let closing = original.range(of: "</dict>\n</plist>")!
        let head = String(original[..<closing.lowerBound])
        #expect(edited.hasPrefix(head))
        #expect(edited.hasSuffix("</dict>\n</plist>\n"))
        let added = edited.dropFirst(head.count).dropLast("</dict>\n</plist>\n".count)
        #expect(
            added == """
                \t<key>CFBundleIcons</key>
                \t<dict>
                \t\t<key>CFBundlePrimaryIcon</key>
                \t\t<dict>
                \t\t\t<key>CFBundleIconFiles</key>
                \t\t\t<array>
                \t\t\t\t<string>AppIcon60x60</string>
                \t\t\t</array>
                \t\t</dict>
                \t</dict>
                \t<key>CFBundleIcons~ipad</key>
                \t<dict>
                \t\t<key>CFBundlePrimaryIcon</key>
                \t\t<dict>
                \t\t\t<key>CFBundleIconFiles</key>
                \t\t\t<array>
                \t\t\t\t<string>AppIcon60x60</string>
                \t\t\t\t<string>AppIcon76x76</string>
                \t\t\t\t<string>AppIcon83.5x83.5</string>
                \t\t\t</array>
                \t\t</dict>
                \t</dict>

                """)
    }

    @Test func replacesExistingEntriesInPlace() throws {
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <dict> in it -->
            <plist version="1.0">
            <dict>
              <key>A</key>
              <string>keep &amp; this</string>
              <key>CFBundleIcons</key>
              <dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconFiles</key><array><string>Old</string></array></dict></dict>
              <key>Z</key>
              <string><![CDATA[</string>]]></string>
            </dict>
            </plist>

            """
        let edited = try edit(original)
        #expect(edited.hasPrefix(original.components(separatedBy: "  <key>CFBundleIcons</key>")[0]))
        // Only the files' array changes: the dictionaries around it keep their bytes.
        #expect(edited.contains("  <key>CFBundleIcons</key>\n  <dict><key>CFBundlePrimaryIcon</key><dict>"))
        #expect(!edited.contains("Old"))
        #expect(edited.contains("  <key>Z</key>\n  <string><![CDATA[</string>]]></string>\n  <key>CFBundleIcons~ipad</key>"))
    }

    @Test func rewritesBinaryAsBinary() throws {
        let plist: [String: Any] = ["CFBundleName": "App", "CFBundleIcons": ["x": 1]]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let edited = try InfoPlistEditor.edit([UInt8](data), entries: Self.entries, path: "Info.plist")
        #expect(edited.starts(with: Array("bplist00".utf8)))
        let back = try PropertyListSerialization.propertyList(from: Data(edited), format: nil) as! NSDictionary
        #expect(back["CFBundleName"] as? String == "App")
        #expect(((back["CFBundleIcons"] as? NSDictionary)?["CFBundlePrimaryIcon"] as? NSDictionary)?["CFBundleIconFiles"] as? [String] == ["AppIcon60x60"])
        #expect((back["CFBundleIcons"] as? NSDictionary)?["x"] as? Int == 1, "other keys of CFBundleIcons stay")
    }

    @Test func addsAnAlternateAndKeepsTheIconsAlreadyDeclared() throws {
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            	<key>CFBundleIcons</key>
            	<dict>
            		<key>CFBundlePrimaryIcon</key>
            		<dict>
            			<key>CFBundleIconName</key>
            			<string>AppIcon</string>
            		</dict>
            		<key>CFBundleAlternateIcons</key>
            		<dict>
            			<key>Light</key>
            			<dict>
            				<key>CFBundleIconFiles</key>
            				<array><string>Light</string></array>
            				<key>UIPrerenderedIcon</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            	<key>UILaunchStoryboardName</key>
            	<string>LaunchScreen</string>
            </dict>
            </plist>

            """
        let dark: [InfoPlistEditor.Entry] = [.init(key: "CFBundleIcons", files: ["Dark60x60"], name: "Dark", alternate: true)]
        let edited = String(
            decoding: try InfoPlistEditor.edit(Array(original.utf8), entries: dark, path: "Info.plist"),
            as: UTF8.self)
        let plist = try PropertyListSerialization.propertyList(from: Data(edited.utf8), format: nil) as! [String: Any]
        let icons = plist["CFBundleIcons"] as! [String: Any]
        let alternates = icons["CFBundleAlternateIcons"] as! [String: Any]
        #expect((alternates["Dark"] as? [String: Any])?["CFBundleIconFiles"] as? [String] == ["Dark60x60"])
        #expect((alternates["Light"] as? [String: Any])?["UIPrerenderedIcon"] as? Bool == true, "the other alternate stays")
        #expect((icons["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String == "AppIcon")
        #expect(edited.hasSuffix("\t<key>UILaunchStoryboardName</key>\n\t<string>LaunchScreen</string>\n</dict>\n</plist>\n"))
    }

    @Test(arguments: [
        "{ CFBundleName = App; }",
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>",
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>",
        "not a plist at all <",
    ])
    func refusesWhatItCannotEditSafely(text: String) {
        #expect(throws: InfoPlistEditor.EditError.self) { try edit(text) }
    }
}
