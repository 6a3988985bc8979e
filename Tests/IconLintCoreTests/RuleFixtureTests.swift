import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// Fixture projects, located from this file.
enum ProjectFixtures {
    static let root = Repository.fixtures

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    static func lint(_ relative: String, configuration: LintConfiguration = LintConfiguration()) throws -> LintResult {
        try Linter.lint(LintOptions(path: path(relative), configuration: configuration))
    }
}

@Suite("Every rule against its fixtures")
struct RuleFixtureTests {
    static var rulesWithFixtures: [RuleDescription] {
        RuleCatalog.all.filter { ProjectFixtures.exists($0.triggeringFixture) }
    }

    /// Rules no committed fixture can trigger: a folder that cannot be listed needs
    /// permissions git does not keep and root ignores (covered by a CLI test run without root).
    static let withoutFixtures: Set<RuleID> = [.folderUnreadable]

    /// A rule is shown by fixtures here or by the examples in its own file (RuleExampleTests).
    @Test func everyRuleHasFixturesOrExamples() {
        let withExamples = Set(RuleCatalog.examples.map(\.rule.id))
        let missing = RuleCatalog.all.filter { !Self.withoutFixtures.contains($0.id) && !withExamples.contains($0.id) }.filter {
            !ProjectFixtures.exists($0.triggeringFixture) || !ProjectFixtures.exists($0.nonTriggeringFixture)
        }.map(\.id)
        #expect(missing.isEmpty, "rules without fixtures or examples: \(missing)")
    }

    /// The configuration a rule's fixtures are linted with: its own opt-in switched on.
    static func configuration(for rule: RuleDescription) -> LintConfiguration {
        var configuration = LintConfiguration()
        if rule.optIn { configuration.optIn = [rule.id] }
        return configuration
    }

    @Test("the triggering fixture fires the rule", arguments: rulesWithFixtures)
    func triggers(_ rule: RuleDescription) throws {
        let result = try ProjectFixtures.lint(rule.triggeringFixture, configuration: Self.configuration(for: rule))
        let hits = result.diagnostics.filter { $0.rule == rule.id }
        #expect(!hits.isEmpty, "\(rule.id) did not fire; got \(result.diagnostics.map(\.rule))")
        for hit in hits {
            #expect(hit.severity == rule.severity || hit.severity == rule.deviceSeverity, "\(rule.id) severity")
            #expect(hit.message.count > 40, "\(rule.id) message too thin: \(hit.message)")
            #expect(!hit.location.file.hasPrefix("/"), "file must be relative to the root: \(hit.location.file)")
        }
    }

