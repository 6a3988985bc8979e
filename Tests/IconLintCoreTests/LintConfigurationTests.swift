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

/// A project tests lint: a folder under Fixtures/ (a string literal), or a rule's example (its
/// file's `examples`), or the files under one folder of it:
/// `.example(.iconFileMissing, "files-present", folder: "App/Icons")`.
struct TestProject: ExpressibleByStringLiteral, Sendable, CustomStringConvertible {
    enum Source: Sendable {
        case fixture(String)
        case example(RuleID, String)
    }

    var source: Source
    var folder = ""

    init(stringLiteral fixture: String) { source = .fixture(fixture) }

    init(_ source: Source, folder: String = "") {
        self.source = source
        self.folder = folder
    }

    static func example(_ rule: RuleID, _ name: String, folder: String = "") -> TestProject {
        TestProject(.example(rule, name), folder: folder)
    }

    var description: String {
        switch source {
        case .fixture(let fixture): return fixture
        case .example(let rule, let name): return "\(rule.rawValue)/\(name)" + (folder.isEmpty ? "" : ":\(folder)")
        }
    }

    /// Writes the project's files at `path` (made, with its parents) and returns `path`.
    @discardableResult
    func write(at path: String) throws -> String {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch source {
        case .fixture(let fixture):
            try FileManager.default.copyItem(atPath: ProjectFixtures.path(folder.isEmpty ? fixture : fixture + "/" + folder), toPath: path)
        case .example(let rule, let name):
            guard case .source(let tree) = try RuleCatalog.example(rule, name).subject else {
                throw ConfigurationError("\(rule.rawValue)/\(name) is a built app, not a source tree")
            }
            let prefix = folder.isEmpty ? "" : folder + "/"
            let files = tree.files.filter { $0.key.hasPrefix(prefix) }.map { (String($0.key.dropFirst(prefix.count)), $0.value) }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try ExampleTree(Dictionary(uniqueKeysWithValues: files)).write(in: URL(fileURLWithPath: path))
        }
        return path
    }

    /// The project written into a new scratch folder, linted.
    func lint(configuration: LintConfiguration = LintConfiguration()) throws -> LintResult {
        let scratch = try ScratchFolder("example")
        defer { scratch.remove() }
        var options = LintOptions(path: try write(at: scratch.path), configuration: configuration)
        options.cache = nil
        return try Linter.lint(options)
    }
}

/// What lint does with its configuration and its PATH, on the rules' examples.
@Suite("Lint configuration and locations")
struct LintConfigurationTests {
    @Test func everyRuleIDHasARule() {
        #expect(Set(RuleCatalog.all.map(\.id)) == Set(RuleID.allCases))
        #expect(RuleCatalog.all.count == RuleID.allCases.count)
    }

    @Test func configurationDisablesAndOverrides() throws {
        var configuration = LintConfiguration()
        configuration.severities[.iconFileMissing] = .warning
        let missing = TestProject.example(.iconFileMissing, "alternate-files-gone")
        let result = try missing.lint(configuration: configuration)
        #expect(result.diagnostics.contains { $0.rule == .iconFileMissing && $0.severity == .warning })
        configuration.disabled = [.iconFileMissing]
        #expect(try missing.lint(configuration: configuration).diagnostics.allSatisfy { $0.rule != .iconFileMissing })
        var only = LintConfiguration()
        only.only = [.iconEntryDuplicate]
        let mismatch = TestProject.example(.iconSizeMismatch, "2x-not-two-thirds")
        #expect(try mismatch.lint().diagnostics.contains { $0.rule == .iconSizeMismatch })
        #expect(try mismatch.lint(configuration: only).diagnostics.isEmpty)
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
        let mismatch = TestProject.example(.iconSizeMismatch, "2x-not-two-thirds")
        #expect(try mismatch.lint().diagnostics.contains { $0.rule == .iconSizeMismatch })
        let result = try mismatch.lint(configuration: configuration)
        #expect(!result.diagnostics.contains { $0.rule == .iconSizeMismatch })
        #expect(PathPattern("**/Icons").matches("App/Icons/Dark@2x.png"))
        #expect(PathPattern("App/*.plist").matches("App/Info.plist"))
        #expect(!PathPattern("App/*.plist").matches("Other/Info.plist"))
    }

    @Test func xmlFindingsCarryTheKeyLine() throws {
        let scratch = try ScratchFolder("key-line")
        defer { scratch.remove() }
        let path = try TestProject.example(.iconEntryDuplicate, "file-listed-twice").write(at: scratch.path)
        let result = try Linter.lint(LintOptions(path: path))
        let hit = try #require(result.diagnostics.first { $0.rule == .iconEntryDuplicate })
        let text = try String(contentsOfFile: path + "/App/Info.plist", encoding: .utf8)
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
    /// Writes a rule's example and rewrites its Info.plist in another format.
    static func converted(_ project: TestProject, format: PropertyListSerialization.PropertyListFormat) throws -> String {
        let folder = try project.write(at: NSTemporaryDirectory() + "iconlint-format-\(UUID().uuidString)")
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
        let clean = try Self.converted(.example(.alternateIconSizeMissing, "2x-and-3x"), format: format)
        defer { try? FileManager.default.removeItem(atPath: clean) }
        // OpenStep has no Booleans: UIPrerenderedIcon becomes the string "NO", which is malformed.
        let cleanResult = try Linter.lint(LintOptions(path: clean))
        #expect(
            cleanResult.diagnostics.allSatisfy { format == .openStep && $0.rule == .iconEntryMalformed },
            "\(cleanResult.diagnostics.map(\.message))")
        let broken = try Self.converted(.example(.alternateIconSizeMissing, "no-3x"), format: format)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let result = try Linter.lint(LintOptions(path: broken))
        let hit = try #require(result.diagnostics.first { $0.rule == .alternateIconSizeMissing })
        #expect(hit.location.file == "App/Info.plist")
        #expect(hit.location.line == nil, "only XML has lines")
    }

    @Test func brokenBinaryPlistIsUnreadable() throws {
        let folder = try Self.converted(.example(.iconFileMissing, "files-present"), format: .binary)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/App/Info.plist"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let result = try Linter.lint(LintOptions(path: folder))
        #expect(result.diagnostics.contains { $0.rule == .plistUnreadable })
    }
}
