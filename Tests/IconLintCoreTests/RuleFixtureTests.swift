import Foundation
import IconLintCore
import Testing

/// Fixture projects, located from this file.
enum ProjectFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    static func lint(_ relative: String, configuration: LintConfiguration = LintConfiguration()) throws -> LintResult {
        try Linter.lint(LintOptions(path: path(relative), configuration: configuration))
    }
}

@Suite("Every rule against its fixtures")
struct RuleFixtureTests {
    /// Rules whose fixtures need a project file (the Xcode project model).
    static let pendingProjectRules: Set<String> = []

    static var rulesWithFixtures: [RuleDescription] {
        RuleCatalog.all.filter { ProjectFixtures.exists($0.triggeringFixture) }
    }

    @Test func everyRuleHasFixtures() {
        let missing = RuleCatalog.all.map(\.id).filter {
            !ProjectFixtures.exists("Rules/\($0)/triggering") || !ProjectFixtures.exists("Rules/\($0)/nontriggering")
        }
        #expect(Set(missing).subtracting(Self.pendingProjectRules).isEmpty, "rules without fixtures: \(missing)")
    }

    @Test("the triggering fixture fires the rule", arguments: rulesWithFixtures)
    func triggers(_ rule: RuleDescription) throws {
        let result = try ProjectFixtures.lint(rule.triggeringFixture)
        let hits = result.diagnostics.filter { $0.rule == rule.id }
        #expect(!hits.isEmpty, "\(rule.id) did not fire; got \(result.diagnostics.map(\.rule))")
        for hit in hits {
            #expect(hit.severity == rule.severity || hit.rule == "icon-file-missing", "\(rule.id) severity")
            #expect(hit.message.count > 40, "\(rule.id) message too thin: \(hit.message)")
            #expect(!hit.location.file.hasPrefix("/"), "file must be relative to the root: \(hit.location.file)")
        }
    }

    @Test("the non-triggering fixture stays quiet", arguments: rulesWithFixtures)
    func staysQuiet(_ rule: RuleDescription) throws {
        let result = try ProjectFixtures.lint(rule.nonTriggeringFixture)
        #expect(result.diagnostics.filter { $0.rule == rule.id }.isEmpty,
                "\(rule.id) fired: \(result.diagnostics.filter { $0.rule == rule.id }.map(\.message))")
        #expect(result.appTargetCount >= 1)
    }

    @Test func configurationDisablesAndOverrides() throws {
        var configuration = LintConfiguration()
        configuration.severities["icon-file-missing"] = .warning
        let result = try ProjectFixtures.lint("Rules/icon-file-missing/triggering", configuration: configuration)
        #expect(result.diagnostics.contains { $0.rule == "icon-file-missing" && $0.severity == .warning })
        configuration.disabled = ["icon-file-missing"]
        #expect(try ProjectFixtures.lint("Rules/icon-file-missing/triggering", configuration: configuration)
            .diagnostics.allSatisfy { $0.rule != "icon-file-missing" })
        var only = LintConfiguration()
        only.only = ["icon-entry-duplicate"]
        #expect(try ProjectFixtures.lint("Rules/icon-size-mismatch/triggering", configuration: only).diagnostics.isEmpty)
    }

    @Test func unknownRuleIdsInConfigurationAreRejected() {
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data(#"{"disabled": ["no-such-rule"]}"#.utf8), source: ".iconlint.json")
        }
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data(#"{"disable": []}"#.utf8), source: ".iconlint.json")
        }
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data(#"{"severity": {"icon-corrupt": "fatal"}}"#.utf8), source: ".iconlint.json")
        }
    }

    @Test func excludedPathsAreSkipped() throws {
        var configuration = LintConfiguration()
        configuration.excluded = [PathPattern("App/Icons/Dark@2x.png")]
        let result = try ProjectFixtures.lint("Rules/icon-size-mismatch/triggering", configuration: configuration)
        #expect(!result.diagnostics.contains { $0.rule == "icon-size-mismatch" })
        #expect(PathPattern("**/Icons").matches("App/Icons/Dark@2x.png"))
        #expect(PathPattern("App/*.plist").matches("App/Info.plist"))
        #expect(!PathPattern("App/*.plist").matches("Other/Info.plist"))
    }

    @Test func xmlFindingsCarryTheKeyLine() throws {
        let result = try ProjectFixtures.lint("Rules/icon-entry-duplicate/triggering")
        let hit = try #require(result.diagnostics.first { $0.rule == "icon-entry-duplicate" })
        let text = try String(contentsOfFile: ProjectFixtures.path("Rules/icon-entry-duplicate/triggering/App/Info.plist"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let line = try #require(hit.location.line)
        #expect(lines[line - 1].contains("<string>Dark</string>"))
    }

    @Test func missingPathIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) { try Linter.lint(LintOptions(path: "/no/such/project")) }
    }
}
