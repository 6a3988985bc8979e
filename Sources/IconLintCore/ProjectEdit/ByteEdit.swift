import Foundation

/// A planned change of one text file of the linted tree: the bytes as read and the bytes to
/// write. Nothing is written here; the caller writes every edit of a run in one transaction
/// (and checks, just before, that the file still holds `original`).
public struct TextFileEdit: Sendable, Equatable {
    /// Root-relative path.
    public var path: String
    public var original: [UInt8]
    public var edited: [UInt8]
    /// One line per change, for the run's report ("Debug: ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES += Blue").
    public var changes: [String]

    public init(path: String, original: [UInt8], edited: [UInt8], changes: [String]) {
        self.path = path
        self.original = original
        self.edited = edited
        self.changes = changes
    }
}

/// Why a project file cannot be edited: one line, naming the file (and line where known).
public struct ProjectEditError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// One replacement of a byte range (an insertion when the range is empty).
struct ByteEdit: Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    init(insert text: String, at offset: Int) {
        self.init(offset..<offset, Array(text.utf8))
    }

    /// `edits` applied to `bytes`; they must not overlap (two insertions at one offset keep their order).
    static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) throws(ProjectEditError) -> [UInt8] {
        let sorted = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.replacement.count })
        var cursor = 0
        for edit in sorted {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count else {
                throw ProjectEditError("two edits of one file overlap; nothing was changed")
            }
            result += bytes[cursor..<edit.range.lowerBound]
            result += edit.replacement
            cursor = edit.range.upperBound
        }
        result += bytes[cursor...]
        return result
    }
}

/// Text helpers over a file's bytes: lines and their indentation.
enum ByteLines {
    /// Offset of the first byte of the line holding `offset`.
    static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
        return index
    }

    /// Offset just past the end of the line holding `offset` (its line break included).
    static func lineEnd(_ bytes: [UInt8], _ offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        guard index < bytes.count else { return index }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        return index + 1
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(_ bytes: [UInt8], _ offset: Int) -> String {
        var index = lineStart(bytes, offset)
        var indent = ""
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            indent.append(Character(UnicodeScalar(bytes[index])))
            index += 1
        }
        return indent
    }

    /// The file's line break: `\r\n` when its first line ends so, else `\n`.
    static func lineBreak(_ bytes: [UInt8]) -> String {
        guard let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[first] == 0x0D { return first + 1 < bytes.count && bytes[first + 1] == 0x0A ? "\r\n" : "\r" }
        return "\n"
    }

    /// True when only spaces and tabs lie between `from` and `to`.
    static func blank(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Bool {
        bytes[from..<to].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Strings written as Xcode writes them in project.pbxproj.
enum OpenStepText {
    /// Bare when every byte is a letter, digit, `_`, `$`, `.` or `/` (and it has no `//` or
    /// `___`, which Xcode quotes); otherwise in double quotes with `\` `"` and controls escaped.
    static func string(_ text: String) -> String {
        let bare =
            !text.isEmpty && !text.contains("//") && !text.contains("___")
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
                    UInt8(ascii: "/"):
                    true
                default: false
                }
            }
        if bare { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 {
                    quoted += "\\U" + String(format: "%04x", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
