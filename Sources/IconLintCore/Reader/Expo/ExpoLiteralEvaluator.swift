import SourceScan

// Evaluates the literals of an Expo config file in a token stream: objects (with spreads of
// values it knows), arrays, strings without interpolation, numbers, true / false / null,
// `a ?? b` and `a || b` on known values, member chains (`config.ios?.icon`), and names bound
// to such values: `const` / `let` / `var` at the file's top level or in the config function's
// body when never reassigned or mutated, the values the caller provides (`config`, the static
// config Expo passes to a function export), and `import x from './app.json'`. Anything else is
// `unknown`, with what it is. Bounded by the stream's meter and `maxDepth`.

struct ExpoLiteralEvaluator {
    let stream: TokenStream
    /// Names with values the caller gives: the config function's parameter, imported JSON.
    var environment: [String: ExpoConfigValue]
    /// `const|let|var NAME = …` at the top level and, once inside a function, in its body.
    private var bindings: [String: Range<Int>]
    /// `isChanged` per name, worked out once for the file (each reference asks).
    private let changed = ChangeCache()
    static let maxDepth = 32

    private final class ChangeCache {
        var names: [String: Bool] = [:]
    }

    init(stream: TokenStream, environment: [String: ExpoConfigValue] = [:]) {
        self.stream = stream
        self.environment = environment
        bindings = Self.bindings(stream, scope: -1)
    }

    /// The same evaluator inside the body whose `{` is at `brace`: its bindings shadow the file's.
    func inside(body brace: Int, environment extra: [String: ExpoConfigValue]) -> ExpoLiteralEvaluator {
        var copy = self
        for (name, range) in Self.bindings(stream, scope: brace) { copy.bindings[name] = range }
        for (name, value) in extra {
            copy.environment[name] = value
            copy.bindings[name] = nil
        }
        return copy
    }

