import BundleKit
import Foundation

/// Every correction the rules offer for one PATH: the project is read as `lint` reads its
/// sources, and each enabled `Correctable` rule (of `only`, when given) plans its corrections
/// for each app. Never writes; the executor (IconFix) resolves and applies the plan.
public enum CorrectionPlanner {
    /// The corrections of one run, with the root their paths are relative to.
    public struct Plan: Sendable {
        public var root: String
        public var corrections: [Correction]
    }

    /// The rules that can be corrected, in catalogue order.
    public static var correctableRules: [RuleID] {
        correctableTypes.map { $0.description.id }
    }

    static var correctableTypes: [any Correctable.Type] {
        RuleCatalog.rules.compactMap { type in type as? any Correctable.Type }
    }

    /// Plans the corrections for `options.path`. Throws for problems with the request (a path
    /// not found, no app, a built product: fix repairs sources).
    public static func plan(
        _ options: LintOptions, only: Set<RuleID>? = nil, request: CorrectionRequest
    ) throws(ConfigurationError) -> Plan {
        if BuiltProduct.recognise(options.path) != nil || options.path.lowercased().hasSuffix(".ipa") {
            throw ConfigurationError("\(options.path) is a built app; fix repairs a project's sources: give the folder that holds its .xcodeproj or Info.plist")
        }
        // Read as lint reads: what lint refuses to judge (a generator's project not generated,
        // no app) is refused here too, before anything is planned or written.
        let read = try Linter.readSources(options, request: LintRequest(path: options.path))
        let rules: [any Correctable] = correctableTypes.filter { type in
            options.configuration.isEnabled(type.description) && (only?.contains(type.description.id) ?? true)
        }.map { type in type.init() }
        var corrections: [Correction] = []
        var seen: Set<String> = []
        // Configurations of one app plan the same edits: each once.
        for app in read.apps {
            for rule in rules {
                for correction in rule.corrections(app, in: request) where seen.insert(correction.key).inserted {
                    corrections.append(correction)
                }
            }
        }
        // A path the configuration excludes is not written: lint does not judge it.
        corrections = corrections.map { correction in
            guard let excluded = correction.edits.map(\.path).first(where: { path in options.configuration.excluded.contains { $0.matches(path) } })
            else { return correction }
            var left = correction
            left.outcome = .left("it would write \(excluded), which the configuration excludes")
            return left
        }
        return Plan(root: read.root, corrections: corrections)
    }
}

extension Correction {
    /// What makes two corrections the same (one per app configuration).
    var key: String { "\(rule.rawValue)\u{0}\(subject)" }
}
