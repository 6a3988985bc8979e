// Swift `String` enums whose raw values can be icon names, and what each of their computed
// `String?` properties returns for each case (a name, nil for the primary, or unknown).
// `enum AppIcon: String { case primary = "AppIcon"; case dark = "AppIcon-Dark"
//  var iconName: String? { self == .primary ? nil : rawValue } }`

/// The names a value can take: resolved names, whether nil (the primary) is among them, and
/// whether anything was not resolved.
struct ResolvedValue: Sendable, Hashable {
    var names: [AlternateIconName] = []
    var canBePrimary = false
    var isDynamic = false
    /// Enum properties that decide the value once every file's enums are known.
    var enumReferences: [EnumReference] = []

    static let dynamic = ResolvedValue(isDynamic: true)
    static let primary = ResolvedValue(canBePrimary: true)
    static func name(_ name: AlternateIconName) -> ResolvedValue { ResolvedValue(names: [name]) }

    mutating func formUnion(_ other: ResolvedValue) {
        names += other.names
        canBePrimary = canBePrimary || other.canBePrimary
        isDynamic = isDynamic || other.isDynamic
        enumReferences += other.enumReferences
    }
}

/// `value.property` where the value is (probably) a case of a String enum.
struct EnumReference: Sendable, Hashable {
    /// The enum named where the value is written (`AppIcon.dark.x`) or declared (`icon: AppIcon`).
    var typeName: String?
    /// The one case, when it is written (`AppIcon.dark.rawValue`, `let icon = AppIcon.dark`).
    var caseName: String?
    /// `rawValue` or a computed property.
    var property: String
    /// The variable the value is read from (`icon` in `icon.rawValue`), for narrowing.
    var variable: String? = nil
    /// Cases a condition rules out where the value is read (`icon == .primary ? nil :
    /// icon.rawValue`, `guard icon != .primary`).
    var excludedCases: Set<String> = []
    /// The only cases possible where the value is read (`case .dark, .night:` of a
    /// `switch icon`); nil when unrestricted.
    var allowedCases: Set<String>? = nil
    /// Bool members a condition fixes where the value is read (`icon.isDefault ? nil :
    /// icon.rawValue` reads `rawValue` where `isDefault` is false).
    var requiredFlags: [String: Bool] = [:]
    /// Two conditions on one flag that cannot both hold: no value at all.
    var isContradictory = false

    /// The reference where the Bool member `flag` of `variable` is `holds`.
    mutating func narrow(_ variable: String, flag: String, holds: Bool) {
        guard self.variable == variable else { return }
        if let required = requiredFlags[flag], required != holds { isContradictory = true }
        requiredFlags[flag] = holds
    }

    /// The reference inside a switch clause on `variable`: `case .a, .b:` (allowed) or
    /// `default:` (the other clauses' cases excluded).
    mutating func narrow(_ variable: String, toAnyOf cases: Set<String>) {
        guard self.variable == variable else { return }
        allowedCases = allowedCases.map { $0.intersection(cases) } ?? cases
    }

    /// The reference where `variable == caseName` holds (`equal`) or does not.
    mutating func narrow(_ variable: String, to caseName: String, equal: Bool) {
        guard self.variable == variable else { return }
        if equal {
            // Only that case; a different one already fixed means no value at all.
            if let fixed = self.caseName, fixed != caseName { excludedCases.insert(fixed) } else { self.caseName = caseName }
        } else {
            excludedCases.insert(caseName)
        }
    }
}

struct SwiftStringEnum: Sendable {
    struct Case: Sendable {
        var name: String
        /// The raw value and where it is written; nil when it is not a static literal.
        var rawValue: AlternateIconName?
    }

    let name: String
    let cases: [Case]
    /// The names of `cases`.
    let caseNames: Set<String>
    /// Property name → the value for each case, in the order of `cases`.
    var properties: [String: [ResolvedValue]]
    /// `Bool` property name → its value for each case (nil: not worked out).
    var flags: [String: [Bool?]] = [:]
    /// Static members that stand for one case: `static let defaultIcon = AppIcon.black`,
    /// `static var defaultIcon: AppIcon { .black }` → "black".
    var aliases: [String: String] = [:]
    /// Token range of the body (to find calls written inside the enum).
    var body: Range<Int>

