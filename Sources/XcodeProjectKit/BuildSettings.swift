import Foundation
import IconSupport

/// The build settings of one target in one configuration, evaluated the way Xcode does for
/// a device build (sdk `iphoneos`, arch `arm64`).
///
/// Values are kept as written and expanded on request: `$(VAR)`, `${VAR}`, nested
/// `$(VAR_$(CONFIGURATION))`, `$(inherited)`, and the operators `:default=`, `:lower`,
/// `:upper`, `:base`, `:file`, `:dir`, `:suffix`, `:standardizepath`, `:identifier`,
/// `:c99extidentifier`, `:rfc1034identifier`, `:quote`. Later assignments win; within one
/// pbxproj `buildSettings` dictionary a matching conditional key (`KEY[sdk=iphoneos*]`)
/// wins over the plain key; in an xcconfig the later line wins. A variable that refers to
/// itself expands to nothing instead of looping.
///
/// Hostile projects cannot make expansion hang or blow up: each query expands every
/// assignment at most once, no value grows beyond `maximumValueLength`, references nest at
/// most `maximumDepth` deep, and every step of work is counted against the project's
/// `ExpansionBudget`. A query past a bound gives nil, and the setting is listed in
/// `unresolvedKeys`: its value is unknown, not empty.
public struct BuildSettings: Sendable {
    /// Lowest first: builtins, project xcconfig, project settings, target xcconfig, target settings.
    package let assignments: [SettingAssignment]
    let configuration: String
    package let absoluteRoot: String
    package let absoluteProjectFolder: String
    /// The assignments of each key that apply here, lowest first (what `winningIndex` looks up).
    private let applicable: [String: [Int]]
    /// The project's budget, and the keys of this configuration it could not pay for.
    private let work: ExpansionWork

    /// SDK names an `[sdk=...]` condition is matched against.
    package static let sdkNames = ["iphoneos", "iphoneos26.0"]
    /// Architectures an `[arch=...]` condition is matched against.
    static let architectures = ["arm64"]

    package init(
        assignments: [SettingAssignment], configuration: String, absoluteRoot: String, absoluteProjectFolder: String,
        budget: ExpansionBudget = ExpansionBudget()
    ) {
        self.assignments = assignments
        self.configuration = configuration
        self.absoluteRoot = absoluteRoot
        self.absoluteProjectFolder = absoluteProjectFolder
        self.applicable = Self.applicableIndices(assignments, configuration: configuration)
        self.work = ExpansionWork(budget: budget)
    }

    /// Settings from plain `KEY = value` pairs (tests, callers without a project).
    public init(_ values: [String: String], configuration: String = "Release") {
        let assignments = values.keys.sorted().compactMap { name -> SettingAssignment? in
            guard let parsed = parseSettingName(name), let value = values[name] else { return nil }
            return SettingAssignment(key: parsed.key, conditions: parsed.conditions, value: value, source: .builtin)
        }
        let here = ProjectPath.absolute(".")
        self.init(assignments: assignments, configuration: configuration, absoluteRoot: here, absoluteProjectFolder: here)
    }

    // MARK: - Public queries

    /// The expanded value, or nil when no assignment applies to this configuration.
    /// Nil too when expanding it runs past a bound (then `unresolvedKeys` lists it).
    public func value(_ key: String) -> String? {
        evaluated(key) { $0.resolve(key, below: assignments.count) } ?? nil
    }

    /// YES, true or 1 (any case) are true; anything else, or no value, is false.
    public func bool(_ key: String) -> Bool {
        guard let value = value(key)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return value == "yes" || value == "true" || value == "1"
    }

    /// The expanded value split on white space, with `"quoted words"` and `\ ` escapes kept together.
    public func list(_ key: String) -> [String] {
        value(key).map(ShellWords.split) ?? []
    }

    /// The expanded value as a root-relative path: relative values are taken from the
    /// project's folder (SRCROOT), absolute ones inside the root are made relative. Nil
    /// when unset or empty.
    public func path(_ key: String) -> String? {
        guard let raw = value(key)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        // `"My App/Info.plist"` is one quoted word; `My App/Info.plist` unquoted stays as written.
        let words = ShellWords.split(raw)
        let unquoted = words.count == 1 ? words[0] : raw
        let absolute = ProjectPath.normalize(ProjectPath.join(absoluteProjectFolder, unquoted))
        return ProjectPath.relative(absolute, to: absoluteRoot)
    }

