import CPNGShim

/// PNG row filters offered to libpng's encoder (it picks per row among those allowed).
public struct PNGFilters: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let none = PNGFilters(rawValue: Int32(ILPNG_FILTER_NONE))
    public static let sub = PNGFilters(rawValue: Int32(ILPNG_FILTER_SUB))
    public static let up = PNGFilters(rawValue: Int32(ILPNG_FILTER_UP))
    public static let average = PNGFilters(rawValue: Int32(ILPNG_FILTER_AVG))
    public static let paeth = PNGFilters(rawValue: Int32(ILPNG_FILTER_PAETH))
    public static let all: PNGFilters = [.none, .sub, .up, .average, .paeth]
}

/// zlib strategies.
public enum PNGCompressionStrategy: Int32, Sendable {
    case `default` = 0
    case filtered = 1
    case huffmanOnly = 2
    case rle = 3
}

/// Colour information carried from a source into its outputs.
public struct PNGColorInfo: Sendable, Equatable {
    public var iccProfile: [UInt8]?
    public var iccProfileName: String?
    public var srgbIntent: Int?
    public var gamma: UInt32?

    public init(iccProfile: [UInt8]? = nil, iccProfileName: String? = nil, srgbIntent: Int? = nil, gamma: UInt32? = nil) {
        self.iccProfile = iccProfile
        self.iccProfileName = iccProfileName
        self.srgbIntent = srgbIntent
        self.gamma = gamma
    }

    public init(_ header: PNGHeader) {
        self.init(
            iccProfile: header.iccProfile, iccProfileName: header.iccProfileName,
            srgbIntent: header.srgbIntent, gamma: header.gamma)
    }
}

/// Encodes pixels to PNG through the libpng shim.
public struct PNGWriter: Sendable {
    public var compressionLevel: Int
    public var filters: PNGFilters
    public var strategy: PNGCompressionStrategy

    public init(compressionLevel: Int = 6, filters: PNGFilters = .all, strategy: PNGCompressionStrategy = .default) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.strategy = strategy
    }

    /// Encodes `height` rows of `channels` samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA) at
    /// `depth` (16-bit samples as two bytes in host order); `bytes.count` must be height × stride.
    public func encode(
        bytes: [UInt8], width: Int, height: Int, channels: Int, depth: PNGSampleDepth = .eight,
        color: PNGColorInfo = PNGColorInfo()
    ) throws(PNGError) -> [UInt8] {
        let stride = width * channels * (depth == .sixteen ? 2 : 1)
        guard width > 0, height > 0, (1...4).contains(channels), bytes.count >= stride * height,
            width <= Int(UInt32.max), height <= Int(UInt32.max)
        else {
            throw .invalidImage("\(width) x \(height) with \(channels) channels does not match \(bytes.count) bytes")
        }
        var message = [CChar](repeating: 0, count: 512)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let profile = color.iccProfile ?? []
        let name = color.iccProfileName ?? "ICC Profile"
        let status: Int32 = profile.withUnsafeBufferPointer { icc in
            name.withCString { namePointer in
                var options = ilpng_encode_options(
                    compression_level: Int32(compressionLevel), filters: filters.rawValue, strategy: strategy.rawValue,
                    iccp: profile.isEmpty ? nil : icc.baseAddress, iccp_length: UInt32(profile.count),
                    iccp_name: namePointer, srgb_intent: Int32(color.srgbIntent ?? -1), gama: color.gamma ?? 0)
                let capacity = message.count
                return message.withUnsafeMutableBufferPointer { err in
                    bytes.withUnsafeBufferPointer { pixels in
                        ilpng_encode(
                            pixels.baseAddress, UInt32(width), UInt32(height), stride, Int32(channels),
                            Int32(depth.rawValue), &options, &output, &length, err.baseAddress, capacity)
                    }
                }
            }
        }
        defer { ilpng_free(output) }
        guard status == Int32(ILPNG_OK.rawValue), let output else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .invalidImage(text.isEmpty ? "libpng could not encode the image" : text)
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
