import Foundation
import IconSupport

/// Adds or replaces the legacy icon entries (`CFBundleIcons`, `CFBundleIcons~ipad`) in an
/// Info.plist, in place.
///
/// XML: the dictionaries on the way to the icon's entry (`CFBundleIcons` →
/// `CFBundleAlternateIcons` → NAME → `CFBundleIconFiles`, or → `CFBundlePrimaryIcon` →
/// `CFBundleIconFiles`) are scanned for byte ranges; only the icon's own entry changes (or is
/// inserted before the closing `</dict>` of the innermost dictionary there is), so comments,
/// key order and every other byte stay as they were. Binary: rewritten in binary through
/// PropertyListFile, which reads every plist (a binary one is sized before Foundation sees
/// it). Either way the result is parsed again and must equal the original with just this
/// entry changed; anything else (OpenStep text, a root that is not a
/// dictionary, a layout the scan does not understand) is refused rather than risked.
/// Replacing an entry the plist already has (with other files) needs `force`.
public enum InfoPlistEditor {
    public enum EditError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unsupported(path: String, reason: String)
        case entryExists(path: String, entry: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .unsupported(let path, let reason):
                "\(path): \(reason); not edited. Paste the entries printed without --plist instead"
            case .entryExists(let path, let entry):
                "\(path) already has the entry \(entry) with other files; pass --force to replace it"
            }
        }
    }

    /// An edit checked and ready to write: the file to replace (a link's target) and its bytes.
    public struct Edit: Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// Reads and edits the plist at `path` for `plans` (the legacy plans whose entries it
    /// should hold) without writing anything: it must be a readable regular file (or a link
    /// to one) in a writable folder, parse, and take the edit. A bare name is in the current folder.
    public static func prepare(_ path: String, with plans: [IconSetPlan], force: Bool) throws(EditError) -> Edit {
        let target: String
        do {
            guard case .file(let file) = try OutputDestination.resolve(path, force: true) else {
                throw EditError.unsupported(path: path, reason: "not a regular file")
            }
            target = file
        } catch let error as EditError {
            throw error
        } catch {
            throw EditError.unreadable(path: path, reason: "\(error)")
        }
        let data: Data
        switch BoundedFile.read(target, limit: sizeLimit) {
        case .success(let read): data = read
        case .failure(.tooLarge): throw EditError.unreadable(path: path, reason: "the file is larger than 16 MiB; an Info.plist is a few KiB")
        case .failure: throw EditError.unreadable(path: path, reason: "no such file or not readable")
        }
        let folder = (target as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            throw EditError.unreadable(path: path, reason: "its folder is not writable, so it cannot be replaced safely")
        }
        var entries: [Entry] = []
        for plan in plans {
            entries += plan.plistIconFiles.map { Entry(key: $0.key, files: $0.files, name: plan.name, alternate: plan.alternate) }
        }
        return Edit(path: target, bytes: try edit([UInt8](data), entries: entries, path: path, force: force))
    }

    /// The largest Info.plist read, as lint reads them.
    static let sizeLimit = 16 << 20

    /// One icon's files under one key (`CFBundleIcons` or `CFBundleIcons~ipad`).
    struct Entry {
        var key: String
        var files: [String]
        var name: String
        var alternate: Bool

        /// The keys from the top-level dictionary to the files' array.
        var keyPath: [String] {
            alternate ? [key, "CFBundleAlternateIcons", name, "CFBundleIconFiles"] : [key, "CFBundlePrimaryIcon", "CFBundleIconFiles"]
        }

        /// How the entry reads in a message.
        var label: String { (alternate ? keyPath.dropLast() : keyPath[...]).joined(separator: " → ") }
    }

    /// The edited bytes of a plist.
    static func edit(_ bytes: [UInt8], entries: [Entry], path: String, force: Bool = true) throws(EditError) -> [UInt8] {
        let root: Any
        let format: PropertyListFile.Format
        do throws(PropertyListFile.Failure) {
            (root, format) = try PropertyListFile.parse(Data(bytes), limit: sizeLimit)
        } catch {
            switch error {
            case .tooLarge: throw EditError.unreadable(path: path, reason: "the file is larger than 16 MiB; an Info.plist is a few KiB")
            case .refused(let refusal): throw EditError.unreadable(path: path, reason: "\(refusal)")
            case .unparsable(let error): throw EditError.unsupported(path: path, reason: "not a property list (\(error.localizedDescription))")
            }
        }
        guard let original = root as? [String: Any] else {
            throw EditError.unsupported(path: path, reason: "its root is not a dictionary")
        }
        // The icon's entry is added or replaced inside CFBundleIcons; other icons stay.
        var expected = original
        for entry in entries {
            let present = value(at: entry.keyPath, in: original) as? [String]
            if !force, let present, !present.isEmpty, present != entry.files {
                throw EditError.entryExists(path: path, entry: entry.label)
            }
            expected[entry.key] = InfoPlistEntries.merged(
                expected[entry.key], files: entry.files, name: entry.name,
                alternate: entry.alternate)
        }

        let result: [UInt8]
        switch format {
        case .binary:
            result = try binaryBytes(expected, path: path)
        case .xml:
            var edited = bytes
            for entry in entries {
                edited = try XMLPlistScan.set(entry.keyPath, in: edited, expected: expected, path: path)
            }
            result = edited
        case .openStep:
            throw EditError.unsupported(path: path, reason: "it is an old-style (OpenStep) plist")
        }
        // The result must read back as exactly the original plus the new entries.
        try verify(result, format: format, expected: expected, path: path)
        return result
    }

    /// `dictionary` as a binary plist.
    static func binaryBytes(_ dictionary: [String: Any], path: String) throws(EditError) -> [UInt8] {
        do {
            return [UInt8](try PropertyListFile.binaryData(dictionary))
        } catch {
            throw EditError.unsupported(path: path, reason: "cannot write it back as binary (\(error.localizedDescription))")
        }
    }

    /// Refuses an edit whose bytes do not read back, in the same format, as `expected`.
    static func verify(_ result: [UInt8], format: PropertyListFile.Format, expected: [String: Any], path: String) throws(EditError) {
        let reread: Any
        let check: PropertyListFile.Format
        do {
            (reread, check) = try PropertyListFile.parse(Data(result), limit: sizeLimit)
        } catch {
            throw EditError.unsupported(path: path, reason: "the edited file would not parse (\(error))")
        }
        guard let reread = reread as? NSDictionary, check == format, reread.isEqual(to: expected) else {
            throw EditError.unsupported(path: path, reason: "the edit could not be verified")
        }
    }

    /// The value at a key path of nested dictionaries.
    static func value(at keyPath: [String], in dictionary: [String: Any]) -> Any? {
        var current: Any? = dictionary
        for key in keyPath { current = (current as? [String: Any])?[key] }
        return current
    }
}

