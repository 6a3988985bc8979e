// Objective-C tokens: // and /* */ comments, "…" C strings and @"…" literals (one string
// token each, at the `@` for the latter), 'c' character constants, and preprocessor lines
// (with their backslash continuations) dropped, so every #if branch is scanned.

enum ObjectiveCLexer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        var c = ByteCursor(bytes)
        var lineHasCode = false
        var lastLine = 1
        while let byte = c.peek() {
            if c.line != lastLine {
                lastLine = c.line
                lineHasCode = false
            }
            if ByteCursor.isSpace(byte) {
                c.advance()
            } else if c.matches("//") {
                c.skipLine()
            } else if c.matches("/*") {
                c.skipBlockComment(nested: false)
            } else if byte == UInt8(ascii: "#") && !lineHasCode {
                skipDirective(&c)
            } else if byte == UInt8(ascii: "@") && c.peek(1) == UInt8(ascii: "\"") {
                lineHasCode = true
                let line = c.line, column = c.column
                c.advance()
                lexQuoted(&c, line: line, column: column, kind: .string)
            } else if byte == UInt8(ascii: "\"") {
                lineHasCode = true
                lexQuoted(&c, line: c.line, column: c.column, kind: .string)
            } else if byte == UInt8(ascii: "'") {
                lineHasCode = true
                lexQuoted(&c, line: c.line, column: c.column, kind: .number)
            } else if ByteCursor.isIdentifierStart(byte) {
                lineHasCode = true
                c.lexIdentifier()
            } else if ByteCursor.isDigit(byte) {
                lineHasCode = true
                c.lexNumber()
            } else {
                lineHasCode = true
                c.lexPunctuation()
            }
        }
        return c.tokens
    }

    /// A preprocessor line, continued by a backslash before the newline; a comment that
    /// starts on it is skipped whole (it may span lines).
    private static func skipDirective(_ c: inout ByteCursor) {
        while let byte = c.peek() {
            if byte == 0x0A { return }
            if byte == UInt8(ascii: "\\") && (c.peek(1) == 0x0A || (c.peek(1) == 0x0D && c.peek(2) == 0x0A)) {
                c.advance(c.peek(1) == 0x0A ? 2 : 3)
            } else if c.matches("/*") {
                c.skipBlockComment(nested: false)
            } else if c.matches("//") {
                c.skipLine()
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // `#include "a//b.h"`, `#define X "/*"`: quoted text is no comment.
                let saved = c.tokens.count
                lexQuoted(&c, line: c.line, column: c.column, kind: .string)
                c.truncateTokens(to: saved)
            } else {
                c.advance()
            }
        }
    }

    /// A quoted literal at its quote, ended by the same quote or (unterminated) the line.
    private static func lexQuoted(_ c: inout ByteCursor, line: Int, column: Int, kind: SourceToken.Kind) {
        guard let quote = c.peek() else { return }
        c.advance()
        var value = StringValue()
        while let byte = c.peek() {
            if byte == quote {
                c.advance()
                c.emit(kind, value.text, isStatic: value.isStatic && kind == .string, line: line, column: column)
                return
            }
            if byte == 0x0A { break }
            c.advance()
            if byte == UInt8(ascii: "\\") {
                guard let next = c.peek() else { break }
                if next == 0x0A {
                    c.advance()
                } else if next == UInt8(ascii: "x") {
                    c.advance()
                    value.markDynamic()
                } else if value.appendSimpleEscape(next) {
                    c.advance()
                } else {
                    value.markDynamic()
                    c.advance()
                }
            } else {
                value.append(byte)
            }
        }
        value.markDynamic()
        c.emit(kind, "", line: line, column: column)
    }
}
