import Foundation
import IconSupport

/// An OpenStep (old-style, NeXT) property list parsed from UTF-8 bytes in one pass, as
/// project.pbxproj is written.
///
/// Nothing is materialised while parsing: every value is a `Node` in one flat array, a
/// string is a byte range of the file (decoded only when asked for), a container a run of
/// child indices in `links`. Each node records the 1-based line where it starts (counting
/// `\n`, as an editor does), so problems can point at objects and keys without a second
/// look at the text.
///
/// The grammar, the escapes, the strings-file shorthand, the nesting limit and every error
/// message with its line are those of CoreFoundation's old-style parser, which
/// `PropertyListSerialization` uses: the two accept the same inputs with the same values
/// and reject the same inputs with the same message (a differential test and a fuzz target
/// hold them to it). Input that is not OpenStep text (XML, binary, UTF-16) is left to
/// `PropertyListSerialization` by `OpenStepPlist.read`.
struct OpenStepPlist {
    enum Kind: UInt8 {
        /// `start`/`count`: the string's bytes in `bytes`, no escapes in them.
        case string
        /// `start`: index into `decodedStrings` (a quoted string with escapes, or one from Foundation).
        case decodedString
        /// `start`: index into `datas`.
        case data
        /// `start`: first index into `links`, `count`: elements.
        case array
        /// `start`: first index into `links`, `count`: key/value pairs (keys at even offsets).
        case dictionary
    }

    struct Node {
        var kind: Kind
        /// 1-based line of the node's first byte; 0 when unknown (values from Foundation).
        var line: Int32
        var start: Int32
        var count: Int32
    }

    /// Why a file is not a property list: CoreFoundation's message and the line it names.
    struct ParseError: Error, Equatable {
        var message: String
        var line: Int?
    }

    let bytes: [UInt8]
    fileprivate(set) var nodes: [Node] = []
    fileprivate(set) var links: [Int32] = []
    fileprivate(set) var decodedStrings: [String] = []
    fileprivate(set) var datas: [Data] = []
    fileprivate(set) var root: Int32 = -1
    /// Byte span of each node in `bytes`, two entries per node: the offset of its first byte
    /// (a quote, `{`, `(` or `<` included) and the offset just past its last. Empty for a plist
    /// read through Foundation, whose bytes are not OpenStep text. The project editors
    /// (ProjectEdit/) replace and insert at these offsets.
    fileprivate(set) var spans: [Int32] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Reading

    /// Parses `data`: OpenStep text here, anything else (XML, binary, UTF-16/32) through
    /// `PropertyListSerialization`, converted to the same nodes (without lines).
    static func read(_ data: Data) -> Result<OpenStepPlist, ParseError> {
        let bytes = [UInt8](data)
        if needsFoundation(bytes) { return readWithFoundation(data, bytes: bytes) }
        return parse(bytes)
    }