    @Test("the non-triggering fixture stays quiet", arguments: rulesWithFixtures)
    func staysQuiet(_ rule: RuleDescription) throws {
        let result = try ProjectFixtures.lint(rule.nonTriggeringFixture, configuration: Self.configuration(for: rule))
        #expect(
            result.diagnostics.filter { $0.rule == rule.id }.isEmpty,
            "\(rule.id) fired: \(result.diagnostics.filter { $0.rule == rule.id }.map(\.message))")
        #expect(result.appTargetCount >= 1)
    }

    /// Each fixture's full report (xcode reporter form, paths relative to the fixture), recorded
    /// next to it: any extra or missing finding fails. `ICONLINT_RECORD_SNAPSHOTS=1` re-records.
    @Test("each fixture's whole report is the recorded one", arguments: rulesWithFixtures)
    func fullReport(_ rule: RuleDescription) throws {
        for (fixture, name) in [(rule.triggeringFixture, "triggering"), (rule.nonTriggeringFixture, "nontriggering")] {
            let result = try ProjectFixtures.lint(fixture, configuration: Self.configuration(for: rule))
            var relative = result
            relative.root = "."
            let report = ReporterKind.xcode.render(relative)
            let expected = ProjectFixtures.path("Rules/\(rule.id.rawValue)/\(name).expected.txt")
            try Snapshot.assertText(report, at: expected)
        }
    }

    @Test func everyRuleIDHasARule() {
        #expect(Set(RuleCatalog.all.map(\.id)) == Set(RuleID.allCases))
        #expect(RuleCatalog.all.count == RuleID.allCases.count)
    }

    @Test func configurationDisablesAndOverrides() throws {
        var configuration = LintConfiguration()
        configuration.severities[.iconFileMissing] = .warning
        let result = try ProjectFixtures.lint("Rules/icon-file-missing/triggering", configuration: configuration)
        #expect(result.diagnostics.contains { $0.rule == .iconFileMissing && $0.severity == .warning })
        configuration.disabled = [.iconFileMissing]
        #expect(
            try ProjectFixtures.lint("Rules/icon-file-missing/triggering", configuration: configuration)
                .diagnostics.allSatisfy { $0.rule != .iconFileMissing })
        var only = LintConfiguration()
        only.only = [.iconEntryDuplicate]
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
        #expect(!result.diagnostics.contains { $0.rule == .iconSizeMismatch })
        #expect(PathPattern("**/Icons").matches("App/Icons/Dark@2x.png"))
        #expect(PathPattern("App/*.plist").matches("App/Info.plist"))
        #expect(!PathPattern("App/*.plist").matches("Other/Info.plist"))
    }

    @Test func xmlFindingsCarryTheKeyLine() throws {
        let result = try ProjectFixtures.lint("Rules/icon-entry-duplicate/triggering")
        let hit = try #require(result.diagnostics.first { $0.rule == .iconEntryDuplicate })
        let text = try String(contentsOfFile: ProjectFixtures.path("Rules/icon-entry-duplicate/triggering/App/Info.plist"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let line = try #require(hit.location.line)
        #expect(lines[line - 1].contains("<string>Dark</string>"))
    }

    @Test func missingPathIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) { try Linter.lint(LintOptions(path: "/no/such/project")) }
    }
}

@Suite("Info.plist formats")
struct PlistFormatTests {
    /// Copies a fixture project and rewrites its Info.plist in another format.
    static func converted(_ fixture: String, format: PropertyListSerialization.PropertyListFormat) throws -> String {
        let folder = NSTemporaryDirectory() + "iconlint-format-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: ProjectFixtures.path(fixture), toPath: folder)
        let plistPath = folder + "/App/Info.plist"
        let data = try Data(contentsOf: URL(fileURLWithPath: plistPath))
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        let written: Data
        if format == .openStep {
            written = Data(Self.openStep(object).utf8)
        } else {
            written = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        }
        try written.write(to: URL(fileURLWithPath: plistPath))
        return folder
    }

    /// OpenStep text, which Foundation reads but does not write.
    static func openStep(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\"\($0)\" = \(openStep(dictionary[$0]!));" }.joined(separator: " ") + "}"
        case let array as [Any]:
            return "(" + array.map(openStep).joined(separator: ", ") + ")"
        default:
            if PlistReader.isBoolean(value) { return (value as? Bool) == true ? "\"YES\"" : "\"NO\"" }
            return "\"\(value)\""
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .openStep])
    func sameFindingsInEveryFormat(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let clean = try Self.converted("Rules/alternate-icon-size-missing/nontriggering", format: format)
        defer { try? FileManager.default.removeItem(atPath: clean) }
        // OpenStep has no Booleans: UIPrerenderedIcon becomes the string "NO", which is malformed.
        let cleanResult = try Linter.lint(LintOptions(path: clean))
        #expect(
            cleanResult.diagnostics.allSatisfy { format == .openStep && $0.rule == .iconEntryMalformed },
            "\(cleanResult.diagnostics.map(\.message))")
        let broken = try Self.converted("Rules/alternate-icon-size-missing/triggering", format: format)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let result = try Linter.lint(LintOptions(path: broken))
        let hit = try #require(result.diagnostics.first { $0.rule == .alternateIconSizeMissing })
        #expect(hit.location.file == "App/Info.plist")
        #expect(hit.location.line == nil, "only XML has lines")
    }

    @Test func brokenBinaryPlistIsUnreadable() throws {
        let folder = try Self.converted("Rules/icon-file-missing/nontriggering", format: .binary)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/App/Info.plist"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let result = try Linter.lint(LintOptions(path: folder))
        #expect(result.diagnostics.contains { $0.rule == .plistUnreadable })
    }
}
