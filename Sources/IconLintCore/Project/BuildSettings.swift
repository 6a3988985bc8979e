import Foundation

/// The build settings of one target in one configuration, evaluated the way Xcode does for
/// a device build (sdk `iphoneos`, arch `arm64`).
///
/// Values are kept as written and expanded on request: `$(VAR)`, `${VAR}`, nested
/// `$(VAR_$(CONFIGURATION))`, `$(inherited)`, and the operators `:default=`, `:lower`,
/// `:upper`, `:base`, `:file`, `:dir`, `:suffix`, `:standardizepath`, `:identifier`,
/// `:c99extidentifier`, `:rfc1034identifier`, `:quote`. Later assignments win; within one
/// pbxproj `buildSettings` dictionary a matching conditional key (`KEY[sdk=iphoneos*]`)
/// wins over the plain key; in an xcconfig the later line wins. A variable that refers to
/// itself expands to nothing instead of looping, and no value grows beyond
/// `maximumValueLength`, so hostile projects cannot make expansion hang.
public struct BuildSettings: Sendable {
    /// Lowest first: builtins, project xcconfig, project settings, target xcconfig, target settings.
    var assignments: [SettingAssignment]
    let configuration: String
    let absoluteRoot: String
    let absoluteProjectFolder: String

    /// SDK names an `[sdk=...]` condition is matched against.
    static let sdkNames = ["iphoneos", "iphoneos26.0"]
    /// Architectures an `[arch=...]` condition is matched against.
    static let architectures = ["arm64"]

    init(assignments: [SettingAssignment], configuration: String, absoluteRoot: String, absoluteProjectFolder: String) {
        self.assignments = assignments
        self.configuration = configuration
        self.absoluteRoot = absoluteRoot
        self.absoluteProjectFolder = absoluteProjectFolder
    }

    /// Settings from plain `KEY = value` pairs (tests, callers without a project).
    public init(_ values: [String: String], configuration: String = "Release") {
        self.assignments = values.keys.sorted().compactMap { name in
            guard let parsed = parseSettingName(name), let value = values[name] else { return nil }
            return SettingAssignment(key: parsed.key, conditions: parsed.conditions, value: value, source: .builtin)
        }
        self.configuration = configuration
        let here = ProjectPath.absolute(".")
        self.absoluteRoot = here
        self.absoluteProjectFolder = here
    }

    // MARK: - Public queries

    /// The expanded value, or nil when no assignment applies to this configuration.
    public func value(_ key: String) -> String? {
        var evaluation = Evaluation(settings: self)
        return evaluation.resolve(key, below: assignments.count)
    }

    /// YES, true or 1 (any case) are true; anything else, or no value, is false.
    public func bool(_ key: String) -> Bool {
        guard let value = value(key)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return value == "yes" || value == "true" || value == "1"
    }

    /// The expanded value split on white space, with `"quoted words"` and `\ ` escapes kept together.
    public func list(_ key: String) -> [String] {
        value(key).map(splitSettingList) ?? []
    }

    /// The expanded value as a root-relative path: relative values are taken from the
    /// project's folder (SRCROOT), absolute ones inside the root are made relative. Nil
    /// when unset or empty.
    public func path(_ key: String) -> String? {
        guard let raw = value(key)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        // `"My App/Info.plist"` is one quoted word; `My App/Info.plist` unquoted stays as written.
        let words = splitSettingList(raw)
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
        var evaluation = Evaluation(settings: self)
        evaluation.recordReferences = true
        _ = evaluation.evaluate(assignment: index)
        var names: [String] = []
        for reference in evaluation.references where reference.value.isEmpty && !names.contains(reference.name) {
            names.append(reference.name)
        }
        return names
    }

    /// Pseudo-setting recording an xcconfig that was referenced but does not exist (CocoaPods'
    /// and Flutter's are generated by a build): what it would define is unknown.
    static let missingConfigurationKey = "__ICONLINT_MISSING_XCCONFIG"

    static func missingConfigurationMarker(_ missing: String, file: String, line: Int?) -> SettingAssignment {
        SettingAssignment(
            key: missingConfigurationKey, conditions: [], value: missing,
            source: .xcconfig(location: Location(file: file, line: line)))
    }

    /// Root-relative xcconfig files these settings would read but that do not exist.
    public var missingConfigurationFiles: [String] {
        assignments.filter { $0.key == Self.missingConfigurationKey }.map(\.value)
    }

