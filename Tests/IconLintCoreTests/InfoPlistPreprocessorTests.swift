import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore
@testable import PlistKit

@Suite struct InfoPlistPreprocessorTests {
    typealias Preprocessor = InfoPlistPreprocessor

    /// Headers and included files by name, as the lead's resolver would find them.
    static func resolver(_ files: [String: String]) -> Preprocessor.Resolver {
        { name, includer in
            let folder = includer.map { ($0 as NSString).deletingLastPathComponent } ?? "/project"
            let path = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
            guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return Preprocessor.SourceFile(path: path, contents: Data(text.utf8))
        }
    }

    func run(
        _ text: String, _ definitions: [String: String] = [:], prefix: String? = nil, traditional: Bool = false,
        files: [String: String] = [:]
    ) -> (text: String, problems: [Preprocessor.Problem]) {
        let preprocessor = Preprocessor(
            definitions: definitions, prefixHeader: prefix, traditional: traditional,
            resolver: Self.resolver(files))
        let result = preprocessor.preprocess(Data(text.utf8), path: "/project/App/Info.plist")
        return (String(decoding: result.data, as: UTF8.self), result.problems)
    }

    func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    static let iconsPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleURLTypes</key>
        \t<array><dict><key>CFBundleURLSchemes</key><array><string>URL_SCHEME</string></array></dict></array>
        \t<key>CFBundleIcons</key>
        \t<dict>
        #ifdef BETA
        \t\t<key>CFBundleAlternateIcons</key>
        \t\t<dict>
        \t\t\t<key>Beta</key>
        \t\t\t<dict><key>CFBundleIconFiles</key><array><string>Beta60x60</string></array></dict>
        \t\t</dict>
        #endif // BETA
        \t\t<key>CFBundlePrimaryIcon</key>
        \t\t<dict><key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array></dict>
        \t</dict>
        </dict>
        </plist>
        """

    func plist(_ text: String) throws -> [String: Any] {
        try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
    }

    @Test func ifdefKeepsOrDropsAlternatesAndEveryLineStaysInPlace() throws {
        let input = lines(Self.iconsPlist)
        let beta = run(Self.iconsPlist, ["BETA": "1", "URL_SCHEME": "myapp-beta"])
        #expect(beta.problems.isEmpty)
        let betaLines = lines(beta.text)
        #expect(betaLines.count == input.count)
        #expect(betaLines[8] == "" && betaLines[14] == "")
        #expect(betaLines[12] == input[12])
        let betaIcons = try #require(try plist(beta.text)["CFBundleIcons"] as? [String: Any])
        #expect(betaIcons["CFBundleAlternateIcons"] != nil)
        #expect(beta.text.contains("<string>myapp-beta</string>"))

        let release = run(Self.iconsPlist, [:])
        let releaseLines = lines(release.text)
        #expect(releaseLines.count == input.count)
        let skipped = releaseLines[9...14].filter { !$0.isEmpty }
        #expect(skipped.isEmpty)
        #expect(releaseLines[16] == input[16])
        let releaseIcons = try #require(try plist(release.text)["CFBundleIcons"] as? [String: Any])
        #expect(releaseIcons["CFBundleAlternateIcons"] == nil)
        // Undefined names in text stay as written, as cpp leaves them.
        #expect(release.text.contains("<string>URL_SCHEME</string>"))
    }

    @Test func ifExpressionsFollowC() {
        let cases: [(String, Bool)] = [
            ("defined(DEBUG)", true), ("defined DEBUG && !defined(BETA)", true), ("!defined(DEBUG)", false),
            ("LEVEL == 2", true), ("LEVEL >= 3 || 0x10 > 15", true), ("LEVEL * 2 + 1 == 5", true),
            ("(LEVEL - 3) < 0 && -1", true), ("UNKNOWN", false), ("UNKNOWN == 0", true), ("LEVEL ? 0 : 1", false),
            ("0 && 1 / 0", false), ("1 || 1 % 0", true), ("~0 == -1", true), ("1 << 4 == 16", true),
            ("010 == 8", true), ("0b101 == 5", true), ("10UL == 10", true), ("'A' == 65", true),
            ("NESTED == 2", true), ("(1, 2)", false), ("LEVEL != 2", false),
        ]
        for (expression, expected) in cases {
            let result = run("#if \(expression)\nyes\n#else\nno\n#endif\n", ["DEBUG": "1", "LEVEL": "2", "NESTED": "LEVEL"])
            let kept = result.text.contains("yes") && !result.text.contains("no")
            if expression == "(1, 2)" {
                #expect(!result.problems.isEmpty, "comma is not accepted: \(expression)")
            } else {
                #expect(result.problems.isEmpty, "\(expression): \(result.problems)")
                #expect(kept == expected, "\(expression)")
            }
        }
    }

    @Test func elifElseAndNestingPickOneBranch() {
        let text = """
            #if defined(APPSTORE)
            store
            #elif defined(BETA)
            #ifdef DEBUG
            beta-debug
            #else
            beta-release
            #endif
            #elif 1
            other
            #else
            never
            #endif
            """
        #expect(run(text, ["APPSTORE": "1", "BETA": "1"]).text.split(separator: "\n") == ["store"])
        #expect(run(text, ["BETA": "1"]).text.split(separator: "\n") == ["beta-release"])
        #expect(run(text, ["BETA": "1", "DEBUG": "1"]).text.split(separator: "\n") == ["beta-debug"])
        #expect(run(text).text.split(separator: "\n") == ["other"])
        #expect(lines(run(text).text).count == lines(text).count)
    }

    @Test func substitutionTakesWholeIdentifiersOutsideNumbersAndQuotes() {
        let definitions = ["x60": "BAD", "ICON": "AppIcon", "DEBUG": "1", "s": "BAD", "HOST": "api.example.com"]
        let text = """
            <string>ICON</string><string>AppIcon60x60@2x</string><string>Icon-20@3x~ipad</string>
            <string>https://HOST/path</string><!-- see http://HOST -->
            <string>"DEBUG" stays</string><string>DEBUG goes</string>
            <string>It's DEBUG</string>
            """
        let out = lines(run(text, definitions, traditional: true).text)
        #expect(out[0] == "<string>AppIcon</string><string>AppIcon60x60@2x</string><string>Icon-20@3x~ipad</string>")
        #expect(out[1] == "<string>https://api.example.com/path</string><!-- see http://api.example.com -->")
        #expect(out[2] == "<string>\"DEBUG\" stays</string><string>1 goes</string>")
        // After an apostrophe the rest of the line is a quoted run to cpp.
        #expect(out[3] == "<string>It's DEBUG</string>")
    }

    @Test func commentsAreCsUnlessTraditional() {
        let text = """
            <string>https://example.com</string>
            <string>a</string> /* note
            #define HIDDEN 1
            */ <string>b</string>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <string>We'd // keep</string>
            #ifdef HIDDEN
            hidden
            #endif
            """
        // Xcode's default `cc -E`: `//` outside quotes ends the line, as real builds show.
        let standard = lines(run(text).text)
        #expect(
            standard == [
                "<string>https:", "<string>a</string> ", "", "  <string>b</string>",
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
                "<string>We'd // keep</string>", "", "", "",
            ])
        let traditional = lines(run(text, traditional: true).text)
        #expect(traditional[0] == "<string>https://example.com</string>")
        #expect(traditional[2] == "" && traditional[7] == "")
        #expect(InfoPlistPreprocessor.isTraditional(otherFlags: "-Wall -traditional"))
        #expect(!InfoPlistPreprocessor.isTraditional(otherFlags: "-Wall"))
    }

    @Test func otherFlagsAreReadAsXcodePassesThem() {
        let flags = Preprocessor.OtherFlags("-C -DNAME=\"My App\" -D BETA -UDEBUG -I Config -Iinclude -Wall")
        #expect(flags.keepComments && !flags.traditional)
        #expect(flags.definitions.map(\.name) == ["NAME", "BETA", "DEBUG"])
        #expect(flags.definitions.map(\.value) == ["My App", "1", nil])
        #expect(flags.includeFolders == ["Config", "include"])
        let preprocessor = Preprocessor(definitions: ["DEBUG": "1", "KEPT": "2"], otherFlags: flags)
        #expect(preprocessor.definitions["DEBUG"] == nil && preprocessor.definitions["NAME"] == "My App")
        #expect(preprocessor.definitions["KEPT"] == "2" && preprocessor.definitions["__APPLE__"] == "1")
    }

    @Test func withDashCCommentsStayInTheTextButNotInDirectives() {
        let text = "<string>msauth.x://auth</string>\n#ifdef BETA // channel\nbeta /* note */\n#endif // BETA\n"
        let preprocessor = Preprocessor(definitions: [:], otherFlags: .init("-C -DBETA"))
        let result = preprocessor.preprocess(Data(text.utf8))
        #expect(result.problems.isEmpty && result.lineCommentCuts.isEmpty)
        #expect(lines(String(decoding: result.data, as: UTF8.self)) == ["<string>msauth.x://auth</string>", "", "beta /* note */", "", ""])
        // Without -C the URL is cut at `//`, and the cut is reported with its line.
        let cut = Preprocessor(definitions: [:]).preprocess(Data(text.utf8))
        #expect(cut.lineCommentCuts.map(\.line) == [1] && cut.lineCommentCuts.first?.dropped == "//auth</string>")
    }

    @Test func anIncludeThatIsNotThereIsLeftOutAndListed() {
        let resolver: Preprocessor.Resolver = { name, _ in throw Preprocessor.NotFound("\(name): not found") }
        let preprocessor = Preprocessor(definitions: [:], prefixHeader: "Prefix.h", resolver: resolver)
        let result = preprocessor.preprocess(Data("a\n#include \"Gen.h\"\nVERSION\n".utf8))
        #expect(result.problems.isEmpty)
        #expect(result.missing == [.init(name: "Prefix.h", line: nil), .init(name: "Gen.h", line: 2)])
        #expect(lines(String(decoding: result.data, as: UTF8.self)) == ["a", "", "VERSION", ""])
    }

    /// Issue 20.2: after a missing include, what depends on a name it could define is listed.
    @Test func whatAMissingIncludeCouldDefineIsUnknown() {
        let resolver: Preprocessor.Resolver = { name, _ in throw Preprocessor.NotFound("\(name): not found") }
        let text = """
            <string>BEFORE_IT</string>
            #include "Gen.h"
            <string>ICON_NAME</string>
            <string>Dark-"QUOTED" 60x60 kBrandIcon Plain</string>
            <key>CFBundleIconFiles</key><!-- NOT_TEXT -->
            #ifdef HAS_PRIDE
            <string>Pride</string>
            #else
            <string>Plain</string>
            #endif
            #define KNOWN Dark
            <string>KNOWN</string>
            """
        let result = Preprocessor(definitions: [:], resolver: resolver).preprocess(Data(text.utf8))
        #expect(result.unknownMacroLines == [3: ["ICON_NAME"], 4: ["kBrandIcon"], 9: ["HAS_PRIDE"]])
        #expect(result.unknownConditionals.map(\.directive) == ["#ifdef HAS_PRIDE"] && result.unknownConditionals.first?.line == 6)
        // Nothing is missing: nothing is unknown.
        let found: Preprocessor.Resolver = { name, _ in .init(path: name, contents: Data("#define OTHER 1\n".utf8)) }
        let complete = Preprocessor(definitions: [:], resolver: found).preprocess(Data(text.utf8))
        #expect(complete.unknownMacroLines.isEmpty && complete.unknownConditionals.isEmpty)
    }

    @Test func definesInThePlistApplyBelowThemAndUndefStopsThem() {
        let text = "NAME\n#define NAME Shiny App\nNAME\n#undef NAME\nNAME\n#define SELF SELF and more\nSELF\n"
        let out = lines(run(text).text)
        #expect(out == ["NAME", "", "Shiny App", "", "NAME", "", "SELF and more", ""])
    }

    @Test func thePrefixHeaderDefinesButAddsNoText() {
        let header = """
            /// Generated by a build script.
            /*
             #define COMMENTED_OUT 1
             */
            #define SCHEME myapp // the URL scheme
            #define LONG_VALUE first \\
                second
            #include "Shared.h"
            int notPlistText;
            """
        let shared = "#define SHARED_FLAG 1\n"
        let text = "SCHEME\nLONG_VALUE\n#if defined(COMMENTED_OUT)\nbad\n#endif\n#if SHARED_FLAG\nshared\n#endif\n"
        let result = run(
            text, prefix: "Config/InfoPlist.h",
            files: ["/project/Config/InfoPlist.h": header, "/project/Config/Shared.h": shared])
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(lines(result.text) == ["myapp", "first     second", "", "", "", "", "shared", "", ""])
    }

    @Test func includesResolveThroughTheClosureAndAreBounded() {
        let files = [
            "/project/App/Icons.plistinc": "#define ICON_NAME Blue\n<string>ICON_NAME</string>\n",
            "/project/App/Loop.h": "#include \"Loop.h\"\n",
        ]
        let result = run("<array>\n#include \"Icons.plistinc\"\n</array>\n", files: files)
        #expect(result.problems.isEmpty)
        #expect(lines(result.text) == ["<array>", "<string>Blue</string>", "</array>", ""])

        let loop = run("a\n#include \"Loop.h\"\nb\n", files: files)
        #expect(loop.problems.count == 1)
        #expect(loop.problems.first?.line == 2)
        #expect(loop.problems.first?.message.contains("nested deeper than 16") == true)

        let missing = run("a\n\n#include \"Missing.h\"\n", files: files)
        #expect(missing.problems.map(\.line) == [3])
        #expect(missing.problems.first?.message.hasPrefix("cannot read Missing.h") == true)

        let noAccess = InfoPlistPreprocessor(definitions: [:], prefixHeader: "X.h").preprocess(Data("a\n".utf8))
        #expect(noAccess.problems.first?.message == "cannot read X.h: no file access was given")
    }

    @Test func problemsComeBackWithTheirLines() {
        func problems(_ text: String) -> [String] { run(text, ["DEBUG": "1"]).problems.map { "\($0.line): \($0.message)" } }
        #expect(problems("a\n#ifdef DEBUG\nb\n") == ["2: unterminated #if (opened at line 2)"])
        #expect(problems("a\n#endif\n") == ["2: #endif without #if"])
        #expect(problems("#if 1\n#else\n#else\n#endif\n") == ["3: #else after #else"])
        #expect(problems("#if 1\n#else\n#elif 1\n#endif\n") == ["3: #elif after #else"])
        #expect(problems("\n#if (1\n#endif\n") == ["2: #if: expected ')' at the end"])
        #expect(problems("#if 1 +\n#endif\n") == ["1: #if: expression ends too early"])
        #expect(problems("#if\n#endif\n") == ["1: #if with no expression"])
        #expect(problems("#if 1 / 0\n#endif\n") == ["1: #if: division by zero"])
        #expect(problems("#if 1.5\n#endif\n") == ["1: #if: unexpected '.'"])
        #expect(problems("#if 99999999999999999999\n#endif\n") == ["1: #if: invalid integer '99999999999999999999'"])
        #expect(
            problems("#ifdef DEBUG\n#error Use the release plist\n#else\n#error skipped\n#endif\n")
                == ["2: #error Use the release plist"])
        #expect(problems("#frobnicate\n") == ["1: invalid preprocessing directive #frobnicate"])
        #expect(problems("#if 0\n#frobnicate\n#endif\n").isEmpty)
        // A problem inside a header names the header's own line too.
        let header = run("x\n", prefix: "P.h", files: ["/project/P.h": "\n#if 1\n"]).problems
        #expect(header == [.init(line: 1, message: "unterminated #if (opened at line 2)", file: "/project/P.h", fileLine: 2)])
    }

    @Test func lineEndingsAndContinuationsKeepTheLineCount() {
        let crlf = run("a\r\n#ifdef X\r\nb\r\n#endif\r\nc", [:])
        #expect(crlf.text == "a\r\n\r\n\r\n\r\nc")
        let continued = run("#if defined(A) && \\\n    defined(B)\nboth\n#endif\nend\n", ["A": "1", "B": "1"])
        #expect(lines(continued.text) == ["", "", "both", "", "end", ""])
    }

    @Test func aHeaderIncludingItselfTwiceIsBounded() {
        // Twice per level over 16 levels would be 65 536 reads (a fuzz finding).
        let files = ["/project/App/Twice.h": "#include \"Twice.h\"\n#include \"Twice.h\"\n"]
        let result = run("a\n#include \"Twice.h\"\nb\n", files: files)
        #expect(result.problems.contains { $0.message.contains("more than 64 #include files") })
        #expect(result.problems.count < 80)
        #expect(result.text == "a\n\nb\n")
    }

    /// Inputs the fuzz target found (Fixtures/Fuzz/info-plist-preprocess), as the target runs them.
    @Test func fuzzFindingsStayFixed() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz/info-plist-preprocess")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.isEmpty)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
            let plist = Data(bytes[min(newline + 1, bytes.count)...])
            let definitions = InfoPlistPreprocessor.definitions(fromSetting: String(decoding: bytes[..<newline], as: UTF8.self))
            let resolver: InfoPlistPreprocessor.Resolver = { _, _ in .init(path: "/p/self.h", contents: plist) }
            let result = InfoPlistPreprocessor(definitions: definitions, resolver: resolver).preprocess(plist)
            #expect(result.data.filter { $0 == 0x0A }.count == plist.filter { $0 == 0x0A }.count, "\(name)")
        }
    }

    @Test func runawayMacrosAreStoppedWithAProblem() {
        var text = ""
        for index in 0..<40 { text += "#define M\(index) M\(index + 1) M\(index + 1)\n" }
        text += "M0\nafter\n"
        let result = run(text)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.message.hasPrefix("expanding macro M0 takes more than 1048576 steps") == true)
        #expect(result.problems.first?.exceedsBudget == true)
        #expect(lines(result.text).count == 43)
        #expect(result.text.hasSuffix("after\n"))
        // A chain of thousands of macros is bounded too.
        var chain = ""
        for index in 0..<5_000 { chain += "#define C\(index) C\(index + 1)\n" }
        let nested = run(chain + "C0\n#if C0\n#endif\n").problems
        #expect(nested.map(\.message) == ["expanding macro C0 nests more than 200 macros deep", "#if: macros nested too deeply"])
    }

    /// Empty expansions never reached a size cap: `#if A40` over `#define Ai A(i-1) A(i-1)`
    /// and an empty `A0` was 2^40 expansions. One step budget covers text and `#if` alike.
    @Test(arguments: ["#if A40\n#endif\n", "#if 1\n#if A40 + 1\n#elif A40\n#endif\n#endif\n", "<string>A40</string>\n"])
    func emptyExpansionsCountAgainstOneBudget(_ use: String) {
        var text = "#define A0\n"
        for index in 1...40 { text += "#define A\(index) A\(index - 1) A\(index - 1)\n" }
        let result = run(text + use + use + "#if A1\n#endif\nA1 after\n")
        #expect(result.problems.count == 1, "\(result.problems)")
        #expect(result.problems.first?.message.hasPrefix("expanding macro A40 takes more than 1048576 steps") == true)
        #expect(result.problems.first?.exceedsBudget == true)
        #expect(result.text.hasSuffix("A1 after\n"), "expansion stops for the rest of the run")
    }

    @Test func definitionsSettingsParseAsTheShellDoes() {
        let parsed = InfoPlistPreprocessor.definitions(fromSetting: #"DEBUG=1 BETA NAME="My App" 'Q=a b' -DX=2 EMPTY= 9BAD ESC=a\ b"#)
        #expect(parsed == ["DEBUG": "1", "BETA": "1", "NAME": "My App", "Q": "a b", "X": "2", "EMPTY": "", "ESC": "a b"])
        #expect(InfoPlistPreprocessor.definitions(fromSetting: #"PROCESSED_KEY1="Foo (Bar)""#) == ["PROCESSED_KEY1": "Foo (Bar)"])
    }

    @Test func binaryPlistsPassUnchanged() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["A": "#ifdef"], format: .binary, options: 0)
        let result = InfoPlistPreprocessor(definitions: [:]).preprocess(data)
        #expect(result.data == data && result.problems.isEmpty)
    }

    @Test func predefinedMacrosAreClangs() {
        #expect(run("#ifdef __APPLE__\nmac\n#endif\n").text == "\nmac\n\n")
        let bare = InfoPlistPreprocessor(definitions: [:], predefined: [:]).preprocess(Data("#ifdef __APPLE__\nmac\n#endif\n".utf8))
        #expect(String(decoding: bare.data, as: UTF8.self) == "\n\n\n")
    }

    /// Mutated plists never crash, hang or change the line count (the fuzz target's property).
    @Test func mutatedInputsKeepTheirLineCount() {
        var generator = SplitMix64(seed: 0x1C0)
        let pieces = [
            "#if", "#ifdef", "#ifndef", "#elif", "#else", "#endif", "#define", "#undef", "#include", "\n",
            "(", ")", "defined", "&&", "||", "!", "DEBUG", "1", "0", "/", "*", "\"", "'", "\\", "\r\n", "/*",
            "*/", "//", "x", " ", "<string>", "==", "?", ":", "0x", "#error", "#",
        ]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(generator.next() % 60) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let result = run(text, ["DEBUG": "1", "LEVEL": "2"], files: ["/project/App/x": text])
            let newlines = { (s: String) in s.utf8.filter { $0 == 0x0A }.count }
            #expect(newlines(result.text) == newlines(text), "\(text.debugDescription)")
        }
    }
}
