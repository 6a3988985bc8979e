// The tokens the per-language lexers produce and the resolver reads. Comments, whitespace and
// preprocessor lines never become tokens; a string literal becomes one token whose value is
// known only when the literal is static (no interpolation, no escape we do not decode).

package struct SourceToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case identifier
        case string
        case number
        case punctuation
    }

    package var kind: Kind
    /// Identifier or punctuation text; a static string's value; "" for other strings.
    package var text: String
    /// For strings: the value is known (`text` is it).
    package var isStatic: Bool
    package var line: Int
    package var column: Int
    /// The first token on its line (statement boundaries without semicolons).
    package var startsLine: Bool

    package func isPunctuation(_ value: String) -> Bool { kind == .punctuation && text == value }
    package func isIdentifier(_ value: String) -> Bool { kind == .identifier && text == value }
}

/// A cursor over a file's bytes that keeps line and column (Unicode scalars, 1-based).
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1
    var tokens: [SourceToken] = []
    private var lastTokenLine = 0
    /// Nesting of interpolations, template literals and JSX; bounded so hostile input cannot
    /// exhaust the stack.
    var depth = 0
    static let maxDepth = 64
    /// Counts the bytes read again after a wrong guess about the syntax (a `/` that was no
    /// regular expression, a `<` that was no JSX element).
    let meter: WorkMeter

    /// A cursor at the start of `bytes`, past a UTF-8 byte order mark (no column of its own).
    init(_ bytes: [UInt8], meter: WorkMeter = WorkMeter()) {
        self.bytes = bytes
        self.meter = meter
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    }

    /// A position to come back to when a guess about the syntax turns out wrong.
    struct Mark {
        fileprivate let index: Int, line: Int, column: Int, tokenCount: Int
    }

    func mark() -> Mark { Mark(index: index, line: line, column: column, tokenCount: tokens.count) }

    /// Whether a guess that may be undone is still affordable: past the file's budget the
    /// lexer stops guessing (and the file's names count as unknown).
    var mayGuess: Bool { !meter.isExhausted }

    mutating func reset(to mark: Mark) {
        meter.charge(index - mark.index)
        index = mark.index
        line = mark.line
        column = mark.column
        truncateTokens(to: mark.tokenCount)
    }

    var atEnd: Bool { index >= bytes.count }
    func peek(_ offset: Int = 0) -> UInt8? {
        let at = index + offset
        return at < bytes.count ? bytes[at] : nil
    }

    mutating func advance() {
        let byte = bytes[index]
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    mutating func advance(_ count: Int) {
        for _ in 0..<count where !atEnd { advance() }
    }

    /// True when the bytes at the cursor spell `text` (ASCII).
    func matches(_ text: StaticString, at offset: Int = 0) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + offset + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for i in 0..<count where bytes[index + offset + i] != pointer[i] { return false }
        return true
    }

    mutating func emit(_ kind: SourceToken.Kind, _ text: String, isStatic: Bool = false, line: Int, column: Int) {
        tokens.append(
            SourceToken(
                kind: kind, text: text, isStatic: isStatic, line: line, column: column,
                startsLine: line != lastTokenLine))
        lastTokenLine = line
    }

    /// Drops tokens emitted since `count` (code inside an interpolation is not the call's).
    mutating func truncateTokens(to count: Int) {
        if tokens.count > count { tokens.removeSubrange(count...) }
        lastTokenLine = tokens.last?.line ?? 0
    }

    mutating func skipLine() {
        while let byte = peek(), byte != 0x0A { advance() }
    }

    /// Skips `/* … */`, nested when the language nests them (Swift, Dart). The opening `/*`
    /// is at the cursor. An unterminated comment runs to the end.
    mutating func skipBlockComment(nested: Bool) {
        advance(2)
        var level = 1
        while !atEnd {
            if matches("*/") {
                advance(2)
                level -= 1
                if level == 0 { return }
            } else if nested && matches("/*") {
                advance(2)
                level += 1
            } else {
                advance()
            }
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// An identifier (`$` allowed, as JS and Dart allow it and Swift's `$0`).
    mutating func lexIdentifier() {
        let line = self.line, column = self.column, start = index
        while let byte = peek(), Self.isIdentifierByte(byte) { advance() }
        emit(.identifier, String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column)
    }

    /// A number: digits, letters (hex, exponents, suffixes), underscores, and a `.` only when a
    /// digit follows (so `1..<5` stays a range).
    mutating func lexNumber() {
        let line = self.line, column = self.column, start = index
        while let byte = peek() {
            if Self.isIdentifierByte(byte) && byte != 0x24 {
                advance()
            } else if byte == 0x2E, let next = peek(1), Self.isDigit(next) {
                advance()
            } else {
                break
            }
        }
        emit(.number, String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column)
    }

    private static let punctuation3: [StaticString] = ["===", "!==", "??=", "...", "..<", "&&=", "||="]
    private static let punctuation2: [StaticString] = ["?.", "??", "==", "!=", "=>", "->", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/="]

    /// One punctuation token: the longest of the known multi-byte operators, else one byte
    /// (a whole UTF-8 sequence for a non-ASCII byte that is no identifier).
    mutating func lexPunctuation() {
        let line = self.line, column = self.column
        // Only these bytes start a multi-byte operator.
        if let first = peek(), Self.operatorStarts.contains(first), let second = peek(1), Self.operatorStarts.contains(second) {
            lexOperator(line: line, column: column)
            return
        }
        let start = index
        advance()
        emit(.punctuation, String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column)
    }

    private static let operatorStarts: Set<UInt8> = Set("?=!-<>&|+*/.".utf8)

    private mutating func lexOperator(line: Int, column: Int) {
        for candidate in Self.punctuation3 where matches(candidate) {
            advance(3)
            emit(.punctuation, String(describing: candidate), line: line, column: column)
            return
        }
        for candidate in Self.punctuation2 where matches(candidate) {
            // `?.5` is a ternary on a number, not optional chaining.
            if candidate.utf8Start[0] == 0x3F, candidate.utf8Start[1] == 0x2E, let next = peek(2), Self.isDigit(next) { break }
            advance(2)
            emit(.punctuation, String(describing: candidate), line: line, column: column)
            return
        }
        let start = index
        advance()
        emit(.punctuation, String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column)
    }
}

/// Builds a string literal's value while its escapes are decoded; any escape or content that
/// cannot be known statically makes it dynamic.
struct StringValue {
    private var scalars: [UInt8] = []
    private(set) var isStatic = true

    mutating func append(_ byte: UInt8) { scalars.append(byte) }

    mutating func append(scalar value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else {
            isStatic = false
            return
        }
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    mutating func markDynamic() { isStatic = false }

    var text: String { isStatic ? String(decoding: scalars, as: UTF8.self) : "" }

    /// Decodes one simple escape (the byte after the backslash): `\n \t \r \0 \\ \" \' \$ \``.
    /// Returns false when the byte starts an escape this helper does not know.
    mutating func appendSimpleEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "n"): append(0x0A)
        case UInt8(ascii: "t"): append(0x09)
        case UInt8(ascii: "r"): append(0x0D)
        case UInt8(ascii: "0"): append(0x00)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "$"), UInt8(ascii: "`"):
            append(byte)
        default: return false
        }
        return true
    }
}

extension ByteCursor {
    /// Reads `{hex}` after `\u` (Swift, JS, Dart) into the value; the cursor is on `{`.
    mutating func readBracedScalar(into value: inout StringValue) {
        advance()
        var number: UInt32 = 0
        var digits = 0
        while let byte = peek(), byte != UInt8(ascii: "}") {
            guard let digit = Self.hexValue(byte), digits < 8 else {
                value.markDynamic()
                return
            }
            number = number &* 16 &+ UInt32(digit)
            digits += 1
            advance()
        }
        if peek() == UInt8(ascii: "}") { advance() }
        if digits == 0 { value.markDynamic() } else { value.append(scalar: number) }
    }

    /// Reads exactly `count` hex digits (`\xHH`, `\uHHHH`) into the value.
    mutating func readHexScalar(count: Int, into value: inout StringValue) {
        var number: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                value.markDynamic()
                return
            }
            number = number * 16 + UInt32(digit)
            advance()
        }
        value.append(scalar: number)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
