// Finds the calls that set an alternate icon in one file's tokens and resolves what each
// can pass: literals in the call, locals of the same function filled from literals (through
// assignments, ternaries, `??`, switch and if expressions), and Swift `String` enum
// properties (left as references until every file's enums are known). Anything else (a
// parameter, a property, interpolation, concatenation, a call) is dynamic: no guess.

struct PendingCallSite: Sendable {
    var api: AlternateIconAPI
    var line: Int
    var column: Int
    var value: ResolvedValue
}

struct AlternateIconResolver {
    let stream: TokenStream
    let language: SourceLanguage
    let path: String
    /// The String enums of this file (for calls written inside an enum's body).
    let localEnums: [SwiftStringEnum]

    var isJavaScript: Bool { language == .javaScript || language == .typeScript || language == .typeScriptJSX }

    // MARK: Finding the calls

    func callSites() -> [PendingCallSite] {
        switch language {
        case .swift: return swiftCalls()
        case .objectiveC: return objectiveCCalls()
        case .dart: return dartCalls()
        case .javaScript, .typeScript, .typeScriptJSX: return javaScriptCalls()
        }
    }

    func site(_ api: AlternateIconAPI, at index: Int, value: ResolvedValue) -> PendingCallSite {
        PendingCallSite(api: api, line: stream[index].line, column: stream[index].column, value: value)
    }

    // MARK: Resolving an expression

    /// How many variables deep a value is followed (a = b; b = c; …), also the guard
    /// against assignment cycles.
    static let budget = 8
    /// How many expressions one call's value may take to resolve (assignments fan out).
    static let work = 256
    /// An argument longer than this is no name written out: dynamic, unread.
    static let maxArgumentTokens = 256

    /// What is left of one call's work.
    final class Work {
        var remaining = AlternateIconResolver.work
    }

    func resolve(_ range: Range<Int>, at call: Int) -> ResolvedValue {
        resolve(range, at: call, budget: Self.budget, work: Work())
    }

    static let nullWords: Set<String> = ["nil", "null", "undefined", "NULL", "Nil"]

