import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore

/// Expo managed apps (`Fixtures/Expo`, written by scripts/make-fixtures): each linted as
/// `npx expo prebuild` would write its ios/, its whole report recorded beside it.
@Suite("Expo managed apps")
struct ExpoTests {
    static let cases = [
        "CleanManaged", "ComputedConfig", "DynamicIconForks", "IconComposerComplete", "IconComposerMissingImage", "MissingImage", "PascalCaseNames",
        "RemoteAndRequire",
        "StalePrebuild", "StaleReverse", "UndeclaredName", "UnsuitableImages",
    ]

    static func lint(_ name: String) throws -> LintResult { try ProjectFixtures.lint("Expo/\(name)") }

    @Test("the whole report is the recorded one", arguments: cases)
    func recordedReport(_ name: String) throws {
        var result = try Self.lint(name)
        result.root = "."
        try Snapshot.assertText(ReporterKind.xcode.render(result), at: ProjectFixtures.path("Expo/\(name).expected.txt"))
    }

    @Test func trapsStaySilentWithANote() throws {
        for name in ["CleanManaged", "ComputedConfig", "DynamicIconForks", "RemoteAndRequire"] {
            let result = try Self.lint(name)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map(\.message))")
            #expect(result.appTargetCount == 1, "\(name)")
        }
        #expect(try Self.lint("ComputedConfig").notes.contains { $0.contains("app.config.js:8: icon is process.env.APP_ICON") })
        let remote = try Self.lint("RemoteAndRequire").notes
        #expect(remote.contains { $0.contains("require('./assets/images/icon.png')") })
        #expect(remote.contains { $0.contains("remote image") })
    }

    @Test func missingImagesPointAtTheConfigLine() throws {
        let hits = try Self.lint("MissingImage").diagnostics
        #expect(hits.map(\.rule) == [.expoIconMissing, .expoIconMissing, .expoIconMissing])
        #expect(hits.allSatisfy { $0.location.file == "app.json" && $0.severity == .error })
        #expect(hits.contains { $0.message.contains("'Coral' comes after 'Mint'") })
    }

    @Test func unsuitableImagesOfAFunctionExport() throws {
        let hits = try Self.lint("UnsuitableImages").diagnostics
        #expect(hits.filter { $0.rule == .expoIconUnsuitable }.count == 3)
        #expect(hits.contains { $0.message.contains("1024×1000") && $0.location.line == 12 })
        #expect(hits.contains { $0.rule == .expoIconMissing && $0.message.contains("only light and dark") })
    }

    @Test func namesTheCodePassesAreJudgedAgainstTheConfig() throws {
        let hits = try Self.lint("UndeclaredName").diagnostics
        let undeclared = hits.filter { $0.rule == .unknownAlternateIconName }
        #expect(undeclared.map(\.icon) == ["blue", "grey"])
        #expect(undeclared.allSatisfy { $0.location.file == "src/hooks/useAppIcon.ts" })
        // expo-dynamic-app-icon 1.x writes 60-point files only, iPad included.
        #expect(hits.contains { $0.rule == .expoIconUnsuitable && $0.idiom == .ipad && $0.message.contains("ITMS-90890") })
        // expo-alternate-app-icons 5 declares icon-red.png as IconRed.
        let pascal = try Self.lint("PascalCaseNames").diagnostics
        #expect(pascal.map(\.icon) == ["icon-red"])
    }

    @Test func aCommittedIOSFolderOlderThanTheConfigIsStale() throws {
        let hits = try Self.lint("StalePrebuild").diagnostics
        let stale = hits.filter { $0.rule == .expoPrebuildStale }
        #expect(stale.count == 2)
        #expect(stale.contains { $0.icon == "Sunset" && $0.message.contains("run npx expo prebuild") })
        #expect(stale.contains { $0.appearance == .dark })
    }
}

