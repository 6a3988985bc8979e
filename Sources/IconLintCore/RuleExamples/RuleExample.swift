import Foundation

/// A small project a rule is shown on, in its own file: built into a scratch folder, linted,
/// and its whole report compared with the one recorded for it (RuleExampleTests). It names
/// the rules its report must hold and those it must not, so an example that stops showing
/// what it was written for fails even before its report is compared.
public struct RuleExample: Sendable {
    /// What is linted: a source tree, or a built app.
    public enum Subject: Sendable {
        case source(ExampleTree)
        case built(BuiltAppExample)
    }

    /// Unique among the rule's examples; names the recorded report (`<rule>/<name>.expected.txt`).
    public var name: String
    public var subject: Subject
    /// Rules the report must hold at least once.
    public var reports: [RuleID]
    /// Rules the report must not hold.
    public var silent: [RuleID]

    public init(_ name: String, _ tree: ExampleTree, reports: [RuleID] = [], silent: [RuleID] = []) {
        self.init(name, subject: .source(tree), reports: reports, silent: silent)
    }

    public init(_ name: String, _ app: BuiltAppExample, reports: [RuleID] = [], silent: [RuleID] = []) {
        self.init(name, subject: .built(app), reports: reports, silent: silent)
    }

    public init(_ name: String, subject: Subject, reports: [RuleID], silent: [RuleID]) {
        self.name = name
        self.subject = subject
        self.reports = reports
        self.silent = silent
    }

    /// Writes the example under `folder` and returns the path to lint: the folder for a source
    /// tree, the `.app` for a built app.
    public func write(in folder: URL) throws -> String {
        switch subject {
        case .source(let tree):
            try tree.write(in: folder)
            return folder.path
        case .built(let app):
            return try app.write(in: folder)
        }
    }
}