    /// XML (`<?xml`, `<plist`), binary (`bplist`), text with a UTF-16/32 byte order mark or
    /// NUL bytes at the start (CoreFoundation guesses UTF-16 then), and anything whose first
    /// character is `<` (XML is tried first there).
    static func needsFoundation(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE { return true }
        if bytes.prefix(4).contains(0) { return true }
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, bytes[index] == 0x20 || (9...13).contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    /// The OpenStep parser proper, for text that `needsFoundation` does not claim.
    static func parse(_ bytes: [UInt8]) -> Result<OpenStepPlist, ParseError> {
        if bytes.isEmpty { return .failure(ParseError(message: "Cannot parse a NULL or zero-length data", line: nil)) }
        var plist = OpenStepPlist(bytes: bytes)
        let outcome: Result<Int32, ParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer: buffer)
            let result = parser.run()
            plist.nodes = parser.nodes
            plist.spans = parser.spans
            plist.links = parser.links
            plist.decodedStrings = parser.decodedStrings
            plist.datas = parser.datas
            return result
        }
        switch outcome {
        case .success(let root):
            plist.root = root
            return .success(plist)
        case .failure(let error):
            return .failure(error)
        }
    }

    private static func readWithFoundation(_ data: Data, bytes: [UInt8]) -> Result<OpenStepPlist, ParseError> {
        let value: Any
        do throws(PropertyListFile.Failure) {
            value = try PropertyListFile.parse(data, limit: byteLimit).value
        } catch {
            return .failure(parseError(error))
        }
        var plist = OpenStepPlist(bytes: bytes)
        plist.root = plist.append(value)
        return .success(plist)
    }

    /// The largest project.pbxproj read: the biggest real ones are a few MB.
    static let byteLimit = 256 << 20

    /// Why `PropertyListFile` did not parse a file, as the reader's error.
    static func parseError(_ failure: PropertyListFile.Failure) -> ParseError {
        switch failure {
        case .tooLarge(let limit): ParseError(message: "the file is larger than \(limit >> 20) MiB", line: nil)
        case .refused(let refusal): ParseError(message: "\(refusal)", line: nil)
        case .unparsable(let error): foundationError(error)
        }
    }

    /// Foundation's message, preferring the OpenStep parser's reason (which names a line)
    /// over the XML parser's, which complains about the first character.
    static func foundationError(_ error: Error) -> ParseError {
        let nsError = error as NSError
        var message = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        if let reason = openStepReason(nsError.userInfo["kCFPropertyListOldStyleParsingError"]) {
            message = reason
        } else if message.hasPrefix("Unexpected character") {
            message = "syntax error (unbalanced braces, missing `;` or a truncated file)"
        }
        return ParseError(message: message, line: lineNamed(in: message))
    }

    /// The number after the last `line ` of a message.
    static func lineNamed(in message: String) -> Int? {
        guard let range = message.range(of: "line ", options: .backwards) else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    /// The nested OpenStep error is an NSError on macOS but an unbridged CFError on Linux,
    /// whose description is the only way to its text: `... UserInfo={NSDebugDescription=<reason>}`.
    private static func openStepReason(_ value: Any?) -> String? {
        guard let value else { return nil }
        if let error = value as? NSError, let reason = error.userInfo[NSDebugDescriptionErrorKey] as? String {
            return reason
        }
        let description = String(describing: value)
        guard let start = description.range(of: "NSDebugDescription=") else { return nil }
        var reason = description[start.upperBound...]
        if reason.hasSuffix("}") { reason = reason.dropLast() }
        return reason.isEmpty ? nil : String(reason)
    }

    /// Appends a Foundation value (and its children) as nodes; other types (numbers, dates
    /// and booleans from XML) become their description, which no pbxproj reader expects.
    private mutating func append(_ value: Any) -> Int32 {
        let index = Int32(nodes.count)
        if let string = value as? String {
            decodedStrings.append(string)
            nodes.append(Node(kind: .decodedString, line: 0, start: Int32(decodedStrings.count - 1), count: 0))
        } else if let data = value as? Data {
            datas.append(data)
            nodes.append(Node(kind: .data, line: 0, start: Int32(datas.count - 1), count: 0))
        } else if let array = value as? [Any] {
            nodes.append(Node(kind: .array, line: 0, start: 0, count: Int32(array.count)))
            let children = array.map { append($0) }
            nodes[Int(index)].start = Int32(links.count)
            links += children
        } else if let dictionary = value as? [String: Any] {
            nodes.append(Node(kind: .dictionary, line: 0, start: 0, count: Int32(dictionary.count)))
            var children: [Int32] = []
            for key in dictionary.keys.sorted() {
                children.append(append(key))
                children.append(append(dictionary[key]!))
            }
            nodes[Int(index)].start = Int32(links.count)
            links += children
        } else {
            decodedStrings.append(String(describing: value))
            nodes.append(Node(kind: .decodedString, line: 0, start: Int32(decodedStrings.count - 1), count: 0))
        }
        return index
    }

    // MARK: - Access

    subscript(_ index: Int32) -> Node { nodes[Int(index)] }

    func isString(_ index: Int32) -> Bool {
        let kind = nodes[Int(index)].kind
        return kind == .string || kind == .decodedString
    }

    /// The string a string node holds, nil for other kinds.
    func string(_ index: Int32) -> String? {
        let node = nodes[Int(index)]
        switch node.kind {
        case .string:
            // The bytes are UTF-8 (the parser checked): copied straight into the String's storage.
            let count = Int(node.count)
            return bytes.withUnsafeBufferPointer { buffer in
                String(unsafeUninitializedCapacity: count) { target in
                    _ = UnsafeMutableBufferPointer(rebasing: target[0..<count])
                        .initialize(from: UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.start) + count]))
                    return count
                }
            }
        case .decodedString:
            return decodedStrings[Int(node.start)]
        default:
            return nil
        }
    }

    /// Whether a string node holds exactly `text`, without materialising it.
    func stringEquals(_ index: Int32, _ text: String) -> Bool {
        let node = nodes[Int(index)]
        switch node.kind {
        case .string:
            var text = text
            return text.withUTF8 { wanted in
                guard wanted.count == Int(node.count) else { return false }
                return bytes.withUnsafeBufferPointer { buffer in
                    wanted.isEmpty || memcmp(buffer.baseAddress! + Int(node.start), wanted.baseAddress!, wanted.count) == 0
                }
            }
        case .decodedString:
            // CoreFoundation compares keys by their UTF-16 units, not by Unicode equivalence.
            return decodedStrings[Int(node.start)].utf16.elementsEqual(text.utf16)
        default:
            return false
        }
    }

    /// The bytes a node was parsed from (quotes and brackets included); nil without spans.
    func span(_ index: Int32) -> Range<Int>? {
        guard spans.count == 2 * nodes.count else { return nil }
        return Int(spans[2 * Int(index)])..<Int(spans[2 * Int(index) + 1])
    }

    /// Elements of an array node (empty for other kinds).
    func elements(_ index: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(index)]
        guard node.kind == .array else { return [] }
        return links[Int(node.start)..<Int(node.start + node.count)]
    }

    /// Key and value node pairs of a dictionary node in file order (empty for other kinds).
    /// A key written twice appears twice; the later one is the value (`value(forKey:in:)`).
    func pairs(_ index: Int32) -> [(key: Int32, value: Int32)] {
        let node = nodes[Int(index)]
        guard node.kind == .dictionary else { return [] }
        var result: [(key: Int32, value: Int32)] = []
        result.reserveCapacity(Int(node.count))
        var link = Int(node.start)
        for _ in 0..<node.count {
            result.append((links[link], links[link + 1]))
            link += 2
        }
        return result
    }

    /// The key node and value node of `key` in a dictionary node: the last one written wins,
    /// as in CoreFoundation.
    func entry(forKey key: String, in dictionary: Int32) -> (key: Int32, value: Int32)? {
        let node = nodes[Int(dictionary)]
        guard node.kind == .dictionary, node.count > 0 else { return nil }
        var link = Int(node.start) + 2 * Int(node.count) - 2
        while link >= Int(node.start) {
            if stringEquals(links[link], key) { return (links[link], links[link + 1]) }
            link -= 2
        }
        return nil
    }

    func value(forKey key: String, in dictionary: Int32) -> Int32? {
        entry(forKey: key, in: dictionary)?.value
    }

    /// The whole tree as Foundation-like values (String, Data, [Any], [String: Any]), for
    /// comparing with `PropertyListSerialization`.
    func foundationValue(_ index: Int32) -> Any {
        let node = nodes[Int(index)]
        switch node.kind {
        case .string, .decodedString: return string(index)!
        case .data: return datas[Int(node.start)]
        case .array: return elements(index).map(foundationValue)
        case .dictionary:
            var dictionary: [String: Any] = [:]
            for (key, value) in pairs(index) { dictionary[string(key)!] = foundationValue(value) }
            return dictionary
        }
    }
}