    /// Where the winning assignment of `key` was written; nil when nothing assigns it.
    public func source(_ key: String) -> SettingSource? {
        winningIndex(of: key, below: assignments.count).map { assignments[$0].source }
    }

    /// The winning assignment as written, before expansion (arrays joined with spaces).
    public func rawValue(_ key: String) -> String? {
        winningIndex(of: key, below: assignments.count).map { assignments[$0].value }
    }

    /// Names of variables the winning value of `key` refers to (directly, not through
    /// `$(inherited)`) that expand to the empty string, whether undefined or set empty.
    /// References with a `:default=` operator are not counted.
    public func referencesUndefinedVariable(_ key: String) -> [String] {
        guard let index = winningIndex(of: key, below: assignments.count) else { return [] }
        let references = evaluated(key) { evaluation in
            evaluation.recordReferences = true
            _ = evaluation.evaluate(assignment: index)
            return evaluation.references
        }
        var names: [String] = []
        for reference in references ?? [] where reference.value.isEmpty && !names.contains(reference.name) {
            names.append(reference.name)
        }
        return names
    }

    /// Settings of this configuration whose expansion ran past a bound (the project's step
    /// budget, the nesting depth), in the order they were asked for: their values are unknown.
    public var unresolvedKeys: [(key: String, reason: ExpansionFailure)] { work.unresolved }

    /// Runs one query against the project's budget; nil when it ran out (the key is recorded).
    private func evaluated<T>(_ key: String, _ body: (inout Evaluation) -> T) -> T? {
        var evaluation = Evaluation(settings: self, steps: work.budget.allowance, known: work.known)
        let result = body(&evaluation)
        work.budget.spend(evaluation.stepsUsed)
        work.learn(evaluation.learned)
        if let failure = evaluation.failure {
            work.record(key, failure)
            return nil
        }
        return result
    }

    /// Pseudo-setting recording an xcconfig that was referenced but does not exist (CocoaPods'
    /// and Flutter's are generated by a build): what it would define is unknown.
    static let missingConfigurationKey = "__ICONLINT_MISSING_XCCONFIG"

    package static func missingConfigurationMarker(_ missing: String, file: String, line: Int?) -> SettingAssignment {
        SettingAssignment(
            key: missingConfigurationKey, conditions: [], value: missing,
            source: .xcconfig(location: Location(file: file, line: line)))
    }

    /// Root-relative xcconfig files these settings would read but that do not exist.
    public var missingConfigurationFiles: [String] {
        assignments.filter { $0.key == Self.missingConfigurationKey }.map(\.value)
    }

    /// A missing xcconfig (from `missingConfigurationFiles`, less those `ignoring` accepts) that
    /// could set `key`: one included after the winning assignment of `key`, or of a variable its
    /// value refers to (any one, when nothing assigns it). Nil when every file that decides its
    /// value was read. Follows at most `maximumDepth` variables.
    public func missingFile(couldSet key: String, ignoring: (String) -> Bool = { _ in false }) -> String? {
        let markers = assignments.indices.filter {
            assignments[$0].key == Self.missingConfigurationKey && !ignoring(assignments[$0].value)
        }
        guard let last = markers.last else { return nil }
        var pending = [key]
        var seen: Set<String> = [key]
        while let name = pending.popLast(), seen.count <= Self.maximumDepth {
            let winner = winningIndex(of: name, below: assignments.count) ?? -1
            if winner < last, let marker = markers.first(where: { $0 > winner }) { return assignments[marker].value }
            let references = evaluated(name) { evaluation in
                evaluation.recordReferences = true
                _ = evaluation.evaluate(assignment: winner)
                return evaluation.references.map(\.name)
            }
            for reference in references ?? [] where seen.insert(reference).inserted { pending.append(reference) }
        }
        return nil
    }

    /// Every setting name with at least one assignment that applies here (INFOPLIST_KEY_*...), sorted.
    public var keys: [String] {
        Set(assignments.filter { applies($0) && $0.key != Self.missingConfigurationKey }.map(\.key)).sorted()
    }

    // MARK: - Evaluation

    func applies(_ assignment: SettingAssignment) -> Bool {
        Self.applies(assignment.conditions, configuration: configuration)
    }

