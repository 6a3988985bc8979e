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

    private var isJavaScript: Bool { language == .javaScript || language == .typeScript || language == .typeScriptJSX }

    // MARK: Finding the calls

    func callSites() -> [PendingCallSite] {
        switch language {
        case .swift: return swiftCalls()
        case .objectiveC: return objectiveCCalls()
        case .dart: return dartCalls()
        case .javaScript, .typeScript, .typeScriptJSX: return javaScriptCalls()
        }
    }

    /// `setAlternateIconName(x, …)`, `setAlternateIconName(x) { … }`, `try await
    /// ….setAlternateIconName(x)`; not a declaration (`func setAlternateIconName(`), not a
    /// selector (`#selector(setAlternateIconName(_:completionHandler:))`), not a wrapper with
    /// an argument label.
    private func swiftCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, "("), !stream.isIdentifier(index - 1, "func") else { continue }
            let argument = stream.firstArgument(openedAt: index + 1, limit: Self.maxArgumentTokens)
            guard !argument.isEmpty else { continue }
            if argument.count >= 2, stream[argument.lowerBound].kind == .identifier,
                stream[argument.lowerBound + 1].isPunctuation(":")
            {
                continue
            }
            result.append(site(.uiKit, at: index, value: resolve(argument, at: index)))
        }
        return result
    }

    /// `[app setAlternateIconName:x completionHandler:…]`; not a method declaration
    /// (`- (void)setAlternateIconName:(NSString *)name`) or `@selector(setAlternateIconName:…)`.
    private func objectiveCCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, ":") else { continue }
            if stream.isPunctuation(index - 1, "("), stream.isIdentifier(index - 2, "selector") { continue }
            if stream.isPunctuation(index - 1, ")"), stream.partner[index - 1] > 0 {
                let open = stream.partner[index - 1]
                if stream.isPunctuation(open - 1, "-") || stream.isPunctuation(open - 1, "+") { continue }
            }
            // The argument runs to the next selector part (`completionHandler:`) or the `]`;
            // a `:` after a `?` belongs to a ternary.
            var end = index + 2
            var pendingTernaries = 0
            while end < stream.count && end < index + 2 + Self.maxArgumentTokens {
                if stream.isOpener(end) && stream.partner[end] > end {
                    end = stream.partner[end] + 1
                    continue
                }
                let token = stream[end]
                if stream.isCloser(end) || token.isPunctuation(";") { break }
                if token.isPunctuation("?") { pendingTernaries += 1 }
                if token.isPunctuation(":") && pendingTernaries > 0 { pendingTernaries -= 1 }
                if token.kind == .identifier && stream.isPunctuation(end + 1, ":") && pendingTernaries == 0 && end > index + 2 { break }
                end += 1
            }
            guard end > index + 2 else { continue }
            result.append(site(.uiKit, at: index, value: resolve((index + 2)..<end, at: index)))
        }
        return result
    }

    /// `FlutterDynamicIcon.setAlternateIconName(x, showAlert: …)` (flutter_dynamic_icon).
    private func dartCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, "("), stream.isPunctuation(index - 1, "."),
                stream.isIdentifier(index - 2, "FlutterDynamicIcon")
            else { continue }
            let argument = stream.firstArgument(openedAt: index + 1, limit: Self.maxArgumentTokens)
            guard !argument.isEmpty else { continue }
            if argument.count >= 2, stream[argument.lowerBound].kind == .identifier,
                stream[argument.lowerBound + 1].isPunctuation(":")
            {
                continue
            }
            result.append(site(.flutterDynamicIcon, at: index, value: resolve(argument, at: index)))
        }
        return result
    }

    // MARK: JavaScript: only names bound by an import of the plugin's package

    private enum Binding {
        case function(AlternateIconAPI)
        case namespace(AlternateIconAPI)
        case capacitorObject
    }

    private static let packages: [String: AlternateIconAPI] = [
        "react-native-change-icon": .reactNativeChangeIcon,
        "expo-alternate-app-icons": .expoAlternateAppIcons,
        "@capacitor-community/app-icon": .capacitorAppIcon,
        "expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@mozzius/expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@bsky.app/expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@howincodes/expo-dynamic-app-icon": .expoDynamicAppIconPrefixed,
    ]

    private static func exportedName(_ api: AlternateIconAPI) -> String {
        switch api {
        case .reactNativeChangeIcon: return "changeIcon"
        case .expoAlternateAppIcons: return "setAlternateAppIcon"
        case .expoDynamicAppIcon, .expoDynamicAppIconPrefixed: return "setAppIcon"
        default: return "AppIcon"
        }
    }

    /// Local names bound to the plugins' functions: `import { changeIcon as set } from
    /// 'react-native-change-icon'`, `import * as Icons from …`, `const { AppIcon } =
    /// require('@capacitor-community/app-icon')`, `const Icons = require(…)`, `const { changeIcon }
    /// = await import('react-native-change-icon')`.
    private func javaScriptBindings() -> [String: Binding] {
        var bindings: [String: Binding] = [:]
        func bind(specifiers: Range<Int>, api: AlternateIconAPI) {
            // `{ a, b as c }` or `{ a, b: c }`.
            var index = specifiers.lowerBound
            while index < specifiers.upperBound, stream.meter.charge() {
                let token = stream[index]
                if token.kind == .identifier && token.text != "type" {
                    var local = token.text
                    if index + 2 < specifiers.upperBound, stream[index + 1].isIdentifier("as") || stream[index + 1].isPunctuation(":"),
                        stream[index + 2].kind == .identifier
                    {
                        local = stream[index + 2].text
                        index += 2
                    }
                    if token.text == Self.exportedName(api) {
                        bindings[local] = api == .capacitorAppIcon ? .capacitorObject : .function(api)
                    }
                }
                index += 1
            }
        }
        for index in 0..<stream.count {
            let token = stream[index]
            guard token.kind == .string, token.isStatic, let api = Self.packages[token.text] else { continue }
            if stream.isIdentifier(index - 1, "from") {
                // Walk back to `import`.
                // Back to `import`, not past the previous statement (`export { x } from` binds nothing).
                var start = index - 2
                while start >= 0 && !stream[start].isIdentifier("import") && index - start < 200
                    && !stream[start].isPunctuation(";") && stream[start].kind != .string && !stream[start].isIdentifier("export")
                {
                    start -= 1
                }
                guard start >= 0, stream[start].isIdentifier("import") else { continue }
                var cursor = start + 1
                while cursor < index - 1, stream.meter.charge() {
                    if stream[cursor].isPunctuation("{"), stream.partner[cursor] > cursor {
                        bind(specifiers: (cursor + 1)..<stream.partner[cursor], api: api)
                        cursor = stream.partner[cursor] + 1
                        continue
                    }
                    if stream[cursor].isPunctuation("*"), stream.isIdentifier(cursor + 1, "as"), cursor + 2 < index - 1,
                        stream[cursor + 2].kind == .identifier
                    {
                        bindings[stream[cursor + 2].text] = .namespace(api)
                        cursor += 3
                        continue
                    }
                    cursor += 1
                }
            } else if stream.isPunctuation(index - 1, "("), stream.isPunctuation(index + 1, ")"),
                (stream.isIdentifier(index - 2, "require") && stream.isPunctuation(index - 3, "="))
                    || (stream.isIdentifier(index - 2, "import") && stream.isIdentifier(index - 3, "await")
                        && stream.isPunctuation(index - 4, "="))
            {
                // `… = require('pkg')`, `… = await import('pkg')` (a plugin loaded on demand).
                let target = stream.isIdentifier(index - 2, "import") ? index - 5 : index - 4
                if target >= 0, stream[target].isPunctuation("}"), stream.partner[target] >= 0 {
                    bind(specifiers: (stream.partner[target] + 1)..<target, api: api)
                } else if target >= 0, stream[target].kind == .identifier {
                    bindings[stream[target].text] = .namespace(api)
                }
            }
        }
        return bindings
    }

    private func javaScriptCalls() -> [PendingCallSite] {
        let bindings = javaScriptBindings()
        guard !bindings.isEmpty else { return [] }
        var result: [PendingCallSite] = []
        for index in 0..<stream.count {
            let token = stream[index]
            guard token.kind == .identifier, let binding = bindings[token.text],
                !stream.isPunctuation(index - 1, "."), !stream.isPunctuation(index - 1, "?.")
            else { continue }
            switch binding {
            case .function(let api):
                if stream.isPunctuation(index + 1, "("), !stream.isIdentifier(index - 1, "function") {
                    result.append(pluginCall(api, nameAt: index, open: index + 1))
                }
            case .capacitorObject:
                if stream.isPunctuation(index + 1, "."), stream.isIdentifier(index + 2, "change"), stream.isPunctuation(index + 3, "(") {
                    result.append(pluginCall(.capacitorAppIcon, nameAt: index + 2, open: index + 3))
                }
            case .namespace(let api):
                guard stream.isPunctuation(index + 1, ".") else { continue }
                if api == .capacitorAppIcon {
                    if stream.isIdentifier(index + 2, "AppIcon"), stream.isPunctuation(index + 3, "."),
                        stream.isIdentifier(index + 4, "change"), stream.isPunctuation(index + 5, "(")
                    {
                        result.append(pluginCall(.capacitorAppIcon, nameAt: index + 4, open: index + 5))
                    }
                } else if stream.isIdentifier(index + 2, Self.exportedName(api)), stream.isPunctuation(index + 3, "(") {
                    result.append(pluginCall(api, nameAt: index + 2, open: index + 3))
                }
            }
        }
        return result
    }

    /// What each plugin hands to `setAlternateIconName` (read from their sources):
    /// - react-native-change-icon 5: the name unchanged; no name, "" and "Default" mean the
    ///   primary (its iOS module passes nil then).
    /// - expo-alternate-app-icons: the name unchanged; null means the primary.
    /// - @capacitor-community/app-icon: `change({ name })`, the name unchanged; an empty name
    ///   is refused before iOS is asked.
    /// - expo-dynamic-app-icon (and forks): `setAppIcon(name)`, the name unchanged (the
    ///   @howincodes fork prefixes `AppIcon-`, see `AlternateIconAPI.nameReachingIOS`); null
    ///   or "" mean the primary.
    private func pluginCall(_ api: AlternateIconAPI, nameAt index: Int, open: Int) -> PendingCallSite {
        let argument = stream.firstArgument(openedAt: open, limit: Self.maxArgumentTokens)
        var value: ResolvedValue
        switch api {
        case .capacitorAppIcon:
            value = capacitorName(argument, at: index)
        default:
            if !argument.isEmpty {
                value = resolve(argument, at: index)
            } else {
                value = .primary
            }
        }
        if api == .reactNativeChangeIcon {
            let primary = value.names.filter { $0.name.isEmpty || $0.name == "Default" }
            if !primary.isEmpty {
                value.names.removeAll { $0.name.isEmpty || $0.name == "Default" }
                value.canBePrimary = true
            }
        }
        if api == .capacitorAppIcon { value.names.removeAll { $0.name.isEmpty } }
        // The dynamic-app-icon modules pass nil for null or "" (the primary).
        if api == .expoDynamicAppIcon || api == .expoDynamicAppIconPrefixed, value.names.contains(where: { $0.name.isEmpty }) {
            value.names.removeAll { $0.name.isEmpty }
            value.canBePrimary = true
        }
        return site(api, at: index, value: value)
    }

    /// The `name` of `{ name: 'x', suppressNotification: true }` (also `{ name }`).
    private func capacitorName(_ argument: Range<Int>, at call: Int) -> ResolvedValue {
        guard argument.count >= 2, argument.count <= Self.maxArgumentTokens, stream[argument.lowerBound].isPunctuation("{"),
            stream.partner[argument.lowerBound] == argument.upperBound - 1
        else { return .dynamic }
        for property in stream.arguments(openedAt: argument.lowerBound) where !property.isEmpty {
            let key = stream[property.lowerBound]
            if key.isPunctuation("...") { return .dynamic }
            guard (key.kind == .identifier || (key.kind == .string && key.isStatic)) && key.text == "name" else { continue }
            if property.count == 1 { return resolve(property, at: call) }
            guard stream[property.lowerBound + 1].isPunctuation(":") else { return .dynamic }
            return resolve((property.lowerBound + 2)..<property.upperBound, at: call)
        }
        return .dynamic
    }

    private func site(_ api: AlternateIconAPI, at index: Int, value: ResolvedValue) -> PendingCallSite {
        PendingCallSite(api: api, line: stream[index].line, column: stream[index].column, value: value)
    }

    // MARK: Resolving an expression

    /// How many variables deep a value is followed (a = b; b = c; …), also the guard
    /// against assignment cycles.
    private static let budget = 8
    /// How many expressions one call's value may take to resolve (assignments fan out).
    private static let work = 256
    /// An argument longer than this is no name written out: dynamic, unread.
    static let maxArgumentTokens = 256

    /// What is left of one call's work.
    private final class Work {
        var remaining = AlternateIconResolver.work
    }

    func resolve(_ range: Range<Int>, at call: Int) -> ResolvedValue {
        resolve(range, at: call, budget: Self.budget, work: Work())
    }

    private static let nullWords: Set<String> = ["nil", "null", "undefined", "NULL", "Nil"]

    private func resolve(_ range: Range<Int>, at call: Int, budget: Int, work: Work) -> ResolvedValue {
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
    private func colonOfTernary(after question: Int, in range: Range<Int>) -> Int? {
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
    private func branches(_ range: Range<Int>, at call: Int, budget: Int, work: Work) -> ResolvedValue {
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

    private static let controlWords: Set<String> = ["if", "for", "while", "switch", "catch", "guard", "when", "with", "repeat", "do"]
    private static let declarationWords: Set<String> = ["let", "var", "const", "final", "late"]
    private static let expressionWords: Set<String> = [
        "return", "case", "in", "of", "await", "yield", "throw", "else", "new", "typeof", "try", "is",
    ]

    /// The first token of the function that encloses `index` (a `func`, method or named
    /// function; closures and arrow functions see their enclosing function's locals), or 0.
    private func functionStart(enclosing index: Int) -> Int {
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
    private func isFunctionBody(_ brace: Int) -> Bool {
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

    private func methodHeader(before brace: Int) -> Bool {
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
    private func variable(at index: Int, call: Int, budget: Int, work: Work) -> ResolvedValue? {
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
    private func encloses(_ brace: Int, _ index: Int) -> Bool {
        guard brace >= 0 else { return true }
        var current = stream.enclosingBrace[index]
        while current > brace, stream.meter.charge() { current = stream.enclosingBrace[current] }
        return current == brace
    }

    /// The identifier at `index` is being declared: `let x`, `var x`, `const x`, `final x`,
    /// `NSString *x`, Dart's `String x` / `String? x`.
    private func isDeclaring(_ index: Int) -> Bool {
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

    // MARK: Swift enum members

    /// `a.b.c` (with `?.` allowed), or `.dark.rawValue`: the identifiers, nil for anything else.
    private func memberChain(_ range: Range<Int>) -> [String]? {
        var names: [String] = []
        var index = range.lowerBound
        if stream[index].isPunctuation(".") { index += 1 }
        var expectName = true
        while index < range.upperBound {
            let token = stream[index]
            if expectName {
                guard token.kind == .identifier else { return nil }
                names.append(token.text)
            } else {
                guard token.isPunctuation(".") || token.isPunctuation("?.") || token.isPunctuation("?") else { return nil }
                if token.isPunctuation("?") {
                    guard stream.isPunctuation(index + 1, ".") else { return nil }
                    index += 1
                }
            }
            expectName.toggle()
            index += 1
        }
        return names.count >= 2 && !expectName ? names : nil
    }

    /// `icon.iconName`, `AppIcon.dark.rawValue`, `self.iconName`: an enum reference, resolved
    /// once every file's enums are known.
    private func enumMember(_ chain: [String], at call: Int) -> ResolvedValue {
        let property = chain[chain.count - 1]
        let base = Array(chain.dropLast())
        var reference = EnumReference(typeName: nil, caseName: nil, property: property)
        if base == ["self"] {
            guard let enclosing = enclosingEnum(of: call) else { return .dynamic }
            reference.typeName = enclosing
        } else if base.count >= 2 {
            // `AppIcon.dark.x` (or `Module.AppIcon.dark.x`): the type and the case.
            reference.typeName = base[base.count - 2]
            reference.caseName = base[base.count - 1]
        } else if let (type, caseName) = declaredType(of: base[0], before: call) {
            reference.typeName = type
            reference.caseName = caseName
        } else if base[0].first?.isUppercase == true {
            return .dynamic
        }
        if base.count == 1 && base != ["self"] { reference.variable = base[0] }
        var value = ResolvedValue()
        value.enumReferences = [reference]
        if let variable = reference.variable {
            for condition in enclosingConditions(of: call) where condition.variable == variable {
                narrow(&value, condition)
            }
            narrowBySwitchClauses(&value, variable: variable, at: call)
        }
        return value
    }

    /// Inside `switch icon { case .a, .b: … default: … }`: a clause's own cases, or for
    /// `default` every case the other clauses do not take.
    private func narrowBySwitchClauses(_ value: inout ResolvedValue, variable: String, at call: Int) {
        let start = functionStart(enclosing: call)
        var brace = stream.enclosingBrace[call]
        var levels = 0
        while brace >= start && brace >= 0 && levels < 64 && stream.meter.charge() {
            levels += 1
            defer { brace = stream.enclosingBrace[brace] }
            guard stream.isIdentifier(brace - 2, "switch"), stream.isIdentifier(brace - 1, variable),
                stream.partner[brace] > brace
            else { continue }
            // The clauses: `case`/`default` at the top level of the body, with their cases.
            var clauses: [SwitchClause] = []
            var index = brace + 1
            while index < stream.partner[brace], stream.meter.charge() {
                if stream.isOpener(index) && stream.partner[index] > index {
                    index = stream.partner[index] + 1
                    continue
                }
                if stream[index].isIdentifier("default") {
                    clauses.append(SwitchClause(start: index, kind: .otherwise))
                } else if stream[index].isIdentifier("case"),
                    let colon = stream.topLevelIndex(in: index..<stream.partner[brace], where: { $0.isPunctuation(":") })
                {
                    clauses.append(SwitchClause(start: index, kind: switchCases((index + 1)..<colon).map { .cases($0) } ?? .unknown))
                    index = colon + 1
                    continue
                }
                index += 1
            }
            guard let clause = clauses.last(where: { $0.start < call }) else { continue }
            switch clause.kind {
            case .cases(let names):
                narrow(&value, variable: variable, toAnyOf: names)
            case .otherwise:
                // Every case the other clauses take, when each of them names plain cases.
                var taken: Set<String> = []
                var known = true
                for other in clauses {
                    switch other.kind {
                    case .cases(let names): taken.formUnion(names)
                    case .otherwise: break
                    case .unknown: known = false
                    }
                }
                if known {
                    for name in taken { narrowExcluding(&value, variable: variable, name) }
                }
            case .unknown:
                break
            }
        }
    }

    private struct SwitchClause {
        enum Kind {
            case cases(Set<String>)
            case otherwise
            /// A binding, a guard, anything but plain `.case` patterns.
            case unknown
        }

        var start: Int
        var kind: Kind
    }

    /// `.a, .b` → ["a", "b"]; nil for any other pattern.
    private func switchCases(_ patterns: Range<Int>) -> Set<String>? {
        var names: Set<String> = []
        var start = patterns.lowerBound
        while start < patterns.upperBound, stream.meter.charge() {
            let end = stream.topLevelIndex(in: start..<patterns.upperBound, where: { $0.isPunctuation(",") }) ?? patterns.upperBound
            guard end - start == 2, stream[start].isPunctuation("."), stream[start + 1].kind == .identifier else { return nil }
            names.insert(stream[start + 1].text)
            start = end + 1
        }
        return names.isEmpty ? nil : names
    }

    private func narrow(_ value: inout ResolvedValue, variable: String, toAnyOf cases: Set<String>) {
        for index in value.enumReferences.indices { value.enumReferences[index].narrow(variable, toAnyOf: cases) }
    }

    private func narrowExcluding(_ value: inout ResolvedValue, variable: String, _ name: String) {
        for index in value.enumReferences.indices { value.enumReferences[index].narrow(variable, to: name, equal: false) }
    }

    // MARK: Narrowing by conditions on an enum value

    private func narrow(_ value: inout ResolvedValue, _ variable: String, _ caseName: String, equal: Bool) {
        for index in value.enumReferences.indices {
            value.enumReferences[index].narrow(variable, to: caseName, equal: equal)
        }
    }

    private func narrow(_ value: inout ResolvedValue, _ condition: EnumCondition) {
        switch condition.test {
        case .caseName(let name): narrow(&value, condition.variable, name, equal: condition.holds)
        case .flag(let flag):
            for index in value.enumReferences.indices {
                value.enumReferences[index].narrow(condition.variable, flag: flag, holds: condition.holds)
            }
        }
    }

    /// `v == .c`, `v != .c`, `v == Type.c`, `.c == v` (in parentheses or not); a Bool member
    /// `v.isDefault`, `!v.isDefault`, `v.isDefault == false`.
    private func caseCondition(_ range: Range<Int>) -> EnumCondition? {
        let range = stream.trimmed(range)
        if let flag = flagCondition(range) { return flag }
        guard let operatorIndex = stream.topLevelIndex(in: range, where: { $0.isPunctuation("==") || $0.isPunctuation("!=") }) else {
            return nil
        }
        let equal = stream[operatorIndex].isPunctuation("==")
        func variable(_ side: Range<Int>) -> String? {
            side.count == 1 && stream[side.lowerBound].kind == .identifier ? stream[side.lowerBound].text : nil
        }
        func caseName(_ side: Range<Int>) -> String? {
            guard side.count == 2 || side.count == 3, stream[side.upperBound - 1].kind == .identifier,
                stream[side.upperBound - 2].isPunctuation(".")
            else { return nil }
            return stream[side.upperBound - 1].text
        }
        let left = range.lowerBound..<operatorIndex, right = (operatorIndex + 1)..<range.upperBound
        if let name = variable(left), let value = caseName(right) { return EnumCondition(variable: name, test: .caseName(value), holds: equal) }
        if let name = variable(right), let value = caseName(left) { return EnumCondition(variable: name, test: .caseName(value), holds: equal) }
        return nil
    }

    /// `v.flag`, `!v.flag`, `v.flag == true`, `v.flag != false` (Swift only: a Bool member of
    /// the enum, read once every file's enums are known).
    private func flagCondition(_ range: Range<Int>) -> EnumCondition? {
        guard language == .swift, !range.isEmpty, range.count <= 8 else { return nil }
        var range = range
        var holds = true
        if stream[range.lowerBound].isPunctuation("!") {
            holds = false
            range = stream.trimmed((range.lowerBound + 1)..<range.upperBound)
        }
        if range.count == 5, stream[range.upperBound - 2].isPunctuation("==") || stream[range.upperBound - 2].isPunctuation("!="),
            stream[range.upperBound - 1].isIdentifier("true") || stream[range.upperBound - 1].isIdentifier("false")
        {
            let equal = stream[range.upperBound - 2].isPunctuation("==")
            holds = holds == (equal == stream[range.upperBound - 1].isIdentifier("true"))
            range = range.lowerBound..<(range.upperBound - 2)
        }
        guard range.count == 3, stream[range.lowerBound].kind == .identifier, stream[range.lowerBound + 1].isPunctuation("."),
            stream[range.lowerBound + 2].kind == .identifier, stream[range.lowerBound].text.first?.isLowercase == true
        else { return nil }
        return EnumCondition(variable: stream[range.lowerBound].text, test: .flag(stream[range.lowerBound + 2].text), holds: holds)
    }

    /// The conditions that hold where `call` runs, from the blocks around it up to its
    /// function: `if c {` (c holds), `if c { } else {` (c fails), and `guard c else`
    /// before the call in an enclosing block (c holds).
    private func enclosingConditions(of call: Int) -> [EnumCondition] {
        var result: [EnumCondition] = []
        let start = functionStart(enclosing: call)
        var brace = stream.enclosingBrace[call]
        var levels = 0
        while brace >= start && brace >= 0 && levels < 64 && stream.meter.charge() {
            levels += 1
            if stream.isIdentifier(brace - 1, "else"), stream.isPunctuation(brace - 2, "}"), stream.partner[brace - 2] >= 0 {
                // Not (a and b) says nothing about a or b alone.
                let conditions = ifConditions(openedAt: stream.partner[brace - 2])
                if conditions.count == 1 { result.append(conditions[0].negated) }
            } else {
                result += ifConditions(openedAt: brace)
            }
            brace = stream.enclosingBrace[brace]
        }
        for index in stream.occurrences(of: "guard", in: max(start, 0)..<call) {
            guard stream.meter.charge() else { break }
            // Only a guard in a block that still encloses the call.
            var enclosing = stream.enclosingBrace[call]
            while enclosing >= 0 && enclosing != stream.enclosingBrace[index] && stream.meter.charge() {
                enclosing = stream.enclosingBrace[enclosing]
            }
            guard enclosing == stream.enclosingBrace[index],
                let elseIndex = stream.topLevelIndex(in: (index + 1)..<call, where: { $0.isIdentifier("else") })
            else { continue }
            result += caseConditions((index + 1)..<elseIndex)
        }
        return result
    }

    /// The conditions of `if a, b && c {` whose block opens at `brace` (each holds inside).
    private func ifConditions(openedAt brace: Int) -> [EnumCondition] {
        var index = brace - 1
        while index >= 0 && brace - index < 24 && stream.meter.charge() {
            if stream[index].isIdentifier("if") { return caseConditions((index + 1)..<brace) }
            if stream[index].kind == .punctuation && ["{", "}", ";"].contains(stream[index].text) { return [] }
            index -= 1
        }
        return []
    }

    /// The case conditions of a conjunction (`a, b`, `a && b`); the others are left out.
    private func caseConditions(_ range: Range<Int>) -> [EnumCondition] {
        var result: [EnumCondition] = []
        var start = range.lowerBound
        while start < range.upperBound, stream.meter.charge() {
            let end =
                stream.topLevelIndex(in: start..<range.upperBound, where: { $0.isPunctuation(",") || $0.isPunctuation("&&") })
                ?? range.upperBound
            if let condition = caseCondition(start..<end) { result.append(condition) }
            start = end + 1
        }
        return result
    }

    private func enclosingEnum(of index: Int) -> String? {
        stream.meter.charge(localEnums.count)
        return localEnums.filter { $0.body.contains(index) }.min { $0.body.count < $1.body.count }?.name
    }

    /// The type of a variable from its declaration: a parameter or local `icon: AppIcon`,
    /// `let icon = AppIcon.dark` (the case too), `for icon in AppIcon.allCases`, a closure
    /// over `AppIcon.allCases` (`ForEach(AppIcon.allCases) { icon in`), or a property of the
    /// file `var selected: AppIcon = .dark`.
    private func declaredType(of name: String, before call: Int) -> (String, String?)? {
        var found: (String, String?)?
        for index in stream.occurrences[name] ?? [] {
            guard stream.meter.charge() else { return nil }
            if stream.isPunctuation(index + 1, ":"), index + 2 < stream.count, stream[index + 2].kind == .identifier,
                stream[index + 2].text.first?.isUppercase == true
            {
                var type = stream[index + 2].text
                var cursor = index + 3
                while stream.isPunctuation(cursor, "."), cursor + 1 < stream.count, stream[cursor + 1].kind == .identifier,
                    stream.meter.charge()
                {
                    type = stream[cursor + 1].text
                    cursor += 2
                }
                if type != "String" { found = found ?? (type, nil) }
            } else if stream.isPunctuation(index + 1, "="), index > 0, stream[index - 1].kind == .identifier,
                Self.declarationWords.contains(stream[index - 1].text), index + 4 < stream.count,
                stream[index + 2].kind == .identifier, stream[index + 2].text.first?.isUppercase == true,
                stream[index + 3].isPunctuation("."), stream[index + 4].kind == .identifier,
                stream.expressionEnd(from: index + 2, limit: stream.count) == index + 5
            {
                return (stream[index + 2].text, stream[index + 4].text == "allCases" ? nil : stream[index + 4].text)
            } else if stream.isIdentifier(index - 1, "for"), stream.isIdentifier(index + 1, "in"), index + 4 < stream.count,
                stream[index + 2].kind == .identifier, stream.isPunctuation(index + 3, "."), stream.isIdentifier(index + 4, "allCases")
            {
                return (stream[index + 2].text, nil)
            } else if stream.isIdentifier(index + 1, "in"), index > 0,
                stream[index - 1].isPunctuation("{") || stream[index - 1].isPunctuation("(") || stream[index - 1].isPunctuation(","),
                let type = closureSubject(before: index)
            {
                return (type, nil)
            }
        }
        return found
    }

    /// `X.allCases` in the statement before the closure that declares the parameter at `index`.
    private func closureSubject(before index: Int) -> String? {
        let brace = stream.enclosingBrace[index]
        guard brace > 0 else { return nil }
        var cursor = brace - 1
        while cursor >= 2 && brace - cursor < 24 {
            if stream[cursor].isIdentifier("allCases"), stream.isPunctuation(cursor - 1, "."), stream[cursor - 2].kind == .identifier {
                return stream[cursor - 2].text
            }
            if stream[cursor].isPunctuation(";") || stream[cursor].isPunctuation("{") || stream[cursor].isPunctuation("}") { return nil }
            cursor -= 1
        }
        return nil
    }
}

/// A condition on an enum value where a name is read: `icon == .dark` (`holds`: the case
/// is `.dark`) or `icon.isDefault` (`holds`: the Bool member is true); false for the negation.
struct EnumCondition {
    enum Test {
        case caseName(String)
        case flag(String)
    }

    var variable: String
    var test: Test
    var holds: Bool

    var negated: EnumCondition { EnumCondition(variable: variable, test: test, holds: !holds) }
}

// MARK: Names read from a table of literals

extension AlternateIconResolver {
    /// The token range of a table's rows: `[row, row]` (Swift, JavaScript) or `@[row, row]`
    /// (Objective-C); nil for anything else.
    fileprivate func arrayLiteral(_ range: Range<Int>) -> Int? {
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return nil }
        var open = range.lowerBound
        if language == .objectiveC {
            guard stream[open].isPunctuation("@") else { return nil }
            open += 1
        }
        guard stream.isPunctuation(open, "["), stream.partner[open] == range.upperBound - 1 else { return nil }
        return open
    }

    /// `x["key"]`, `x[@"key"]`, `[x objectForKey:@"key"]` (a dictionary row) or `x.key` (a
    /// struct or object row): the variable and the key; nil for anything else.
    fileprivate func rowLookup(_ range: Range<Int>) -> (variable: String, key: String, isMember: Bool)? {
        let low = range.lowerBound
        if range.count == 4, stream[low].kind == .identifier, stream.isPunctuation(low + 1, "["), stream.partner[low + 1] == low + 3,
            stream[low + 2].kind == .string, stream[low + 2].isStatic
        {
            return (stream[low].text, stream[low + 2].text, false)
        }
        if language == .objectiveC, range.count == 6, stream[low].isPunctuation("["), stream.partner[low] == low + 5,
            stream[low + 1].kind == .identifier, stream.isIdentifier(low + 2, "objectForKey") || stream.isIdentifier(low + 2, "valueForKey"),
            stream.isPunctuation(low + 3, ":"), stream[low + 4].kind == .string, stream[low + 4].isStatic
        {
            return (stream[low + 1].text, stream[low + 4].text, false)
        }
        if language != .objectiveC, language != .dart, range.count == 3, stream[low].kind == .identifier,
            stream.isPunctuation(low + 1, "."), stream[low + 2].kind == .identifier
        {
            return (stream[low].text, stream[low + 2].text, true)
        }
        return nil
    }

    /// The table a row variable comes from, by its name: `for row in table`, `for (const row of
    /// table)`, `for (NSDictionary
    /// *row in table)`, `let row = table[i]`, `NSDictionary *row = self.table[i]`, `[table
    /// objectAtIndex:i]`; in JavaScript also a parameter that receives a row (see
    /// `javaScriptRowTable`, which `followHandlers` passes on). nil when the variable is bound
    /// otherwise (a parameter), "" when it is bound to something that is not a plain table name.
    func tableName(of variable: String, at call: Int, followHandlers: Bool = true) -> String? {
        let start = functionStart(enclosing: call)
        var found: String?
        for position in stream.occurrences(of: variable, in: start..<call) {
            guard stream.meter.charge() else { return "" }
            if stream.isPunctuation(position - 1, ".") || stream.isPunctuation(position - 1, "?.") { continue }
            var source: Range<Int>?
            if stream.isIdentifier(position + 1, "in") || (isJavaScript && stream.isIdentifier(position + 1, "of")),
                stream.isIdentifier(position - 1, "for") || stream.isIdentifier(position - 1, "const") || stream.isIdentifier(position - 1, "let")
                    || (language == .objectiveC && (stream.isPunctuation(position - 1, "*") || stream[position - 1].kind == .identifier))
            {
                // `for row in table {`, `for (id row in table)`.
                let end = stream.expressionEnd(from: position + 2, limit: min(call, position + 2 + 8))
                var cursor = position + 2
                while cursor < end, stream.meter.charge(), !stream.isPunctuation(cursor, "{"), !stream.isPunctuation(cursor, ")"),
                    !stream.isIdentifier(cursor, "where")
                {
                    cursor += 1
                }
                // Only the loop whose body holds the call (`for row in table where … {`).
                var body = stream.isPunctuation(cursor, ")") ? cursor + 1 : cursor
                if stream.isIdentifier(cursor, "where"),
                    let open = stream.topLevelIndex(in: cursor..<call, where: { $0.isPunctuation("{") })
                {
                    body = open
                }
                guard body < call, stream.isPunctuation(body, "{"), stream.partner[body] > call, encloses(body, call) else { continue }
                source = (position + 2)..<cursor
            } else if isDeclaring(position), stream.isPunctuation(position + 1, "=") {
                guard encloses(stream.enclosingBrace[position], call) else { continue }
                let end = stream.expressionEnd(from: position + 2, limit: call)
                source = (position + 2)..<end
                // `table[i]`, `[table objectAtIndex:i]`: the table.
                if let range = source, let last = Optional(range.upperBound - 1), range.count >= 3, stream.isPunctuation(last, "]"),
                    stream.partner[last] > range.lowerBound
                {
                    source = range.lowerBound..<stream.partner[last]
                } else if let range = source, range.count >= 5, stream[range.lowerBound].isPunctuation("["),
                    stream.partner[range.lowerBound] == range.upperBound - 1,
                    let selector = stream.topLevelIndex(
                        in: (range.lowerBound + 1)..<(range.upperBound - 1), where: { $0.isIdentifier("objectAtIndex") })
                {
                    source = (range.lowerBound + 1)..<selector
                } else {
                    return ""
                }
            } else if stream.isPunctuation(position + 1, "=") {
                return ""
            }
            guard var range = source else { continue }
            // `self.table`, `Self.table`, `Picker.table` (a static table).
            if range.count == 3, stream.isPunctuation(range.lowerBound + 1, "."),
                stream.isIdentifier(range.lowerBound, "self") || stream[range.lowerBound].text.first?.isUppercase == true
            {
                range = (range.lowerBound + 2)..<range.upperBound
            }
            guard range.count == 1, stream[range.lowerBound].kind == .identifier else { return "" }
            let name = stream[range.lowerBound].text
            if let found, found != name { return "" }
            found = name
        }
        if found == nil, isJavaScript { return javaScriptRowTable(of: variable, at: call, followHandlers: followHandlers) }
        return found
    }

    /// The rows of the table `name` from every place the file defines it (`let name = [...]`,
    /// `self.name = @[...]`, `_name = @[...]`, `var name: [T] { [...] }`, `- (NSArray *)name {
    /// return @[...]; }`); nil when a definition is no literal, the table is changed
    /// (`append`, `addObject:`, `+=`), or no definition is found.
    fileprivate func tableRows(_ name: String) -> [Range<Int>]? {
        var rows: [Range<Int>] = []
        var defined = false
        let names = language == .objectiveC ? [name, "_" + name] : [name]
        for each in names {
            for position in stream.occurrences[each] ?? [] {
                guard stream.meter.charge() else { return nil }
                if stream.isPunctuation(position + 1, "."),
                    ["append", "insert", "remove", "removeAll", "push", "unshift", "splice"].contains(
                        position + 2 < stream.count ? stream[position + 2].text : "")
                {
                    return nil
                }
                if position + 1 < stream.count, stream[position + 1].kind == .punctuation,
                    ["+=", "-="].contains(stream[position + 1].text)
                {
                    return nil
                }
                if position + 1 < stream.count, stream[position + 1].kind == .identifier,
                    stream[position + 1].text.hasPrefix("addObject") || stream[position + 1].text.hasPrefix("insertObject")
                        || stream[position + 1].text.hasPrefix("removeObject")
                {
                    return nil
                }
                var value: Range<Int>?
                var next = position + 1
                if stream.isPunctuation(next, ":"),
                    isDeclaring(position) || stream.isIdentifier(position - 1, "let")
                        || stream.isIdentifier(position - 1, "var")
                {
                    // `let name: [Row] = …`, `var name: [Row] { … }`.
                    while next < stream.count, next < position + 24, stream.meter.charge(), !stream.isPunctuation(next, "="),
                        !stream.isPunctuation(next, "{")
                    {
                        if stream.isOpener(next), stream.partner[next] > next { next = stream.partner[next] }
                        next += 1
                    }
                }
                if stream.isPunctuation(next, "=") {
                    value = (next + 1)..<stream.expressionEnd(from: next + 1, limit: stream.count)
                } else if stream.isPunctuation(next, "{"), stream.partner[next] > next,
                    next > position + 1 || (language == .objectiveC && stream.isPunctuation(position - 1, ")"))
                {
                    // A computed property or an Objective-C getter: its one returned literal.
                    var body = (next + 1)..<stream.partner[next]
                    if stream.isIdentifier(body.lowerBound, "return") { body = (body.lowerBound + 1)..<body.upperBound }
                    if body.count > 0, stream.isPunctuation(body.upperBound - 1, ";") { body = body.lowerBound..<(body.upperBound - 1) }
                    value = body
                } else {
                    continue
                }
                guard let value, let open = arrayLiteral(value) else { return nil }
                defined = true
                rows += stream.arguments(openedAt: open).filter { !$0.isEmpty }
            }
        }
        return defined ? rows : nil
    }

    /// The value of `key` in one row: a dictionary literal (`["key": v]`, `@{ @"key": v }`;
    /// an absent key is nil), a struct (`Row(key: v)`, `.init(key: v)`) or an object literal
    /// (`{ key: v }`; an absent key is undefined); nil for any other row.
    fileprivate func rowValue(_ row: Range<Int>, key: String, isMember: Bool) -> (found: Range<Int>?, absentIsNil: Bool)? {
        let row = stream.trimmed(row)
        guard !row.isEmpty else { return nil }
        var open = row.lowerBound
        let close = row.upperBound - 1
        if language == .objectiveC, stream[open].isPunctuation("@") { open += 1 }
        let isDictionary = !isMember && (stream.isPunctuation(open, "[") || (language == .objectiveC && stream.isPunctuation(open, "{")))
        let isObject = isMember && isJavaScript && stream.isPunctuation(open, "{")
        var isStruct = false
        if isMember && language == .swift && stream.isPunctuation(close, ")") && stream.partner[close] > row.lowerBound {
            // `Row(…)`, `.init(…)`, `Row.init(…)`.
            let callee = row.lowerBound..<stream.partner[close]
            isStruct =
                (callee.count == 1 && stream[callee.lowerBound].kind == .identifier) || memberChain(callee) != nil
                || (callee.count == 2 && stream.isPunctuation(callee.lowerBound, ".") && stream.isIdentifier(callee.lowerBound + 1, "init"))
            open = stream.partner[close]
        }
        guard isDictionary || isObject || isStruct, stream.partner[open] == close else { return nil }
        for entry in stream.arguments(openedAt: open) where !entry.isEmpty {
            guard stream.meter.charge() else { return nil }
            let first = stream[entry.lowerBound]
            if first.isPunctuation("...") { return nil }
            let keyMatches =
                isDictionary ? first.kind == .string && first.isStatic : (first.kind == .identifier || (first.kind == .string && first.isStatic))
            guard keyMatches else {
                if isDictionary { return nil }
                continue
            }
            guard entry.count >= 2, stream.isPunctuation(entry.lowerBound + 1, ":") else {
                // JavaScript's `{ iconName }` shorthand: a variable.
                if first.text == key { return nil }
                continue
            }
            if first.text == key { return ((entry.lowerBound + 2)..<entry.upperBound, true) }
        }
        return (nil, !isStruct)
    }

    /// A row's `key` read from a table of literals: the union over every row.
    fileprivate func tableValue(_ range: Range<Int>, at call: Int, budget: Int, lookup: (Range<Int>, Int) -> ResolvedValue) -> ResolvedValue? {
        guard let (variable, key, isMember) = rowLookup(range), let table = tableName(of: variable, at: call) else { return nil }
        guard !table.isEmpty, let rows = tableRows(table), !rows.isEmpty else { return isMember && language == .swift ? nil : .dynamic }
        var value = ResolvedValue()
        for row in rows {
            guard let (found, absentIsNil) = rowValue(row, key: key, isMember: isMember) else { return .dynamic }
            if let found {
                value.formUnion(lookup(found, budget - 1))
            } else if absentIsNil {
                value.canBePrimary = true
            } else {
                return .dynamic
            }
        }
        return value
    }
}
