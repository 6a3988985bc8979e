import Foundation

/// Adds or replaces the legacy icon entries (`CFBundleIcons`, `CFBundleIcons~ipad`) in an
/// Info.plist, in place.
///
/// XML: the top-level `<dict>` is scanned for the entries' byte ranges; only those ranges
/// change (or the new entries go before the closing `</dict>`), so every other byte stays as
/// it was. Binary: rewritten in binary through PropertyListSerialization. Either way the
/// result is parsed again and must equal the original with just these entries changed;
/// anything else (OpenStep text, a root that is not a dictionary, a layout the scan does not
/// understand) is refused rather than risked.
public enum InfoPlistEditor {
    public enum EditError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unsupported(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .unsupported(let path, let reason):
                "\(path): \(reason); not edited. Paste the entries printed without --plist instead"
            }
        }
    }

    /// Edits the file at `path` for `plans` (the legacy plans whose entries it should hold).
    public static func update(_ path: String, with plans: [IconSetPlan]) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EditError.unreadable(path: path, reason: "no such file or not readable")
        }
        var entries: [Entry] = []
        for plan in plans {
            entries += plan.plistIconFiles.map { Entry(key: $0.key, files: $0.files, name: plan.name, alternate: plan.alternate) }
        }
        let edited = try edit([UInt8](data), entries: entries, path: path)
        var transaction = OutputTransaction()
        transaction.force = true
        transaction.add(path, edited)
        try transaction.commit()
    }

    /// One icon's files under one key (`CFBundleIcons` or `CFBundleIcons~ipad`).
    struct Entry {
        var key: String
        var files: [String]
        var name: String
        var alternate: Bool
    }

    /// The edited bytes of a plist.
    static func edit(_ bytes: [UInt8], entries: [Entry], path: String) throws -> [UInt8] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw EditError.unsupported(path: path, reason: "not a property list (\(error.localizedDescription))")
        }
        guard let original = root as? [String: Any] else {
            throw EditError.unsupported(path: path, reason: "its root is not a dictionary")
        }
        // The icon's entry is added or replaced inside CFBundleIcons; other icons stay.
        var expected = original
        for entry in entries {
            expected[entry.key] = InfoPlistEntries.merged(expected[entry.key], files: entry.files, name: entry.name,
                                                          alternate: entry.alternate)
        }
        let values = Dictionary(entries.map { ($0.key, expected[$0.key] as Any) }, uniquingKeysWith: { _, last in last })

        let result: [UInt8]
        switch format {
        case .binary:
            do {
                result = [UInt8](try PropertyListSerialization.data(fromPropertyList: expected, format: .binary, options: 0))
            } catch {
                throw EditError.unsupported(path: path, reason: "cannot write it back as binary (\(error.localizedDescription))")
            }
        case .xml:
            result = try XMLPlistScan.replace(bytes, values: values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                              path: path)
        default:
            throw EditError.unsupported(path: path, reason: "it is an old-style (OpenStep) plist")
        }
        // The result must read back as exactly the original plus the new entries.
        var check = PropertyListSerialization.PropertyListFormat.xml
        let reread: Any
        do {
            reread = try PropertyListSerialization.propertyList(from: Data(result), options: [], format: &check)
        } catch {
            throw EditError.unsupported(path: path, reason: "the edited file would not parse (\(error.localizedDescription))")
        }
        guard let reread = reread as? NSDictionary, check == format, reread.isEqual(to: expected) else {
            throw EditError.unsupported(path: path, reason: "the edit could not be verified")
        }
        return result
    }
}

/// A byte-level scan of an XML plist's top-level dictionary: enough to find where each
/// entry starts and ends, never to interpret values (PropertyListSerialization does that).
struct XMLPlistScan {
    let bytes: [UInt8]
    let path: String
    var position = 0

