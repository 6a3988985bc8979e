// JavaScript and TypeScript rows that reach a call as a function's parameter: the callback of
// `TABLE.map((row) => …)` (or `forEach`, `find`, …) around the call, or a local handler
// (`const pick = (row: Row) => { … }`, `useCallback(async (row) => …)`, `function pick(row)`)
// that every use in the file calls with such a row. Anything else, an exported handler or one
// passed on as a value, is not known.

extension AlternateIconResolver {
    /// A parameter of a function whose body holds a call.
    struct ParameterBinding {
        /// The first token of the function: its `(`, or the parameter when it has no parentheses.
        var start: Int
    }

    /// Array methods whose callback receives the array's rows as its first parameter.
    static let rowCallbackMethods: Set<String> = [
        "map", "forEach", "flatMap", "filter", "find", "findLast", "some", "every",
    ]

    /// The table whose row `variable` is, when it is the first parameter of a function around
    /// `call`: its name, "" when that function receives something else (or what it receives is
    /// not known), nil when no function around the call has such a parameter.
    /// `followHandlers`: also follow a handler's calls (once; not from inside them).
    func javaScriptRowTable(of variable: String, at call: Int, followHandlers: Bool) -> String? {
        guard let binding = enclosingParameter(variable, at: call) else { return nil }
        if let table = callbackTable(binding) { return table }
        guard followHandlers, let (name, declaration) = handlerName(binding) else { return "" }
        return handlerTable(name, declaredAt: declaration)
    }

    /// The nearest function before `call` whose first parameter is `variable` and whose body
    /// holds the call.
    private func enclosingParameter(_ variable: String, at call: Int) -> ParameterBinding? {
        for position in stream.occurrences(of: variable, in: 0..<call).reversed() {
            guard stream.meter.charge() else { return nil }
            if stream.isPunctuation(position - 1, ".") || stream.isPunctuation(position - 1, "?.") { continue }
            let start: Int
            let bodyFrom: Int
            if stream.isPunctuation(position + 1, "=>") {
                // `row => …`
                start = position
                bodyFrom = position + 2
            } else if stream.isPunctuation(position - 1, "("), stream.partner[position - 1] > position,
                let arrow = bodyStart(afterParameters: stream.partner[position - 1])
            {
                start = position - 1
                bodyFrom = arrow
            } else {
                continue
            }
            guard bodyFrom < call, call < bodyEnd(from: bodyFrom, function: start) else { continue }
            return ParameterBinding(start: start)
        }
        return nil
    }

    /// The first token of a function's body after the `)` of its parameters (`=> …`, `{`,
    /// past a TypeScript return type); nil when the parentheses are no parameter list.
    private func bodyStart(afterParameters close: Int) -> Int? {
        var index = close + 1
        if stream.isPunctuation(index, ":") {
            // `): Promise<void> => {`, `): void {`.
            while index < stream.count, index < close + 24, stream.meter.charge(), !stream.isPunctuation(index, "=>"),
                !stream.isPunctuation(index, "{")
            {
                index += 1
            }
        }
        if stream.isPunctuation(index, "=>") { return index + 1 }
        // `function name(row) {`, `function (row) {`.
        let open = stream.partner[close]
        guard stream.isPunctuation(index, "{"), open >= 1,
            stream.isIdentifier(open - 1, "function") || stream.isIdentifier(open - 2, "function")
        else { return nil }
        return index
    }

    /// Where a body starting at `start` ends (exclusive): its braces, or the arrow's expression;
    /// for a function passed as an argument (`map((row) => …)`), the end of that argument: the
    /// lexer keeps only the `{…}` of a JSX element, so `(row) => <A x={…} y={…} />` reads as
    /// `(row) => {…} {…}`.
    private func bodyEnd(from start: Int, function: Int) -> Int {
        var end =
            stream.isPunctuation(start, "{")
            ? (stream.partner[start] > start ? stream.partner[start] : start) : stream.expressionEnd(from: start, limit: stream.count)
        let open = beforeFunction(ParameterBinding(start: function))
        if stream.isPunctuation(open, "("), stream.partner[open] > start {
            let close = stream.partner[open]
            end = max(end, stream.topLevelIndex(in: start..<close, where: { $0.isPunctuation(",") }) ?? close)
        }
        return end
    }

    /// The token before a function, past `async`.
    private func beforeFunction(_ binding: ParameterBinding) -> Int {
        var index = binding.start - 1
        if stream.isIdentifier(index, "async") { index -= 1 }
        if stream.isIdentifier(index, "function") { index -= 1 }
        return index
    }

    /// `TABLE.map(<the function>)`: TABLE; nil when the function is no such callback.
    private func callbackTable(_ binding: ParameterBinding) -> String? {
        let open = beforeFunction(binding)
        guard stream.isPunctuation(open, "("), open >= 3, stream[open - 1].kind == .identifier,
            Self.rowCallbackMethods.contains(stream[open - 1].text),
            stream.isPunctuation(open - 2, ".") || stream.isPunctuation(open - 2, "?.")
        else { return nil }
        let receiver = open - 3
        guard stream[receiver].kind == .identifier, !stream.isPunctuation(receiver - 1, "."), !stream.isPunctuation(receiver - 1, "?.")
        else { return "" }
        return stream[receiver].text
    }

    /// The name a local handler is declared with (`const name = (…) => …`, `const name =
    /// useCallback((…) => …, deps)`, `function name(…)`), and where; nil for any other function.
    private func handlerName(_ binding: ParameterBinding) -> (name: String, declaration: Int)? {
        var index = binding.start - 1
        if stream.isIdentifier(index, "async") { index -= 1 }
        // `function name(row) {`: the function keyword comes before the name.
        if index >= 1, stream[index].kind == .identifier, stream.isIdentifier(index - 1, "function") {
            return (stream[index].text, index)
        }
        // `useCallback(async (row) => …, [deps])`, `useMemo`'s callback is no handler.
        if stream.isPunctuation(index, "("), stream.isIdentifier(index - 1, "useCallback") { index -= 2 }
        guard stream.isPunctuation(index, "="), index >= 2, stream[index - 1].kind == .identifier,
            ["const", "let", "var"].contains(stream[index - 2].text)
        else { return nil }
        return (stream[index - 1].text, index - 1)
    }

    /// The one table every use of the handler `name` passes a row of: each use must be a call
    /// `name(row)` whose `row` is a table's row (a loop, `TABLE[i]`, a `TABLE.map` callback);
    /// "" otherwise, or when the handler is exported (other files call it too).
    private func handlerTable(_ name: String, declaredAt declaration: Int) -> String {
        let keyword = stream.isIdentifier(declaration - 1, "function") ? declaration - 1 : declaration - 2
        if stream.isIdentifier(keyword - 1, "export") || (stream.isIdentifier(keyword - 1, "async") && stream.isIdentifier(keyword - 2, "export")) {
            return ""
        }
        var table: String?
        for use in stream.occurrences[name] ?? [] where use != declaration {
            guard stream.meter.charge() else { return "" }
            guard !stream.isPunctuation(use - 1, "."), !stream.isPunctuation(use - 1, "?."), stream.isPunctuation(use + 1, "(") else { return "" }
            let argument = stream.firstArgument(openedAt: use + 1, limit: 2)
            guard argument.count == 1, stream[argument.lowerBound].kind == .identifier,
                let found = tableName(of: stream[argument.lowerBound].text, at: use, followHandlers: false), !found.isEmpty,
                table == nil || table == found
            else { return "" }
            table = found
        }
        return table ?? ""
    }
}
