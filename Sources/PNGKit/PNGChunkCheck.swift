import CZlib

/// The chunk structure of a PNG held in memory, checked without inflating anything: every
/// chunk's length stays inside the file, every CRC-32 matches, and IEND ends it. What a
/// damaged or truncated file breaks, at the cost of a CRC over its bytes; an image whose
/// header already answers every question is checked this way instead of being decoded.
public enum PNGChunkCheck {
    /// nil when the structure is sound, else libpng-style reason ("IDAT: CRC error").
    public static func problem(_ bytes: [UInt8]) -> String? {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return "not a PNG signature" }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else { return "truncated: a chunk runs past the end of the file" }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let stored =
                UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            let computed = bytes.withUnsafeBufferPointer { buffer in
                UInt32(crc32(0, buffer.baseAddress! + offset + 4, UInt32(4 + length)))
            }
            guard stored == computed else { return "\(type): CRC error" }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return "truncated: no IEND chunk"
    }
}
