import CZlib
import Foundation
import PNGKit
import Testing

/// Adam7-interlaced PNGs are read row by row, each pass by its own libpng reader (ilpng.c's
/// read_adam7), so no whole image is held: the pixels equal those of the same image stored
/// plainly, at sizes that leave passes empty, from a file (the passes' readers share it by
/// pread) and from memory; damage in any pass and an early stop end the decode cleanly.
@Suite("Adam7 decoding")
struct Adam7Tests {
    struct Size: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var description: String { "\(width)x\(height)" }
    }

    /// 1 × 1 has pass 0 only; widths under 5, 3 and 2 empty passes 1, 3 and 5; heights under
    /// 5, 3 and 2 empty passes 2, 4 and 6.
    static let sizes: [Size] = [
        (1, 1), (1, 9), (9, 1), (2, 2), (3, 5), (5, 3), (4, 4), (7, 7), (8, 8), (9, 17), (33, 4), (4, 33), (100, 61),
    ].map { Size(width: $0.0, height: $0.1) }

    /// (bit depth, colour type): RGBA, RGB, gray, gray+alpha at 8 and 16 bits.
    static let formats: [(depth: Int, colorType: UInt8)] = [(8, 6), (16, 6), (8, 2), (16, 0), (8, 4), (16, 4)]

    @Test(arguments: sizes)
    func interlacedDecodesToThePlainTwin(_ size: Size) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adam7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in Self.formats {
            let samples = Self.noise(count: size.width * size.height * Self.pixelBytes(format.depth, format.colorType), seed: size.width * 131 + size.height)
            let plain = try Self.png(samples, size.width, size.height, format.depth, format.colorType, interlaced: false)
            let interlaced = try Self.png(samples, size.width, size.height, format.depth, format.colorType, interlaced: true)
            let file = folder.appendingPathComponent("\(format.depth)-\(format.colorType).png")
            try Data(interlaced).write(to: file)
            for depth in [PNGSampleDepth.eight, .sixteen] {
                let expected = try PNGReader().decode(.bytes(plain), depth: depth)
                for input in [PNGInput.bytes(interlaced), .file(file.path)] {
                    let decoded = try PNGReader().decode(input, depth: depth)
                    #expect(decoded.header.interlaced)
                    let same = decoded.bytes == expected.bytes  // not the arrays themselves in a failure
                    #expect(same, "\(size) \(format) at \(depth.rawValue) bits from \(input)")
                    #expect(decoded.minAlpha == expected.minAlpha)
                }
            }
        }
    }

    @Test func stoppingMidwayGivesTheRowsSoFar() throws {
        let samples = Self.noise(count: 40 * 40 * 4, seed: 7)
        let plain = try PNGReader().decode(.bytes(try Self.png(samples, 40, 40, 8, 6, interlaced: false)))
        var rows: [UInt8] = []
        let summary = try PNGReader().decodeRows(.bytes(try Self.png(samples, 40, 40, 8, 6, interlaced: true))) { y, row in
            rows += row
            return y < 10
        }
        #expect(!summary.completed)
        let same = rows == Array(plain.bytes.prefix(11 * plain.rowBytes))
        #expect(same, "the first 11 rows")
    }

    /// Damage met by any pass's reader is the decode's one error, the same from a file and
    /// from memory; a bad filter byte on the very last row comes from the last pass's reader.
    @Test func damageInAnyPassIsOneError() throws {
        let samples = Self.noise(count: 64 * 64 * 4, seed: 3)
        var raw = Self.adam7(samples, width: 64, height: 64, pixelBytes: 4)
        raw[raw.count - (64 * 4 + 1)] = 5  // the last row of pass 6
        let badFilter = try Self.png(raw: raw, 64, 64, 8, 6)
        let whole = try Self.png(samples, 64, 64, 8, 6, interlaced: true)
        // Cuts inside IDAT: stored passes are raw data in order, so each cut falls in a later pass.
        let cuts = [0.05, 0.2, 0.5, 0.9].map { Array(whole.prefix(8 + 25 + 8 + Int(Double(whole.count - 45) * $0))) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adam7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, bytes) in ([badFilter] + cuts).enumerated() {
            let file = folder.appendingPathComponent("\(index).png")
            try Data(bytes).write(to: file)
            for input in [PNGInput.bytes(bytes), .file(file.path)] {
                #expect {
                    try PNGReader().decode(input, depth: .sixteen)
                } throws: { error in
                    guard let error = error as? PNGError, error.kind == "corrupt", !error.description.contains("\n") else { return false }
                    return index != 0 || error.description.contains("bad adaptive filter value")
                }
            }
        }
    }

    // MARK: - Writing

    static func pixelBytes(_ depth: Int, _ colorType: UInt8) -> Int {
        [0: 1, 2: 3, 4: 2, 6: 4][colorType]! * depth / 8
    }

    /// Deterministic bytes (a linear congruential generator).
    static func noise(count: Int, seed: Int) -> [UInt8] {
        var state = UInt32(truncatingIfNeeded: seed) &* 2_654_435_761 &+ 1
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    /// The stored rows of an image in Adam7 order (each pass a smaller image; empty passes
    /// have no rows), every row with filter type None.
    static func adam7(_ samples: [UInt8], width: Int, height: Int, pixelBytes: Int) -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: width, by: dx) {
                    let at = (y * width + x) * pixelBytes
                    raw += samples[at..<(at + pixelBytes)]
                }
            }
        }
        return raw
    }

    static func png(
        _ samples: [UInt8], _ width: Int, _ height: Int, _ depth: Int, _ colorType: UInt8, interlaced: Bool
    ) throws -> [UInt8] {
        let rowBytes = width * pixelBytes(depth, colorType)
        var raw: [UInt8] = []
        if interlaced {
            raw = adam7(samples, width: width, height: height, pixelBytes: pixelBytes(depth, colorType))
        } else {
            for y in 0..<height { raw += [0] + samples[(y * rowBytes)..<((y + 1) * rowBytes)] }
        }
        return try png(raw: raw, width, height, depth, colorType, interlaced: interlaced)
    }

    static func png(
        raw: [UInt8], _ width: Int, _ height: Int, _ depth: Int, _ colorType: UInt8, interlaced: Bool = true
    ) throws -> [UInt8] {
        var length = compressBound(uLong(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(length))
        guard compress2(&deflated, &length, raw, uLong(raw.count), 9) == Z_OK else { throw CocoaError(.coderInvalidValue) }
        let ihdr: [UInt8] = Synthetic.be(UInt32(width)) + Synthetic.be(UInt32(height)) + [UInt8(depth), colorType, 0, 0, interlaced ? 1 : 0]
        let idat = Synthetic.chunk("IDAT", Array(deflated.prefix(Int(length))))
        return Synthetic.signature + Synthetic.chunk("IHDR", ihdr) + idat + Synthetic.chunk("IEND", [])
    }
}
