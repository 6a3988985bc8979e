import Foundation

/// Which rules run, at which severity, and which paths are skipped.
/// Read from `.iconlint.json` at the linted root (or `--config FILE`) and the command line.
public struct LintConfiguration: Sendable, Equatable {
    public var disabled: Set<String> = []
    /// When non-empty, only these rules run.
    public var only: Set<String> = []
    public var severities: [String: Severity] = [:]
    public var excluded: [PathPattern] = []

    public init() {}

    public func isEnabled(_ rule: String) -> Bool {
        !disabled.contains(rule) && (only.isEmpty || only.contains(rule))
    }

    /// Applies the rule filter and severity overrides to a finding.
    public func apply(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard isEnabled(diagnostic.rule) else { return nil }
        if let severity = severities[diagnostic.rule] { return diagnostic.with(severity: severity) }
        return diagnostic
    }

    /// The documented keys of `.iconlint.json`.
    public static let keys = ["disabled", "severity", "exclude"]

    /// Parses `.iconlint.json`: {"disabled": [ids], "severity": {id: "error"|"warning"}, "exclude": [globs]}.
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
            throw ConfigurationError("\(source): unknown key\(unknownKeys.count > 1 ? "s" : "") \(unknownKeys.joined(separator: ", ")); allowed: \(keys.joined(separator: ", "))")
        }
        var configuration = LintConfiguration()
        if let raw = dictionary["disabled"] {
            guard let ids = raw as? [String] else { throw ConfigurationError("\(source): \"disabled\" must be an array of rule ids") }
            try validate(ids, source: source)
            configuration.disabled = Set(ids)
        }
        if let raw = dictionary["severity"] {
            guard let map = raw as? [String: String] else {
                throw ConfigurationError("\(source): \"severity\" must map rule ids to \"error\" or \"warning\"")
            }
            try validate(Array(map.keys), source: source)
            for (id, value) in map {
                guard let severity = Severity(rawValue: value) else {
                    throw ConfigurationError("\(source): severity of \(id) must be \"error\" or \"warning\", not \"\(value)\"")
                }
                configuration.severities[id] = severity
            }
        }
        if let raw = dictionary["exclude"] {
            guard let patterns = raw as? [String] else { throw ConfigurationError("\(source): \"exclude\" must be an array of path globs") }
            configuration.excluded = patterns.map(PathPattern.init)
        }
        return configuration
    }

    /// Throws for ids that are not rules, naming them all.
    public static func validate(_ ids: [String], source: String) throws(ConfigurationError) {
        let unknown = ids.filter { RuleCatalog.rule($0) == nil }
        guard unknown.isEmpty else {
            throw ConfigurationError("\(source): unknown rule id\(unknown.count > 1 ? "s" : "") \(unknown.sorted().joined(separator: ", ")) (see `iconlint rules`)")
        }
    }
}

/// A configuration or usage problem: one line, exit status 2.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
