// Structure over a token array shared by the resolver and the enum reader: matching
// brackets, the innermost enclosing brace, argument lists and where an expression ends.

package struct TokenStream {
    package let tokens: [SourceToken]
    /// For every bracket token, the index of its partner (-1 when unbalanced or no bracket).
    package let partner: [Int]
    /// For every token, the index of the innermost `{` that encloses it (-1 at the top level).
    package let enclosingBrace: [Int]
    /// Where each identifier occurs, in order.
    let occurrences: [String: [Int]]
    /// The file's work: every scan below counts its tokens here, and stops once it is spent.
    package let meter: WorkMeter

    package init(_ tokens: [SourceToken], meter: WorkMeter = WorkMeter()) {
        self.tokens = tokens
        self.meter = meter
        var partner = [Int](repeating: -1, count: tokens.count)
        var enclosing = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var braces: [Int] = []
        var occurrences: [String: [Int]] = [:]
        for (index, token) in tokens.enumerated() {
            enclosing[index] = braces.last ?? -1
            if token.kind == .identifier { occurrences[token.text, default: []].append(index) }
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{":
                stack.append(index)
                if token.text == "{" { braces.append(index) }
            case ")", "]", "}":
                let opener = Self.opener(of: token.text)
                // A stray closer (from a #if split or broken code) closes nothing.
                if let top = stack.last, tokens[top].text == opener {
                    stack.removeLast()
                    partner[index] = top
                    partner[top] = index
                    if opener == "{" { braces.removeLast() }
                }
            default: break
            }
        }
        self.partner = partner
        self.enclosingBrace = enclosing
        self.occurrences = occurrences
    }

    /// Where the identifier `name` occurs within `range`.
    package func occurrences(of name: String, in range: Range<Int>) -> ArraySlice<Int> {
        guard let all = occurrences[name] else { return [] }
        let lower = all.partitioningIndex { $0 >= range.lowerBound }
        let upper = all.partitioningIndex { $0 >= range.upperBound }
        return all[lower..<max(lower, upper)]
    }

    private static func opener(of closer: String) -> String {
        closer == ")" ? "(" : closer == "]" ? "[" : "{"
    }

    package var count: Int { tokens.count }
    package subscript(index: Int) -> SourceToken { tokens[index] }

    package func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isPunctuation(text)
    }

    package func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isIdentifier(text)
    }

    package func isOpener(_ index: Int) -> Bool {
        let token = tokens[index]
        return token.kind == .punctuation && (token.text == "(" || token.text == "[" || token.text == "{")
    }

    package func isCloser(_ index: Int) -> Bool {
        let token = tokens[index]
        return token.kind == .punctuation && (token.text == ")" || token.text == "]" || token.text == "}")
    }

    /// The first argument of the list opened at `open`: up to its first top-level comma or
    /// its end (an unclosed list runs to the end of the file).
    /// Looks at most `limit` tokens ahead; a longer argument ends there (and is too long to
    /// be resolved anyway).
    func firstArgument(openedAt open: Int, limit: Int) -> Range<Int> {
        let close = min(partner[open] >= 0 ? partner[open] : tokens.count, open + 1 + limit)
        return (open + 1)..<(topLevelIndex(in: (open + 1)..<close, where: { $0.isPunctuation(",") }) ?? close)
    }

    /// The arguments of the list opened at `open` (a `(` or `{`): ranges split at its
    /// top-level commas. An unclosed list runs to the end.
    package func arguments(openedAt open: Int) -> [Range<Int>] {
        let close = partner[open] >= 0 ? partner[open] : tokens.count
        var result: [Range<Int>] = []
        var start = open + 1
        var index = open + 1
        while index < close, meter.charge() {
            if isOpener(index) && partner[index] > index {
                index = partner[index] + 1
                continue
            }
            if tokens[index].isPunctuation(",") {
                result.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < close || !result.isEmpty { result.append(start..<close) }
        return result
    }

    private static let continuingPunctuation: Set<String> = [
        "?", ":", "??", ".", "?.", "+", "-", "*", "/", "||", "&&", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "=",
    ]

    /// Where the expression starting at `start` ends (exclusive), before `limit`: at a
    /// top-level `;` or `,`, at a bracket that closes something opened before it, or at a
    /// line break that no operator continues.
    package func expressionEnd(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, meter.charge() {
            let token = tokens[index]
            if index > start && token.startsLine {
                let previous = tokens[index - 1]
                let continues =
                    (previous.kind == .punctuation && Self.continuingPunctuation.contains(previous.text)
                        && !isCloser(index - 1))
                    || (token.kind == .punctuation && Self.continuingPunctuation.contains(token.text))
                if !continues { return index }
            }
            if token.kind == .punctuation {
                if isOpener(index) {
                    if partner[index] > index {
                        index = min(partner[index] + 1, limit)
                        continue
                    }
                    return limit
                }
                if isCloser(index) || token.text == ";" || token.text == "," { return index }
            }
            index += 1
        }
        return limit
    }

    /// The range without wrapping parentheses, a trailing force-unwrap `!`, or a trailing
    /// cast (`as String`, `as! String`, TypeScript `as IconName`, `as const`).
    package func trimmed(_ range: Range<Int>) -> Range<Int> {
        var range = range
        while true {
            guard !range.isEmpty else { return range }
            if tokens[range.lowerBound].isPunctuation("(") && partner[range.lowerBound] == range.upperBound - 1 {
                range = (range.lowerBound + 1)..<(range.upperBound - 1)
                continue
            }
            if range.count > 1 && tokens[range.upperBound - 1].isPunctuation("!") {
                range = range.lowerBound..<(range.upperBound - 1)
                continue
            }
            if let cast = topLevelIndex(in: range, where: { $0.isIdentifier("as") }), cast > range.lowerBound {
                range = range.lowerBound..<cast
                continue
            }
            return range
        }
    }

    /// The first token at bracket depth 0 within `range` (an opening bracket included) that
    /// satisfies `predicate`.
    package func topLevelIndex(in range: Range<Int>, from start: Int? = nil, where predicate: (SourceToken) -> Bool) -> Int? {
        var index = start ?? range.lowerBound
        while index < range.upperBound, meter.charge() {
            if predicate(tokens[index]) { return index }
            if isOpener(index) && partner[index] > index {
                index = partner[index] + 1
                continue
            }
            index += 1
        }
        return nil
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, which must be false then true
    /// along the array (a binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
