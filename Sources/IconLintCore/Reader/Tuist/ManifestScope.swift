import SourceScan

// The names a Tuist manifest can refer to: its own top-level constants, and the constants,
// computed properties and functions of the ProjectDescriptionHelpers files. A reference is
// replaced by the declaration's literal value; a helper function's call by the expression it
// returns with the call's arguments in place of its parameters, when its body is only `let`s
// and a `return`. Anything else stays unresolved, with the reason and where.

/// A constant or function a manifest can refer to.
struct ManifestDeclaration {
    struct Parameter {
        /// The argument label at the call (nil for `_`).
        var label: String?
        var name: String
        var defaultValue: ManifestExpression?
    }

    enum Body {
        /// `let`s then a `return`: the locals in order, and the result.
        case understood(locals: [(name: String, value: ManifestExpression)], result: ManifestExpression)
        /// A body of another shape, and what in it was not understood.
        case notUnderstood(String)
    }

    var name: String
    /// The type whose extension or body declares it (`Project` for `extension Project { static func … }`).
    var owner: String?
    var origin: ManifestOrigin
    /// Nil for a constant or computed property.
    var parameters: [Parameter]?
    var body: Body
}

/// Why a value could not be read, for a note: what, and where it is written.
struct ManifestUnknown: Error {
    var reason: String
    var origin: ManifestOrigin
}

final class ManifestScope {
    private var declarations: [String: [ManifestDeclaration]] = [:]
    /// `case name = "raw"` of enums, by case name: (enum, raw value).
    private var enumCases: [String: [(owner: String, raw: String)]] = [:]
    let meter: WorkMeter

    init(meter: WorkMeter) {
        self.meter = meter
    }

    /// Collects the declarations of one file (the manifest or a helper).
    func collect(_ stream: TokenStream, file: String) {
        let parser = ManifestParser(stream: stream, file: file)
        var index = 0
        while index < stream.count, meter.charge() {
            let token = stream[index]
            if token.isIdentifier("case"), stream.enclosingBrace[index] >= 0, let owner = declarationOwner(stream, at: index), !owner.isEmpty {
                index = enumCase(stream, at: index, owner: owner)
                continue
            }
            guard token.kind == .identifier, ["let", "var", "func"].contains(token.text),
                index + 1 < stream.count, stream[index + 1].kind == .identifier,
                let owner = declarationOwner(stream, at: index)
            else {
                index += 1
                continue
            }
            let name = stream[index + 1].text
            let origin = ManifestOrigin(file: file, line: stream[index + 1].line)
            let limit = stream.enclosingBrace[index] >= 0 ? max(stream.partner[stream.enclosingBrace[index]], index) : stream.count
            var declaration: ManifestDeclaration?
            var next = index + 2
            if token.text == "func" {
                if let (parsed, end) = function(parser, name: name, at: index + 2, limit: limit, owner: owner, origin: origin) {
                    declaration = parsed
                    next = end
                }
            } else if let (body, end) = property(parser, at: index + 2, limit: limit) {
                declaration = ManifestDeclaration(name: name, owner: owner.isEmpty ? nil : owner, origin: origin, parameters: nil, body: body)
                next = end
            }
            if let declaration { declarations[name, default: []].append(declaration) }
            index = max(next, index + 2)
        }
    }

    private static let typeKeywords: Set<String> = ["extension", "struct", "enum", "class"]
    private static let declarationKeywords: Set<String> = typeKeywords.union(["protocol", "func", "var", "let", "init", "in"])

