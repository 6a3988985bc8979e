/// The PNG writer of rule examples: solid images in every form the image rules judge (RGB,
/// RGBA with a transparent corner, gray, Adam7-interlaced, a broken checksum, Apple's CgBI).
/// Data goes into stored deflate blocks, so no compressor is needed and every byte is known.
enum ExamplePNG {
    static func encode(_ image: ExampleImage) -> [UInt8] {
        let channels = image.gray ? 1 : (image.alpha == nil ? 3 : 4)
        let colorType: UInt8 = image.gray ? 0 : (image.alpha == nil ? 2 : 6)
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * channels + 1) * image.height)
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
            image.interlace
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for pass in passes where pass.x0 < image.width && pass.y0 < image.height {
            // A solid image has two kinds of row: through the transparent corner, and not.
            var rows: [Bool: [UInt8]] = [:]
            for y in stride(from: pass.y0, to: image.height, by: pass.dy) {
                let inHole = image.hole && y < image.height / 4
                if rows[inHole] == nil {
                    var row: [UInt8] = [0]
                    for x in stride(from: pass.x0, to: image.width, by: pass.dx) { row += image.pixel(x: x, y: y, channels: channels) }
                    rows[inHole] = row
                }
                raw += rows[inHole]!
            }
        }
        var header = be32(UInt32(image.width)) + be32(UInt32(image.height))
        header += [8, colorType, 0, 0, image.interlace ? 1 : 0]
        var idat = chunk("IDAT", image.cgbi ? storedDeflate(raw) : zlibStored(raw))
        if image.brokenChecksum { idat.replaceSubrange((idat.count - 4)..., with: Array("CSUM".utf8)) }
        let cgbi = image.cgbi ? chunk("CgBI", [0x50, 0, 0x20, 6]) : []
        return [137, 80, 78, 71, 13, 10, 26, 10] + cgbi + chunk("IHDR", header) + idat + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Deflate of stored blocks (at most 65,535 bytes each), no zlib header: CgBI's form.
    static func storedDeflate(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let last: UInt8 = start + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        return out
    }

    /// A zlib stream of stored blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] { [0x78, 0x01] + storedDeflate(data) + be32(adler32(data)) }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        data.withUnsafeBufferPointer { bytes in
            var start = 0
            // 5,552 bytes is the most that can be summed before the sums may overflow.
            while start < bytes.count {
                let end = min(start + 5_552, bytes.count)
                for index in start..<end {
                    a &+= UInt32(bytes[index])
                    b &+= a
                }
                a %= 65_521
                b %= 65_521
                start = end
            }
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        crcTable.withUnsafeBufferPointer { table in
            data.withUnsafeBufferPointer { bytes in
                for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// A solid image of a rule example (see `ExampleFile.png`).
public struct ExampleImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Red, green, blue (gray: the first).
    public var color: [UInt8] = [40, 120, 200]
    /// Nil: no alpha channel; else the alpha of every pixel (255: an opaque RGBA image).
    public var alpha: UInt8?
    /// The top-left quarter is fully transparent (needs `alpha`).
    public var hole = false
    public var interlace = false
    public var gray = false
    /// The IDAT checksum is wrong (libpng: "IDAT: CRC error").
    public var brokenChecksum = false
    /// Apple's CgBI form, as a build writes loose icons into an app: BGRA, raw deflate.
    public var cgbi = false

    func pixel(x: Int, y: Int, channels: Int) -> [UInt8] {
        if gray { return [color[0]] }
        let rgb = cgbi ? [color[2], color[1], color[0]] : color
        guard let alpha else { return rgb }
        if hole, x < width / 4, y < height / 4 { return cgbi ? [0, 0, 0, 0] : rgb + [0] }
        return rgb + [alpha]
    }
}