    init(
        name: String, cases: [Case], properties: [String: [ResolvedValue]], body: Range<Int>,
        flags: [String: [Bool?]] = [:], aliases: [String: String] = [:]
    ) {
        self.name = name
        self.cases = cases
        self.caseNames = Set(cases.map(\.name))
        self.properties = properties
        self.body = body
        self.flags = flags
        self.aliases = aliases.filter { Set(cases.map(\.name)).contains($0.value) }
    }

    /// The value a reference reads from this enum.
    func value(of reference: EnumReference) -> ResolvedValue {
        guard !reference.isContradictory else { return ResolvedValue() }
        let unalias = { (name: String) in aliases[name] ?? name }
        return value(
            of: reference.property, caseName: reference.caseName.map(unalias),
            excluding: Set(reference.excludedCases.map(unalias)), allowed: reference.allowedCases.map { Set($0.map(unalias)) },
            flags: reference.requiredFlags)
    }

    /// The value of `property` for `caseName` (every case when nil), over the cases whose
    /// Bool members are as `flags` requires (a case whose member is not worked out: unknown).
    func value(
        of property: String, caseName: String?, excluding excluded: Set<String> = [], allowed: Set<String>? = nil,
        flags required: [String: Bool] = [:]
    )
        -> ResolvedValue
    {
        let names = caseNames
        guard required.keys.allSatisfy({ flags[$0] != nil }) else { return .dynamic }
        guard caseName.map(names.contains) ?? true else { return .dynamic }
        // A condition against a member that is no case (`icon != AppIcon.defaultIcon`, a static
        // alias) rules out a case we cannot name: no guess.
        guard excluded.isSubset(of: names), allowed?.isSubset(of: names) ?? true else { return .dynamic }
        let indices = cases.indices.filter { index in
            let name = cases[index].name
            return (caseName == nil || name == caseName) && !excluded.contains(name) && (allowed?.contains(name) ?? true)
        }
        var result = ResolvedValue()
        for index in indices {
            let known = required.map { flags[$0.key]?[index] }
            if known.contains(where: { $0 == nil }) {
                result.isDynamic = true
                continue
            }
            guard required.allSatisfy({ flags[$0.key]?[index] == $0.value }) else { continue }
            if property == "rawValue" {
                if let raw = cases[index].rawValue { result.formUnion(.name(raw)) } else { result.isDynamic = true }
            } else if let values = properties[property] {
                result.formUnion(values[index])
            } else {
                result.isDynamic = true
            }
        }
        return result
    }

    /// Every String enum declared in a Swift file's tokens.
    static func read(_ stream: TokenStream, path: String) -> [SwiftStringEnum] {
        var result: [SwiftStringEnum] = []
        var index = 0
        while index + 2 < stream.count {
            defer { index += 1 }
            guard stream[index].isIdentifier("enum"), stream[index + 1].kind == .identifier else { continue }
            // The inheritance clause up to the body: `: String, CaseIterable, Identifiable {`.
            var cursor = index + 2
            var isString = false
            while cursor < stream.count && !stream[cursor].isPunctuation("{") && cursor < index + 40 {
                if stream[cursor].isIdentifier("String") { isString = true }
                cursor += 1
            }
            guard isString, cursor < stream.count, stream.partner[cursor] > cursor else { continue }
            let body = (cursor + 1)..<stream.partner[cursor]
            var reader = EnumBodyReader(stream: stream, path: path, name: stream[index + 1].text, body: body)
            if let read = reader.read() { result.append(read) }
        }
        return result
    }
}

/// What a property's body evaluates to for one case, with its own "not worked out".
protocol PropertyOutcome {
    static var unknown: Self { get }
}

extension ResolvedValue: PropertyOutcome {
    static var unknown: ResolvedValue { .dynamic }
}

/// A `Bool` property's value for one case; nil when not worked out.
struct FlagOutcome: PropertyOutcome {
    var value: Bool?
    static var unknown: FlagOutcome { FlagOutcome(value: nil) }
}

/// Reads one enum body: its cases at the top level, its static aliases of a case, then its
/// `String?` and `Bool` properties per case.
private struct EnumBodyReader {
    typealias Leaf<T> = (Range<Int>, SwiftStringEnum.Case) -> T

    let stream: TokenStream
    let path: String
    let name: String
    let body: Range<Int>

