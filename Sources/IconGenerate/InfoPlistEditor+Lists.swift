import Foundation

extension InfoPlistEditor {
    /// One icon's CFBundleIconFiles under `key` (`CFBundleIcons` or `CFBundleIcons~ipad`): an
    /// alternate's when `alternate` names it, else the primary icon's.
    public struct IconFilesList: Sendable, Hashable {
        public var key: String
        public var alternate: String?
        public var files: [String]

        public init(key: String, alternate: String?, files: [String]) {
            self.key = key
            self.alternate = alternate
            self.files = files
        }
    }

    /// The bytes of a plist (read from `path`, named in errors) with each list set, added
    /// where missing, every other byte kept (XML) or rewritten in binary; checked as
    /// `prepare` checks its edits.
    public static func setting(_ lists: [IconFilesList], in bytes: [UInt8], path: String) throws(EditError) -> [UInt8] {
        let entries = lists.map { Entry(key: $0.key, files: $0.files, name: $0.alternate ?? "", alternate: $0.alternate != nil) }
        return try edit(bytes, entries: entries, path: path, force: true)
    }
}
