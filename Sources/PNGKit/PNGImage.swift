import CZlib

/// A decoded image: RGBA rows top to bottom, 8 bits per sample, or 16 bits in host order.
public struct PNGImage: Sendable {
    public var width: Int
    public var height: Int
    public var depth: PNGSampleDepth
    /// Row-major RGBA samples; for 16-bit images each sample is two bytes in host order.
    public var bytes: [UInt8]
    /// Lowest alpha found, in the depth's range.
    public var minAlpha: Int
    public var header: PNGHeader

    public init(width: Int, height: Int, depth: PNGSampleDepth, bytes: [UInt8], minAlpha: Int, header: PNGHeader) {
        self.width = width
        self.height = height
        self.depth = depth
        self.bytes = bytes
        self.minAlpha = minAlpha
        self.header = header
    }

    public var rowBytes: Int { width * 4 * (depth == .sixteen ? 2 : 1) }
    /// True when some pixel is not fully opaque.
    public var hasTransparency: Bool { minAlpha < (depth == .sixteen ? 65535 : 255) }
    /// 16-bit samples (only for `.sixteen` images).
    public var samples16: [UInt16] {
        bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
    }
}

/// zlib's CRC-32.
public func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
    var crc = UInt32(CZlib.crc32(0, nil, 0))
    var chunk: [UInt8] = []
    if let direct = bytes.withContiguousStorageIfAvailable({ buffer in
        UInt32(CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
    }) {
        return direct
    }
    chunk = Array(bytes)
    crc = UInt32(CZlib.crc32(uLong(crc), chunk, uInt(chunk.count)))
    return crc
}

/// Continues a CRC-32 over more bytes.
public func crc32(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
    UInt32(CZlib.crc32(uLong(crc), buffer.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(buffer.count)))
}
