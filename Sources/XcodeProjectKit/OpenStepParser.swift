import Foundation

/// Mirrors CoreFoundation's old-style parser step by step (the cursor positions matter:
/// they decide which error wins and the line it names), on UTF-8 bytes instead of UTF-16.
struct OpenStepParser {
    let buffer: UnsafeBufferPointer<UInt8>
    let end: Int
    /// After a UTF-8 byte order mark.
    let begin: Int
    var position: Int
    /// 1-based line of `position`, counting `\n`.
    var line: Int32 = 1
    var nodes: [OpenStepPlist.Node] = []
    /// Begin and end offset of each node (see `OpenStepPlist.spans`), when `recordsSpans`.
    var spans: [Int32] = []
    /// Whether `spans` is filled: the editors need it, linting does not.
    let recordsSpans: Bool
    var links: [Int32] = []
    var decodedStrings: [String] = []
    var datas: [Data] = []
    /// Children of the containers being parsed; each container moves its own into `links` when done.
    var pending: [Int32] = []
    var error: PendingError?
    var emptyAfterBOM = false

    /// The error as CoreFoundation would set it; the line is counted only when it is reported.
    struct PendingError {
        enum Kind {
            case unterminatedBackslash, unterminatedQuote, tooDeep, expectedComma, expectedParenthesis
            case missingSemicolon, expectedSemicolonOrEquals, expectedBrace, oddHex, invalidHex
            case expectedGreater, endOfFile, unexpectedCharacter(UInt16), junk
        }
        var kind: Kind
        var position: Int
    }

    /// Thrown at the first byte that is not UTF-8: CoreFoundation refuses the whole text then.
    struct InvalidUTF8: Error {}

    static let maxDepth = 512

    init(buffer: UnsafeBufferPointer<UInt8>, recordsSpans: Bool) {
        self.buffer = buffer
        self.recordsSpans = recordsSpans
        end = buffer.count
        begin = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
        position = begin
    }

    mutating func run() -> Result<Int32, OpenStepPlist.ParseError> {
        do {
            let result = try top()
            if let result { return .success(result) }
            try validate(from: begin)
            return .failure(report())
        } catch {
            return .failure(OpenStepPlist.ParseError(message: "Conversion of string failed.", line: nil))
        }
    }

    mutating func top() throws(InvalidUTF8) -> Int32? {
        if begin == end {
            // Only a byte order mark: the text converts to an empty string.
            emptyAfterBOM = true
            return nil
        }
        guard try skipSpace() else { return emptyDictionary() }
        guard let value = try object(required: true, depth: 0) else { return nil }
        guard try skipSpace() else { return value }
        guard nodes[Int(value)].kind == .string || nodes[Int(value)].kind == .decodedString else {
            error = PendingError(kind: .junk, position: position)
            return nil
        }
        // A string followed by more text: a strings file, `key = value;` pairs without braces.
        nodes.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
        decodedStrings.removeAll()
        datas.removeAll()
        pending.removeAll(keepingCapacity: true)
        error = nil
        position = begin
        line = 1
        let dictionary = try dictionaryContent(depth: 0)
        // Whatever follows the last pair is ignored, but it must still be UTF-8.
        if dictionary != nil { try validate(from: position) }
        return dictionary
    }

    mutating func emptyDictionary() -> Int32 {
        nodes.append(OpenStepPlist.Node(kind: .dictionary, line: line, start: Int32(links.count), count: 0))
        recordSpan(from: position)
        return Int32(nodes.count - 1)
    }

    /// Records the span of the node just appended: from `begin` to the cursor. Two appends,
    /// not `+= [begin, end]`, which allocates an array for every node of the file.
    @inline(__always)
    mutating func recordSpan(from begin: Int) {
        guard recordsSpans else { return }
        spans.append(Int32(begin))
        spans.append(Int32(position))
    }

    func report() -> OpenStepPlist.ParseError {
        if emptyAfterBOM {
            return OpenStepPlist.ParseError(message: "Conversion of string failed. The string is empty.", line: nil)
        }
        guard let error else {
            let line = cfLine(at: position)
            return OpenStepPlist.ParseError(message: "Unknown error parsing property list around line \(line)", line: line)
        }
        let line = cfLine(at: error.position)
        let message: String
        switch error.kind {
        case .unterminatedBackslash: message = "Unterminated backslash sequence on line \(line)"
        case .unterminatedQuote: message = "Unterminated quoted string starting on line \(line)"
        case .tooDeep: message = "Too many nested arrays or dictionaries at line \(line)"
        case .expectedComma: message = "Expected ',' for array at line \(line)"
        case .expectedParenthesis: message = "Expected terminating ')' for array at line \(line)"
        case .missingSemicolon: message = "Missing ';' on line \(line)"
        case .expectedSemicolonOrEquals: message = "Expected ';' or '=' after key at line \(line)"
        case .expectedBrace: message = "Expected terminating '}' for dictionary at line \(line)"
        case .oddHex: message = "Malformed data byte group at line \(line); uneven length"
        case .invalidHex: message = "Malformed data byte group at line \(line); invalid hex"
        case .expectedGreater: message = "Expected terminating '>' for data at line \(line)"
        case .endOfFile: return OpenStepPlist.ParseError(message: "Unexpected EOF while parsing plist", line: nil)
        case .unexpectedCharacter(let unit):
            message = "Unexpected character '0x\(String(unit, radix: 16))' at line \(line)"
        case .junk: message = "Junk after plist at line \(line)"
        }
        return OpenStepPlist.ParseError(message: message, line: line)
    }