// MARK: - Parser

/// Mirrors CoreFoundation's old-style parser step by step (the cursor positions matter:
/// they decide which error wins and the line it names), on UTF-8 bytes instead of UTF-16.
private struct Parser {
    let buffer: UnsafeBufferPointer<UInt8>
    let end: Int
    /// After a UTF-8 byte order mark.
    let begin: Int
    var position: Int
    /// 1-based line of `position`, counting `\n`.
    var line: Int32 = 1
    var nodes: [OpenStepPlist.Node] = []
    /// Begin and end offset of each node (see `OpenStepPlist.spans`).
    var spans: [Int32] = []
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

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
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

    private mutating func top() throws(InvalidUTF8) -> Int32? {
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

    private mutating func emptyDictionary() -> Int32 {
        nodes.append(OpenStepPlist.Node(kind: .dictionary, line: line, start: Int32(links.count), count: 0))
        spans += [Int32(position), Int32(position)]
        return Int32(nodes.count - 1)
    }

    private func report() -> OpenStepPlist.ParseError {
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
    private func cfLine(at target: Int) -> Int {
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
    private func sequenceLength(at index: Int) throws(InvalidUTF8) -> Int {
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
    private func validate(from start: Int) throws(InvalidUTF8) {
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
    private func scalar(at index: Int) throws(InvalidUTF8) -> (UInt32, Int) {
        let lead = buffer[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead == Self.strayByteRead { return (0xFFFD, 1) }
        let length = try sequenceLength(at: index)
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(buffer[index + offset] & 0x3F) }
        return (value, length)
    }

    /// U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR at `index`, which CoreFoundation counts as white space.
    private func isUnicodeSeparator(at index: Int) -> Bool {
        index + 2 < end && buffer[index] == 0xE2 && buffer[index + 1] == 0x80
            && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9)
    }

    // MARK: Lexing

    /// `a-z A-Z 0-9 _ $ / : . -`: bits of two 64-bit masks, for bytes 0-63 and 64-127.
    @inline(__always)
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x07FF_E010_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(byte - 64) & 1 != 0 }
        return false
    }

    /// Skips white space and `//`, `/* */` comments; true when something else follows.
    private mutating func skipSpace() throws(InvalidUTF8) -> Bool {
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
    private func unit(at index: Int) throws(InvalidUTF8) -> UInt16 {
        let (value, _) = try scalar(at: index)
        return value > 0xFFFF ? UInt16(0xD800 + ((value - 0x10000) >> 10)) : UInt16(value)
    }

    // MARK: Values

    private mutating func object(required: Bool, depth: Int) throws(InvalidUTF8) -> Int32? {
        if depth > Self.maxDepth {
            error = PendingError(kind: .tooDeep, position: position)
            return nil
        }
        guard try skipSpace() else {
            if required { error = PendingError(kind: .endOfFile, position: position) }
            return nil
        }
        let byte = buffer[position]
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            return try dictionary(depth: depth)
        case UInt8(ascii: "("):
            position += 1
            return try array(depth: depth)
        case UInt8(ascii: "<"):
            position += 1
            return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            position += 1
            return try quoted(byte)
        default:
            if Self.isUnquoted(byte) { return unquoted() }
            if required { error = PendingError(kind: .unexpectedCharacter(try unit(at: position)), position: position) }
            return nil
        }
    }

    /// A dictionary key: quoted or unquoted, nothing else (and no error when neither).
    private mutating func key() throws(InvalidUTF8) -> Int32? {
        guard try skipSpace() else { return nil }
        let byte = buffer[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            position += 1
            return try quoted(byte)
        }
        return Self.isUnquoted(byte) ? unquoted() : nil
    }

    private mutating func unquoted() -> Int32 {
        let start = position
        while position < end, Self.isUnquoted(buffer[position]) { position += 1 }
        nodes.append(OpenStepPlist.Node(kind: .string, line: line, start: Int32(start), count: Int32(position - start)))
        spans += [Int32(start), Int32(position)]
        return Int32(nodes.count - 1)
    }

    private mutating func quoted(_ quote: UInt8) throws(InvalidUTF8) -> Int32? {
        let start = position
        let startLine = line
        var units: [UInt16]?
        var mark = position
        while position < end {
            let byte = buffer[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "\\") {
                if units == nil { units = [] }
                try appendUnits(from: mark, to: position, into: &units!)
                position += 1
                if position == end {
                    error = PendingError(kind: .unterminatedBackslash, position: position)
                    return nil
                }
                try units!.append(contentsOf: escaped())
                mark = position
            } else if byte < 0x80 {
                if byte == 0x0A { line += 1 }
                position += 1
            } else {
                position += try sequenceLength(at: position)
            }
        }
        if position >= end {
            position = start
            line = startLine
            error = PendingError(kind: .unterminatedQuote, position: position)
            return nil
        }
        if var collected = units {
            try appendUnits(from: mark, to: position, into: &collected)
            decodedStrings.append(String(decoding: collected, as: UTF16.self))
            nodes.append(
                OpenStepPlist.Node(
                    kind: .decodedString, line: startLine,
                    start: Int32(decodedStrings.count - 1), count: 0))
        } else {
            nodes.append(
                OpenStepPlist.Node(
                    kind: .string, line: startLine, start: Int32(start),
                    count: Int32(position - start)))
        }
        position += 1
        spans += [Int32(start - 1), Int32(position)]
        error = nil
        return Int32(nodes.count - 1)
    }

    private func appendUnits(from start: Int, to stop: Int, into units: inout [UInt16]) throws(InvalidUTF8) {
        var index = start
        while index < stop {
            let (value, length) = try scalar(at: index)
            if value > 0xFFFF {
                units.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                units.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
            } else {
                units.append(UInt16(value))
            }
            index += length
        }
    }

    /// The character after a backslash (the cursor is past the backslash).
    private mutating func escaped() throws(InvalidUTF8) -> [UInt16] {
        let byte = buffer[position]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            position += 1
            // At most three octal digits, kept in one byte as CoreFoundation does, then NeXTSTEP Latin.
            var number = byte - UInt8(ascii: "0")
            for _ in 0..<2 {
                guard position < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(buffer[position]) else { break }
                number = number &<< 3 &+ (buffer[position] - UInt8(ascii: "0"))
                position += 1
            }
            return [NeXTSTEPLatin.unit(number)]
        case UInt8(ascii: "U"):
            position += 1
            var number: UInt16 = 0
            var digits = 0
            while position < end, digits < 4, let digit = Self.hexValue(buffer[position]) {
                number = number << 4 | UInt16(digit)
                position += 1
                digits += 1
            }
            return [number]
        case UInt8(ascii: "a"):
            position += 1
            return [0x07]
        case UInt8(ascii: "b"):
            position += 1
            return [0x08]
        case UInt8(ascii: "f"):
            position += 1
            return [0x0C]
        case UInt8(ascii: "n"):
            position += 1
            return [0x0A]
        case UInt8(ascii: "r"):
            position += 1
            return [0x0D]
        case UInt8(ascii: "t"):
            position += 1
            return [0x09]
        case UInt8(ascii: "v"):
            position += 1
            return [0x0B]
        default:
            if byte == 0x0A { line += 1 }
            var units: [UInt16] = []
            let length = byte < 0x80 ? 1 : try sequenceLength(at: position)
            try appendUnits(from: position, to: position + length, into: &units)
            position += length
            return units
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `begin`: the offset of the opening bracket; the span ends at the cursor (a dictionary's
    /// is moved past its `}` by `dictionary(depth:)`).
    private mutating func finishContainer(_ kind: OpenStepPlist.Kind, line: Int32, from mark: Int, count: Int, begin: Int) -> Int32 {
        let start = Int32(links.count)
        links.append(contentsOf: pending[mark...])
        pending.removeSubrange(mark...)
        nodes.append(OpenStepPlist.Node(kind: kind, line: line, start: start, count: Int32(count)))
        spans += [Int32(begin), Int32(position)]
        return Int32(nodes.count - 1)
    }

    private mutating func array(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        let mark = pending.count
        defer { if pending.count > mark { pending.removeSubrange(mark...) } }
        var count = 0
        var element = try object(required: false, depth: depth + 1)
        while let value = element {
            pending.append(value)
            count += 1
            guard try skipSpace() else {
                error = PendingError(kind: .expectedComma, position: position)
                return nil
            }
            if buffer[position] != UInt8(ascii: ",") {
                element = nil
            } else {
                position += 1
                element = try object(required: false, depth: depth + 1)
            }
        }
        guard try skipSpace(), buffer[position] == UInt8(ascii: ")") else {
            error = PendingError(kind: .expectedParenthesis, position: position)
            return nil
        }
        error = nil
        position += 1
        return finishContainer(.array, line: startLine, from: mark, count: count, begin: begin)
    }

    private mutating func dictionary(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        guard let content = try dictionaryContent(depth: depth) else { return nil }
        guard try skipSpace(), buffer[position] == UInt8(ascii: "}") else {
            error = PendingError(kind: .expectedBrace, position: position)
            return nil
        }
        position += 1
        nodes[Int(content)].line = startLine
        spans[2 * Int(content)] = Int32(begin)
        spans[2 * Int(content) + 1] = Int32(position)
        return content
    }

    private mutating func dictionaryContent(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let contentBegin = position
        let mark = pending.count
        defer { if pending.count > mark { pending.removeSubrange(mark...) } }
        var count = 0
        var nextKey = try key()
        while let key = nextKey {
            guard try skipSpace() else {
                error = PendingError(kind: .missingSemicolon, position: position)
                return nil
            }
            let value: Int32
            if buffer[position] == UInt8(ascii: ";") {
                // `key;` is short for `key = key;` (strings files).
                value = key
            } else if buffer[position] == UInt8(ascii: "=") {
                position += 1
                guard let parsed = try object(required: true, depth: depth + 1) else { return nil }
                value = parsed
            } else {
                error = PendingError(kind: .expectedSemicolonOrEquals, position: position)
                return nil
            }
            pending.append(key)
            pending.append(value)
            count += 1
            if try skipSpace(), buffer[position] == UInt8(ascii: ";") {
                position += 1
                nextKey = try self.key()
            } else {
                error = PendingError(kind: .missingSemicolon, position: position)
                return nil
            }
        }
        error = nil
        return finishContainer(.dictionary, line: startLine, from: mark, count: count, begin: contentBegin)
    }

    /// `<0fbe 12>`: hex digit pairs and white space up to `>`. CoreFoundation looks at the low
    /// byte of each UTF-16 unit when it wants a hex digit, and so does this.
    private mutating func data() throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        var bytes: [UInt8] = []
        var first: UInt8?
        func lowHex(_ unit: UInt16) -> UInt8? {
            let low = UInt8(truncatingIfNeeded: unit)
            switch low {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                return Self.hexValue(low)
            default: return nil
            }
        }
        while position < end {
            let (value, length) = try scalar(at: position)
            let units: [UInt16] =
                value > 0xFFFF
                ? [UInt16(0xD800 + ((value - 0x10000) >> 10)), UInt16(0xDC00 + ((value - 0x10000) & 0x3FF))]
                : [UInt16(value)]
            for unit in units {
                if let high = first {
                    guard let low = lowHex(unit) else {
                        error = PendingError(kind: .oddHex, position: position)
                        return nil
                    }
                    bytes.append(high << 4 | low)
                    first = nil
                    continue
                }
                if unit == UInt16(UInt8(ascii: ">")) {
                    position += 1
                    error = nil
                    datas.append(Data(bytes))
                    nodes.append(OpenStepPlist.Node(kind: .data, line: startLine, start: Int32(datas.count - 1), count: 0))
                    spans += [Int32(begin), Int32(position)]
                    return Int32(nodes.count - 1)
                }
                if let digit = lowHex(unit) {
                    first = digit
                } else if unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0x2028 || unit == 0x2029 {
                    if unit == 0x0A { line += 1 }
                } else {
                    error = PendingError(kind: .invalidHex, position: position)
                    return nil
                }
            }
            position += length
        }
        if first != nil {
            error = PendingError(kind: .oddHex, position: position)
            return nil
        }
        error = PendingError(kind: .expectedGreater, position: position)
        return nil
    }
}

/// NeXTSTEP Latin, the encoding of octal escapes in OpenStep strings.
enum NeXTSTEPLatin {
    /// UTF-16 unit of each byte; bytes Foundation cannot convert give 0, as in CoreFoundation.
    static let table: [UInt16] = (0...255).map { byte in
        if byte < 0x80 { return UInt16(byte) }
        return String(data: Data([UInt8(byte)]), encoding: .nextstep)?.utf16.first ?? 0
    }

    static func unit(_ byte: UInt8) -> UInt16 { table[Int(byte)] }
}
