import Foundation

/// One example with the rule it belongs to, as the catalogue lists them.
public struct CatalogExample: Sendable, CustomStringConvertible {
    public let rule: RuleDescription
    public let example: RuleExample

    /// `<rule id>/<example name>`: where its report is recorded.
    public var description: String { "\(rule.id.rawValue)/\(example.name)" }

    /// The configuration the example is linted with: its rule's opt-in switched on.
    public var configuration: LintConfiguration {
        var configuration = LintConfiguration()
        if rule.optIn { configuration.optIn = [rule.id] }
        return configuration
    }
}

extension RuleCatalog {
    /// Every rule's examples, in catalogue order.
    public static let examples: [CatalogExample] = rules.flatMap { rule in
        rule.examples.map { CatalogExample(rule: rule.description, example: $0) }
    }
}

extension RuleCatalog {
    /// The example `name` of `rule`; an unknown name throws.
    public static func example(_ rule: RuleID, _ name: String) throws -> RuleExample {
        guard let item = examples.first(where: { $0.rule.id == rule && $0.example.name == name }) else {
            throw UnknownRuleExample(rule: rule, name: name)
        }
        return item.example
    }

    /// Writes the example `name` of `rule` at `path` (a folder, made if absent) and returns the
    /// path to lint: the projects tests run the command line, fix and the integrations on are
    /// the rules' own examples.
    public static func writeExample(_ rule: RuleID, _ name: String, at path: String) throws -> String {
        let example = try example(rule, name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try example.write(in: URL(fileURLWithPath: path))
    }
}

/// A rule example asked for by a name its rule does not have.
public struct UnknownRuleExample: Error, CustomStringConvertible {
    public let rule: RuleID
    public let name: String
    public var description: String { "\(rule.rawValue) has no example named \(name)" }
}
