import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// docs/rules.md is generated from the catalogue; a stale copy fails here.
@Suite("Rule reference")
struct RuleReferenceTests {
    static let path = ProjectFixtures.root.deletingLastPathComponent().appendingPathComponent("docs/rules.md").path

    @Test func committedReferenceIsCurrent() throws {
        // Regenerate with `scripts/iconlint rules --markdown > docs/rules.md` (or ICONLINT_RECORD_SNAPSHOTS=1).
        try Snapshot.assertText(RuleReference.markdown(), at: Self.path)
    }

    @Test func everyRuleIsInTheReferenceWithItsSeverityAndAnchor() {
        let text = RuleReference.markdown()
        for rule in RuleCatalog.all {
            #expect(text.contains("| \(rule.id.rawValue) | \(rule.severityText) |"), "\(rule.id)")
            if let anchor = rule.anchor { #expect(text.contains(anchor.replacingOccurrences(of: "|", with: "\\|")), "\(rule.id)") }
        }
    }

    @Test func severitiesShownAreTheOnesEmitted() throws {
        // What `rules` says is what lint emits: every finding of every example carries its rule's severity.
        for item in RuleCatalog.examples {
            let scratch = try ScratchFolder("severities")
            defer { scratch.remove() }
            var options = LintOptions(path: try item.example.write(in: scratch.url), configuration: item.configuration)
            options.cache = nil
            for diagnostic in try Linter.lint(options).diagnostics {
                let description = RuleCatalog.description(diagnostic.rule)
                #expect(
                    diagnostic.severity == description.severity || diagnostic.severity == description.deviceSeverity,
                    "\(diagnostic.rule): \(diagnostic.message)")
            }
        }
    }
}