    mutating func read() -> SwiftStringEnum? {
        var cases: [SwiftStringEnum.Case] = []
        var propertyBodies: [(String, Range<Int>)] = []
        var flagBodies: [(String, Range<Int>)] = []
        var aliases: [String: String] = [:]
        var index = body.lowerBound
        while index < body.upperBound {
            let token = stream[index]
            if stream.isOpener(index) && stream.partner[index] > index {
                index = stream.partner[index] + 1
                continue
            }
            if token.isIdentifier("case") {
                let end = stream.expressionEnd(from: index + 1, limit: body.upperBound)
                var element = index + 1
                // `case a, b = "x", c`: expressionEnd stops at commas; walk element by element.
                while element < body.upperBound && stream[element].kind == .identifier {
                    let caseToken = stream[element]
                    let elementEnd = stream.expressionEnd(from: element, limit: body.upperBound)
                    if elementEnd == element + 1 {
                        cases.append(
                            .init(
                                name: caseToken.text,
                                rawValue: AlternateIconName(
                                    name: caseToken.text, path: path, line: caseToken.line, column: caseToken.column)))
                    } else if elementEnd == element + 3 && stream[element + 1].isPunctuation("=") {
                        let literal = stream[element + 2]
                        let raw =
                            literal.kind == .string && literal.isStatic
                            ? AlternateIconName(name: literal.text, path: path, line: literal.line, column: literal.column) : nil
                        cases.append(.init(name: caseToken.text, rawValue: raw))
                    } else {
                        // Associated values or an unusual raw value: not a raw-value case we know.
                        cases.append(.init(name: caseToken.text, rawValue: nil))
                    }
                    guard elementEnd < body.upperBound, stream[elementEnd].isPunctuation(",") else { break }
                    element = elementEnd + 1
                }
                index = max(end, element + 1)
                continue
            }
            // `static let defaultIcon = AppIcon.black`, `static var defaultIcon: AppIcon { .black }`.
            if token.isIdentifier("static"), let (alias, caseName, end) = staticAlias(at: index + 1) {
                aliases[alias] = caseName
                index = end
                continue
            }
            // `var iconName: String? { … }`, `var isDefault: Bool { … }` (also with `get { … }` inside).
            if token.isIdentifier("var"), index + 2 < body.upperBound, stream[index + 1].kind == .identifier,
                stream[index + 2].isPunctuation(":"), !stream.isIdentifier(index - 1, "static")
            {
                var cursor = index + 3
                while cursor < body.upperBound && !stream[cursor].isPunctuation("{") && !stream[cursor].isPunctuation("=")
                    && !(cursor > index + 3 && stream[cursor].startsLine)
                { cursor += 1 }
                if cursor < body.upperBound, stream[cursor].isPunctuation("{"), stream.partner[cursor] > cursor {
                    var block = (cursor + 1)..<stream.partner[cursor]
                    if block.count >= 2, stream[block.lowerBound].isIdentifier("get"),
                        stream[block.lowerBound + 1].isPunctuation("{"), stream.partner[block.lowerBound + 1] > block.lowerBound + 1
                    {
                        block = (block.lowerBound + 2)..<stream.partner[block.lowerBound + 1]
                    }
                    let isBool = cursor == index + 4 && stream[index + 3].isIdentifier("Bool")
                    if isBool {
                        flagBodies.append((stream[index + 1].text, block))
                    } else {
                        propertyBodies.append((stream[index + 1].text, block))
                    }
                    index = stream.partner[cursor] + 1
                    continue
                }
            }
            index += 1
        }
        guard !cases.isEmpty else { return nil }
        var properties: [String: [ResolvedValue]] = [:]
        for (property, block) in propertyBodies {
            // Each case walks the body once; a body and case list past any real enum's size
            // is not evaluated (bounded work on hostile input).
            guard cases.count * block.count <= 1_000_000 else {
                properties[property] = cases.map { _ in .dynamic }
                continue
            }
            properties[property] = cases.map { evaluate(block, for: $0, expression) ?? .dynamic }
        }
        var flags: [String: [Bool?]] = [:]
        for (flag, block) in flagBodies {
            guard cases.count * block.count <= 1_000_000 else {
                flags[flag] = cases.map { _ in nil }
                continue
            }
            flags[flag] = cases.map { (evaluate(block, for: $0, flagExpression) ?? .unknown).value }
        }
        return SwiftStringEnum(name: name, cases: cases, properties: properties, body: body, flags: flags, aliases: aliases)
    }

