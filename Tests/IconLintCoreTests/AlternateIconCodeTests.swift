import Foundation
import IconLintCore
import Testing

/// unknown-alternate-icon-name and alternate-icon-unused on apps whose code calls setAlternateIconName.
@Suite("Names the code passes")
struct AlternateIconCodeTests {
    /// The app of icon-file-missing's quiet example (alternate Dark, files present), plus `sources`.
    static func app(_ sources: [String: String]) throws -> String {
        let folder = try AppScopeTests.assemble(["Repo": .example(.iconFileMissing, "files-present")])
        for (path, text) in sources {
            let file = folder + "/Repo/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        return folder + "/Repo"
    }

    static func findings(_ sources: [String: String], optIn: Set<RuleID> = []) throws -> [Diagnostic] {
        let folder = try app(sources)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var configuration = LintConfiguration()
        configuration.optIn = optIn
        return try Linter.lint(LintOptions(path: folder, configuration: configuration)).diagnostics
    }

    @Test func aTypoInTheCallIsFoundAtTheLiteral() throws {
        let hits = try Self.findings([
            "App/IconPicker.swift": """
            import UIKit

            func useDark() {
                // setAlternateIconName("Commented") is not a call
                UIApplication.shared.setAlternateIconName("Drak") { _ in }
            }
            """
        ])
        let hit = try #require(hits.first { $0.rule == .unknownAlternateIconName })
        #expect(hits.filter { $0.rule == .unknownAlternateIconName }.count == 1)
        #expect(hit.location.file == "App/IconPicker.swift" && hit.location.line == 5 && hit.location.column == 47)
        #expect(hit.message.contains("did you mean 'Dark'?"))
        #expect(hit.severity == .error)
    }

    @Test func declaredNamesNilAndParametersSayNothing() throws {
        let hits = try Self.findings([
            "App/Icons.swift": """
            enum AppIcon: String, CaseIterable {
                case primary = "AppIcon"
                case dark = "Dark"
                var iconName: String? { self == .primary ? nil : rawValue }
            }
            func set(_ icon: AppIcon) { UIApplication.shared.setAlternateIconName(icon.iconName) }
            func set(named name: String) { UIApplication.shared.setAlternateIconName(name) }
            func reset() { UIApplication.shared.setAlternateIconName(nil) }
            """
        ])
        #expect(!hits.contains { $0.rule == .unknownAlternateIconName }, "\(hits.map(\.message))")
    }

    @Test func aConditionOnAStaticAliasIsNoGuess() throws {
        // `defaultIcon` is `.red`, which the condition turns into nil: "Red" never reaches iOS.
        let hits = try Self.findings([
            "App/Icons.swift": """
            enum AppIcon: String {
                case red = "Red"
                case dark = "Dark"
                static var defaultIcon: AppIcon { .red }
            }
            func set(_ icon: AppIcon) {
                UIApplication.shared.setAlternateIconName(icon != AppIcon.defaultIcon ? icon.rawValue : nil)
            }
            """
        ])
        #expect(!hits.contains { $0.rule == .unknownAlternateIconName }, "\(hits.map(\.message))")
    }

    @Test func anUnreadableInfoPlistDeclaresNothingWeCanJudge() throws {
        let folder = try Self.app(["App/A.swift": "func f() { UIApplication.shared.setAlternateIconName(\"Dark\") }\n"])
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try Data("<plist><dict><key>".utf8).write(to: URL(fileURLWithPath: folder + "/App/Info.plist"))
        let hits = try Linter.lint(LintOptions(path: folder)).diagnostics
        #expect(hits.map(\.rule) == [.plistUnreadable], "\(hits.map(\.message))")
    }

    @Test func letterCaseCounts() throws {
        let hits = try Self.findings(["App/A.m": "[[UIApplication sharedApplication] setAlternateIconName:@\"dark\" completionHandler:nil];\n"])
        #expect(hits.contains { $0.rule == .unknownAlternateIconName && $0.message.contains("\"dark\"") })
    }

    @Test func flutterCallsBesidePubspec() throws {
        // A Flutter app: the iOS app under ios/, the Dart code under lib/.
        let folder = try AppScopeTests.assemble(["Flutter/ios": .example(.iconFileMissing, "files-present")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("name: app\n".utf8).write(to: URL(fileURLWithPath: folder + "/Flutter/pubspec.yaml"))
        try FileManager.default.createDirectory(atPath: folder + "/Flutter/lib", withIntermediateDirectories: true)
        try Data("void f() async { await FlutterDynamicIcon.setAlternateIconName('Drak'); }\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Flutter/lib/main.dart"))
        let hits = try Linter.lint(LintOptions(path: folder + "/Flutter")).diagnostics
        #expect(hits.contains { $0.rule == .unknownAlternateIconName && $0.location.file == "lib/main.dart" }, "\(hits.map(\.message))")
    }

    @Test func unusedAlternatesOnlyWhenEveryCallIsResolvedAndOptedIn() throws {
        let resolved = ["App/A.swift": "func f() { UIApplication.shared.setAlternateIconName(nil) }\n"]
        #expect(try Self.findings(resolved).allSatisfy { $0.rule != .alternateIconUnused })
        #expect(try Self.findings(resolved, optIn: [.alternateIconUnused]).contains { $0.rule == .alternateIconUnused && $0.icon == "Dark" })
        let dynamic = ["App/A.swift": "func f(_ n: String) { UIApplication.shared.setAlternateIconName(n) }\n"]
        #expect(try Self.findings(dynamic, optIn: [.alternateIconUnused]).allSatisfy { $0.rule != .alternateIconUnused })
    }
}
