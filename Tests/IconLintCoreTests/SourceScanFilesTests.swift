import Foundation
import Testing

@testable import IconLintCore
@testable import SourceScan

@Suite("Source scan: files, pre-filter, suggestions, hostile input")
struct SourceScanFilesTests {
    @Test func flutterSourcesAreLibDartBesidePubspec() throws {
        let folder = try ScanScratchFolder()
        try folder.write("name: app", to: "app/pubspec.yaml")
        try folder.write("void main() {}", to: "app/lib/main.dart")
        try folder.write("class A {}", to: "app/lib/src/icons/picker.dart")
        try folder.write("x", to: "app/lib/README.md")
        try folder.write("void t() {}", to: "app/test/widget_test.dart")
        try folder.write("void g() {}", to: "app/.dart_tool/gen.dart")
        try folder.write("void p() {}", to: "app/ios/Runner/x.dart")
        let list = AlternateIconSourceFiles.flutterSources(in: folder.path + "/app")
        #expect(list.files == [folder.path + "/app/lib/main.dart", folder.path + "/app/lib/src/icons/picker.dart"])
        #expect(list.problems.isEmpty)
        #expect(AlternateIconSourceFiles.flutterSources(in: folder.path).files.isEmpty)
        let packages = AlternateIconSourceFiles.enclosingPackages(of: folder.path + "/app/ios/Runner", within: folder.path)
        #expect(packages.map(\.kind) == [.flutter])
        #expect(packages.map(\.folder) == [folder.path + "/app"])
        // Not above the root, and a sibling that only shares a prefix is no parent.
        #expect(AlternateIconSourceFiles.enclosingPackages(of: folder.path + "/app/ios", within: folder.path + "/app/ios").isEmpty)
        try folder.write("name: other", to: "ap/pubspec.yaml")
        #expect(AlternateIconSourceFiles.enclosingPackages(of: folder.path + "/app/ios", within: folder.path + "/ap").isEmpty)
    }

