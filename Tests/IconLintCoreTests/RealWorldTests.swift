import Foundation
import IconLintCore
import Testing

/// Projects laid out like public apps. Precision matters as much as recall: a gate that cries
/// wolf gets switched off, so the right ones must lint clean.
@Suite("Projects modelled on real apps")
struct RealWorldTests {
    @Test(arguments: [
        "RealWorld/IncludeAll", "RealWorld/LegacyAlternates", "RealWorld/Flutter", "RealWorld/IconComposer",
        "RealWorld/GeneratedConfig",
    ])
    func rightProjectsLintClean(_ fixture: String) throws {
        let result = try ProjectFixtures.lint(fixture)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.rule): \($0.message)" })")
        #expect(result.appTargetCount == 1, "tests and extensions are not app targets")
    }

    @Test func iconComposerBesideTheOldSetIsXcode26sMigrationPath() throws {
        // Xcode 26 uses the .icon on iOS 26 and the set on older systems: not a duplicate.
        let result = try ProjectFixtures.lint("RealWorld/IconMigration")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func generatedConfigurationIsUnknownNotEmpty() throws {
        // Once the generated file exists, its value is checked like any other.
        let folder = NSTemporaryDirectory() + "iconlint-generated-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: ProjectFixtures.path("RealWorld/GeneratedConfig"), toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("APP_ICON = AppIcon-stage\n".utf8).write(to: URL(fileURLWithPath: folder + "/ios/Flutter/Environment.generated.xcconfig"))
        let result = try Linter.lint(LintOptions(path: folder))
        #expect(result.diagnostics.contains { $0.rule == .appiconsetNotFound && $0.icon == "AppIcon-stage" })
    }

    @Test func flutterLintsOnlyTheIOSApp() throws {
        // Android's launcher icons have transparency; they are not iOS icons.
        let result = try ProjectFixtures.lint("RealWorld/Flutter")
        #expect(!result.diagnostics.contains { $0.location.file.hasPrefix("android/") })
    }

    @Test func exampleShowsItsSixMistakesAndNothingElse() throws {
        let result = try ProjectFixtures.lint("Example")
        let found = result.diagnostics.map { "\($0.rule) \($0.icon ?? "")" }.sorted()
        #expect(
            found == [
                "alternate-icon-size-missing Retro",
                "appiconset-not-included Neon",
                "icon-in-asset-catalog Sunset",
                "icon-in-asset-catalog Sunset",
                "ipad-alternate-missing Retro",
                "marketing-icon-alpha AppIcon",
                "unknown-alternate-icon-name Retor",
            ])
        // The Beta configuration ships AppIcon-Beta, so the alpha finding names the others.
        let alpha = try #require(result.diagnostics.first { $0.rule == .marketingIconAlpha })
        #expect(alpha.configuration == "Debug, Release")
        #expect(alpha.target == "Sunrise")
        #expect(result.diagnostics.filter { $0.rule != .marketingIconAlpha }.allSatisfy { $0.configuration == nil })
    }

    @Test func perConfigurationPrimaryIconIsChecked() throws {
        // Beta's primary icon set is missing in the Classic project model fixture: only Beta fails.
        let result = try ProjectFixtures.lint("Projects/Classic")
        let beta = result.diagnostics.filter { $0.rule == .appiconsetNotFound && $0.icon == "AppIcon-Beta" }
        #expect(!beta.isEmpty)
        #expect(beta.allSatisfy { $0.configuration == "Beta" })
    }
}