/// A byte-level scan of an XML plist's top-level dictionary: enough to find where each
/// entry starts and ends, never to interpret values (PropertyListFile does that).
struct XMLPlistScan {
    let bytes: [UInt8]
    let path: String
    var position = 0

    /// Sets the value at `keyPath` to what `expected` holds there, changing only the innermost
    /// entry that exists on the path: it descends while each key is there with a non-empty
    /// `<dict>`, then replaces that key's entry or inserts the missing key before `</dict>`.
    static func set(_ keyPath: [String], in bytes: [UInt8], expected: [String: Any], path: String) throws(InfoPlistEditor.EditError) -> [UInt8] {
        var scan = XMLPlistScan(bytes: bytes, path: path)
        try scan.skipMisc()
        let plist = try scan.tag()
        guard plist.name == "plist", !plist.closing, !plist.empty else { throw scan.fail("no <plist> element") }
        try scan.skipMisc()
        let newline = bytes.contains(13) && String(decoding: bytes, as: UTF8.self).contains("\r\n") ? "\r\n" : "\n"
        var layout = try scan.dictionary()
        // One level of indentation, as the top-level keys are indented (a tab by default).
        let unit = layout.indent ?? "\t"
        var level: [String: Any] = expected
        var depth = 0
        for (index, key) in keyPath.enumerated() {
            let value = level[key] as Any
            if let entry = layout.entries[key] {
                if index < keyPath.count - 1, entry.isFilledDictionary, let next = value as? [String: Any] {
                    scan.position = entry.valueStart
                    layout = try scan.dictionary()
                    level = next
                    depth += 1
                    continue
                }
                let prefix = layout.indent ?? String(repeating: unit, count: depth + 1)
                let text = InfoPlistEntries.fragment(key: key, value: value, prefix: prefix, unit: unit)
                    .replacingOccurrences(of: "\n", with: newline)
                var result = bytes
                result.replaceSubrange(entry.range, with: Array(text.utf8))
                return result
            }
            let prefix = layout.indent ?? (layout.closingIndent + unit)
            var text =
                InfoPlistEntries.fragment(key: key, value: value, prefix: prefix, unit: unit)
                .replacingOccurrences(of: "\n", with: newline) + newline
            let at = layout.closingLineStart
            // A closing tag that shares its line with other content needs a line break first.
            if at > 0 && bytes[at - 1] != 10 { text = newline + text }
            var result = bytes
            result.replaceSubrange(at..<at, with: Array(text.utf8))
            return result
        }
        return bytes
    }

