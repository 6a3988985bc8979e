import Foundation
import Testing

@testable import IconLintCore

/// A note that a check was not made comes from the rule that could not make it, so a rule
/// switched off says nothing of what it did not check.
@Suite("Notes of the rules")
struct RuleNotesTests {
    static let fixture = "Truths/MissingPlistPrefixHeader"
    static let codeNote = "unknown-alternate-icon-name was not checked"

    @Test func theRuleThatCouldNotCheckSaysSo() throws {
        let notes = try ProjectFixtures.lint(Self.fixture).notes
        #expect(notes.filter { $0.contains(Self.codeNote) }.count == 1, "\(notes)")
    }

    @Test func aRuleSwitchedOffSaysNothing() throws {
        var configuration = LintConfiguration()
        configuration.disabled = [.unknownAlternateIconName]
        let all = try ProjectFixtures.lint(Self.fixture).notes
        let notes = try ProjectFixtures.lint(Self.fixture, configuration: configuration).notes
        // The reader's notes (the missing prefix header) stay; only the rule's goes.
        #expect(notes == all.filter { !$0.contains(Self.codeNote) }, "\(notes)")
        #expect(!notes.isEmpty)
    }

    @Test func theRunnerAsksOnlyTheRulesItRuns() throws {
        let app = try #require(Self.apps(Self.fixture).first)
        var configuration = LintConfiguration()
        configuration.only = [.marketingIconAlpha]
        #expect(RuleRunner(configuration: configuration).notes(app).isEmpty)
        #expect(RuleRunner(configuration: LintConfiguration()).notes(app).contains { $0.contains(Self.codeNote) })
    }

    /// The fixture's app models as the source reader returns them.
    static func apps(_ relative: String) throws -> [AppModel] {
        let request = try LintRequest(path: ProjectFixtures.path(relative))
        let index = FileScanner.scan(root: request.root)
        let reader = SourceProjectReader(
            request: request, index: index, catalogs: AssetCatalogReader.read(catalogsOf: index), images: ImageFactsCache())
        return reader.read().apps
    }
}