    /// The value of the expression in `range`.
    func value(_ range: Range<Int>, depth: Int = 0) -> ExpoConfigValue {
        let range = trimmed(range)
        guard let first = range.first else {
            let line = stream.count > 0 ? stream[min(range.lowerBound, stream.count - 1)].line : 1
            return .unknown(what: "an empty expression", line: line)
        }
        let token = stream[first]
        guard depth < Self.maxDepth, stream.meter.enter() else {
            return .unknown(what: "a value nested deeper than \(Self.maxDepth) levels", line: token.line)
        }
        defer { stream.meter.leave() }
        if token.isPunctuation("{"), stream.partner[first] == range.upperBound - 1 {
            return .object(object(openedAt: first, depth: depth))
        }
        if token.isPunctuation("["), stream.partner[first] == range.upperBound - 1 {
            return array(openedAt: first, depth: depth)
        }
        for operator_ in ["??", "||"] {
            if let split = stream.topLevelIndex(in: range, where: { $0.isPunctuation(operator_) }) {
                let left = value(range.lowerBound..<split, depth: depth + 1)
                if case .unknown = left { return .unknown(what: describe(range), line: token.line) }
                let fallsThrough = operator_ == "??" ? left.isNullish : left.isFalsy
                return fallsThrough ? value((split + 1)..<range.upperBound, depth: depth + 1) : left
            }
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
                case "null", "undefined": return .null(line: token.line)
                default: return variable(token.text, line: token.line, depth: depth)
                }
            case .punctuation:
                break
            }
        }
        if range.count == 2, token.isPunctuation("-"), stream[first + 1].kind == .number {
            return .number("-" + stream[first + 1].text, line: token.line)
        }
        if let chain = memberChain(range) {
            var current = variable(chain[0], line: token.line, depth: depth)
            for member in chain.dropFirst() {
                switch current {
                case .object(let object):
                    if let next = object[member] {
                        current = next
                    } else if let opening = object.opening(for: member) {
                        return .unknown(what: "\(chain.joined(separator: ".")), which \(opening.what) may set", line: token.line)
                    } else {
                        current = .null(line: token.line)
                    }
                case .null:
                    // `config.ios?.icon` with no `ios`: undefined.
                    return .null(line: token.line)
                case .unknown:
                    return .unknown(what: chain.joined(separator: "."), line: token.line)
                default:
                    return .unknown(what: chain.joined(separator: "."), line: token.line)
                }
            }
            return current
        }
        return .unknown(what: describe(range), line: token.line)
    }

    /// A name's value: the caller's, else a binding that nothing changes later.
    private func variable(_ name: String, line: Int, depth: Int) -> ExpoConfigValue {
        if let known = environment[name] {
            // `config.ios.icon = …` before the return: what the config passes on is not the literal.
            return isChanged(name) ? .unknown(what: "\(name), which the file changes", line: line) : known
        }
        if let bound = bindings[name], !bound.isEmpty, !isChanged(name) {
            let resolved = value(bound, depth: depth + 1)
            if case .unknown = resolved { return .unknown(what: "the variable \(name)", line: line) }
            return resolved
        }
        return .unknown(what: "the variable \(name)", line: line)
    }

    /// The initializer bound to `name` (in the current scope), if any.
    func boundRange(_ name: String) -> Range<Int>? {
        guard let range = bindings[name], !range.isEmpty, !isChanged(name) else { return nil }
        return range
    }

    /// `a.b?.c`: the names, or nil when the range is anything else.
    private func memberChain(_ range: Range<Int>) -> [String]? {
        guard range.count >= 3, range.count % 2 == 1, stream[range.lowerBound].kind == .identifier else { return nil }
        var names = [stream[range.lowerBound].text]
        var index = range.lowerBound + 1
        while index + 1 < range.upperBound {
            guard stream.isPunctuation(index, ".") || stream.isPunctuation(index, "?."), stream[index + 1].kind == .identifier else { return nil }
            names.append(stream[index + 1].text)
            index += 2
        }
        return names
    }

    private func array(openedAt open: Int, depth: Int) -> ExpoConfigValue {
        var elements: [ExpoConfigValue] = []
        for element in stream.arguments(openedAt: open) where !element.isEmpty {
            guard stream[element.lowerBound].isPunctuation("...") else {
                elements.append(value(element, depth: depth + 1))
                continue
            }
            let spread = value((element.lowerBound + 1)..<element.upperBound, depth: depth + 1)
            switch spread {
            case .array(let inner, _): elements += inner
            case .null: continue
            default: elements.append(.unknown(what: "a spread (\(text(element)))", line: stream[element.lowerBound].line))
            }
        }
        return .array(elements, line: stream[open].line)
    }

    /// The members of the object literal whose `{` is at `open`.
    private func object(openedAt open: Int, depth: Int) -> ExpoConfigObject {
        var result = ExpoConfigObject(line: stream[open].line)
        for member in stream.arguments(openedAt: open) where !member.isEmpty {
            let first = stream[member.lowerBound]
            if first.isPunctuation("...") {
                switch value((member.lowerBound + 1)..<member.upperBound, depth: depth + 1) {
                case .object(let spread):
                    result.entries += spread.entries
                    result.openings += spread.openings
                case .null:
                    continue
                default:
                    result.openings.append(("a spread (\(text(member)))", first.line))
                }
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
            } else if stream[member.lowerBound + 1].isPunctuation(":") {
                result.entries.append((first.text, value((member.lowerBound + 2)..<member.upperBound, depth: depth + 1)))
            } else {
                // A method or accessor (`get icon() {…}`): computed when read.
                let key = first.isIdentifier("get") && member.count > 1 ? stream[member.lowerBound + 1].text : first.text
                result.entries.append((key, .unknown(what: "a method", line: first.line)))
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

    /// Whether `name` is assigned, or mutated through a method or member, anywhere after its
    /// declaration (`plugins.push(…)`, `plugins = […]`, `config.ios.icon = …`).
    private func isChanged(_ name: String) -> Bool {
        if let known = changed.names[name] { return known }
        let result = findChange(name)
        changed.names[name] = result
        return result
    }

    private func findChange(_ name: String) -> Bool {
        let mutating: Set<String> = ["push", "unshift", "splice", "pop", "shift", "sort", "reverse", "fill", "assign"]
        for index in stream.occurrences(of: name, in: 0..<stream.count) {
            // Past the file's budget nothing is known: count it as changed.
            guard stream.meter.charge() else { return true }
            guard index + 1 < stream.count, !stream.isIdentifier(index - 1, "const"), !stream.isIdentifier(index - 1, "let"),
                !stream.isIdentifier(index - 1, "var")
            else { continue }
            var next = index + 1
            // Past member accesses: `name.a.b`, `name[x]`.
            while next + 1 < stream.count {
                if stream.isPunctuation(next, "."), stream[next + 1].kind == .identifier {
                    if mutating.contains(stream[next + 1].text), next + 2 < stream.count, stream.isPunctuation(next + 2, "(") { return true }
                    next += 2
                } else if stream.isPunctuation(next, "["), stream.partner[next] > next {
                    next = stream.partner[next] + 1
                } else {
                    break
                }
            }
            if next < stream.count, ["=", "+=", "-=", "??=", "||=", "&&=", "++", "--"].contains(where: { stream.isPunctuation(next, $0) }) {
                return true
            }
            if stream.isIdentifier(index - 2, "Object"), stream.isIdentifier(index - 1, "assign") { return true }
        }
        return false
    }

    /// What a computed expression is, for notes: `process.env.X`, `require('…')`, a call.
    private func describe(_ range: Range<Int>) -> String {
        let first = stream[range.lowerBound]
        if first.isIdentifier("require") || first.isIdentifier("process") { return text(range) }
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
            let piece = token.kind == .string ? (token.isStatic ? "'\(ReportText.singleLine(token.text))'" : "`…`") : token.text
            if !out.isEmpty, token.kind == .identifier || token.kind == .number, let last = out.last, last.isLetter || last.isNumber {
                out += " "
            }
            out += piece
            if out.count > 48 { return String(out.prefix(45)) + "…" }
        }
        return out
    }

    /// `const|let|var NAME (: Type)? = init` directly in the scope whose `{` is at `scope`
    /// (-1: the file's top level). A name declared twice there is no literal.
    private static func bindings(_ stream: TokenStream, scope: Int) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        let start = scope < 0 ? 0 : scope + 1
        let end = scope < 0 ? stream.count : max(start, stream.partner[scope])
        var index = start
        while index + 2 < end, stream.meter.charge() {
            let token = stream[index]
            guard token.kind == .identifier, ["const", "let", "var"].contains(token.text), stream.enclosingBrace[index] == scope,
                stream[index + 1].kind == .identifier
            else {
                index += 1
                continue
            }
            let name = stream[index + 1].text
            var equals = index + 2
            // `: Type` before the `=` (TypeScript).
            while equals < end, !stream.isPunctuation(equals, "="), !stream.isPunctuation(equals, ";"), equals - index < 64 {
                if stream.isOpener(equals), stream.partner[equals] > equals { equals = stream.partner[equals] }
                equals += 1
            }
            guard equals < end, stream.isPunctuation(equals, "=") else {
                index += 2
                continue
            }
            let close = stream.expressionEnd(from: equals + 1, limit: end)
            result[name] = result[name] == nil ? (equals + 1)..<close : (equals + 1)..<(equals + 1)
            index = max(close, index + 2)
        }
        return result
    }
}

extension ExpoConfigValue {
    /// `??` takes the right side.
    var isNullish: Bool {
        if case .null = self { return true }
        return false
    }

    /// `||` takes the right side.
    var isFalsy: Bool {
        switch self {
        case .null: true
        case .bool(let value, _): !value
        case .string(let value, _): value.isEmpty
        case .number(let value, _): value == "0"
        default: false
        }
    }
}
