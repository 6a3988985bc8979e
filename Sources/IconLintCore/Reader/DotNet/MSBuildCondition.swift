import Foundation

/// The simple MSBuild conditions real projects guard their iOS settings with, evaluated for
/// the build iconlint checks: `'$(Configuration)|$(Platform)'=='Release|iPhone'`,
/// `'$(TargetFramework)'=='net8.0-ios'`, `!=`, and such comparisons joined by `and` or by `or`
/// (not both, no parentheses). Anything else (`Exists(…)`, property functions such as
/// `$([MSBuild]::GetTargetPlatformIdentifier(…))`) is unknown.
struct MSBuildCondition {
    /// Values each property may have in the checked build (any of them makes `==` true).
    var values: [String: [String]]

    enum Outcome: Equatable {
        case holds, fails, unknown
    }

    /// The build a .NET for iOS App Store upload makes: Release, for the device, and the
    /// project's iOS target framework (`ios` when it names none).
    static func iOSRelease(targetFrameworks: [String]) -> MSBuildCondition {
        let ios = targetFrameworks.filter { $0.lowercased().contains("-ios") }
        return MSBuildCondition(values: [
            "configuration": ["Release"], "platform": ["iPhone", "AnyCPU"], "targetframework": ios.isEmpty ? [] : ios,
        ])
    }

    /// All conditions of `written` together.
    func evaluate(_ written: [String]) -> Outcome {
        var outcome = Outcome.holds
        for condition in written {
            switch evaluate(condition) {
            case .fails: return .fails
            case .unknown: outcome = .unknown
            case .holds: break
            }
        }
        return outcome
    }

    func evaluate(_ condition: String) -> Outcome {
        let conjuncts = Self.split(condition, on: "and")
        if conjuncts.count > 1 {
            if conjuncts.contains(where: { !Self.split($0, on: "or").dropFirst().isEmpty }) { return .unknown }
            return evaluate(conjuncts)
        }
        let disjuncts = Self.split(condition, on: "or")
        if disjuncts.count > 1 {
            let outcomes = disjuncts.map(compare)
            if outcomes.contains(.holds) { return .holds }
            return outcomes.contains(.unknown) ? .unknown : .fails
        }
        return compare(condition)
    }

    /// `condition` split at the word `and` or `or` (any case) outside quotes; the whole as one
    /// part when it has none, or parentheses outside quotes (then its comparison is unknown).
    static func split(_ condition: String, on word: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        let characters = Array(condition)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" { quoted.toggle() }
            if !quoted, character == "(" { return [condition] }
            if !quoted, character.isWhitespace, index + word.count + 1 < characters.count,
                String(characters[(index + 1)...(index + word.count)]).lowercased() == word,
                characters[index + word.count + 1].isWhitespace
            {
                parts.append(current)
                current = ""
                index += word.count + 1
                continue
            }
            current.append(character)
            index += 1
        }
        parts.append(current)
        return parts
    }

    /// One comparison: `'…' == '…'` or `'…' != '…'`, or a platform test of the build's own
    /// target framework, which is always the iOS one here: `$(TargetFramework.Contains('-ios'))`,
    /// `$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'` (the templates').
    func compare(_ written: String) -> Outcome {
        var condition = written.trimmingCharacters(in: .whitespaces)
        if let contains = Self.frameworkContains(condition) { return contains.lowercased().contains("ios") ? .holds : .fails }
        for function in Self.platformFunctions {
            condition = condition.replacingOccurrences(of: function, with: "'ios'", options: .caseInsensitive)
        }
        let (equal, sides): (Bool, [Substring])
        if condition.contains("!=") {
            (equal, sides) = (false, condition.split(separator: "!=", maxSplits: 1, omittingEmptySubsequences: false).map { $0 })
        } else {
            let parts = condition.components(separatedBy: "==")
            guard parts.count == 2 else { return .unknown }
            (equal, sides) = (true, parts.map { Substring($0) })
        }
        guard sides.count == 2, let left = Self.quoted(sides[0]), let right = Self.quoted(sides[1]),
            let expanded = expand(left), !right.contains("$(")
        else { return .unknown }
        let matches = expanded.contains { $0.lowercased() == right.lowercased() }
        return matches == equal ? .holds : .fails
    }

    /// The text of a single-quoted MSBuild string (`'…'`), or nil when the side is anything else.
    static func quoted(_ side: Substring) -> String? {
        let trimmed = side.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") else { return nil }
        let inner = trimmed.dropFirst().dropLast()
        return inner.contains("'") ? nil : String(inner)
    }

    /// Every value `text` takes with its `$(Name)` references replaced; nil when it names a
    /// property with no known value, or holds a function, an item list or metadata.
    func expand(_ text: String) -> [String]? {
        if text.contains("$([") || text.contains("@(") || text.contains("%(") { return nil }
        var results = [""]
        var rest = Substring(text)
        while let start = rest.range(of: "$(") {
            guard let end = rest[start.upperBound...].firstIndex(of: ")") else { return nil }
            let name = rest[start.upperBound..<end].lowercased()
            guard let options = values[name], !options.isEmpty, results.count * options.count <= 64 else { return nil }
            let prefix = rest[..<start.lowerBound]
            results = results.flatMap { done in options.map { done + prefix + $0 } }
            rest = rest[rest.index(after: end)...]
        }
        return results.map { $0 + rest }
    }

    /// The ways projects ask for the platform of the target framework (evaluated: `ios`).
    static let platformFunctions = [
        "$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)'))",
        "$([MSBuild]::GetTargetPlatformIdentifier($(TargetFramework)))",
    ]

    /// The text X of a whole condition `$(TargetFramework.Contains('X'))`, else nil.
    static func frameworkContains(_ condition: String) -> String? {
        let prefix = "$(TargetFramework.Contains('"
        let suffix = "'))"
        guard condition.lowercased().hasPrefix(prefix.lowercased()), condition.hasSuffix(suffix) else { return nil }
        let inner = condition.dropFirst(prefix.count).dropLast(suffix.count)
        return inner.contains("'") ? nil : String(inner)
    }
}