    /// The type a declaration at `index` belongs to ("" at the top level), or nil when it is
    /// inside a function or closure (a local, not reachable from the manifest).
    private func declarationOwner(_ stream: TokenStream, at index: Int) -> String? {
        var owner = ""
        var brace = stream.enclosingBrace[index]
        var first = true
        while brace >= 0 {
            var cursor = brace - 1
            var found: String?
            while cursor >= 0, cursor > brace - 64, meter.charge() {
                let token = stream[cursor]
                // `func make(name: String) -> Project {`: the keyword is before the parameters.
                if stream.isCloser(cursor), stream.partner[cursor] >= 0, stream.partner[cursor] < cursor {
                    cursor = stream.partner[cursor] - 1
                    continue
                }
                if token.kind == .punctuation && ["{", "}", ";", "="].contains(token.text) { break }
                if token.kind == .identifier && Self.declarationKeywords.contains(token.text) {
                    found = token.text
                    if first, Self.typeKeywords.contains(token.text), cursor + 1 < brace, stream[cursor + 1].kind == .identifier {
                        // `extension ProjectDescription.Settings`: the type is the last name.
                        var name = cursor + 1
                        while name + 2 < brace, stream.isPunctuation(name + 1, "."), stream[name + 2].kind == .identifier { name += 2 }
                        owner = stream[name].text
                    }
                    break
                }
                cursor -= 1
            }
            guard let found, Self.typeKeywords.contains(found) else { return nil }
            first = false
            brace = stream.enclosingBrace[brace]
        }
        return owner
    }

    /// `case a = "x", b` in an enum's body: each case with its raw value (the name when none
    /// is written); the index after the line.
    private func enumCase(_ stream: TokenStream, at index: Int, owner: String) -> Int {
        var cursor = index + 1
        while cursor < stream.count, meter.charge(), !(cursor > index + 1 && stream[cursor].startsLine) {
            let token = stream[cursor]
            if token.kind == .identifier, cursor + 1 >= stream.count || !stream.isPunctuation(cursor + 1, "(") {
                var raw = token.text
                if stream.isPunctuation(cursor + 1, "="), cursor + 2 < stream.count, stream[cursor + 2].kind == .string {
                    guard stream[cursor + 2].isStatic else { return cursor + 3 }
                    raw = stream[cursor + 2].text
                    cursor += 2
                }
                enumCases[token.text, default: []].append((owner, raw))
            } else if token.kind != .punctuation || token.text != "," {
                // An associated value, a pattern: not a raw-value enum.
                return cursor + 1
            }
            cursor += 1
        }
        return cursor
    }

    /// `Type.caseName.rawValue` (or `.caseName.rawValue`) of a String enum; nil for anything else.
    func rawValue(_ path: [String]) -> String? {
        guard path.count >= 3 || (path.count == 2 && path[0].isEmpty), path.last == "rawValue" else { return nil }
        let name = path[path.count - 2]
        let owner = path.count >= 3 ? path[path.count - 3] : ""
        guard let cases = enumCases[name] else { return nil }
        let matching = owner.isEmpty ? cases : cases.filter { $0.owner == owner }
        return Set(matching.map(\.raw)).count == 1 ? matching[0].raw : nil
    }

    /// `: Type = value`, `= value` or `: Type { body }` after a property's name.
    private func property(_ parser: ManifestParser, at start: Int, limit: Int) -> (ManifestDeclaration.Body, Int)? {
        let stream = parser.stream
        guard let mark = stream.topLevelIndex(in: start..<limit, where: { $0.isPunctuation("=") || $0.isPunctuation("{") || $0.startsLine }),
            !stream[mark].startsLine
        else { return nil }
        // The type annotation never holds a line break before `=`: a stored property without a value
        // (`let name: String` in a struct) is no constant, and what follows it is another declaration.
        if stream[mark].isPunctuation("=") {
            let end = stream.expressionEnd(from: mark + 1, limit: limit)
            return (.understood(locals: [], result: parser.expression((mark + 1)..<end)), end)
        }
        let close = stream.partner[mark]
        guard close > mark else { return nil }
        return (body(parser, openedAt: mark, close: close), close + 1)
    }

