import Foundation

/// Minimal byte edits of an app icon set's Contents.json: a file name put into an image
/// entry of `images`, every other byte kept (whatever the file's spacing, Xcode's `" : "` or
/// another tool's `": "`). The entries are found by a scan that skips strings and nested
/// values; anything it does not understand refuses the edit (nil) rather than guess.
public enum ContentsJSONEdit {
    /// The byte ranges of the objects of the top-level `images` array, in order; nil when the
    /// file is not a JSON object holding such an array.
    static func imageRanges(_ bytes: [UInt8]) -> [Range<Int>]? {
        var scan = Scan(bytes: bytes)
        scan.skipSpace()
        guard scan.take(UInt8(ascii: "{")) else { return nil }
        while true {
            scan.skipSpace()
            if scan.take(UInt8(ascii: "}")) { return nil }
            guard let key = scan.string() else { return nil }
            scan.skipSpace()
            guard scan.take(UInt8(ascii: ":")) else { return nil }
            scan.skipSpace()
            if key == "images" {
                guard scan.take(UInt8(ascii: "[")) else { return nil }
                var ranges: [Range<Int>] = []
                while true {
                    scan.skipSpace()
                    if scan.take(UInt8(ascii: "]")) { return ranges }
                    let start = scan.index
                    guard scan.peek == UInt8(ascii: "{"), scan.skipValue() else { return nil }
                    ranges.append(start..<scan.index)
                    scan.skipSpace()
                    if scan.take(UInt8(ascii: ",")) { continue }
                    guard scan.peek == UInt8(ascii: "]") else { return nil }
                }
            }
            guard scan.skipValue() else { return nil }
            scan.skipSpace()
            guard scan.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The file with `"filename"` set to `name` in the image entry at `index` (which has none
    /// yet), written first in the entry with the entry's own indentation and key spacing.
    public static func settingFilename(_ name: String, at index: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard let ranges = imageRanges(bytes), ranges.indices.contains(index) else { return nil }
        let range = ranges[index]
        guard let entry = try? JSONSerialization.jsonObject(with: Data(bytes[range])) as? [String: Any], entry["filename"] == nil else { return nil }
        // The spacing before the first key, and between a key and its value.
        var cursor = range.lowerBound + 1
        while cursor < range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
        let leading = Array(bytes[(range.lowerBound + 1)..<cursor])
        var scan = Scan(bytes: bytes, index: cursor)
        guard scan.string() != nil else { return nil }
        let separatorStart = scan.index
        scan.skipSpace()
        guard scan.take(UInt8(ascii: ":")) else { return nil }
        scan.skipSpace()
        let separator = Array(bytes[separatorStart..<scan.index])
        guard let quoted = try? JSONSerialization.data(withJSONObject: [name], options: [.withoutEscapingSlashes]) else { return nil }
        let value = Array(quoted.dropFirst().dropLast())
        let inserted = leading + Array("\"filename\"".utf8) + separator + value + [UInt8(ascii: ",")]
        var result = bytes
        result.insert(contentsOf: inserted, at: range.lowerBound + 1)
        // The result must read back as the original with that one key added.
        guard let edited = try? JSONSerialization.jsonObject(with: Data(result)) as? [String: Any],
            let images = edited["images"] as? [[String: Any]], images.indices.contains(index),
            images[index]["filename"] as? String == name,
            let original = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return nil }
        var expected = original
        var list = original["images"] as? [[String: Any]] ?? []
        list[index]["filename"] = name
        expected["images"] = list
        return (edited as NSDictionary).isEqual(to: expected) ? result : nil
    }

    /// A cursor over JSON bytes.
    struct Scan {
        var bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A string's contents (escapes kept as written), the cursor after its closing quote.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while let byte = peek {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                index += 1
            }
            return nil
        }

        /// Skips one value (string, object, array or scalar); false at a malformed one.
        mutating func skipValue() -> Bool {
            guard let first = peek else { return false }
            if first == UInt8(ascii: "\"") { return string() != nil }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var depth = 0
                while let byte = peek {
                    if byte == UInt8(ascii: "\"") {
                        guard string() != nil else { return false }
                        continue
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    }
                    index += 1
                }
                return false
            }
            let start = index
            while let byte = peek, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
            return index > start
        }
    }
}
