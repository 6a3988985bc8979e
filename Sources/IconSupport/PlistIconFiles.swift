/// An icon's CFBundleIconFiles list as it should read: what `fix` plans (IconLintCore) and the
/// Info.plist editor writes (IconGenerate).
public struct PlistIconFiles: Sendable, Hashable {
    /// `CFBundleIcons` or `CFBundleIcons~ipad`.
    public var key: String
    /// The alternate's name; nil for the primary icon.
    public var alternate: String?
    public var files: [String]

    public init(key: String, alternate: String?, files: [String]) {
        self.key = key
        self.alternate = alternate
        self.files = files
    }
}