    static func applies(_ conditions: [SettingCondition], configuration: String) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.name {
            case "sdk": sdkNames.contains { wildcardMatch(condition.pattern, $0) }
            case "config": wildcardMatch(condition.pattern, configuration)
            case "arch": architectures.contains { wildcardMatch(condition.pattern, $0) }
            case "variant": wildcardMatch(condition.pattern, "normal")
            default: false
            }
        }
    }

    package func winningIndex(of key: String, below limit: Int) -> Int? {
        guard let indices = applicable[key] else { return nil }
        // The last index below `limit`, by bisection: `$(inherited)` asks below each level.
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < limit { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : indices[low - 1]
    }

    private static func applicableIndices(_ assignments: [SettingAssignment], configuration: String) -> [String: [Int]] {
        var indices: [String: [Int]] = [:]
        for (index, assignment) in assignments.enumerated()
        where assignment.conditions.isEmpty || applies(assignment.conditions, configuration: configuration) {
            indices[assignment.key, default: []].append(index)
        }
        return indices
    }

    fileprivate struct Reference {
        var name: String
        var value: String
    }

    /// Longest value an expansion may produce; `A = $(B)$(B)`, `B = $(C)$(C)`... doubles per level.
    static let maximumValueLength = 1 << 20

    /// References nested inside one another at most (`$(A)` whose value refers to `$(B)`..., and
    /// `$(A_$(B))` inside a name); real projects nest a handful.
    package static let maximumDepth = 100

    /// One expansion run (one query): remembers which assignments are being expanded to cut
    /// cycles, and the value of every finished one, so that each assignment is expanded at
    /// most once per run. Every step of work (a byte scanned or copied, a reference resolved)
    /// is counted against `stepsLeft`; once it runs out, the run stops and its result is unknown.
    fileprivate struct Evaluation {
        let settings: BuildSettings
        var active: Set<Int> = []
        var depth = 0
        var recordReferences = false
        var references: [Reference] = []
        /// A value computed while a cycle was cut depends on where the cycle was entered; it is
        /// remembered all the same (first come), or a cut cycle below `V1 = $(V0)$(V0)`... would
        /// make every level expand its references again: 2^n steps for n lines. `clean` when no
        /// cut was involved: then the value is the same whoever asks.
        var finished: [Int: (value: String, clean: Bool)] = [:]
        /// Clean values of earlier queries of this configuration, and those this one adds.
        let known: [Int: String]
        var learned: [Int: String] = [:]
        /// Cycles cut (or unclean values used) so far.
        var cuts = 0
        var stepsLeft: Int
        let allowance: Int
        /// Why the run stopped, when it did.
        var failure: ExpansionFailure?

        init(settings: BuildSettings, steps: Int, known: [Int: String]) {
            self.settings = settings
            self.stepsLeft = steps
            self.allowance = steps
            self.known = known
        }

        var stepsUsed: Int { allowance - max(stepsLeft, 0) }

        /// Counts `count` steps; false once the allowance is spent.
        mutating func spend(_ count: Int) -> Bool {
            guard failure == nil else { return false }
            stepsLeft -= count
            if stepsLeft < 0 { failure = .steps }
            return failure == nil
        }

        mutating func resolve(_ key: String, below limit: Int) -> String? {
            // A lookup and a name: a few steps, so that a run of short references costs what it takes.
            guard spend(8), let index = settings.winningIndex(of: key, below: limit) else { return nil }
            return evaluate(assignment: index)
        }

        mutating func evaluate(assignment index: Int) -> String {
            let record = recordReferences
            if !record {
                if let value = known[index] { return value }
                if let done = finished[index] {
                    if !done.clean { cuts += 1 }
                    return done.value
                }
            }
            // A reference back to a setting being expanded (a cycle) expands to nothing.
            guard active.insert(index).inserted else {
                cuts += 1
                return ""
            }
            defer { active.remove(index) }
            guard depth < BuildSettings.maximumDepth else {
                if failure == nil { failure = .depth }
                return ""
            }
            depth += 1
            defer { depth -= 1 }
            let assignment = settings.assignments[index]
            recordReferences = false
            let cutsBefore = cuts
            let bytes = expand(Array(assignment.value.utf8)[...], key: assignment.key, index: index, record: record)
            let value = String(decoding: bytes, as: UTF8.self)
            let clean = cuts == cutsBefore && failure == nil
            finished[index] = (value, clean)
            if clean { learned[index] = value }
            return value
        }

        mutating func expand(_ text: ArraySlice<UInt8>, key: String, index: Int, record: Bool) -> [UInt8] {
            guard spend(text.count) else { return [] }
            var output: [UInt8] = []
            var position = text.startIndex
            while position < text.endIndex, failure == nil {
                let byte = text[position]
                guard byte == UInt8(ascii: "$"), position + 1 < text.endIndex,
                    text[position + 1] == UInt8(ascii: "(") || text[position + 1] == UInt8(ascii: "{"),
                    let close = closingIndex(text, open: position + 1)
                else {
                    output.append(byte)
                    position += 1
                    continue
                }
                guard depth < BuildSettings.maximumDepth else {
                    if failure == nil { failure = .depth }
                    return []
                }
                depth += 1
                let inner = expand(text[(position + 2)..<close], key: key, index: index, record: false)
                depth -= 1
                let value = reference(inner, key: key, index: index, record: record)
                guard failure == nil, spend(value.utf8.count) else { return [] }
                output.append(contentsOf: value.utf8)
                position = close + 1
                if output.count > BuildSettings.maximumValueLength {
                    return Array(output.prefix(BuildSettings.maximumValueLength))
                }
            }
            return output
        }

        /// Value of one `$(name:op:op)` whose inner text is already expanded.
        mutating func reference(_ inner: [UInt8], key: String, index: Int, record: Bool) -> String {
            let colon = inner.firstIndex(of: UInt8(ascii: ":")) ?? inner.endIndex
            let name = Self.trimmed(inner[..<colon])
            var value: String
            if name == "inherited" {
                value = resolve(key, below: index) ?? ""
            } else {
                value = resolve(name, below: settings.assignments.count) ?? ""
            }
            var hasDefault = false
            if colon < inner.endIndex {
                let operations = inner[(colon + 1)...].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
                for bytes in operations {
                    // Foundation's string work costs more than copying a byte: a few steps more.
                    guard spend(value.utf8.count + 8) else { return "" }
                    let operation = String(decoding: Array(bytes), as: UTF8.self)
                    if operation.hasPrefix("default=") {
                        hasDefault = true
                        if value.isEmpty { value = String(operation.dropFirst("default=".count)) }
                    } else {
                        value = Self.apply(operation, to: value)
                    }
                }
            }
            if record, name != "inherited", !hasDefault { references.append(Reference(name: name, value: value)) }
            return value
        }

        /// The name of a reference without white space around it (as `trimmingCharacters(in:
        /// .whitespaces)` gives it: ASCII names without Foundation's cost).
        static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
            guard bytes.allSatisfy({ $0 < 0x80 }) else {
                return String(decoding: Array(bytes), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }
            var start = bytes.startIndex, end = bytes.endIndex
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: Array(bytes[start..<end]), as: UTF8.self)
        }

        /// The `)` or `}` that closes the bracket at `open`; the bytes it scans are steps.
        mutating func closingIndex(_ text: ArraySlice<UInt8>, open: Int) -> Int? {
            guard failure == nil else { return nil }
            var stack: [UInt8] = []
            var position = open
            defer { _ = spend(position - open) }
            while position < text.endIndex {
                switch text[position] {
                case UInt8(ascii: "("): stack.append(UInt8(ascii: ")"))
                case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
                case UInt8(ascii: ")"), UInt8(ascii: "}"):
                    guard stack.last == text[position] else { return nil }
                    stack.removeLast()
                    if stack.isEmpty { return position }
                default: break
                }
                position += 1
            }
            return nil
        }

        static func apply(_ operation: String, to value: String) -> String {
            switch operation {
            case "lower": return value.lowercased()
            case "upper": return value.uppercased()
            case "file": return ProjectPath.lastComponent(value)
            case "dir":
                let parent = ProjectPath.parent(value)
                return parent == "." ? "./" : parent + "/"
            case "base":
                let file = ProjectPath.lastComponent(value)
                guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
                return String(file[..<dot])
            case "suffix":
                let file = ProjectPath.lastComponent(value)
                guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return "" }
                return String(file[dot...])
            case "standardizepath": return value.isEmpty ? value : ProjectPath.normalize(value)
            case "identifier", "c99extidentifier":
                var result = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
                if let first = result.first, first.isNumber { result = "_" + result }
                return result
            case "rfc1034identifier":
                return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
            case "quote":
                return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: " ", with: "\\ ")
            default: return value
            }
        }
    }
}