    static func replace(_ bytes: [UInt8], values entries: [(key: String, value: Any)], path: String) throws -> [UInt8] {
        var scan = XMLPlistScan(bytes: bytes, path: path)
        let layout = try scan.topLevel()
        let newline = bytes.contains(13) && String(decoding: bytes, as: UTF8.self).contains("\r\n") ? "\r\n" : "\n"
        let indent = layout.indent ?? "\t"
        var edits: [(range: Range<Int>, text: String)] = []
        var inserted: [String] = []
        for entry in entries {
            let text = InfoPlistEntries.fragment(key: entry.key, value: entry.value, indent: indent)
                .replacingOccurrences(of: "\n", with: newline)
            if let range = layout.entries[entry.key] {
                edits.append((range, text))
            } else {
                inserted.append(text + newline)
            }
        }
        if !inserted.isEmpty {
            let at = layout.closingLineStart
            var prefix = ""
            // A closing tag that shares its line with other content needs a line break first.
            if at > 0 && bytes[at - 1] != 10 { prefix = newline }
            edits.append((at..<at, prefix + inserted.joined()))
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return result
    }

    struct Layout {
        /// Key → bytes from the key's first character to the end of its value.
        var entries: [String: Range<Int>] = [:]
        /// Indentation of the top-level keys.
        var indent: String?
        /// Where the line of the closing `</dict>` starts (or the tag itself when not alone on it).
        var closingLineStart = 0
    }

    private func fail(_ reason: String) -> InfoPlistEditor.EditError {
        .unsupported(path: path, reason: "cannot edit it safely (\(reason))")
    }

    private func starts(_ text: String, at index: Int) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private func find(_ text: String, from index: Int) -> Int? {
        let pattern = Array(text.utf8)
        var i = index
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0] && Array(bytes[i..<i + pattern.count]) == pattern { return i }
            i += 1
        }
        return nil
    }

    /// Skips whitespace, comments, processing instructions and the doctype.
    private mutating func skipMisc() throws {
        while position < bytes.count {
            let b = bytes[position]
            if b == 32 || b == 9 || b == 10 || b == 13 {
                position += 1
            } else if starts("<!--", at: position) {
                guard let end = find("-->", from: position + 4) else { throw fail("unterminated comment") }
                position = end + 3
            } else if starts("<?", at: position) {
                guard let end = find("?>", from: position + 2) else { throw fail("unterminated processing instruction") }
                position = end + 2
            } else if starts("<!DOCTYPE", at: position) {
                guard let end = find(">", from: position), find("[", from: position).map({ $0 > end }) ?? true else {
                    throw fail("a doctype with an internal subset")
                }
                position = end + 1
            } else {
                return
            }
        }
    }

    /// Reads a tag at `position`: its name, whether it closes or self-closes.
    private mutating func tag() throws -> (name: String, closing: Bool, empty: Bool) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw fail("text where a tag was expected") }
        guard let end = find(">", from: position) else { throw fail("unterminated tag") }
        var inner = Array(bytes[position + 1..<end])
        position = end + 1
        let closing = inner.first == UInt8(ascii: "/")
        if closing { inner.removeFirst() }
        let empty = inner.last == UInt8(ascii: "/")
        if empty { inner.removeLast() }
        let name = String(decoding: inner.prefix { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }, as: UTF8.self)
        return (name, closing, empty)
    }

    /// Skips one element (at `position`, after misc), nested ones included.
    private mutating func skipElement() throws -> String {
        let open = try tag()
        guard !open.closing else { throw fail("unexpected </\(open.name)>") }
        if open.empty { return open.name }
        var depth = 1
        while depth > 0 {
            guard let next = find("<", from: position) else { throw fail("unterminated <\(open.name)>") }
            position = next
            if starts("<!--", at: position) {
                guard let end = find("-->", from: position + 4) else { throw fail("unterminated comment") }
                position = end + 3
            } else if starts("<![CDATA[", at: position) {
                guard let end = find("]]>", from: position + 9) else { throw fail("unterminated CDATA") }
                position = end + 3
            } else {
                let t = try tag()
                if t.closing { depth -= 1 } else if !t.empty { depth += 1 }
            }
        }
        return open.name
    }

    private func lineStart(_ index: Int) -> Int {
        var i = index
        while i > 0 && (bytes[i - 1] == 32 || bytes[i - 1] == 9) { i -= 1 }
        return i > 0 && bytes[i - 1] != 10 && bytes[i - 1] != 13 ? index : i
    }

    mutating func topLevel() throws -> Layout {
        try skipMisc()
        let plist = try tag()
        guard plist.name == "plist", !plist.closing, !plist.empty else { throw fail("no <plist> element") }
        try skipMisc()
        let dictStart = position
        let dict = try tag()
        guard dict.name == "dict", !dict.closing else { throw fail("the root is not a <dict>") }
        guard !dict.empty else { throw fail("the root dictionary is written <dict/>") }
        _ = dictStart
        var layout = Layout()
        while true {
            try skipMisc()
            let here = position
            if starts("</dict", at: here) {
                layout.closingLineStart = lineStart(here)
                return layout
            }
            let keyStart = here
            let key = try tag()
            guard key.name == "key", !key.closing, !key.empty else { throw fail("<\(key.name)> where a <key> was expected") }
            guard let close = find("</key>", from: position) else { throw fail("unterminated <key>") }
            let raw = Array(bytes[position..<close])
            guard !raw.contains(UInt8(ascii: "<")) && !raw.contains(UInt8(ascii: "&")) else {
                throw fail("a key with markup or entities")
            }
            let name = String(decoding: raw, as: UTF8.self)
            position = close + 6
            try skipMisc()
            _ = try skipElement()
            let lineBegin = lineStart(keyStart)
            if layout.indent == nil && lineBegin < keyStart {
                layout.indent = String(decoding: bytes[lineBegin..<keyStart], as: UTF8.self)
            }
            guard layout.entries[name] == nil else { throw fail("the key \(name) appears twice") }
            // The range starts at the key's line start so replaced text brings its own indent.
            layout.entries[name] = lineBegin..<position
        }
    }
}
