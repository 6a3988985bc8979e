// Dart tokens: // and nested /* */ comments, '…' "…" '''…''' """…""" with $name and ${…}
// interpolation (the code inside ${ } is lexed to find its closing brace, then dropped), and
// raw r'…' strings without escapes or interpolation.

enum DartLexer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        var cursor = ByteCursor(bytes)
        lexCode(&cursor, insideInterpolation: false)
        return cursor.tokens
    }

    private static func lexCode(_ c: inout ByteCursor, insideInterpolation: Bool) {
        var braces = 0
        while let byte = c.peek() {
            if ByteCursor.isSpace(byte) {
                c.advance()
            } else if c.matches("//") {
                c.skipLine()
            } else if c.matches("/*") {
                c.skipBlockComment(nested: true)
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                lexString(&c, raw: false)
            } else if (byte == UInt8(ascii: "r") || byte == UInt8(ascii: "R")),
                c.peek(1) == UInt8(ascii: "'") || c.peek(1) == UInt8(ascii: "\"")
            {
                lexString(&c, raw: true)
            } else if ByteCursor.isIdentifierStart(byte) {
                c.lexIdentifier()
            } else if ByteCursor.isDigit(byte) {
                c.lexNumber()
            } else if insideInterpolation && byte == UInt8(ascii: "}") && braces == 0 {
                c.advance()
                return
            } else {
                if byte == UInt8(ascii: "{") { braces += 1 }
                if byte == UInt8(ascii: "}") { braces -= 1 }
                c.lexPunctuation()
            }
        }
    }

    private static func lexString(_ c: inout ByteCursor, raw: Bool) {
        let line = c.line, column = c.column
        if raw { c.advance() }
        guard let quote = c.peek() else { return }
        let triple = c.peek(1) == quote && c.peek(2) == quote
        c.advance(triple ? 3 : 1)
        var value = StringValue()
        // A multi-line literal drops a first line break; such names are not written that way.
        if triple { value.markDynamic() }
        while let byte = c.peek() {
            if byte == quote && (!triple || (c.peek(1) == quote && c.peek(2) == quote)) {
                c.advance(triple ? 3 : 1)
                c.emit(.string, value.text, isStatic: value.isStatic, line: line, column: column)
                return
            }
            if byte == 0x0A && !triple { break }
            if byte == UInt8(ascii: "\\") && !raw {
                c.advance()
                guard let next = c.peek() else { break }
                if next == UInt8(ascii: "u") && c.peek(1) == UInt8(ascii: "{") {
                    c.advance()
                    c.readBracedScalar(into: &value)
                } else if next == UInt8(ascii: "u") {
                    c.advance()
                    c.readHexScalar(count: 4, into: &value)
                } else if next == UInt8(ascii: "x") {
                    c.advance()
                    c.readHexScalar(count: 2, into: &value)
                } else if next == UInt8(ascii: "b") || next == UInt8(ascii: "f") || next == UInt8(ascii: "v") {
                    value.markDynamic()
                    c.advance()
                } else if !value.appendSimpleEscape(next) {
                    // Dart keeps any other escaped character as itself.
                    value.append(next)
                    c.advance()
                } else {
                    c.advance()
                }
            } else if byte == UInt8(ascii: "$") && !raw {
                c.advance()
                value.markDynamic()
                if c.peek() == UInt8(ascii: "{") {
                    c.advance()
                    skipInterpolation(&c)
                } else {
                    while let next = c.peek(), ByteCursor.isIdentifierByte(next), next != UInt8(ascii: "$") { c.advance() }
                }
            } else {
                value.append(byte)
                c.advance()
            }
        }
        value.markDynamic()
        c.emit(.string, "", line: line, column: column)
    }

    private static func skipInterpolation(_ c: inout ByteCursor) {
        let saved = c.tokens.count
        if c.depth >= ByteCursor.maxDepth {
            while !c.atEnd { c.advance() }
            return
        }
        c.depth += 1
        lexCode(&c, insideInterpolation: true)
        c.depth -= 1
        c.truncateTokens(to: saved)
    }
}