    struct Layout {
        struct Entry {
            /// From the key's line start (or the key itself) to the end of its value.
            var range: Range<Int>
            /// Where the value's element starts.
            var valueStart: Int
            /// The value is a `<dict>` with content (not `<dict/>`).
            var isFilledDictionary: Bool
        }

        var entries: [String: Entry] = [:]
        /// Indentation of the dictionary's keys.
        var indent: String?
        /// Where the line of the closing `</dict>` starts (or the tag itself when not alone on it).
        var closingLineStart = 0
        /// The whitespace before the closing `</dict>` on its line.
        var closingIndent = ""
    }

    func fail(_ reason: String) -> InfoPlistEditor.EditError {
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
    mutating func skipMisc() throws(InfoPlistEditor.EditError) {
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
    mutating func tag() throws(InfoPlistEditor.EditError) -> (name: String, closing: Bool, empty: Bool) {
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
    private mutating func skipElement() throws(InfoPlistEditor.EditError) -> (name: String, empty: Bool) {
        let open = try tag()
        guard !open.closing else { throw fail("unexpected </\(open.name)>") }
        if open.empty { return (open.name, true) }
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
        return (open.name, false)
    }

    private func lineStart(_ index: Int) -> Int {
        var i = index
        while i > 0 && (bytes[i - 1] == 32 || bytes[i - 1] == 9) { i -= 1 }
        return i > 0 && bytes[i - 1] != 10 && bytes[i - 1] != 13 ? index : i
    }

    /// Scans the `<dict>` element at `position` (after whitespace and comments).
    mutating func dictionary() throws(InfoPlistEditor.EditError) -> Layout {
        try skipMisc()
        let dict = try tag()
        guard dict.name == "dict", !dict.closing else { throw fail("a <\(dict.name)> where a <dict> was expected") }
        guard !dict.empty else { throw fail("a dictionary written <dict/>") }
        var layout = Layout()
        while true {
            try skipMisc()
            let here = position
            if starts("</dict", at: here) {
                layout.closingLineStart = lineStart(here)
                layout.closingIndent = String(decoding: bytes[layout.closingLineStart..<here], as: UTF8.self)
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
            let valueStart = position
            let value = try skipElement()
            let lineBegin = lineStart(keyStart)
            if layout.indent == nil && lineBegin < keyStart {
                layout.indent = String(decoding: bytes[lineBegin..<keyStart], as: UTF8.self)
            }
            guard layout.entries[name] == nil else { throw fail("the key \(name) appears twice") }
            // The range starts at the key's line start so replaced text brings its own indent.
            layout.entries[name] = Layout.Entry(
                range: lineBegin..<position, valueStart: valueStart,
                isFilledDictionary: value.name == "dict" && !value.empty)
        }
    }
}