    /// `(parameters) -> Type { body }` after a function's name.
    private func function(
        _ parser: ManifestParser, name: String, at start: Int, limit: Int, owner: String, origin: ManifestOrigin
    ) -> (ManifestDeclaration, Int)? {
        let stream = parser.stream
        var open = start
        if stream.isPunctuation(open, "<"), let close = stream.topLevelIndex(in: open..<limit, where: { $0.isPunctuation(">") }) {
            open = close + 1
        }
        guard stream.isPunctuation(open, "("), stream.partner[open] > open else { return nil }
        let parameters = stream.arguments(openedAt: open).compactMap { parameter($0, parser: parser) }
        guard let brace = stream.topLevelIndex(in: (stream.partner[open] + 1)..<limit, where: { $0.isPunctuation("{") }),
            stream.partner[brace] > brace
        else { return nil }
        let declaration = ManifestDeclaration(
            name: name, owner: owner.isEmpty ? nil : owner, origin: origin, parameters: parameters,
            body: body(parser, openedAt: brace, close: stream.partner[brace]))
        return (declaration, stream.partner[brace] + 1)
    }

    /// `label name: Type = default`, `_ name: Type`, `name: Type`.
    private func parameter(_ range: Range<Int>, parser: ManifestParser) -> ManifestDeclaration.Parameter? {
        let stream = parser.stream
        guard let colon = stream.topLevelIndex(in: range, where: { $0.isPunctuation(":") }) else { return nil }
        let names = range.lowerBound..<colon
        guard let last = names.last, stream[last].kind == .identifier else { return nil }
        let external = names.count > 1 ? stream[names.lowerBound].text : stream[last].text
        var defaultValue: ManifestExpression?
        if let equals = stream.topLevelIndex(in: colon..<range.upperBound, where: { $0.isPunctuation("=") }) {
            defaultValue = parser.expression((equals + 1)..<range.upperBound)
        }
        return .init(label: external == "_" ? nil : external, name: stream[last].text, defaultValue: defaultValue)
    }

    /// A body of `let`s and one `return` (or a single expression).
    private func body(_ parser: ManifestParser, openedAt open: Int, close: Int) -> ManifestDeclaration.Body {
        let stream = parser.stream
        var locals: [(name: String, value: ManifestExpression)] = []
        var index = open + 1
        while index < close, meter.charge() {
            let token = stream[index]
            if token.isPunctuation(";") {
                index += 1
                continue
            }
            if token.isIdentifier("let") || token.isIdentifier("var"), index + 1 < close, stream[index + 1].kind == .identifier,
                let equals = stream.topLevelIndex(in: (index + 2)..<close, where: { $0.isPunctuation("=") })
            {
                let end = stream.expressionEnd(from: equals + 1, limit: close)
                locals.append((stream[index + 1].text, parser.expression((equals + 1)..<end)))
                index = end
                continue
            }
            let start = token.isIdentifier("return") ? index + 1 : index
            let end = stream.expressionEnd(from: start, limit: close)
            if end < close, stream.topLevelIndex(in: end..<close, where: { !$0.isPunctuation(";") }) != nil {
                let keyword = token.kind == .identifier ? "`\(token.text)`" : "a statement"
                return .notUnderstood("its body has \(keyword) before its result (\(parser.text(index..<end)))")
            }
            if token.kind == .identifier, ["if", "guard", "switch", "for", "while", "do"].contains(token.text) {
                return .notUnderstood("its result comes from `\(token.text)`")
            }
            return .understood(locals: locals, result: parser.expression(start..<end))
        }
        return .notUnderstood("its body returns nothing iconlint can read")
    }

    // MARK: Resolving

    /// The declaration `path` names: `name` or `Type.name` (a type's own first); nil when
    /// there is none or several of that name in different types.
    func declaration(_ path: [String], function: Bool, expecting type: String? = nil) -> ManifestDeclaration? {
        guard let name = path.last, var all = declarations[name]?.filter({ ($0.parameters != nil) == function }), !all.isEmpty else {
            return nil
        }
        // An implicit member (`.shared`) is a static member of the type the position expects.
        if path.first == "", let type {
            all = all.filter { $0.owner == type }
            guard !all.isEmpty else { return nil }
        }
        if path.count >= 2, !path[path.count - 2].isEmpty {
            let owner = path[path.count - 2]
            if let owned = all.first(where: { $0.owner == owner }) { return owned }
            // `env.name` is a property of a value, not a type's static member of that name.
            if owner.first?.isLowercase == true { return nil }
        }
        return all.count == 1 || Set(all.map(\.origin)).count == 1 ? all[0] : nil
    }

