import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

extension CatalogExample: CustomTestStringConvertible {
    public var testDescription: String { description }
}

/// Every example of every rule in the catalogue (`static let examples` in the rule's file),
/// built into a scratch folder and linted in process: its report holds the rules it must,
/// none it must not, and is exactly the one recorded under RuleExamples/ beside this file
/// (`ICONLINT_RECORD_SNAPSHOTS=1` records it). Adding a rule or an example needs no edit here.
@Suite("Every rule's examples")
struct RuleExampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("RuleExamples")

    @Test("each example's whole report is the recorded one", arguments: RuleCatalog.examples)
    func report(_ item: CatalogExample) throws {
        let scratch = try ScratchFolder("rule-example")
        defer { scratch.remove() }
        let path = try item.example.write(in: scratch.url)
        var options = LintOptions(path: path, configuration: item.configuration)
        options.cache = nil
        var result = try Linter.lint(options)
        let fired = Set(result.diagnostics.map(\.rule))
        for rule in item.example.reports {
            #expect(fired.contains(rule), "\(item) must report \(rule); got \(result.diagnostics.map(\.rule))")
        }
        // The example's own rule, as the catalogue describes it: its severity, a message that says
        // what to do, a file named from the linted root.
        for hit in result.diagnostics where hit.rule == item.rule.id {
            #expect(hit.severity == item.rule.severity || hit.severity == item.rule.deviceSeverity, "\(item): severity")
            #expect(hit.message.count > 40, "\(item): message too thin: \(hit.message)")
            #expect(!hit.location.file.hasPrefix("/"), "\(item): file must be relative to the root: \(hit.location.file)")
        }
        for rule in item.example.silent {
            #expect(!fired.contains(rule), "\(item) must not report \(rule): \(result.diagnostics.filter { $0.rule == rule }.map(\.message))")
        }
        result.root = "."
        let report = ReporterKind.xcode.render(result)
        try Golden.assertText(
            report, at: Self.folder.appendingPathComponent("\(item).expected.txt").path, name: "RuleExamples/\(item).expected.txt")
    }

    /// Rules no example can trigger: a folder that cannot be listed needs permissions git does
    /// not keep, and root ignores them (a CLI test run without root covers it).
    static let withoutTriggeringExample: Set<RuleID> = [.folderUnreadable]

    /// Each rule shows at least one project it reports and one it keeps quiet about.
    @Test func everyRuleHasATriggeringAndAQuietExample() {
        for rule in RuleCatalog.all {
            let examples = RuleCatalog.examples.filter { $0.rule.id == rule.id }.map(\.example)
            if !Self.withoutTriggeringExample.contains(rule.id) {
                #expect(examples.contains { $0.reports.contains(rule.id) }, "\(rule.id) has no example that reports it")
            }
            #expect(examples.contains { $0.silent.contains(rule.id) }, "\(rule.id) has no example that keeps it quiet")
        }
    }

    /// Names are unique per rule, and no recorded report is left without its example.
    @Test func everyRecordedReportHasItsExample() throws {
        let names = RuleCatalog.examples.map(\.description)
        #expect(Set(names).count == names.count, "two examples of one rule share a name")
        let recorded = (FileManager.default.enumerator(atPath: Self.folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".expected.txt") }.map { String($0.dropLast(".expected.txt".count)) }
        #expect(Set(recorded).subtracting(names).isEmpty, "recorded reports without an example: \(Set(recorded).subtracting(names))")
    }
}