    func resolve(_ range: Range<Int>, at call: Int, budget: Int, work: Work) -> ResolvedValue {
        work.remaining -= 1
        guard !range.isEmpty, range.count <= Self.maxArgumentTokens, budget > 0, work.remaining > 0 else { return .dynamic }
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return .dynamic }
        let first = stream[range.lowerBound]
        if language == .swift && (first.isIdentifier("switch") || first.isIdentifier("if")) {
            return branches(range, at: call, budget: budget, work: work)
        }
        // cond ? a : b
        if let question = stream.topLevelIndex(in: range, where: { $0.isPunctuation("?") }),
            let colon = colonOfTernary(after: question, in: range)
        {
            var value = resolve((question + 1)..<colon, at: call, budget: budget, work: work)
            var other = resolve((colon + 1)..<range.upperBound, at: call, budget: budget, work: work)
            if let condition = caseCondition(range.lowerBound..<question) {
                narrow(&value, condition)
                narrow(&other, condition.negated)
            }
            value.formUnion(other)
            return value
        }
        // a ?? b (and JavaScript's a || b): nil only when b is.
        if let coalesce = stream.topLevelIndex(
            in: range,
            where: {
                $0.isPunctuation("??") || ($0.isPunctuation("||") && self.language != .swift && self.language != .objectiveC)
            })
        {
            var value = resolve(range.lowerBound..<coalesce, at: call, budget: budget, work: work)
            let fallback = resolve((coalesce + 1)..<range.upperBound, at: call, budget: budget, work: work)
            value.canBePrimary = fallback.canBePrimary
            value.names += fallback.names
            value.isDynamic = value.isDynamic || fallback.isDynamic
            value.enumReferences += fallback.enumReferences
            return value
        }
        if let value = tableValue(range, at: call, budget: budget, lookup: { self.resolve($0, at: call, budget: $1, work: work) }) {
            return value
        }
        if range.count == 1 {
            if first.kind == .string {
                return first.isStatic
                    ? .name(AlternateIconName(name: first.text, path: path, line: first.line, column: first.column)) : .dynamic
            }
            if first.kind == .identifier && Self.nullWords.contains(first.text) { return .primary }
            guard first.kind == .identifier else { return .dynamic }
            if let value = variable(at: range.lowerBound, call: call, budget: budget - 1, work: work) { return value }
            // `iconName` or `rawValue` written inside the enum that declares it.
            if language == .swift, stream.meter.charge(localEnums.count),
                let enclosing = localEnums.filter({ $0.body.contains(call) }).min(by: { $0.body.count < $1.body.count }),
                first.text == "rawValue" || enclosing.properties[first.text] != nil
            {
                var value = ResolvedValue()
                value.enumReferences = [EnumReference(typeName: enclosing.name, caseName: nil, property: first.text)]
                return value
            }
            return .dynamic
        }
        if language == .swift, let chain = memberChain(range) {
            return enumMember(chain, at: call)
        }
        return .dynamic
    }

    /// The `:` matching the ternary `?` at `question`, counting nested ternaries.
    func colonOfTernary(after question: Int, in range: Range<Int>) -> Int? {
        var pending = 0
        var index = question + 1
        while index < range.upperBound, stream.meter.charge() {
            if stream.isOpener(index) && stream.partner[index] > index {
                index = stream.partner[index] + 1
                continue
            }
            if stream[index].isPunctuation("?") { pending += 1 }
            if stream[index].isPunctuation(":") {
                if pending == 0 { return index }
                pending -= 1
            }
            index += 1
        }
        return nil
    }

    /// Swift's `switch x { case …: "A" … }` and `if c { "A" } else { nil }` expressions: the
    /// union of every branch.
    func branches(_ range: Range<Int>, at call: Int, budget: Int, work: Work) -> ResolvedValue {
        guard let open = stream.topLevelIndex(in: range, where: { $0.isPunctuation("{") }), stream.partner[open] > open else {
            return .dynamic
        }
        let close = stream.partner[open]
        var value = ResolvedValue()
        if stream[range.lowerBound].isIdentifier("switch") {
            var index = open + 1
            var clauseStart: Int?
            func finish(_ end: Int) {
                guard let start = clauseStart else { return }
                value.formUnion(resolve(start..<end, at: call, budget: budget, work: work))
            }
            while index < close, stream.meter.charge() {
                if stream.isOpener(index) && stream.partner[index] > index {
                    index = stream.partner[index] + 1
                    continue
                }
                if stream[index].isIdentifier("case") || stream[index].isIdentifier("default") {
                    finish(index)
                    guard let colon = stream.topLevelIndex(in: index..<close, where: { $0.isPunctuation(":") }) else {
                        return .dynamic
                    }
                    clauseStart = colon + 1
                    index = colon + 1
                    continue
                }
                index += 1
            }
            finish(close)
            return clauseStart == nil ? .dynamic : value
        }
        // if … { a } else if … { b } else { c }; without a final else the value may be absent.
        var block = open
        while stream.meter.charge() {
            value.formUnion(resolve((block + 1)..<stream.partner[block], at: call, budget: budget, work: work))
            let after = stream.partner[block] + 1
            guard stream.isIdentifier(after, "else") else { return .dynamic }
            if stream.isPunctuation(after + 1, "{"), stream.partner[after + 1] > after + 1 {
                value.formUnion(resolve((after + 2)..<stream.partner[after + 1], at: call, budget: budget, work: work))
                return value
            }
            guard stream.isIdentifier(after + 1, "if"),
                let next = stream.topLevelIndex(in: (after + 2)..<range.upperBound, where: { $0.isPunctuation("{") }),
                stream.partner[next] > next
            else { return .dynamic }
            block = next
        }
        return .dynamic
    }

    // MARK: Locals of the enclosing function

    static let controlWords: Set<String> = ["if", "for", "while", "switch", "catch", "guard", "when", "with", "repeat", "do"]
    static let declarationWords: Set<String> = ["let", "var", "const", "final", "late"]
    static let expressionWords: Set<String> = [
        "return", "case", "in", "of", "await", "yield", "throw", "else", "new", "typeof", "try", "is",
    ]

    /// The first token of the function that encloses `index` (a `func`, method or named
    /// function; closures and arrow functions see their enclosing function's locals), or 0.
    func functionStart(enclosing index: Int) -> Int {
        var brace = stream.enclosingBrace[index]
        var levels = 0
        while brace >= 0 && levels < 64 && stream.meter.charge() {
            levels += 1
            if isFunctionBody(brace) { return brace }
            brace = stream.enclosingBrace[brace]
        }
        return 0
    }

    /// A `{` that opens a named function's body: `func f(…) async throws -> T {`, `void f(…) {`,
    /// `function f(…) {`, `- (void)f:(T)x {`, a method `f(…) {`; not `if (…) {`, not a closure.
    func isFunctionBody(_ brace: Int) -> Bool {
        var index = brace - 1
        var steps = 0
        while index >= 0 && steps < 24 && stream.meter.charge() {
            let token = stream[index]
            if token.isPunctuation(")") {
                let open = stream.partner[index]
                guard open > 0 else { return false }
                let before = stream[open - 1]
                // Swift generics: `func f<T>(…) {`.
                if language == .swift && before.isPunctuation(">") { return true }
                guard before.kind == .identifier, !Self.controlWords.contains(before.text) else {
                    // Objective-C methods: the statement starts with `-` or `+`.
                    return language == .objectiveC && methodHeader(before: brace)
                }
                if language == .swift {
                    return stream.isIdentifier(open - 2, "func") || before.text == "init" || before.text == "subscript"
                }
                // `function (…) {` without a name is a closure; `function f(…) {` is not.
                return before.text != "function" || (open >= 2 && stream[open - 2].kind == .identifier)
            }
            if token.kind == .punctuation
                && (token.text == "{" || token.text == "}" || token.text == ";" || token.text == "=>"
                    || token.text == "=")
            {
                return language == .objectiveC && methodHeader(before: brace)
            }
            index -= 1
            steps += 1
        }
        return language == .objectiveC && methodHeader(before: brace)
    }

    func methodHeader(before brace: Int) -> Bool {
        var index = brace - 1
        while index >= 0 && brace - index < 256 && stream.meter.charge() {
            let token = stream[index]
            if token.kind == .punctuation && (token.text == "{" || token.text == "}" || token.text == ";") { return false }
            if token.startsLine && (token.isPunctuation("-") || token.isPunctuation("+")) { return true }
            index -= 1
        }
        return false
    }

    /// The value of the identifier at `index` when it is a local declared in the enclosing
    /// function before the call: the union of what is assigned to it there; nil when it is
    /// not such a local (a parameter, a property, a global).
    func variable(at index: Int, call: Int, budget: Int, work: Work) -> ResolvedValue? {
        let name = stream[index].text
        let start = functionStart(enclosing: call)
        var declared = false
        var value = ResolvedValue()
        for position in stream.occurrences(of: name, in: start..<call) where position != index {
            guard stream.meter.charge() else { return .dynamic }
            if stream.isPunctuation(position - 1, ".") || stream.isPunctuation(position - 1, "?.") { continue }
            // A declaration in a block that does not enclose the call is another variable
            // (`if x { let name = "A" }` beside a parameter `name`).
            let isDeclaration = isDeclaring(position)
            if isDeclaration && !encloses(stream.enclosingBrace[position], call) { continue }
            if isDeclaration { declared = true }
            var next = position + 1
            // `let name: String? = …`, `name: string | null = …`.
            if isDeclaration && stream.isPunctuation(next, ":") {
                while next < call && stream.meter.charge() && !stream[next].isPunctuation("=") && !stream[next].isPunctuation(";")
                    && !(next > position + 1 && stream[next].startsLine)
                { next += 1 }
            }
            if next < call, stream[next].isPunctuation("=") {
                let end = stream.expressionEnd(from: next + 1, limit: call)
                value.formUnion(resolve((next + 1)..<end, at: call, budget: budget, work: work))
            } else if next < call, stream[next].kind == .punctuation, ["+=", "??=", "||=", "&&="].contains(stream[next].text) {
                value.isDynamic = true
            } else if isDeclaration
                && (language == .objectiveC || isJavaScript
                    || (position + 1..<next).contains {
                        stream[$0].isPunctuation("?") || stream[$0].isPunctuation("!")
                    } || stream.isPunctuation(position - 1, "?"))
            {
                // Declared without a value: nil (Objective-C under ARC, JavaScript's
                // undefined, Swift and Dart optionals) until assigned. `let name: String`
                // is not: it must be assigned before use.
                value.canBePrimary = true
            }
        }
        return declared ? value : nil
    }

    /// The block opened at `brace` (-1: the file) holds `index`.
    func encloses(_ brace: Int, _ index: Int) -> Bool {
        guard brace >= 0 else { return true }
        var current = stream.enclosingBrace[index]
        while current > brace, stream.meter.charge() { current = stream.enclosingBrace[current] }
        return current == brace
    }

    /// The identifier at `index` is being declared: `let x`, `var x`, `const x`, `final x`,
    /// `NSString *x`, Dart's `String x` / `String? x`.
    func isDeclaring(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let previous = stream[index - 1]
        if previous.kind == .identifier && Self.declarationWords.contains(previous.text) { return true }
        switch language {
        case .objectiveC:
            return previous.isPunctuation("*") && index >= 2 && stream[index - 2].kind == .identifier
        case .dart:
            if previous.kind == .identifier { return !Self.expressionWords.contains(previous.text) }
            return previous.isPunctuation("?") && index >= 2 && stream[index - 2].kind == .identifier
        default:
            return false
        }
    }
}