    /// Whether any helper declares a function of that name.
    func declaresFunction(named name: String) -> Bool {
        declarations[name]?.contains { $0.parameters != nil } ?? false
    }

    /// The value a reference stands for, followed through constants (a few levels); other
    /// values as they are. `.member` paths that name no declaration stay (they are Tuist's
    /// own names: `.iOS`, `.app`, `.debug`).
    func resolve(_ value: ManifestExpression) -> ManifestExpression {
        var value = value
        var followed: Set<[String]> = []
        for _ in 0..<16 {
            guard meter.charge(), case .member(nil, let path, let origin) = value, path.first != "",
                let declaration = declaration(path, function: false),
                case .understood(let locals, let result) = declaration.body, locals.isEmpty
            else { return value }
            guard followed.insert(path).inserted else {
                return .unknown("a constant that refers back to itself", text: path.joined(separator: "."), origin)
            }
            value = result
        }
        return value
    }

    /// The value an implicit member (`.shared`, `.app`) or a `Type.name` stands for when a
    /// helper declares it; nil when none does.
    func helperValue(_ value: ManifestExpression, expecting type: String? = nil) -> Result<ManifestExpression, ManifestUnknown>? {
        guard case .member(nil, let path, let origin) = value, let declaration = declaration(path, function: false, expecting: type) else {
            return nil
        }
        switch declaration.body {
        case .understood(let locals, let result):
            return .success(substitute(result, Dictionary(locals.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })))
        case .notUnderstood(let why):
            return .failure(
                ManifestUnknown(
                    reason: "`\(path.filter { !$0.isEmpty }.joined(separator: "."))` (\(declaration.origin.file):\(declaration.origin.line)), "
                        + "which iconlint does not read: \(why)", origin: origin))
        }
    }

    /// The expression a call of a helper function returns, with its arguments in place of the
    /// parameters; nil when no helper declares the function.
    func expand(_ call: ManifestExpression, expecting type: String? = nil) -> Result<ManifestExpression, ManifestUnknown>? {
        guard case .call(let callee, _, _, _) = call, case .member(nil, let path, _) = callee, let last = path.last else { return nil }
        // Overloads: the first whose parameters the call's labels fit.
        var candidates = (declarations[last] ?? []).filter { $0.parameters != nil }
        if path.first == "", let type { candidates = candidates.filter { $0.owner == type } }
        if path.count >= 2, !path[path.count - 2].isEmpty {
            let owned = candidates.filter { $0.owner == path[path.count - 2] }
            if !owned.isEmpty || path[path.count - 2].first?.isLowercase == true { candidates = owned }
        }
        guard !candidates.isEmpty else { return nil }
        var failure: Result<ManifestExpression, ManifestUnknown>?
        for declaration in candidates {
            let result = expand(call, as: declaration)
            if case .success = result { return result }
            if failure == nil { failure = result }
        }
        return failure
    }

    private func expand(_ call: ManifestExpression, as declaration: ManifestDeclaration) -> Result<ManifestExpression, ManifestUnknown> {
        guard case .call(let callee, let arguments, _, let origin) = call, case .member(nil, let path, _) = callee,
            let parameters = declaration.parameters
        else { return .failure(ManifestUnknown(reason: "not a call", origin: call.origin)) }
        let name = path.filter { !$0.isEmpty }.joined(separator: ".")
        let place = "\(declaration.origin.file):\(declaration.origin.line)"
        guard case .understood(let locals, let result) = declaration.body else {
            if case .notUnderstood(let why) = declaration.body {
                return .failure(ManifestUnknown(reason: "helper `\(name)` (\(place)), which iconlint does not read: \(why)", origin: origin))
            }
            return .failure(ManifestUnknown(reason: "helper `\(name)` (\(place))", origin: origin))
        }
        var bound: [String: ManifestExpression] = [:]
        var remaining = arguments[...]
        for parameter in parameters {
            if let next = remaining.first, next.label == parameter.label {
                bound[parameter.name] = next.value
                remaining = remaining.dropFirst()
            } else if let defaultValue = parameter.defaultValue {
                bound[parameter.name] = defaultValue
            } else {
                return .failure(ManifestUnknown(reason: "the call of helper `\(name)` (\(place)) does not match its parameters", origin: origin))
            }
        }
        guard remaining.isEmpty else {
            return .failure(ManifestUnknown(reason: "the call of helper `\(name)` (\(place)) does not match its parameters", origin: origin))
        }
        for local in locals { bound[local.name] = substitute(local.value, bound) }
        return .success(substitute(result, bound))
    }

    /// `Spec(name: "App", …).toTarget()`: a method of a type the manifest or its helpers declare,
    /// called on a value its memberwise initializer builds. The method's body, with the
    /// initializer's labelled arguments in place of the type's properties (a property's own
    /// default where the call leaves it out) and the method's parameters bound; nil when no
    /// such method is declared.
    func expandMethod(_ name: String, arguments: [ManifestArgument], on value: ManifestExpression, origin: ManifestOrigin)
        -> Result<ManifestExpression, ManifestUnknown>?
    {
        guard case .call(_, let initializer, _, _) = value, let path = value.calleePath,
            let type = (path.count == 1 ? path.first : (path.count == 2 && path[1] == "init" ? path.first : nil)),
            type.first?.isUppercase == true,
            let method = (declarations[name] ?? []).first(where: { $0.owner == type && $0.parameters != nil })
        else { return nil }
        var properties: [String: ManifestExpression] = [:]
        for (property, all) in declarations {
            if let stored = all.first(where: { $0.owner == type && $0.parameters == nil }),
                case .understood(let locals, let result) = stored.body, locals.isEmpty
            {
                properties[property] = result
            }
        }
        for argument in initializer {
            guard let label = argument.label else {
                return .failure(ManifestUnknown(reason: "`\(type)(…)` passes an argument without a label to its initializer", origin: origin))
            }
            properties[label] = argument.value
        }
        let call = ManifestExpression.call(callee: .member(base: nil, path: [type, name], origin), arguments: arguments, closure: nil, origin)
        switch expand(call, as: method) {
        case .success(let result): return .success(substitute(substitute(result, ["self": value]), properties))
        case .failure(let unknown): return .failure(unknown)
        }
    }

    /// `value` with every reference to a name in `names` replaced by its value.
    func substitute(_ value: ManifestExpression, _ names: [String: ManifestExpression]) -> ManifestExpression {
        guard !names.isEmpty, meter.enter() else { return value }
        defer { meter.leave() }
        switch value {
        case .member(nil, let path, let origin):
            guard let first = path.first, let replacement = names[first] else { return value }
            return path.count == 1 ? replacement : .member(base: replacement, path: Array(path.dropFirst()), origin)
        case .member(let base?, let path, let origin):
            return .member(base: substitute(base, names), path: path, origin)
        case .array(let items, let origin):
            return .array(items.map { substitute($0, names) }, origin)
        case .dictionary(let pairs, let origin):
            return .dictionary(pairs.map { (substitute($0.key, names), substitute($0.value, names)) }, origin)
        case .call(let callee, let arguments, let closure, let origin):
            return .call(
                callee: substitute(callee, names),
                arguments: arguments.map { ManifestArgument(label: $0.label, value: substitute($0.value, names)) }, closure: closure, origin)
        default:
            return value
        }
    }
}