    /// CoreFoundation's line of a position: `\r\n`, `\r` and `\n` each end a line.
    func cfLine(at target: Int) -> Int {
        var count = 1
        var index = begin
        let limit = min(target, end)
        while index < limit {
            if buffer[index] == 0x0D {
                count += 1
                if index + 1 < limit, buffer[index + 1] == 0x0A { index += 1 }
            } else if buffer[index] == 0x0A {
                count += 1
            }
            index += 1
        }
        return count
    }

    // MARK: UTF-8

    /// Length of the valid UTF-8 sequence starting with a byte >= 0x80 at `index`.
    ///
    /// CoreFoundation's converter refuses every malformed sequence but one: a stray 0xA9
    /// (no lead byte before it) passes and reads as U+FFFD, so it does here too.
    func sequenceLength(at index: Int) throws(InvalidUTF8) -> Int {
        let lead = buffer[index]
        if lead == Self.strayByteRead { return 1 }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) throws(InvalidUTF8) {
            guard index + offset < end, range.contains(buffer[index + offset]) else { throw InvalidUTF8() }
        }
        switch lead {
        case 0xC2...0xDF:
            try continuation(1)
            return 2
        case 0xE0:
            try continuation(1, 0xA0...0xBF)
            try continuation(2)
            return 3
        case 0xE1...0xEC, 0xEE...0xEF:
            try continuation(1)
            try continuation(2)
            return 3
        case 0xED:
            try continuation(1, 0x80...0x9F)
            try continuation(2)
            return 3
        case 0xF0:
            try continuation(1, 0x90...0xBF)
            try continuation(2)
            try continuation(3)
            return 4
        case 0xF1...0xF3:
            try continuation(1)
            try continuation(2)
            try continuation(3)
            return 4
        case 0xF4:
            try continuation(1, 0x80...0x8F)
            try continuation(2)
            try continuation(3)
            return 4
        default:
            throw InvalidUTF8()
        }
    }

    /// Checks that the rest of the text is UTF-8 (before reporting a syntax error, which
    /// CoreFoundation would never reach for a text it cannot convert).
    func validate(from start: Int) throws(InvalidUTF8) {
        var index = start
        while index < end {
            // Eight ASCII bytes at a time.
            if index + 8 <= end {
                let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if buffer[index] < 0x80 {
                index += 1
            } else {
                index += try sequenceLength(at: index)
            }
        }
    }

    /// The one byte that CoreFoundation reads as U+FFFD instead of refusing the text.
    static let strayByteRead: UInt8 = 0xA9

    /// The scalar at `index` (valid UTF-8 assumed checked) and its length.
    func scalar(at index: Int) throws(InvalidUTF8) -> (UInt32, Int) {
        let lead = buffer[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead == Self.strayByteRead { return (0xFFFD, 1) }
        let length = try sequenceLength(at: index)
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(buffer[index + offset] & 0x3F) }
        return (value, length)
    }

    /// U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR at `index`, which CoreFoundation counts as white space.
    func isUnicodeSeparator(at index: Int) -> Bool {
        index + 2 < end && buffer[index] == 0xE2 && buffer[index + 1] == 0x80
            && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9)
    }

    // MARK: Lexing

    /// `a-z A-Z 0-9 _ $ / : . -`: bits of two 64-bit masks, for bytes 0-63 and 64-127.
    @inline(__always)
    static func isUnquoted(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x07FF_E010_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(byte - 64) & 1 != 0 }
        return false
    }

    /// Skips white space and `//`, `/* */` comments; true when something else follows.
    mutating func skipSpace() throws(InvalidUTF8) -> Bool {
        while position < end {
            let byte = buffer[position]
            if byte == 0x0A {
                line += 1
                position += 1
                continue
            }
            if byte == 0x20 || (byte >= 9 && byte <= 0x0D) {
                position += 1
                continue
            }
            if byte == 0xE2, isUnicodeSeparator(at: position) {
                position += 3
                continue
            }
            guard byte == UInt8(ascii: "/"), position + 1 < end else { return true }
            let next = buffer[position + 1]
            if next == UInt8(ascii: "/") {
                position += 2
                while position < end {
                    let byte = buffer[position]
                    if byte == 0x0A || byte == 0x0D || (byte == 0xE2 && isUnicodeSeparator(at: position)) { break }
                    position += byte < 0x80 ? 1 : try sequenceLength(at: position)
                }
            } else if next == UInt8(ascii: "*") {
                position += 2
                while position < end {
                    let byte = buffer[position]
                    if byte == UInt8(ascii: "*"), position + 1 < end, buffer[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    if byte == 0x0A { line += 1 }
                    position += byte < 0x80 ? 1 : try sequenceLength(at: position)
                }
            } else {
                return true
            }
        }
        return false
    }

    /// The first UTF-16 unit of the character at `position` (for error messages).
    func unit(at index: Int) throws(InvalidUTF8) -> UInt16 {
        let (value, _) = try scalar(at: index)
        return value > 0xFFFF ? UInt16(0xD800 + ((value - 0x10000) >> 10)) : UInt16(value)
    }
}
