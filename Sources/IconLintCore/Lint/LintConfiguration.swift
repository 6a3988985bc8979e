import Foundation

/// Which rules run, at which severity, and which paths' findings are hidden.
/// Read from `.iconlint.json` (found upward from the linted path) or `--config FILE`, and the command line.
public struct LintConfiguration: Sendable, Equatable {
    public var disabled: Set<RuleID> = []
    /// When non-empty, only these rules run (opt-in rules included when named).
    public var only: Set<RuleID> = []
    /// Opt-in rules switched on.
    public var optIn: Set<RuleID> = []
    public var severities: [RuleID: Severity] = [:]
    /// Findings on these paths are hidden; the files still count for the app.
    public var excluded: [PathPattern] = []

    public init() {}

    public func isEnabled(_ rule: RuleDescription) -> Bool {
        if disabled.contains(rule.id) { return false }
        if !only.isEmpty { return only.contains(rule.id) }
        return !rule.optIn || optIn.contains(rule.id)
    }

    /// Applies the rule filter, severity overrides and excluded paths to a finding.
    public func apply(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard isEnabled(RuleCatalog.description(diagnostic.rule)) else { return nil }
        if excluded.contains(where: { $0.matches(diagnostic.location.file) }) { return nil }
        if let severity = severities[diagnostic.rule] { return diagnostic.with(severity: severity) }
        return diagnostic
    }

    /// The documented keys of `.iconlint.json`.
    public static let keys = ["disabled", "opt_in", "severity", "exclude"]

    /// Parses `.iconlint.json`: {"disabled": [ids], "opt_in": [ids], "severity": {id: "error"|"warning"}, "exclude": [globs]}.
    public static func parse(_ data: Data, source: String) throws(ConfigurationError) -> LintConfiguration {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigurationError("\(source): not valid JSON (\(AssetCatalogReader.jsonReason(error)))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ConfigurationError("\(source): the top level must be a JSON object with keys \(keys.joined(separator: ", "))")
        }
        let unknownKeys = dictionary.keys.filter { !keys.contains($0) }.sorted()
        if !unknownKeys.isEmpty {
            throw ConfigurationError(
                "\(source): unknown key\(unknownKeys.count > 1 ? "s" : "") \(unknownKeys.joined(separator: ", ")); allowed: \(keys.joined(separator: ", "))")
        }
        var configuration = LintConfiguration()
        if let raw = dictionary["disabled"] {
            guard let ids = raw as? [String] else { throw ConfigurationError("\(source): \"disabled\" must be an array of rule ids") }
            configuration.disabled = try validate(ids, source: source)
        }
        if let raw = dictionary["opt_in"] {
            guard let ids = raw as? [String] else { throw ConfigurationError("\(source): \"opt_in\" must be an array of rule ids") }
            let rules = try validate(ids, source: source)
            let notOptIn = rules.filter { !RuleCatalog.description($0).optIn }.map(\.rawValue).sorted()
            guard notOptIn.isEmpty else {
                throw ConfigurationError(
                    "\(source): \"opt_in\" lists \(notOptIn.joined(separator: ", ")), which \(notOptIn.count > 1 ? "are" : "is") on by default; opt-in rules: \(RuleCatalog.all.filter(\.optIn).map(\.id.rawValue).joined(separator: ", "))"
                )
            }
            configuration.optIn = rules
        }
        if let raw = dictionary["severity"] {
            guard let map = raw as? [String: String] else {
                throw ConfigurationError("\(source): \"severity\" must map rule ids to \"error\" or \"warning\"")
            }
            _ = try validate(Array(map.keys), source: source)
            for (id, value) in map {
                guard let severity = Severity(rawValue: value), let rule = RuleID(rawValue: id) else {
                    throw ConfigurationError("\(source): severity of \(id) must be \"error\" or \"warning\", not \"\(value)\"")
                }
                configuration.severities[rule] = severity
            }
        }
        if let raw = dictionary["exclude"] {
            guard let patterns = raw as? [String] else { throw ConfigurationError("\(source): \"exclude\" must be an array of path globs") }
            configuration.excluded = patterns.map(PathPattern.init)
        }
        return configuration
    }

    /// The rule ids, or an error naming every id that is not a rule.
    @discardableResult
    public static func validate(_ ids: [String], source: String) throws(ConfigurationError) -> Set<RuleID> {
        let unknown = ids.filter { RuleID(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            throw ConfigurationError(
                "\(source): unknown rule id\(unknown.count > 1 ? "s" : "") \(unknown.sorted().joined(separator: ", ")) (see `iconlint rules`)")
        }
        return Set(ids.compactMap(RuleID.init(rawValue:)))
    }
}
