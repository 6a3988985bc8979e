// JavaScript and TypeScript tokens: // and /* */ comments, '…' "…" strings, `template`
// literals whose ${…} code is lexed to its closing brace and dropped, regular-expression
// literals (where an expression may start), and, when `jsx` is on, JSX elements: their
// text and attribute strings are skipped, their {…} expressions lexed as code.

package enum JavaScriptLexer {
    package static func tokens(_ bytes: [UInt8], jsx: Bool, meter: WorkMeter = WorkMeter()) -> [SourceToken] {
        var cursor = ByteCursor(bytes, meter: meter)
        if cursor.matches("#!") { cursor.skipLine() }
        var lexer = JavaScriptLexer.State(jsx: jsx)
        lexer.lexCode(&cursor, until: .end)
        return cursor.tokens
    }

    enum Stop { case end, closingBrace }

    struct State {
        let jsx: Bool

        /// Lexes code to the end, or to the `}` closing a `${` or a JSX `{` (consumed; for
        /// JSX it is emitted, as the `{` was).
        mutating func lexCode(_ c: inout ByteCursor, until stop: Stop) {
            var braces = 0
            while let byte = c.peek() {
                if ByteCursor.isSpace(byte) {
                    c.advance()
                } else if c.matches("//") {
                    c.skipLine()
                } else if c.matches("/*") {
                    c.skipBlockComment(nested: false)
                } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    lexString(&c)
                } else if byte == UInt8(ascii: "`") {
                    lexTemplate(&c)
                } else if ByteCursor.isIdentifierStart(byte) {
                    c.lexIdentifier()
                } else if ByteCursor.isDigit(byte) {
                    c.lexNumber()
                } else if byte == UInt8(ascii: "/") && c.mayGuess && expressionMayStart(c) {
                    lexRegex(&c)
                } else if byte == UInt8(ascii: "<") && jsx && c.mayGuess && expressionMayStart(c), let next = c.peek(1),
                    ByteCursor.isIdentifierStart(next) || next == UInt8(ascii: ">")
                {
                    let mark = c.mark()
                    if !lexElement(&c) {
                        c.reset(to: mark)
                        c.lexPunctuation()
                    }
                } else if byte == UInt8(ascii: "}") && stop == .closingBrace && braces == 0 {
                    c.lexPunctuation()
                    return
                } else {
                    if byte == UInt8(ascii: "{") { braces += 1 }
                    if byte == UInt8(ascii: "}") { braces -= 1 }
                    c.lexPunctuation()
                }
            }
        }

        /// Where a `/` starts a regular expression and a `<` a JSX element: at the start, after
        /// an operator or opening bracket, or after a keyword that takes an expression.
        private func expressionMayStart(_ c: ByteCursor) -> Bool {
            guard let last = c.tokens.last else { return true }
            switch last.kind {
            case .number, .string: return false
            case .identifier:
                return [
                    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
                    "do", "else", "yield", "await",
                ].contains(last.text)
            case .punctuation:
                return last.text != ")" && last.text != "]"
            }
        }

        private func lexString(_ c: inout ByteCursor) {
            let line = c.line, column = c.column
            guard let quote = c.peek() else { return }
            c.advance()
            var value = StringValue()
            while let byte = c.peek() {
                if byte == quote {
                    c.advance()
                    c.emit(.string, value.text, isStatic: value.isStatic, line: line, column: column)
                    return
                }
                if byte == 0x0A { break }
                c.advance()
                if byte == UInt8(ascii: "\\") {
                    readEscape(&c, into: &value)
                } else {
                    value.append(byte)
                }
            }
            value.markDynamic()
            c.emit(.string, "", line: line, column: column)
        }

        /// The escape after a backslash (the cursor is past the backslash).
        private func readEscape(_ c: inout ByteCursor, into value: inout StringValue) {
            guard let next = c.peek() else { return }
            if next == 0x0A {
                c.advance()
            } else if next == UInt8(ascii: "u") && c.peek(1) == UInt8(ascii: "{") {
                c.advance()
                c.readBracedScalar(into: &value)
            } else if next == UInt8(ascii: "u") {
                c.advance()
                c.readHexScalar(count: 4, into: &value)
            } else if next == UInt8(ascii: "x") {
                c.advance()
                c.readHexScalar(count: 2, into: &value)
            } else if value.appendSimpleEscape(next) {
                c.advance()
            } else if ByteCursor.isDigit(next) || next == UInt8(ascii: "b") || next == UInt8(ascii: "f") || next == UInt8(ascii: "v") {
                value.markDynamic()
                c.advance()
            } else {
                // Any other escaped character stands for itself.
                value.append(next)
                c.advance()
            }
        }

        /// A template literal; static only without `${…}`.
        private mutating func lexTemplate(_ c: inout ByteCursor) {
            let line = c.line, column = c.column
            c.advance()
            var value = StringValue()
            while let byte = c.peek() {
                if byte == UInt8(ascii: "`") {
                    c.advance()
                    c.emit(.string, value.text, isStatic: value.isStatic, line: line, column: column)
                    return
                }
                c.advance()
                if byte == UInt8(ascii: "\\") {
                    readEscape(&c, into: &value)
                } else if byte == UInt8(ascii: "$") && c.peek() == UInt8(ascii: "{") {
                    c.advance()
                    value.markDynamic()
                    let saved = c.tokens.count
                    guard enter(&c) else { return }
                    lexCode(&c, until: .closingBrace)
                    c.depth -= 1
                    c.truncateTokens(to: saved)
                } else {
                    value.append(byte)
                }
            }
            value.markDynamic()
            c.emit(.string, "", line: line, column: column)
        }

        /// One nesting level more; past the bound the rest of the input is skipped.
        private func enter(_ c: inout ByteCursor) -> Bool {
            if c.depth >= ByteCursor.maxDepth {
                while !c.atEnd { c.advance() }
                return false
            }
            c.depth += 1
            return true
        }

        /// `/…/flags`, with `[…]` classes and escapes; a line break first means it was a
        /// division after all (then only the `/` is emitted).
        private func lexRegex(_ c: inout ByteCursor) {
            let mark = c.mark()
            let line = c.line, column = c.column
            c.advance()
            var inClass = false
            while let byte = c.peek() {
                if byte == 0x0A { break }
                c.advance()
                if byte == UInt8(ascii: "\\") {
                    if let next = c.peek(), next != 0x0A { c.advance() }
                } else if byte == UInt8(ascii: "[") {
                    inClass = true
                } else if byte == UInt8(ascii: "]") {
                    inClass = false
                } else if byte == UInt8(ascii: "/") && !inClass {
                    while let flag = c.peek(), ByteCursor.isIdentifierByte(flag) { c.advance() }
                    c.emit(.string, "", line: line, column: column)
                    return
                }
            }
            c.reset(to: mark)
            c.lexPunctuation()
        }

        /// A JSX element at its `<`. Returns false (the caller rewinds) when what follows
        /// is not an element after all (a TypeScript generic such as `<T,>(x) => x`).
        private mutating func lexElement(_ c: inout ByteCursor) -> Bool {
            guard enter(&c) else { return true }
            defer { c.depth -= 1 }
            c.advance()
            // The tag name (empty for a fragment `<>`).
            while let byte = c.peek(),
                ByteCursor.isIdentifierByte(byte) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            { c.advance() }
            // Attributes.
            while true {
                guard let byte = c.peek() else { return true }
                if ByteCursor.isSpace(byte) {
                    c.advance()
                } else if c.matches("/>") {
                    c.advance(2)
                    return true
                } else if byte == UInt8(ascii: ">") {
                    c.advance()
                    break
                } else if byte == UInt8(ascii: "{") {
                    c.lexPunctuation()
                    lexCode(&c, until: .closingBrace)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    // Attribute strings have no escapes.
                    c.advance()
                    while let inner = c.peek(), inner != byte { c.advance() }
                    if !c.atEnd { c.advance() }
                } else if ByteCursor.isIdentifierByte(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ":")
                {
                    c.advance()
                } else if c.matches("//") {
                    c.skipLine()
                } else if c.matches("/*") {
                    c.skipBlockComment(nested: false)
                } else {
                    return false
                }
            }
            // Children: text, {expressions}, nested elements, up to the closing tag.
            while let byte = c.peek() {
                if c.matches("</") {
                    while let inner = c.peek(), inner != UInt8(ascii: ">") { c.advance() }
                    if !c.atEnd { c.advance() }
                    return true
                } else if byte == UInt8(ascii: "<") && c.mayGuess {
                    let mark = c.mark()
                    if !lexElement(&c) {
                        c.reset(to: mark)
                        c.advance()
                    }
                } else if byte == UInt8(ascii: "{") {
                    c.lexPunctuation()
                    lexCode(&c, until: .closingBrace)
                } else {
                    c.advance()
                }
            }
            return true
        }
    }
}
