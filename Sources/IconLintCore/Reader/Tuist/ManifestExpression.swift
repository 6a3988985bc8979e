import SourceScan

// The literal part of a Swift manifest (Tuist's Project.swift and its helpers) as a tree:
// literals, arrays, dictionaries, member paths and calls. Whatever is not of these shapes
// (an operator, a closure, an interpolated string) is kept as `unknown` with its text, so
// that what depends on it is reported as not read, never guessed.

/// Where a manifest value is written: root-relative file and 1-based line.
struct ManifestOrigin: Hashable {
    var file: String
    var line: Int

    var location: Location { Location(file: file, line: line) }
}

/// One argument of a call: its label (nil for an unlabelled one) and value.
struct ManifestArgument {
    var label: String?
    var value: ManifestExpression
}

/// A value of a manifest, as written.
indirect enum ManifestExpression {
    /// A static string literal.
    case string(String, ManifestOrigin)
    /// A number as written.
    case number(String, ManifestOrigin)
    case bool(Bool, ManifestOrigin)
    case null(ManifestOrigin)
    case array([ManifestExpression], ManifestOrigin)
    case dictionary([(key: ManifestExpression, value: ManifestExpression)], ManifestOrigin)
    /// `name`, `Type.member`, `.member` (a leading "" for an implicit member), `base.member`.
    case member(base: ManifestExpression?, path: [String], ManifestOrigin)
    /// A call of `callee` (a member expression), with a trailing closure's text when it has one.
    case call(callee: ManifestExpression, arguments: [ManifestArgument], closure: String?, ManifestOrigin)
    /// Anything else: the reason and the text, for a note.
    case unknown(String, text: String, ManifestOrigin)

    var origin: ManifestOrigin {
        switch self {
        case .string(_, let origin), .number(_, let origin), .bool(_, let origin), .null(let origin), .array(_, let origin),
            .dictionary(_, let origin), .member(_, _, let origin), .call(_, _, _, let origin), .unknown(_, _, let origin):
            origin
        }
    }

    /// Whether this is an array or a static string (what `+` joins).
    var isArrayOrString: Bool {
        switch self {
        case .array, .string: true
        default: false
        }
    }

    /// The static string, when this is one.
    var stringValue: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    /// For `.name` and `Type.name`: the last name of the path (a call's callee's last name).
    var memberName: String? {
        switch self {
        case .member(_, let path, _): path.last
        case .call(let callee, _, _, _): callee.memberName
        default: nil
        }
    }

    /// The callee's path for a call whose callee has no base expression: `["", "target"]`
    /// for `.target(…)`, `["Project"]` for `Project(…)`, `["Target", "target"]`.
    var calleePath: [String]? {
        guard case .call(let callee, _, _, _) = self, case .member(nil, let path, _) = callee else { return nil }
        return path
    }

    /// The arguments of a call (empty for anything else).
    var arguments: [ManifestArgument] {
        if case .call(_, let arguments, _, _) = self { return arguments }
        return []
    }

    /// The argument labelled `label` of a call.
    func argument(_ label: String) -> ManifestExpression? {
        arguments.first { $0.label == label }?.value
    }

    /// The text of the expression for a note (short, on one line).
    var text: String {
        switch self {
        case .string(let value, _): return "\"\(value)\""
        case .number(let value, _): return value
        case .bool(let value, _): return value ? "true" : "false"
        case .null: return "nil"
        case .array(let items, _): return "[" + items.prefix(3).map(\.text).joined(separator: ", ") + (items.count > 3 ? ", …]" : "]")
        case .dictionary(let pairs, _): return pairs.isEmpty ? "[:]" : "[" + (pairs.first.map { $0.key.text + ": …" } ?? "") + "]"
        case .member(let base, let path, _): return (base.map { $0.text + "." } ?? "") + path.joined(separator: ".")
        case .call(let callee, let arguments, _, _):
            if case .member(nil, ["+"], _) = callee, arguments.count == 2 { return arguments[0].value.text + " + " + arguments[1].value.text }
            return callee.text + "(" + (arguments.isEmpty ? "" : "…") + ")"
        case .unknown(_, let text, _): return text
        }
    }
}

