/// The PNG colour types, named as reports print them.
public enum PNGColorType: String, Sendable, Codable, CaseIterable {
    case gray
    case rgb
    case palette
    case grayAlpha = "gray-alpha"
    case rgba

    /// Maps the IHDR colour type byte; nil for values the PNG spec does not define.
    public init?(code: UInt8) {
        switch code {
        case 0: self = .gray
        case 2: self = .rgb
        case 3: self = .palette
        case 4: self = .grayAlpha
        case 6: self = .rgba
        default: return nil
        }
    }

    public var hasAlphaChannel: Bool { self == .grayAlpha || self == .rgba }
}

/// Limits checked on the header before any pixel memory is allocated.
public struct PNGLimits: Sendable, Equatable {
    public var maxWidth: UInt32
    public var maxHeight: UInt32
    /// Cap on width × height × 8 bytes (one 16-bit RGBA frame).
    public var maxBytes: UInt64
    /// Cap on a single ancillary chunk (libpng's png_set_chunk_malloc_max).
    public var maxChunkBytes: UInt64
    /// Skip the zlib stream's Adler-32 check when decoding pixels (chunk CRCs are still
    /// verified): saves a pass over the inflated bytes for bulk decoding.
    public var skipAdler32: Bool = false

    public init(
        maxWidth: UInt32 = 16384, maxHeight: UInt32 = 16384,
        maxBytes: UInt64 = 16384 * 16384 * 8, maxChunkBytes: UInt64 = 64 << 20
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxBytes = maxBytes
        self.maxChunkBytes = maxChunkBytes
    }

    public static let `default` = PNGLimits()
}

/// What a PNG's header says, read without inflating any image data.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var interlaced: Bool
    public var hasTRNS: Bool
    public var hasSRGB: Bool
    public var hasICCP: Bool
    public var hasGAMA: Bool
    public var hasCHRM: Bool
    /// Apple's CgBI variant (a CgBI chunk before IHDR).
    public var isCgBI: Bool
    /// An animated PNG (acTL chunk before the image data).
    public var isAPNG: Bool
    /// sRGB rendering intent, when there is an sRGB chunk.
    public var srgbIntent: Int?
    /// gAMA in libpng's fixed point (gamma × 100000), when present.
    public var gamma: UInt32?
    /// The embedded ICC profile and its name, when asked for and present.
    public var iccProfile: [UInt8]?
    public var iccProfileName: String?

    public var hasAlphaChannel: Bool { colorType.hasAlphaChannel }
    /// An alpha channel or a tRNS chunk: the image may hold transparent pixels.
    public var mayHaveTransparency: Bool { hasAlphaChannel || hasTRNS }
}
