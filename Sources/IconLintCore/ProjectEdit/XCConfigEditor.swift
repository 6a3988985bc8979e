import Foundation

/// Minimal byte edits of one .xcconfig: the value of a `KEY = value` line replaced where it
/// is written (between the `=` and a trailing `;` or `//` comment, which stay), every other
/// byte as it was. The line is the one the reader located the winning value on, so a value
/// reached through `#include` is edited in the file that writes it.
struct XCConfigEditor {
    let bytes: [UInt8]
    let file: String
    private let lines: [Range<Int>]

    init(bytes: [UInt8], file: String) throws(ProjectEditError) {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ProjectEditError("\(file) is not UTF-8 text; not edited")
        }
        self.bytes = bytes
        self.file = file
        lines = XCConfigReader.lineRanges(bytes)
        continuations = Self.continuationLines(bytes, lines)
    }

    /// Lines (1-based) the reader folds into the assignment above them, after a value that
    /// ends in `\`: no assignment of their own, whatever they look like.
    private let continuations: Set<Int>

    private static func continuationLines(_ bytes: [UInt8], _ lines: [Range<Int>]) -> Set<Int> {
        var found: Set<Int> = []
        var index = 0
        while index < lines.count {
            let text = XCConfigReader.withoutComment(bytes, lines[index])
            index += 1
            guard !text.isEmpty, !text.hasPrefix("#"), let equals = XCConfigReader.assignmentOperator(in: text),
                parseSettingName(String(text[..<equals])) != nil
            else { continue }
            var chunk = XCConfigReader.withoutSemicolon(String(text[text.index(after: equals)...]))
            while chunk.hasSuffix("\\"), index < lines.count {
                found.insert(index + 1)
                chunk = XCConfigReader.withoutSemicolon(XCConfigReader.withoutComment(bytes, lines[index]))
                index += 1
            }
        }
        return found
    }

    /// The setting a line assigns (`KEY` and its conditions) and the byte range of its value.
    func assignment(line number: Int) throws(ProjectEditError) -> (key: String, conditions: [SettingCondition], value: Range<Int>) {
        guard number >= 1, number <= lines.count else { throw ProjectEditError("\(file) has no line \(number); not edited") }
        guard !continuations.contains(number) else {
            throw ProjectEditError("\(file), line \(number) continues the value above it; edit it by hand")
        }
        let line = lines[number - 1]
        var comment = line.upperBound
        var index = line.lowerBound
        while index + 1 < line.upperBound {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                comment = index
                break
            }
            index += 1
        }
        var depth = 0
        var equals: Int?
        for offset in line.lowerBound..<comment {
            switch bytes[offset] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "=") where depth == 0: equals = offset
            default: continue
            }
            if equals != nil { break }
        }
        guard let equals, let name = parseSettingName(String(decoding: bytes[line.lowerBound..<equals], as: UTF8.self)) else {
            throw ProjectEditError("\(file), line \(number) is not `KEY = value`; not edited")
        }
        var start = equals + 1
        while start < comment, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        var end = comment
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: ";") {
            end -= 1
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        }
        if end > start, bytes[end - 1] == UInt8(ascii: "\\") {
            throw ProjectEditError("\(file), line \(number): the value continues on the next line; edit it by hand")
        }
        return (name.key, name.conditions, start..<end)
    }

    /// The value written on a line.
    func value(line number: Int) throws(ProjectEditError) -> String {
        String(decoding: bytes[try assignment(line: number).value], as: UTF8.self)
    }

    /// Replaces the value of line `number` (which must assign `key`) with `text`.
    func replace(line number: Int, key: String, with text: String) throws(ProjectEditError) -> ByteEdit {
        let found = try assignment(line: number)
        guard found.key == key else { throw ProjectEditError("\(file), line \(number) assigns \(found.key), not \(key); not edited") }
        guard !text.contains(where: { $0.isNewline }), !text.contains("//") else {
            throw ProjectEditError("\(file): a value with a line break or `//` cannot be written on one xcconfig line")
        }
        // An empty value that ended right after `=`: a space keeps `KEY = value` readable.
        let spaced = found.value.isEmpty && found.value.lowerBound > 0 && bytes[found.value.lowerBound - 1] == UInt8(ascii: "=")
        return ByteEdit(found.value, Array(((spaced ? " " : "") + text).utf8))
    }

    /// Adds `word` at the end of line `number`'s value.
    func append(_ word: String, line number: Int, key: String) throws(ProjectEditError) -> ByteEdit {
        let current = try value(line: number)
        return try replace(line: number, key: key, with: current.isEmpty ? word : current + " " + word)
    }
}
