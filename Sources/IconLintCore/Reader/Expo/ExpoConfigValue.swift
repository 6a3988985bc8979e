// The values of an Expo config as written: JSON (app.json, app.config.json) or the object
// literal a JavaScript / TypeScript app.config exports, read from the tokens of the code
// scan's JavaScript lexer. Whatever is computed when the config runs (a call, an
// environment variable, a conditional, a spread of a variable) is kept as `unknown` with what
// it is and where: the reader notes it and never guesses its value.

/// One value of an Expo config, with the line it starts on.
indirect enum ExpoConfigValue: Sendable {
    case object(ExpoConfigObject)
    case array([ExpoConfigValue], line: Int)
    case string(String, line: Int)
    case number(String, line: Int)
    case bool(Bool, line: Int)
    case null(line: Int)
    /// Computed when the config runs: `what` says what it is ("process.env.ICON", "a call to
    /// getIcon()", "require('./icon.png')").
    case unknown(what: String, line: Int)

    var line: Int {
        switch self {
        case .object(let object): object.line
        case .array(_, let line), .string(_, let line), .number(_, let line), .bool(_, let line), .null(let line),
            .unknown(_, let line):
            line
        }
    }

    var string: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    var object: ExpoConfigObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    var array: [ExpoConfigValue]? {
        if case .array(let value, _) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value, _) = self { return value }
        return nil
    }

    /// What the value is, for a note about a value that is not of the kind expected.
    var unknownDescription: String? {
        if case .unknown(let what, _) = self { return what }
        return nil
    }
}

/// An object literal: its keys in order (the last of a repeated key wins, as in JavaScript),
/// and the spreads and computed keys that may set any other key.
struct ExpoConfigObject: Sendable {
    var entries: [(key: String, value: ExpoConfigValue)] = []
    /// `...something` and `[computed]: value` members: each may set a key not listed.
    var openings: [(what: String, line: Int)] = []
    var line: Int

    subscript(key: String) -> ExpoConfigValue? {
        entries.last { $0.key == key }?.value
    }

    /// Why `key` may have a value this literal does not show: the first spread or computed
    /// key written after the key's own entry (or anywhere, when the key is absent).
    func opening(for key: String) -> (what: String, line: Int)? {
        let own = entries.last { $0.key == key }?.value.line ?? 0
        return openings.first { $0.line >= own }
    }
}

extension ExpoConfigValue {
    /// Lines of values read from another file (the static config a function export receives,
    /// imported JSON) are stored as `line + fileOffset × n`, n ≥ 1 naming that file in
    /// `ExpoConfigFile.otherFiles`, so findings point at the file that holds the entry.
    static let fileOffset = 1_000_000

    /// The same value with every line moved by `offset`.
    func relocated(by offset: Int) -> ExpoConfigValue {
        switch self {
        case .object(var object):
            object.line += offset
            object.entries = object.entries.map { ($0.key, $0.value.relocated(by: offset)) }
            object.openings = object.openings.map { ($0.what, $0.line + offset) }
            return .object(object)
        case .array(let elements, let line): return .array(elements.map { $0.relocated(by: offset) }, line: line + offset)
        case .string(let value, let line): return .string(value, line: line + offset)
        case .number(let value, let line): return .number(value, line: line + offset)
        case .bool(let value, let line): return .bool(value, line: line + offset)
        case .null(let line): return .null(line: line + offset)
        case .unknown(let what, let line): return .unknown(what: what, line: line + offset)
        }
    }
}