    @Test func javaScriptSourcesSkipDependenciesNativeAndBuildOutput() throws {
        let folder = try ScanScratchFolder()
        try folder.write("{}", to: "package.json")
        for kept in ["App.tsx", "index.js", "src/icons.ts", "src/screens/Settings.jsx", "lib/util.mjs"] {
            try folder.write("x", to: kept)
        }
        for skipped in [
            "node_modules/react-native-change-icon/index.js", "ios/App/App/public/main.js", "android/app/x.js",
            "build/out.js", "dist/bundle.js", "www/main.js", ".expo/x.js", "src/__tests__/a.js",
            "src/icons.test.ts", "src/types.d.ts", "vendor.min.js", "packages/other/package.json",
            "packages/other/index.js", "src/node_modules/x.js", "README.md",
        ] {
            try folder.write("x", to: skipped)
        }
        let list = AlternateIconSourceFiles.javaScriptSources(in: folder.path)
        #expect(
            list.files.map { String($0.dropFirst(folder.path.count + 1)) } == [
                "App.tsx", "index.js", "lib/util.mjs", "src/icons.ts", "src/screens/Settings.jsx",
            ])
        // A link back up the tree is not followed.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/src/loop", withDestinationPath: folder.path)
        #expect(AlternateIconSourceFiles.javaScriptSources(in: folder.path).files.count == 5)
        #expect(AlternateIconSourceFiles.enclosingPackages(of: folder.path + "/ios/App", within: folder.path).map(\.kind) == [.javaScript])
    }

    @Test func unreadableFolderIsAProblem() throws {
        guard getuid() != 0 else { return }  // root reads every folder
        let folder = try ScanScratchFolder()
        try folder.write("{}", to: "package.json")
        try folder.write("x", to: "src/a.js")
        chmod(folder.path + "/src", 0)
        defer { chmod(folder.path + "/src", 0o755) }
        let list = AlternateIconSourceFiles.javaScriptSources(in: folder.path)
        #expect(list.files.isEmpty)
        #expect(list.problems.map(\.path) == [folder.path + "/src"])
    }

    @Test func preFilterSkipsFilesWithoutAMarker() {
        #expect(AlternateIconSourceScanner.mightSetAlternateIcon(Array("x.setAlternateIconName(y)".utf8)))
        #expect(AlternateIconSourceScanner.mightSetAlternateIcon(Array("changeIcon('a')".utf8)))
        #expect(AlternateIconSourceScanner.mightSetAlternateIcon(Array("AppIcon.change({})".utf8)))
        #expect(AlternateIconSourceScanner.mightSetAlternateIcon(Array("setAlternateAppIcon(null)".utf8)))
        #expect(!AlternateIconSourceScanner.mightSetAlternateIcon(Array("let icon = AppIcon.dark; setIcon(icon)".utf8)))
        #expect(!AlternateIconSourceScanner.mightSetAlternateIcon([]))
        #expect(!AlternateIconSourceScanner.mightSetAlternateIcon(Array("AlternateIco".utf8)))
    }

    @Test(arguments: [
        ("Drak", "Dark"), ("dark", "Dark"), ("AppIcon-Drak", "AppIcon-Dark"), ("Icon3", "Icon1"), ("AppIconDark", "AppIcon-Dark"),
    ])
    func suggestsNearSlips(_ name: String, _ expected: String) {
        #expect(AlternateIconNameSuggestion.nearest(to: name, among: ["Icon1", "Dark", "AppIcon-Dark", "Blue"]) == expected)
    }

    @Test func noSuggestionWhenFarOrPresent() {
        #expect(AlternateIconNameSuggestion.nearest(to: "Red", among: ["Dark", "Blue"]) == nil)
        #expect(AlternateIconNameSuggestion.nearest(to: "Dark", among: ["Dark", "dark"]) == nil)
        #expect(AlternateIconNameSuggestion.nearest(to: "dark", among: ["Bark", "Dark"]) == "Dark")
        #expect(AlternateIconNameSuggestion.distance("Drak", "Dark") == 1)
        #expect(AlternateIconNameSuggestion.distance("", "abc") == 3)
        #expect(AlternateIconNameSuggestion.distance("kitten", "sitting") == 3)
    }

    /// Unterminated literals and comments, stray brackets and deep nesting end the scan
    /// quietly: every language, every prefix of hostile input.
    @Test(arguments: SourceLanguage.allCases)
    func hostileInputEndsQuietly(_ language: SourceLanguage) {
        let pieces = [
            "setAlternateIconName(\"", "[a setAlternateIconName:@\"x", "changeIcon(`${", "\"\\(", "/* ", "#if", "'''", "r'",
            ")))]]]}}}", "<View>{", "#\"", "\\u{FFFFFFFF}", "\u{0}", "é", "?.", "FlutterDynamicIcon.setAlternateIconName(",
        ]
        for piece in pieces {
            let bytes = Array((String(repeating: piece, count: 200) + " setAlternateIconName(").utf8)
            _ = AlternateIconSourceScanner.scan(bytes, language: language)
        }
        let nested = String(repeating: "\"\\(", count: 5000) + String(repeating: "<a>{`${", count: 5000) + "setAlternateIconName"
        _ = AlternateIconSourceScanner.scan(Array(nested.utf8), language: language)
        var invalid = Array("setAlternateIconName(\"".utf8) + [0xFF, 0xFE, 0xC3]
        invalid += Array("\")".utf8)
        _ = AlternateIconSourceScanner.scan(invalid, language: language)
    }

    /// The fuzz seeds (and any finding kept under Fixtures/Fuzz/source-scan) scan cleanly,
    /// with the language byte first as the fuzz target reads them.
    @Test func fuzzSeedsAndFindingsScan() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var inputs: [String] = []
        for folder in ["Fuzz/Seeds/source-scan", "Fixtures/Fuzz/source-scan"] {
            let path = root.appendingPathComponent(folder).path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            inputs += names.sorted().map { path + "/" + $0 }
        }
        #expect(inputs.count >= 6)
        var found = 0
        for input in inputs {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
            guard let first = bytes.first else { continue }
            let language = SourceLanguage.allCases[Int(first) % SourceLanguage.allCases.count]
            let source = Array(bytes.dropFirst())
            found += AlternateIconSourceScanner.scan(source, language: language).count
            // Every truncation of it, in every language: cut literals, comments and lists.
            for length in stride(from: 0, through: source.count, by: 3) {
                for other in SourceLanguage.allCases {
                    _ = AlternateIconSourceScanner.scan(Array(source.prefix(length)) + Array(" setAlternateIconName".utf8), language: other)
                }
            }
        }
        #expect(found >= 6)
    }
}
