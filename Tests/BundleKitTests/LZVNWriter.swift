/// A small LZVN and LZFSE writer for the tests' catalogs (actool does not run on Linux): runs
/// that repeat the bytes `distance` back (a pixel's width, for images) become matches, the
/// rest literals. Its output is a valid stream, which the reference decoder reads too
/// (LZFSEWriterTests), but it is not the reference encoder: the decoder's differential test
/// uses the Python binding's streams.
enum LZVNWriter {
    /// A raw LZVN stream ending with its end-of-stream opcode.
    static func lzvn(_ bytes: [UInt8], distance: Int = 4) -> [UInt8] {
        var out: [UInt8] = []
        var literalStart = 0, i = 0
        var haveDistance = false
        func flushLiterals(upTo end: Int) {
            var start = literalStart
            while start < end {
                let count = min(end - start, 271)
                out += count < 16 ? [0xE0 | UInt8(count)] : [0xE0, UInt8(count - 16)]
                out += bytes[start..<(start + count)]
                start += count
            }
            literalStart = end
        }
        while i < bytes.count {
            var run = 0
            while i >= distance, i + run < bytes.count, bytes[i + run] == bytes[i + run - distance] { run += 1 }
            guard run >= 3 else {
                i += 1
                continue
            }
            flushLiterals(upTo: i)
            var left = run
            if !haveDistance {
                // Large distance, no literal: 00MMM111 then the distance, M = 3…10.
                let first = min(left, 10)
                out += [UInt8((first - 3) << 3 | 7), UInt8(distance & 0xff), UInt8(distance >> 8)]
                left -= first
                haveDistance = true
            }
            while left > 0 {
                let count = min(left, 271)
                out += count < 16 ? [0xF0 | UInt8(count)] : [0xF0, UInt8(count - 16)]
                left -= count
            }
            i += run
            literalStart = i
        }
        flushLiterals(upTo: bytes.count)
        return out + [0x06, 0, 0, 0, 0, 0, 0, 0]
    }

    /// An LZFSE stream of one `bvxn` block (or a raw `bvx-` block when `raw`), then `bvx$`.
    static func lzfse(_ bytes: [UInt8], distance: Int = 4, raw: Bool = false) -> [UInt8] {
        let end = Array("bvx$".utf8)
        if raw { return Array("bvx-".utf8) + le32(UInt32(bytes.count)) + bytes + end }
        let payload = lzvn(bytes, distance: distance)
        return Array("bvxn".utf8) + le32(UInt32(bytes.count)) + le32(UInt32(payload.count)) + payload + end
    }

    /// A bitmap's "KCBC" chunks as CoreUI cuts them: a third of the rows each (341 of a
    /// 1024), the remainder in a last chunk; each compressed on its own.
    static func chunks(_ bgra: [UInt8], width: Int, height: Int, compress: ([UInt8]) -> [UInt8]) -> [(rows: UInt32, data: [UInt8])] {
        let perChunk = max(height / 3, 1)
        return stride(from: 0, to: height, by: perChunk).map { first in
            let rows = min(perChunk, height - first)
            return (UInt32(rows), compress(Array(bgra[(first * width * 4)..<((first + rows) * width * 4)])))
        }
    }
}