/// Reads expressions out of a token stream. Every token looked at is counted on the stream's
/// meter, and nesting deeper than `WorkMeter.maxDepth` gives up (an `unknown`).
struct ManifestParser {
    let stream: TokenStream
    let file: String

    init(stream: TokenStream, file: String) {
        self.stream = stream
        self.file = file
    }

    private func origin(_ index: Int) -> ManifestOrigin {
        ManifestOrigin(file: file, line: index < stream.count ? stream[index].line : (stream.tokens.last?.line ?? 1))
    }

    /// The source text of a token range, for notes.
    func text(_ range: Range<Int>) -> String {
        var result = ""
        for index in range.prefix(24) {
            let token = stream[index]
            let piece = token.kind == .string ? (token.isStatic ? "\"\(token.text)\"" : "\"…\"") : token.text
            if !result.isEmpty, token.kind != .punctuation || ["{", "=", "+", "-", "??"].contains(piece),
                !result.hasSuffix("("), !result.hasSuffix(".")
            {
                result += " "
            }
            result += piece
        }
        if range.count > 24 { result += " …" }
        return ReportText.singleLine(result)
    }

    /// The expression filling `range` (an argument, a declaration's value).
    func expression(_ range: Range<Int>) -> ManifestExpression {
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return .unknown("an empty expression", text: "", origin(range.lowerBound)) }
        guard stream.meter.enter() else {
            return .unknown("nesting deeper than iconlint reads", text: text(range), origin(range.lowerBound))
        }
        defer { stream.meter.leave() }
        // `a ?? b`: the first when it is not nil (a parameter's `infoPlist ?? .default`).
        if let coalesce = stream.topLevelIndex(in: range, where: { $0.isPunctuation("??") }), coalesce > range.lowerBound {
            let arguments = [
                ManifestArgument(label: nil, value: expression(range.lowerBound..<coalesce)),
                ManifestArgument(label: nil, value: expression((coalesce + 1)..<range.upperBound)),
            ]
            return .call(callee: .member(base: nil, path: ["??"], origin(coalesce)), arguments: arguments, closure: nil, origin(range.lowerBound))
        }
        // `a + b`: arrays joined (`targets: [app] + helperTargets`), strings joined; split at the
        // last top-level `+` (left to right). A unary `+` (nothing before it) is not one.
        if let plus = lastTopLevelIndex(in: range, where: { $0.isPunctuation("+") }), plus > range.lowerBound,
            plus + 1 < range.upperBound
        {
            let arguments = [
                ManifestArgument(label: nil, value: expression(range.lowerBound..<plus)),
                ManifestArgument(label: nil, value: expression((plus + 1)..<range.upperBound)),
            ]
            return .call(callee: .member(base: nil, path: ["+"], origin(plus)), arguments: arguments, closure: nil, origin(range.lowerBound))
        }
        var index = range.lowerBound
        var value = primary(&index, limit: range.upperBound)
        while index < range.upperBound, stream.meter.charge() {
            let token = stream[index]
            if token.isPunctuation("."), index + 1 < range.upperBound, stream[index + 1].kind == .identifier {
                value = member(of: value, name: stream[index + 1].text, at: index + 1)
                index += 2
            } else if token.isPunctuation("("), !token.startsLine, stream.partner[index] > index,
                stream.partner[index] < range.upperBound
            {
                let close = stream.partner[index]
                let arguments = self.arguments(openedAt: index)
                index = close + 1
                var closure: String?
                if index < range.upperBound, stream[index].isPunctuation("{"), stream.partner[index] > index {
                    closure = text(index..<(stream.partner[index] + 1))
                    index = stream.partner[index] + 1
                }
                value = .call(callee: value, arguments: arguments, closure: closure, value.origin)
            } else if token.isPunctuation("{"), stream.partner[index] > index, stream.partner[index] < range.upperBound {
                // A call with only a trailing closure (`SettingsDictionary().merging { … }` is not Tuist's shape).
                let close = stream.partner[index]
                value = .call(callee: value, arguments: [], closure: text(index..<(close + 1)), value.origin)
                index = close + 1
            } else if token.isPunctuation("?") || token.isPunctuation("!") {
                index += 1
            } else {
                return .unknown("an expression iconlint does not evaluate", text: text(range), origin(range.lowerBound))
            }
        }
        return value
    }

    /// The last token in `range`, outside brackets, that `predicate` accepts.
    private func lastTopLevelIndex(in range: Range<Int>, where predicate: (SourceToken) -> Bool) -> Int? {
        var found: Int?
        var from = range.lowerBound
        while from < range.upperBound, let next = stream.topLevelIndex(in: range, from: from, where: predicate) {
            found = next
            from = next + 1
        }
        return found
    }

    private func member(of value: ManifestExpression, name: String, at index: Int) -> ManifestExpression {
        if case .member(let base, let path, let origin) = value { return .member(base: base, path: path + [name], origin) }
        return .member(base: value, path: [name], value.origin)
    }

    /// The arguments of the list opened at `open`, each with its label.
    func arguments(openedAt open: Int) -> [ManifestArgument] {
        stream.arguments(openedAt: open).compactMap { range in
            guard !range.isEmpty else { return nil }
            let first = range.lowerBound
            if range.count > 2, stream[first].kind == .identifier, stream.isPunctuation(first + 1, ":") {
                return ManifestArgument(label: stream[first].text, value: expression((first + 2)..<range.upperBound))
            }
            return ManifestArgument(label: nil, value: expression(range))
        }
    }

    /// One literal, member path start, bracketed list or parenthesised expression at `index`.
    private func primary(_ index: inout Int, limit: Int) -> ManifestExpression {
        let start = index
        let token = stream[index]
        let here = origin(index)
        switch token.kind {
        case .string:
            index += 1
            return token.isStatic ? .string(token.text, here) : .unknown("an interpolated string", text: text(start..<limit), here)
        case .number:
            index += 1
            return .number(token.text, here)
        case .identifier:
            index += 1
            switch token.text {
            case "true": return .bool(true, here)
            case "false": return .bool(false, here)
            case "nil": return .null(here)
            default: return .member(base: nil, path: [token.text], here)
            }
        case .punctuation:
            if token.text == ".", index + 1 < limit, stream[index + 1].kind == .identifier {
                index += 2
                return .member(base: nil, path: ["", stream[start + 1].text], here)
            }
            if token.text == "[", stream.partner[index] > index, stream.partner[index] < limit {
                let close = stream.partner[index]
                index = close + 1
                return list(openedAt: start, close: close)
            }
            if token.text == "(", stream.partner[index] > index, stream.partner[index] < limit {
                let close = stream.partner[index]
                index = close + 1
                return expression((start + 1)..<close)
            }
            index = limit
            return .unknown("an expression iconlint does not evaluate", text: text(start..<limit), here)
        }
    }

    /// `[a, b]`, `[k: v, …]` or `[:]`.
    private func list(openedAt open: Int, close: Int) -> ManifestExpression {
        let here = origin(open)
        if close == open + 2, stream.isPunctuation(open + 1, ":") { return .dictionary([], here) }
        let elements = stream.arguments(openedAt: open).filter { !$0.isEmpty }
        let isDictionary = elements.first.map { range in stream.topLevelIndex(in: range, where: { $0.isPunctuation(":") }) != nil } ?? false
        guard isDictionary else { return .array(elements.map(expression), here) }
        var pairs: [(key: ManifestExpression, value: ManifestExpression)] = []
        for range in elements {
            guard let colon = stream.topLevelIndex(in: range, where: { $0.isPunctuation(":") }) else {
                return .unknown("a dictionary entry without a key", text: text(range), origin(range.lowerBound))
            }
            pairs.append((expression(range.lowerBound..<colon), expression((colon + 1)..<range.upperBound)))
        }
        return .dictionary(pairs, here)
    }
}