    /// After `static`: `let x = .c`, `let x: T = T.c`, `var x: T { .c }`, `var x: T { return .c }`
    /// → (x, c, the index after the declaration); nil for anything else.
    private func staticAlias(at index: Int) -> (String, String, Int)? {
        guard stream.isIdentifier(index, "let") || stream.isIdentifier(index, "var"), index + 2 < body.upperBound,
            stream[index + 1].kind == .identifier
        else { return nil }
        var cursor = index + 2
        if stream.isPunctuation(cursor, ":") {
            // One type name: `AppIcon`, `Self`, `Module.AppIcon`.
            cursor += 1
            while cursor + 1 < body.upperBound, stream[cursor].kind == .identifier, stream.isPunctuation(cursor + 1, "."),
                cursor < index + 12
            { cursor += 2 }
            guard cursor < body.upperBound, stream[cursor].kind == .identifier else { return nil }
            cursor += 1
        }
        let value: Range<Int>
        let end: Int
        if stream.isPunctuation(cursor, "=") {
            end = stream.expressionEnd(from: cursor + 1, limit: body.upperBound)
            value = (cursor + 1)..<end
        } else if stream.isPunctuation(cursor, "{"), stream.partner[cursor] > cursor, stream.partner[cursor] < body.upperBound {
            end = stream.partner[cursor] + 1
            let start = stream.isIdentifier(cursor + 1, "return") ? cursor + 2 : cursor + 1
            value = start..<stream.partner[cursor]
        } else {
            return nil
        }
        guard let caseName = caseName(value) else { return nil }
        return (stream[index + 1].text, caseName, end)
    }

    // MARK: Evaluating a property for one case

    /// The value a block returns for `self == item`, or nil when it falls through.
    private func evaluate<T: PropertyOutcome>(_ block: Range<Int>, for item: SwiftStringEnum.Case, _ leaf: Leaf<T>) -> T? {
        guard !block.isEmpty else { return nil }
        guard stream.meter.enter() else { return .unknown }
        defer { stream.meter.leave() }
        // A single expression is an implicit return.
        let first = stream[block.lowerBound]
        if !["return", "if", "guard", "let", "var", "switch"].contains(first.text) || first.kind != .identifier {
            if stream.expressionEnd(from: block.lowerBound, limit: block.upperBound) == block.upperBound {
                return leaf(block, item)
            }
        }
        var index = block.lowerBound
        while index < block.upperBound, stream.meter.charge() {
            let token = stream[index]
            if token.isIdentifier("return") {
                let end = stream.expressionEnd(from: index + 1, limit: block.upperBound)
                return end > index + 1 ? leaf((index + 1)..<end, item) : .unknown
            }
            if token.isIdentifier("switch") {
                guard let outcome = switchStatement(at: index, limit: block.upperBound, for: item, leaf) else { return .unknown }
                if let value = outcome.0 { return value }
                index = outcome.1
                continue
            }
            if token.isIdentifier("if") {
                guard let outcome = ifStatement(at: index, limit: block.upperBound, for: item, leaf) else { return .unknown }
                if let value = outcome.0 { return value }
                index = outcome.1
                continue
            }
            if token.isIdentifier("guard") {
                guard let elseIndex = stream.topLevelIndex(in: (index + 1)..<block.upperBound, where: { $0.isIdentifier("else") }),
                    stream.isPunctuation(elseIndex + 1, "{"), stream.partner[elseIndex + 1] > elseIndex + 1,
                    let holds = decide((index + 1)..<elseIndex, for: item)
                else { return .unknown }
                let close = stream.partner[elseIndex + 1]
                if !holds { return evaluate((elseIndex + 2)..<close, for: item, leaf) ?? .unknown }
                index = close + 1
                continue
            }
            // Any other statement (a local, a call): the value may depend on it.
            return .unknown
        }
        return nil
    }

