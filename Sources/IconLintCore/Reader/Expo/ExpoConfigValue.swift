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

/// Evaluates literals in a token stream: objects, arrays, strings without interpolation,
/// numbers, true / false / null, and identifiers bound at the file's top level to such a
/// literal (`const icon = './assets/icon.png'`). Bounded by the stream's meter and by
/// `maxDepth` (nesting and variables followed).
struct ExpoLiteralEvaluator {
    let stream: TokenStream
    /// Top-level `const|let|var NAME = …` of the file: name → the initializer's range.
    let bindings: [String: Range<Int>]
    static let maxDepth = 32

    init(stream: TokenStream) {
        self.stream = stream
        bindings = Self.topLevelBindings(stream)
    }

    /// The value of the expression in `range`.
    func value(_ range: Range<Int>, depth: Int = 0) -> ExpoConfigValue {
        let range = trimmed(range)
        guard let first = range.first else { return .unknown(what: "an empty expression", line: stream.count > 0 ? stream[max(0, min(range.lowerBound, stream.count - 1))].line : 1) }
        let token = stream[first]
        guard depth < Self.maxDepth, stream.meter.enter() else {
            return .unknown(what: "a value nested deeper than \(Self.maxDepth) levels", line: token.line)
        }
        defer { stream.meter.leave() }
        if token.isPunctuation("{"), stream.partner[first] == range.upperBound - 1 {
            return .object(object(openedAt: first, depth: depth))
        }
        if token.isPunctuation("["), stream.partner[first] == range.upperBound - 1 {
            let elements = stream.arguments(openedAt: first).filter { !$0.isEmpty }.map { element -> ExpoConfigValue in
                if stream[element.lowerBound].isPunctuation("...") {
                    return .unknown(what: "a spread (\(text(element)))", line: stream[element.lowerBound].line)
                }
                return value(element, depth: depth + 1)
            }
            return .array(elements, line: token.line)
        }
        if range.count == 1 {
            switch token.kind {
            case .string:
                return token.isStatic ? .string(token.text, line: token.line) : .unknown(what: "an interpolated string", line: token.line)
            case .number:
                return .number(token.text, line: token.line)
            case .identifier:
                switch token.text {
                case "true": return .bool(true, line: token.line)
                case "false": return .bool(false, line: token.line)
                case "null": return .null(line: token.line)
                case "undefined": return .null(line: token.line)
                default:
                    if let bound = bindings[token.text] {
                        let resolved = value(bound, depth: depth + 1)
                        if case .unknown = resolved { return .unknown(what: "the variable \(token.text)", line: token.line) }
                        return resolved
                    }
                    return .unknown(what: "the variable \(token.text)", line: token.line)
                }
            case .punctuation:
                break
            }
        }
        if range.count == 2, token.isPunctuation("-"), stream[first + 1].kind == .number {
            return .number("-" + stream[first + 1].text, line: token.line)
        }
        return .unknown(what: describe(range), line: token.line)
    }

    /// The members of the object literal whose `{` is at `open`.
    private func object(openedAt open: Int, depth: Int) -> ExpoConfigObject {
        var result = ExpoConfigObject(line: stream[open].line)
        for member in stream.arguments(openedAt: open) where !member.isEmpty {
            let first = stream[member.lowerBound]
            if first.isPunctuation("...") {
                result.openings.append(("a spread (\(text(member)))", first.line))
                continue
            }
            if first.isPunctuation("[") {
                result.openings.append(("a computed key (\(text(member)))", first.line))
                continue
            }
            guard first.kind == .identifier || (first.kind == .string && first.isStatic) || first.kind == .number else {
                result.openings.append(("a member that is not a literal (\(text(member)))", first.line))
                continue
            }
            if member.count == 1 {
                // `{ icon }`: the variable of that name.
                result.entries.append((first.text, value(member, depth: depth + 1)))
                continue
            }
            if stream[member.lowerBound + 1].isPunctuation(":") {
                result.entries.append((first.text, value((member.lowerBound + 2)..<member.upperBound, depth: depth + 1)))
            } else {
                // A method (`get icon() {…}`, `icon() {…}`): computed when read.
                result.entries.append((first.text, .unknown(what: "a method", line: first.line)))
            }
        }
        return result
    }

    /// The range without wrapping parentheses and TypeScript's `as T` / `satisfies T`.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var range = stream.trimmed(range)
        while let cut = stream.topLevelIndex(in: range, where: { $0.isIdentifier("satisfies") }), cut > range.lowerBound {
            range = stream.trimmed(range.lowerBound..<cut)
        }
        return range
    }

    /// What a computed expression is, for notes: `process.env.X`, `require('…')`, a call.
    private func describe(_ range: Range<Int>) -> String {
        let first = stream[range.lowerBound]
        if first.isIdentifier("require") { return text(range) }
        if first.isIdentifier("process") { return text(range) }
        if stream.topLevelIndex(in: range, where: { $0.isPunctuation("?") }) != nil { return "a conditional (\(text(range)))" }
        if stream.topLevelIndex(in: range, where: { $0.isPunctuation("=>") }) != nil || first.isIdentifier("function") {
            return "a function"
        }
        if stream.topLevelIndex(in: range, where: { $0.isPunctuation("(") }) != nil { return "a call (\(text(range)))" }
        return "an expression (\(text(range)))"
    }

    /// The tokens of `range` as short text for notes (at most 48 characters).
    func text(_ range: Range<Int>) -> String {
        var out = ""
        for index in range {
            let token = stream[index]
            let piece = token.kind == .string ? (token.isStatic ? "'\(token.text)'" : "`…`") : token.text
            if !out.isEmpty, token.kind == .identifier || token.kind == .number, let last = out.last, last.isLetter || last.isNumber {
                out += " "
            }
            out += piece
            if out.count > 48 { return String(out.prefix(45)) + "…" }
        }
        return out
    }

    /// `const|let|var NAME (: Type)? = init` at the file's top level (outside every brace).
    private static func topLevelBindings(_ stream: TokenStream) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        var index = 0
        while index + 2 < stream.count, stream.meter.charge() {
            let token = stream[index]
            guard token.kind == .identifier, ["const", "let", "var"].contains(token.text), stream.enclosingBrace[index] < 0,
                stream[index + 1].kind == .identifier
            else {
                index += 1
                continue
            }
            let name = stream[index + 1].text
            var equals = index + 2
            // `: Type` before the `=` (TypeScript).
            while equals < stream.count, !stream[equals].isPunctuation("="), !stream[equals].isPunctuation(";"),
                !(stream[equals].startsLine && equals > index + 2 && stream[equals].kind == .identifier
                    && ["const", "let", "var", "export"].contains(stream[equals].text)),
                equals - index < 64
            {
                if stream.isOpener(equals), stream.partner[equals] > equals { equals = stream.partner[equals] }
                equals += 1
            }
            guard equals < stream.count, stream[equals].isPunctuation("=") else {
                index += 2
                continue
            }
            let end = stream.expressionEnd(from: equals + 1, limit: stream.count)
            // A name declared twice (in two branches of the file) is no literal.
            result[name] = result[name] == nil ? (equals + 1)..<end : (equals + 1)..<(equals + 1)
            index = max(end, index + 2)
        }
        return result
    }
}
