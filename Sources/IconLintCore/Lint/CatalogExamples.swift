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
