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
package struct OpenStepPlist {
    package enum Kind: UInt8 {
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

    package struct Node {
        package var kind: Kind
        /// 1-based line of the node's first byte; 0 when unknown (values from Foundation).
        package var line: Int32
        var start: Int32
        var count: Int32
    }

    /// Why a file is not a property list: CoreFoundation's message and the line it names.
    package struct ParseError: Error, Equatable {
        package var message: String
        package var line: Int?
    }

    let bytes: [UInt8]
    fileprivate(set) var nodes: [Node] = []
    fileprivate(set) var links: [Int32] = []
    fileprivate(set) var decodedStrings: [String] = []
    fileprivate(set) var datas: [Data] = []
    package fileprivate(set) var root: Int32 = -1
    /// Byte span of each node in `bytes`, two entries per node: the offset of its first byte
    /// (a quote, `{`, `(` or `<` included) and the offset just past its last. Filled by `parse`
    /// only: empty for a plist from `read` (linting needs no offsets; recording them cost the
    /// monorepo benchmark 1% of its instructions) and for one read through Foundation, whose
    /// bytes are not OpenStep text. The project editors (ProjectEdit/) replace and insert at
    /// these offsets.
    fileprivate(set) var spans: [Int32] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Reading

    /// Parses `data`: OpenStep text here, anything else (XML, binary, UTF-16/32) through
    /// `PropertyListSerialization`, converted to the same nodes (without lines). Without
    /// `spans`: an editor parses with `parse`.
    static func read(_ data: Data) -> Result<OpenStepPlist, ParseError> {
        let bytes = [UInt8](data)
        if needsFoundation(bytes) { return readWithFoundation(data, bytes: bytes) }
        return parse(bytes, recordingSpans: false)
    }

    /// XML (`<?xml`, `<plist`), binary (`bplist`), text with a UTF-16/32 byte order mark or
    /// NUL bytes at the start (CoreFoundation guesses UTF-16 then), and anything whose first
    /// character is `<` (XML is tried first there).
    package static func needsFoundation(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE { return true }
        if bytes.prefix(4).contains(0) { return true }
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, bytes[index] == 0x20 || (9...13).contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    /// The OpenStep parser proper, for text that `needsFoundation` does not claim; `spans`
    /// are recorded unless `recordingSpans` is false.
    package static func parse(_ bytes: [UInt8], recordingSpans: Bool = true) -> Result<OpenStepPlist, ParseError> {
        if bytes.isEmpty { return .failure(ParseError(message: "Cannot parse a NULL or zero-length data", line: nil)) }
        var plist = OpenStepPlist(bytes: bytes)
        let outcome: Result<Int32, ParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = OpenStepParser(buffer: buffer, recordsSpans: recordingSpans)
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
    package static let byteLimit = 256 << 20

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

    package subscript(_ index: Int32) -> Node { nodes[Int(index)] }

    package func isString(_ index: Int32) -> Bool {
        let kind = nodes[Int(index)].kind
        return kind == .string || kind == .decodedString
    }

    /// The string a string node holds, nil for other kinds.
    package func string(_ index: Int32) -> String? {
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
    package func span(_ index: Int32) -> Range<Int>? {
        guard spans.count == 2 * nodes.count else { return nil }
        return Int(spans[2 * Int(index)])..<Int(spans[2 * Int(index) + 1])
    }

    /// Elements of an array node (empty for other kinds).
    package func elements(_ index: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(index)]
        guard node.kind == .array else { return [] }
        return links[Int(node.start)..<Int(node.start + node.count)]
    }

    /// Key and value node pairs of a dictionary node in file order (empty for other kinds).
    /// A key written twice appears twice; the later one is the value (`value(forKey:in:)`).
    package func pairs(_ index: Int32) -> [(key: Int32, value: Int32)] {
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

    package func value(forKey key: String, in dictionary: Int32) -> Int32? {
        entry(forKey: key, in: dictionary)?.value
    }

    /// The whole tree as Foundation-like values (String, Data, [Any], [String: Any]), for
    /// comparing with `PropertyListSerialization`.
    package func foundationValue(_ index: Int32) -> Any {
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
