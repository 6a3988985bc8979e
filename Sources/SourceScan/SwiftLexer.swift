// Swift tokens: nested /* */ comments, "…", """…""", raw #"…"# with \#( ) interpolation,
// \( ) interpolation lexed through to its closing parenthesis, #/regex/#, `escaped`
// identifiers. #if/#elseif/#else/#endif lines are dropped, so every branch is scanned.

package enum SwiftLexer {
    package static func tokens(_ bytes: [UInt8], meter: WorkMeter = WorkMeter()) -> [SourceToken] {
        var cursor = ByteCursor(bytes, meter: meter)
        lexCode(&cursor, insideInterpolation: false)
        return cursor.tokens
    }

    /// Lexes to the end of the input, or (inside an interpolation) to the `)` that closes it.
    private static func lexCode(_ c: inout ByteCursor, insideInterpolation: Bool) {
        var parentheses = 0
        while let byte = c.peek() {
            if ByteCursor.isSpace(byte) {
                c.advance()
            } else if c.matches("//") {
                c.skipLine()
            } else if c.matches("/*") {
                c.skipBlockComment(nested: true)
            } else if byte == UInt8(ascii: "\"") {
                lexString(&c, hashes: 0)
            } else if byte == UInt8(ascii: "#") {
                lexHash(&c)
            } else if byte == UInt8(ascii: "`") {
                lexEscapedIdentifier(&c)
            } else if ByteCursor.isIdentifierStart(byte) {
                c.lexIdentifier()
            } else if ByteCursor.isDigit(byte) {
                c.lexNumber()
            } else if insideInterpolation && byte == UInt8(ascii: ")") && parentheses == 0 {
                c.advance()
                return
            } else {
                if byte == UInt8(ascii: "(") { parentheses += 1 }
                if byte == UInt8(ascii: ")") { parentheses -= 1 }
                c.lexPunctuation()
            }
        }
    }

    /// `#` starts a raw string, a regex literal, a conditional-compilation line (dropped), or
    /// a keyword such as `#selector` (emitted as `#` and the word).
    private static func lexHash(_ c: inout ByteCursor) {
        var hashes = 0
        while c.peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if c.peek(hashes) == UInt8(ascii: "\"") {
            lexString(&c, hashes: hashes)
            return
        }
        if c.peek(hashes) == UInt8(ascii: "/") {
            lexRegex(&c, hashes: hashes)
            return
        }
        let atLineStart = c.tokens.last.map { $0.line != c.line } ?? true
        if atLineStart && hashes == 1 && (c.matches("#if") || c.matches("#elseif") || c.matches("#else") || c.matches("#endif")) {
            let word = c.peek(c.matches("#endif") ? 6 : c.matches("#elseif") ? 7 : c.matches("#else") ? 5 : 3)
            if word.map({ !ByteCursor.isIdentifierByte($0) }) ?? true {
                // A condition may hold a comment; nothing on the line is code of a branch.
                c.skipLine()
                return
            }
        }
        // A run of `#` that starts nothing: a token each, the run counted once (not again
        // for each `#` of it, which made `####…` quadratic).
        for _ in 0..<hashes { c.lexPunctuation() }
    }

    private static func lexEscapedIdentifier(_ c: inout ByteCursor) {
        let line = c.line, column = c.column
        c.advance()
        var name: [UInt8] = []
        while let byte = c.peek(), byte != UInt8(ascii: "`"), byte != 0x0A {
            name.append(byte)
            c.advance()
        }
        if c.peek() == UInt8(ascii: "`") { c.advance() }
        c.emit(.identifier, String(decoding: name, as: UTF8.self), line: line, column: column)
    }

    /// `#/…/#` (and `##/…/##`): skipped as one dynamic string token.
    private static func lexRegex(_ c: inout ByteCursor, hashes: Int) {
        let line = c.line, column = c.column
        c.advance(hashes + 1)
        while !c.atEnd {
            if c.peek() == UInt8(ascii: "/"), (1...hashes).allSatisfy({ c.peek($0) == UInt8(ascii: "#") }) {
                c.advance(hashes + 1)
                break
            }
            c.advance()
        }
        c.emit(.string, "", line: line, column: column)
    }

    /// A string literal with `hashes` leading `#`s, at its first `#` or quote. Multi-line
    /// literals are dynamic (their value depends on indentation stripping; no icon name is
    /// written that way).
    private static func lexString(_ c: inout ByteCursor, hashes: Int) {
        let line = c.line, column = c.column
        c.advance(hashes)
        let multiline = c.matches("\"\"\"")
        c.advance(multiline ? 3 : 1)
        var value = StringValue()
        if multiline { value.markDynamic() }
        func hashesFollow(_ c: ByteCursor, after offset: Int) -> Bool {
            (0..<hashes).allSatisfy { c.peek(offset + $0) == UInt8(ascii: "#") }
        }
        while let byte = c.peek() {
            if byte == UInt8(ascii: "\"") {
                if multiline {
                    if c.matches("\"\"\""), hashesFollow(c, after: 3) {
                        c.advance(3 + hashes)
                        break
                    }
                } else if hashesFollow(c, after: 1) {
                    c.advance(1 + hashes)
                    break
                }
                value.append(byte)
                c.advance()
            } else if byte == UInt8(ascii: "\\") && hashesFollow(c, after: 1) {
                c.advance(1 + hashes)
                guard let next = c.peek() else { break }
                if next == UInt8(ascii: "(") {
                    value.markDynamic()
                    c.advance()
                    skipInterpolation(&c)
                } else if next == UInt8(ascii: "u") && c.peek(1) == UInt8(ascii: "{") {
                    c.advance()
                    c.readBracedScalar(into: &value)
                } else if value.appendSimpleEscape(next) {
                    c.advance()
                } else {
                    // A line continuation in a multi-line literal, or an invalid escape.
                    value.markDynamic()
                    c.advance()
                }
            } else if byte == 0x0A && !multiline {
                // Unterminated: the literal ends with its line, as the compiler's recovery does.
                value.markDynamic()
                break
            } else {
                value.append(byte)
                c.advance()
            }
        }
        c.emit(.string, value.text, isStatic: value.isStatic, line: line, column: column)
    }

    /// The code of `\( … )`, after the `(`: lexed (strings and comments in it may hold a `)`)
    /// and then dropped: nothing in it is the enclosing call's argument.
    private static func skipInterpolation(_ c: inout ByteCursor) {
        let saved = c.tokens.count
        if c.depth >= ByteCursor.maxDepth {
            // Deeper than any real code: skip to the end rather than recurse further.
            while !c.atEnd { c.advance() }
            return
        }
        c.depth += 1
        lexCode(&c, insideInterpolation: true)
        c.depth -= 1
        c.truncateTokens(to: saved)
    }
}
