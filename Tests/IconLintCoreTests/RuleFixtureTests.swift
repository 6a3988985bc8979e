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
        #expect(cleanResult.diagnostics.allSatisfy { format == .openStep && $0.rule == "icon-entry-malformed" },
                "\(cleanResult.diagnostics.map(\.message))")
        let broken = try Self.converted("Rules/alternate-icon-size-missing/triggering", format: format)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let result = try Linter.lint(LintOptions(path: broken))
        let hit = try #require(result.diagnostics.first { $0.rule == "alternate-icon-size-missing" })
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
        #expect(result.diagnostics.contains { $0.rule == "plist-unreadable" })
    }
}