/// How Expo configs are read: JSON, object literals, function exports; what is computed is a note.
@Suite("Expo config reading")
struct ExpoConfigReadingTests {
    /// Lints a scratch folder holding `files` (path → text) and a 1024 icon at assets/icon.png.
    func lint(_ files: [String: String]) throws -> LintResult {
        let folder = try ScratchFolder("expo")
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(path)))
        }
        try FileManager.default.createDirectory(atPath: folder.file("assets"), withIntermediateDirectories: true)
        try folder.png("assets/icon.png", side: 1024, channels: 3) { _, _ in [250, 180, 40] }
        return try Linter.lint(LintOptions(path: folder.path))
    }

    @Test func aReactNativeAppJSONIsNoExpoApp() throws {
        #expect(throws: ConfigurationError.self) { try lint(["app.json": #"{ "name": "Pocket", "displayName": "Pocket" }"#]) }
    }

    @Test func brokenJSONIsUnreadableAtItsLine() throws {
        let result = try lint(["app.json": "{\n  \"expo\": {\n    \"icon\": \"./assets/icon.png\",\n    \"ios\": nope\n  }\n}\n"])
        #expect(result.diagnostics.map(\.rule) == [.projectUnreadable])
        #expect(result.diagnostics.first?.location.line == 4)
    }

    @Test func aBlockBodyWithOneReturnAndLocalConstants() throws {
        let config = """
            import { ExpoConfig, ConfigContext } from 'expo/config';

            export default ({ config }: ConfigContext): ExpoConfig => {
              const icons = ['./assets/missing.png'];
              return {
                ...config,
                icon: './assets/icon.png',
                plugins: [['expo-alternate-app-icons', icons]],
              } satisfies ExpoConfig;
            };
            """
        let result = try lint(["app.config.ts": config, "package.json": #"{"dependencies":{"expo-alternate-app-icons":"^1.4.0"}}"#])
        #expect(result.diagnostics.map(\.rule) == [.expoIconMissing])
        #expect(result.diagnostics.first?.location == Location(file: "app.config.ts", line: 4))
    }

    @Test func aChangedVariableIsNotTakenAtItsInitializer() throws {
        let config = """
            const plugins = [['expo-alternate-app-icons', ['./assets/icon.png']]];
            if (process.env.EXTRA) plugins.push(['expo-alternate-app-icons', ['./assets/extra.png']]);
            module.exports = { icon: './assets/icon.png', plugins };
            """
        let result = try lint(["app.config.js": config])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("plugins is the variable plugins") })
    }

    @Test func aConfigMutatedBeforeItsReturnIsComputed() throws {
        let config = """
            module.exports = ({ config }) => {
              config.icon = './assets/other.png';
              return config;
            };
            """
        let result = try lint(["app.config.js": config, "app.json": #"{ "expo": { "icon": "./assets/icon.png" } }"#])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("app.config.js exports config, which the file changes") })
    }

    @Test func nestingPastTheBoundIsANoteNotACrash() throws {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let result = try lint(["app.config.js": "module.exports = { icon: './assets/icon.png', plugins: \(deep) };"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aVariableReferencedOverAndOverIsBounded() throws {
        // Each reference asks whether the file changes the variable: a quadratic walk unless counted.
        let references = Array(repeating: "x", count: 100_000).joined(separator: ", ")
        let config = "const x = './assets/icon.png';\nmodule.exports = { icon: './assets/icon.png', extra: [\(references)] };\n"
        let start = Date()
        let result = try lint(["app.config.js": config])
        #expect(result.diagnostics.isEmpty)
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test func aPathOutOfTheRootIsNeverRead() throws {
        let result = try lint(["app.json": #"{ "expo": { "icon": "../../etc/icon.png" } }"#])
        #expect(result.diagnostics.isEmpty)
        #expect(result.notes.contains { $0.contains("outside the linted folder") })
    }

    @Test func anIconComposerFolderIsCheckedInside() throws {
        let hits = try ExpoTests.lint("IconComposerMissingImage").diagnostics
        #expect(hits.map(\.rule) == [.expoIconMissing], "\(hits.map(\.message))")
        #expect(hits.first?.message.contains("Assets/ForegroundDark.png") == true)
        #expect(try ExpoTests.lint("IconComposerComplete").diagnostics.isEmpty)
        let scratch = try ScratchFolder("icon-composer")
        let root = scratch.path
        #expect(IconComposerContents.check("a.icon", root: root) == .unreadable("it has no icon.json"))
        try FileManager.default.createDirectory(atPath: scratch.file("a.icon"), withIntermediateDirectories: true)
        _ = try scratch.write("a.icon/icon.json", Array("[1, 2]".utf8))
        #expect(IconComposerContents.check("a.icon", root: root) == .unreadable("its icon.json is not a JSON object"))
        _ = try scratch.write("a.icon/icon.json", Array(#"{"layers": []}"#.utf8))
        guard case .unknown = IconComposerContents.check("a.icon", root: root) else {
            Issue.record("a layout without groups was judged")
            return
        }
        // A name that would climb out of Assets/ is never looked up outside.
        _ = try scratch.write("a.icon/icon.json", Array(#"{"groups": [{"layers": [{"image-name": "../../x.png"}]}]}"#.utf8))
        #expect(IconComposerContents.check("a.icon", root: root) == .missing(["../../x.png"]))
    }

    @Test func iosAlternatesTheConfigDroppedAreStale() throws {
        let hits = try ExpoTests.lint("StaleReverse").diagnostics
        #expect(hits.map(\.rule) == [.expoPrebuildStale] && hits.first?.icon == "Sunset", "\(hits.map(\.message))")
        #expect(hits.first?.location.file.hasSuffix("Sunset.appiconset/Contents.json") == true)
        // The forward case keeps its findings, and adds none in reverse.
        #expect(try ExpoTests.lint("StalePrebuild").diagnostics.filter { $0.rule == .expoPrebuildStale }.count == 2)
    }
}
