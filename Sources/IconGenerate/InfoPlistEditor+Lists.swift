import Foundation
import IconSupport

extension InfoPlistEditor {
    /// The bytes of a plist (read from `path`, named in errors) with each list set, added
    /// where missing, every other byte kept (XML) or rewritten in binary; checked as
    /// `prepare` checks its edits.
    public static func setting(_ lists: [PlistIconFiles], in bytes: [UInt8], path: String) throws(EditError) -> [UInt8] {
        let entries = lists.map { Entry(key: $0.key, files: $0.files, name: $0.alternate ?? "", alternate: $0.alternate != nil) }
        return try edit(bytes, entries: entries, path: path, force: true)
    }
}

extension InfoPlistEditor {
    /// The bytes of a plist without the entry at `keyPath` (nested dictionaries' keys, e.g.
    /// `CFBundleIcons` → `CFBundleAlternateIcons` → NAME): XML loses just the key, its value
    /// and the line they stood on; binary is rewritten. The result must parse as the original
    /// without that entry.
    public static func removing(_ keyPath: [String], in bytes: [UInt8], path: String) throws(EditError) -> [UInt8] {
        guard !keyPath.isEmpty else { return bytes }
        let root: Any
        let format: PropertyListFile.Format
        do throws(PropertyListFile.Failure) {
            (root, format) = try PropertyListFile.parse(Data(bytes), limit: sizeLimit)
        } catch {
            throw EditError.unsupported(path: path, reason: "cannot read it as a property list (\(error))")
        }
        guard let original = root as? [String: Any] else { throw EditError.unsupported(path: path, reason: "its root is not a dictionary") }
        guard let expected = without(keyPath[...], in: original) else { return bytes }
        let result: [UInt8]
        switch format {
        case .binary:
            result = try binaryBytes(expected, path: path)
        case .xml:
            var scan = XMLPlistScan(bytes: bytes, path: path)
            try scan.skipMisc()
            let plist = try scan.tag()
            guard plist.name == "plist", !plist.closing, !plist.empty else { throw scan.fail("no <plist> element") }
            var layout = try scan.dictionary()
            for key in keyPath.dropLast() {
                guard let entry = layout.entries[key], entry.isFilledDictionary else { throw scan.fail("\(key) is not a dictionary") }
                scan.position = entry.valueStart
                layout = try scan.dictionary()
            }
            guard let entry = layout.entries[keyPath[keyPath.count - 1]] else { return bytes }
            var end = entry.range.upperBound
            // The line break after the value goes with it when the entry had its line to itself.
            let ownLine = entry.range.lowerBound == 0 || bytes[entry.range.lowerBound - 1] == 10
            if ownLine, end < bytes.count, bytes[end] == 13 { end += 1 }
            if ownLine, end < bytes.count, bytes[end] == 10 { end += 1 }
            var edited = bytes
            edited.removeSubrange(entry.range.lowerBound..<end)
            result = edited
        case .openStep:
            throw EditError.unsupported(path: path, reason: "it is an old-style (OpenStep) plist")
        }
        try verify(result, format: format, expected: expected, path: path)
        return result
    }

    /// `dictionary` without the entry at `keyPath`; nil when there is none.
    private static func without(_ keyPath: ArraySlice<String>, in dictionary: [String: Any]) -> [String: Any]? {
        guard let key = keyPath.first, dictionary[key] != nil else { return nil }
        var copy = dictionary
        if keyPath.count == 1 {
            copy[key] = nil
            return copy
        }
        guard let inner = dictionary[key] as? [String: Any], let changed = without(keyPath.dropFirst(), in: inner) else { return nil }
        copy[key] = changed
        return copy
    }
}
