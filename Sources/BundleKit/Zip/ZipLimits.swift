/// Caps that keep a hostile archive (a zip bomb, a forged directory) from costing more than
/// a real `.ipa` would. Checked on the central directory before any entry is inflated, and
/// again while inflating (an entry never produces more than it declares).
public struct ZipLimits: Sendable, Equatable {
    /// Entries in the central directory.
    public var maxEntries: Int
    /// Declared uncompressed size of one entry that may be read into memory.
    public var maxEntryBytes: UInt64
    /// Sum of the declared uncompressed sizes of all entries.
    public var maxTotalBytes: UInt64
    /// Declared uncompressed ÷ compressed size of one entry. Deflate cannot exceed about
    /// 1032:1, so a higher ratio is a forged size.
    public var maxRatio: UInt64
    /// Bytes of the central directory (read into memory whole).
    public var maxCentralDirectoryBytes: Int

    public init(
        maxEntries: Int = 100_000, maxEntryBytes: UInt64 = 512 << 20, maxTotalBytes: UInt64 = 16 << 30,
        maxRatio: UInt64 = 1100, maxCentralDirectoryBytes: Int = 64 << 20
    ) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
        self.maxCentralDirectoryBytes = maxCentralDirectoryBytes
    }

    public static let `default` = ZipLimits()
}
