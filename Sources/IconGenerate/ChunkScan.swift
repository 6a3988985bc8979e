import PNGKit

/// Lists the chunk types of a PNG file's bytes, to decide whether a same-size output can be
/// the source file itself: only when it holds nothing `generate` would drop or change.
enum ChunkScan {
    /// Chunks an output may carry; everything else is dropped on re-encoding.
    static let kept: Set<String> = ["IHDR", "IDAT", "IEND", "iCCP", "sRGB", "gAMA"]

    /// Chunk types in order, or nil when the bytes are not a well-formed chunk sequence with
    /// correct CRCs.
    static func types(_ bytes: [UInt8]) -> [String]? {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var types: [String] = []
        var position = 8
        while position + 12 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            guard position + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            let stored = bytes[position + 8 + length..<position + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard crc32(bytes[position + 4..<position + 8 + length]) == stored else { return nil }
            types.append(type)
            position += 12 + length
            if type == "IEND" { return position == bytes.count ? types : nil }
        }
        return nil
    }

    /// True when the file may be written unchanged as an output with `channels` channels.
    static func canCopy(_ bytes: [UInt8], channels: Int) -> Bool {
        guard bytes.count > 33, let types = types(bytes), types.allSatisfy(kept.contains) else { return false }
        let bitDepth = bytes[24], colorType = bytes[25], interlace = bytes[28]
        return bitDepth == 8 && interlace == 0 && colorType == (channels == 4 ? 6 : 2)
    }
}