    /// A `switch self { … }` at `index`: the matching clause's value (nil inside when it falls
    /// through) and the index after the statement; nil when the subject is not `self`.
    private func switchStatement<T: PropertyOutcome>(at index: Int, limit: Int, for item: SwiftStringEnum.Case, _ leaf: Leaf<T>)
        -> (T?, Int)?
    {
        guard stream.isIdentifier(index + 1, "self"), stream.isPunctuation(index + 2, "{"),
            stream.partner[index + 2] > index + 2
        else { return nil }
        let open = index + 2, close = stream.partner[open]
        // Clause starts: `case`/`default` at the top level of the body.
        var starts: [Int] = []
        var cursor = open + 1
        while cursor < close, stream.meter.charge() {
            if stream.isOpener(cursor) && stream.partner[cursor] > cursor {
                cursor = stream.partner[cursor] + 1
                continue
            }
            if stream[cursor].isIdentifier("case") || stream[cursor].isIdentifier("default") { starts.append(cursor) }
            cursor += 1
        }
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : close
            guard let colon = stream.topLevelIndex(in: start..<end, where: { $0.isPunctuation(":") }) else { return nil }
            let matches: Bool
            if stream[start].isIdentifier("default") {
                matches = true
            } else {
                var names: [String] = []
                var patternStart = start + 1
                guard stream.meter.charge(colon - patternStart) else { return nil }
                for comma in patternStart..<colon where stream[comma].isPunctuation(",") {
                    guard let name = caseName(patternStart..<comma) else { return nil }
                    names.append(name)
                    patternStart = comma + 1
                }
                guard let last = caseName(patternStart..<colon) else { return nil }
                names.append(last)
                matches = names.contains(item.name)
            }
            if matches { return (evaluate((colon + 1)..<end, for: item, leaf), close + 1) }
        }
        return (nil, close + 1)
    }

    /// An `if` chain at `index`: the chosen branch's value and the index after the chain.
    private func ifStatement<T: PropertyOutcome>(at index: Int, limit: Int, for item: SwiftStringEnum.Case, _ leaf: Leaf<T>)
        -> (T?, Int)?
    {
        guard stream.meter.enter() else { return nil }
        defer { stream.meter.leave() }
        guard let open = stream.topLevelIndex(in: (index + 1)..<limit, where: { $0.isPunctuation("{") }),
            stream.partner[open] > open, let holds = decide((index + 1)..<open, for: item)
        else { return nil }
        let close = stream.partner[open]
        let after = chainEnd(after: close, limit: limit)
        if holds { return (evaluate((open + 1)..<close, for: item, leaf), after) }
        guard stream.isIdentifier(close + 1, "else") else { return (nil, after) }
        if stream.isIdentifier(close + 2, "if") { return ifStatement(at: close + 2, limit: limit, for: item, leaf) }
        guard stream.isPunctuation(close + 2, "{"), stream.partner[close + 2] > close + 2 else { return nil }
        return (evaluate((close + 3)..<stream.partner[close + 2], for: item, leaf), after)
    }

    /// The index after the `else` branches that follow the block closed at `close`.
    private func chainEnd(after close: Int, limit: Int) -> Int {
        var after = close + 1
        while stream.isIdentifier(after, "else"), stream.meter.charge() {
            if stream.isIdentifier(after + 1, "if") {
                guard let open = stream.topLevelIndex(in: (after + 2)..<limit, where: { $0.isPunctuation("{") }),
                    stream.partner[open] > open
                else { return limit }
                after = stream.partner[open] + 1
            } else if stream.isPunctuation(after + 1, "{"), stream.partner[after + 1] > after + 1 {
                return stream.partner[after + 1] + 1
            } else {
                return limit
            }
        }
        return after
    }

    /// `.name` or `Enum.name` → `name`.
    private func caseName(_ range: Range<Int>) -> String? {
        guard range.count >= 2, stream[range.upperBound - 1].kind == .identifier,
            stream[range.upperBound - 2].isPunctuation(".")
        else { return nil }
        if range.count == 2 { return stream[range.upperBound - 1].text }
        if range.count == 3, stream[range.lowerBound].isIdentifier(name) || stream[range.lowerBound].isIdentifier("Self") {
            return stream[range.upperBound - 1].text
        }
        return nil
    }

    /// Whether a condition on `self` holds for the case: `self == .x`, `self != .x`,
    /// `.x == self`, `case .x = self`; nil for any other condition.
    private func decide(_ range: Range<Int>, for item: SwiftStringEnum.Case) -> Bool? {
        var range = stream.trimmed(range)
        guard !range.isEmpty else { return nil }
        if stream[range.lowerBound].isIdentifier("case"),
            let equals = stream.topLevelIndex(in: range, where: { $0.isPunctuation("=") }),
            equals == range.upperBound - 2, stream[range.upperBound - 1].isIdentifier("self"),
            let name = caseName((range.lowerBound + 1)..<equals)
        {
            return name == item.name
        }
        range = stream.trimmed(range)
        guard let operatorIndex = stream.topLevelIndex(in: range, where: { $0.isPunctuation("==") || $0.isPunctuation("!=") })
        else { return nil }
        let left = range.lowerBound..<operatorIndex, right = (operatorIndex + 1)..<range.upperBound
        let isSelf = { (side: Range<Int>) in side.count == 1 && self.stream[side.lowerBound].isIdentifier("self") }
        let other: Range<Int>
        if isSelf(left) { other = right } else if isSelf(right) { other = left } else { return nil }
        guard let name = caseName(other) else { return nil }
        return (name == item.name) == stream[operatorIndex].isPunctuation("==")
    }

    /// A `Bool` expression's value for one case: `true`, `false`, a condition on `self`
    /// (`self == .black`, `case .black = self`), `!`, `&&`, `||`, parentheses, a ternary, or
    /// a `switch self` / `if` expression of those.
    private func flagExpression(_ range: Range<Int>, for item: SwiftStringEnum.Case) -> FlagOutcome {
        guard stream.meter.enter() else { return .unknown }
        defer { stream.meter.leave() }
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return .unknown }
        let first = stream[range.lowerBound]
        if first.isIdentifier("switch") {
            return switchStatement(at: range.lowerBound, limit: range.upperBound, for: item, flagExpression)?.0 ?? .unknown
        }
        if first.isIdentifier("if") {
            return ifStatement(at: range.lowerBound, limit: range.upperBound, for: item, flagExpression)?.0 ?? .unknown
        }
        if let question = stream.topLevelIndex(in: range, where: { $0.isPunctuation("?") }),
            let colon = stream.topLevelIndex(in: range, from: question + 1, where: { $0.isPunctuation(":") })
        {
            guard let holds = flagExpression(range.lowerBound..<question, for: item).value else { return .unknown }
            return flagExpression(holds ? (question + 1)..<colon : (colon + 1)..<range.upperBound, for: item)
        }
        for (word, isOr) in [("||", true), ("&&", false)] {
            if let split = stream.topLevelIndex(in: range, where: { $0.isPunctuation(word) }) {
                let left = flagExpression(range.lowerBound..<split, for: item).value
                if left == isOr { return FlagOutcome(value: isOr) }
                let right = flagExpression((split + 1)..<range.upperBound, for: item).value
                guard let left, let right else { return .unknown }
                return FlagOutcome(value: isOr ? left || right : left && right)
            }
        }
        if first.isPunctuation("!") {
            return FlagOutcome(value: flagExpression((range.lowerBound + 1)..<range.upperBound, for: item).value.map { !$0 })
        }
        if range.count == 1, first.isIdentifier("true") || first.isIdentifier("false") {
            return FlagOutcome(value: first.isIdentifier("true"))
        }
        return FlagOutcome(value: decide(range, for: item))
    }

    /// An expression's value for one case: nil, `rawValue`, `self.rawValue`, a literal, a
    /// ternary on `self`, or a `switch self` expression.
    private func expression(_ range: Range<Int>, for item: SwiftStringEnum.Case) -> ResolvedValue {
        guard stream.meter.enter() else { return .dynamic }
        defer { stream.meter.leave() }
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return .dynamic }
        if stream[range.lowerBound].isIdentifier("switch") {
            return switchStatement(at: range.lowerBound, limit: range.upperBound, for: item, expression)?.0 ?? .dynamic
        }
        if stream[range.lowerBound].isIdentifier("if") {
            return ifStatement(at: range.lowerBound, limit: range.upperBound, for: item, expression)?.0 ?? .dynamic
        }
        if let question = stream.topLevelIndex(in: range, where: { $0.isPunctuation("?") }),
            let colon = stream.topLevelIndex(in: range, from: question + 1, where: { $0.isPunctuation(":") })
        {
            guard let holds = decide(range.lowerBound..<question, for: item) else { return .dynamic }
            return holds ? expression((question + 1)..<colon, for: item) : expression((colon + 1)..<range.upperBound, for: item)
        }
        if range.count == 1 {
            let token = stream[range.lowerBound]
            if token.isIdentifier("nil") { return .primary }
            if token.isIdentifier("rawValue") { return item.rawValue.map { .name($0) } ?? .dynamic }
            if token.kind == .string {
                return token.isStatic
                    ? .name(AlternateIconName(name: token.text, path: path, line: token.line, column: token.column)) : .dynamic
            }
        }
        if range.count == 3, stream[range.lowerBound].isIdentifier("self"), stream[range.lowerBound + 1].isPunctuation("."),
            stream[range.lowerBound + 2].isIdentifier("rawValue")
        {
            return item.rawValue.map { .name($0) } ?? .dynamic
        }
        return .dynamic
    }
}