    /// Every setting name with at least one assignment that applies here (INFOPLIST_KEY_*...), sorted.
    public var keys: [String] {
        Set(assignments.filter { applies($0) && $0.key != Self.missingConfigurationKey }.map(\.key)).sorted()
    }

    // MARK: - Evaluation

    func applies(_ assignment: SettingAssignment) -> Bool {
        assignment.conditions.allSatisfy { condition in
            switch condition.name {
            case "sdk": Self.sdkNames.contains { wildcardMatch(condition.pattern, $0) }
            case "config": wildcardMatch(condition.pattern, configuration)
            case "arch": Self.architectures.contains { wildcardMatch(condition.pattern, $0) }
            case "variant": wildcardMatch(condition.pattern, "normal")
            default: false
            }
        }
    }

    func winningIndex(of key: String, below limit: Int) -> Int? {
        var index = min(limit, assignments.count) - 1
        while index >= 0 {
            if assignments[index].key == key, applies(assignments[index]) { return index }
            index -= 1
        }
        return nil
    }

    fileprivate struct Reference {
        var name: String
        var value: String
    }

    /// Longest value an expansion may produce; `A = $(B)$(B)`, `B = $(C)$(C)`... doubles per level.
    static let maximumValueLength = 1 << 20

    /// One expansion run: remembers which assignments are being expanded to cut cycles, and
    /// the values of finished ones so that shared references are expanded once.
    fileprivate struct Evaluation {
        let settings: BuildSettings
        var active: Set<Int> = []
        var recordReferences = false
        var references: [Reference] = []
        var finished: [Int: String] = [:]
        /// How many cycles were cut so far; a value computed across a cut is not remembered.
        var cuts = 0

        init(settings: BuildSettings) { self.settings = settings }

        mutating func resolve(_ key: String, below limit: Int) -> String? {
            guard let index = settings.winningIndex(of: key, below: limit) else { return nil }
            return evaluate(assignment: index)
        }

        mutating func evaluate(assignment index: Int) -> String {
            let record = recordReferences
            if !record, let value = finished[index] { return value }
            guard active.insert(index).inserted else {
                cuts += 1
                return ""
            }
            defer { active.remove(index) }
            let assignment = settings.assignments[index]
            recordReferences = false
            let cutsBefore = cuts
            let value = expand(assignment.value, key: assignment.key, index: index, record: record)
            if cuts == cutsBefore { finished[index] = value }
            return value
        }

        mutating func expand(_ text: String, key: String, index: Int, record: Bool) -> String {
            let characters = Array(text)
            var output = ""
            var position = 0
            while position < characters.count {
                let character = characters[position]
                guard character == "$", position + 1 < characters.count,
                    characters[position + 1] == "(" || characters[position + 1] == "{",
                    let close = Self.closingIndex(characters, open: position + 1)
                else {
                    output.append(character)
                    position += 1
                    continue
                }
                let inner = expand(String(characters[(position + 2)..<close]), key: key, index: index, record: false)
                output += reference(inner, key: key, index: index, record: record)
                position = close + 1
                if output.utf8.count > BuildSettings.maximumValueLength {
                    return String(decoding: output.utf8.prefix(BuildSettings.maximumValueLength), as: UTF8.self)
                }
            }
            return output
        }

        /// Value of one `$(name:op:op)` whose inner text is already expanded.
        mutating func reference(_ inner: String, key: String, index: Int, record: Bool) -> String {
            var parts = inner.split(separator: ":", maxSplits: .max, omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst().trimmingCharacters(in: .whitespaces)
            var value: String
            if name == "inherited" {
                value = resolve(key, below: index) ?? ""
            } else {
                value = resolve(name, below: settings.assignments.count) ?? ""
            }
            var hasDefault = false
            for operation in parts {
                if operation.hasPrefix("default=") {
                    hasDefault = true
                    if value.isEmpty { value = String(operation.dropFirst("default=".count)) }
                } else {
                    value = Self.apply(operation, to: value)
                }
            }
            if record, name != "inherited", !hasDefault { references.append(Reference(name: name, value: value)) }
            return value
        }

        static func closingIndex(_ characters: [Character], open: Int) -> Int? {
            var stack: [Character] = []
            var position = open
            while position < characters.count {
                switch characters[position] {
                case "(": stack.append(")")
                case "{": stack.append("}")
                case ")", "}":
                    guard stack.last == characters[position] else { return nil }
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
