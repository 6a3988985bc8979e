import SourceScan

/// A config exported as a function of the static config, the shape Expo's templates use:
/// `({ config }) => ({ ...config, … })`, `({ config }: ConfigContext): ExpoConfig => { …; return {…} }`,
/// `function (ctx) { return { ...ctx.config } }`. Expo calls it with `{ config }`, the static
/// config; what it returns is read with that value for the parameter. A body with more than
/// one `return` (or none) is computed: its value is unknown.
struct ExpoConfigFunction {
    /// The parameter's bindings: `{ config }` → config, `{ config: base }` → base, `ctx` → ctx.config.
    private enum Parameter {
        case destructured(local: String)
        case whole(name: String)
        case none
    }

    private let parameter: Parameter
    /// The returned expression, and the `{` of a block body (nil for an expression body).
    private let returned: Range<Int>?
    private let body: Int?

    /// The function in `range`, or nil when it is no function.
    init?(_ stream: TokenStream, range: Range<Int>) {
        var index = range.lowerBound
        if stream.isIdentifier(index, "async") { return nil }
        var parameters: Range<Int>
        var isFunctionKeyword = false
        if stream.isIdentifier(index, "function") {
            isFunctionKeyword = true
            index += 1
            if index < range.upperBound, stream[index].kind == .identifier { index += 1 }
        }
        if index < range.upperBound, stream.isPunctuation(index, "("), stream.partner[index] > index {
            parameters = (index + 1)..<stream.partner[index]
            index = stream.partner[index] + 1
        } else if !isFunctionKeyword, index < range.upperBound, stream[index].kind == .identifier {
            parameters = index..<(index + 1)
            index += 1
        } else {
            return nil
        }
        // `: ExpoConfig` (TypeScript return type) up to `=>` or the body's `{`.
        while index < range.upperBound, !stream.isPunctuation(index, "=>"), !(isFunctionKeyword && stream.isPunctuation(index, "{")) {
            if !isFunctionKeyword, !stream.isPunctuation(index, ":"), stream.isPunctuation(index, "{") { break }
            index += 1
        }
        guard index < range.upperBound else { return nil }
        if stream.isPunctuation(index, "=>") { index += 1 } else if !isFunctionKeyword { return nil }
        guard index < range.upperBound else { return nil }
        parameter = Self.parameter(stream, parameters)
        if stream.isPunctuation(index, "{"), stream.partner[index] > index {
            body = index
            let close = stream.partner[index]
            let returns = (index..<close).filter { stream.isIdentifier($0, "return") && stream.enclosingBrace[$0] == index }
            if returns.count == 1, returns[0] + 1 < close {
                returned = (returns[0] + 1)..<stream.expressionEnd(from: returns[0] + 1, limit: close)
            } else {
                returned = nil
            }
        } else {
            body = nil
            returned = index..<range.upperBound
        }
    }

    private static func parameter(_ stream: TokenStream, _ range: Range<Int>) -> Parameter {
        guard let first = range.first else { return .none }
        if stream.isPunctuation(first, "{"), stream.partner[first] > first {
            for member in stream.arguments(openedAt: first) where !member.isEmpty && stream.isIdentifier(member.lowerBound, "config") {
                if member.count >= 3, stream.isPunctuation(member.lowerBound + 1, ":"), stream[member.lowerBound + 2].kind == .identifier {
                    return .destructured(local: stream[member.lowerBound + 2].text)
                }
                return .destructured(local: "config")
            }
            return .none
        }
        if stream[first].kind == .identifier { return .whole(name: stream[first].text) }
        return .none
    }

    /// What the function returns when Expo passes `config`.
    func returned(by evaluator: ExpoLiteralEvaluator, config: ExpoConfigValue) -> ExpoConfigValue {
        guard let returned else {
            return .unknown(what: "a function whose value iconlint cannot follow (it has \(body == nil ? "no" : "not exactly one") return)", line: 1)
        }
        var environment: [String: ExpoConfigValue] = [:]
        switch parameter {
        case .destructured(let local): environment[local] = config
        case .whole(let name):
            var context = ExpoConfigObject(line: config.line)
            context.entries = [("config", config)]
            environment[name] = .object(context)
        case .none: break
        }
        let scoped = body.map { evaluator.inside(body: $0, environment: environment) } ?? evaluator.inside(body: -1, environment: environment)
        return scoped.value(returned)
    }
}
