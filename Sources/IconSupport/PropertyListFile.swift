import Foundation

/// The one way iconlint turns bytes into a property list, and a property list into binary
/// bytes: every Info.plist, project.pbxproj that is not OpenStep text, built app's Info.plist
/// and `generate --plist` file is read here, and nowhere else calls `PropertyListSerialization`
/// (a test greps the sources for it).
///
/// Before Foundation sees a binary plist, `BinaryPlistWalk` sizes it: what expands past
/// `maxObjects`, holds a set or does not hold together is refused with a one-line reason.
/// XML and OpenStep text cannot share objects, so what they expand to is bounded by their size.
public enum PropertyListFile {
    /// What a binary plist may expand to, counting a shared object each time it is reached.
    ///
    /// Real files stay far below: built apps' binary Info.plists expand to 79 and 95 objects,
    /// large apps' Info.plists to about 200 (DuckDuckGo 188, Home Assistant 203), the biggest
    /// fixture to 281; a 990 KB project.pbxproj (DuckDuckGo's, converted to binary) to 41,247
    /// and a 348 KB one (Home Assistant's) to 12,124, about one object per 24 bytes of text, so
    /// the largest public projects (2.8 MB) come to about 120,000. Foundation bridges about
    /// a million objects a second at 55 bytes each (debug build): a 134-byte Info.plist of
    /// 491,519 objects takes 0.4 to 0.7 s and 53 MB of peak memory where a small one takes
    /// 27 MB.
    public static let maxObjects = 500_000

    public enum Format: Sendable, Equatable {
        case xml, binary, openStep
    }

    public enum Failure: Error, CustomStringConvertible {
        /// More bytes than the caller's limit.
        case tooLarge(limit: Int)
        /// A binary plist the walk will not hand to Foundation.
        case refused(BinaryPlistWalk.Refusal)
        /// Foundation's own error, with its userInfo (messages, lines).
        case unparsable(NSError)

        public var description: String {
            switch self {
            case .tooLarge(let limit): "the file is larger than \(limit >> 20) MiB"
            case .refused(let refusal): refusal.description
            case .unparsable(let error): error.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            }
        }
    }

    /// Parses XML, binary or OpenStep `data` of at most `limit` bytes.
    public static func parse(_ data: Data, limit: Int) throws(Failure) -> (value: Any, format: Format) {
        guard data.count <= limit else { throw .tooLarge(limit: limit) }
        if data.starts(with: Array("bplist0".utf8)),
            case .failure(let refusal) = BinaryPlistWalk.expandedCount([UInt8](data), limit: maxObjects)
        {
            throw .refused(refusal)
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw .unparsable(error as NSError)
        }
        switch format {
        case .binary: return (value, .binary)
        case .openStep: return (value, .openStep)
        default: return (value, .xml)
        }
    }

    /// `value` as a binary plist (`generate --plist` writing back a binary Info.plist).
    public static func binaryData(_ value: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }
}
