import CZlib
import Foundation
import Testing

@testable import PNGKit

/// PNGs of any colour type, depth, palette and tRNS, built byte by byte (filter 0 rows).
enum ScanPNG {
    /// `samples` holds the raw scanline bytes of each row (without the filter byte).
    static func make(
        width: Int, height: Int, colorType: UInt8, bitDepth: UInt8 = 8, palette: [[UInt8]]? = nil,
        trns: [UInt8]? = nil, rows: [[UInt8]]
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for row in rows { raw += [0] + row }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        _ = compress(&compressed, &compressedLength, raw, uLong(raw.count))
        return make(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, palette: palette, trns: trns,
            idat: Array(compressed.prefix(Int(compressedLength))))
    }

    static func make(
        width: Int, height: Int, colorType: UInt8, bitDepth: UInt8 = 8, palette: [[UInt8]]? = nil,
        trns: [UInt8]? = nil, idat: [UInt8]
    ) -> [UInt8] {
        var png = Synthetic.signature
        png += Synthetic.chunk("IHDR", Synthetic.be(UInt32(width)) + Synthetic.be(UInt32(height)) + [bitDepth, colorType, 0, 0, 0])
        if let palette { png += Synthetic.chunk("PLTE", palette.flatMap { $0 }) }
        if let trns { png += Synthetic.chunk("tRNS", trns) }
        png += Synthetic.chunk("IDAT", idat) + Synthetic.chunk("IEND", [])
        return png
    }

    /// An 8-bit RGBA image from a pixel function.
    static func rgba(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        let rows = (0..<height).map { y in (0..<width).flatMap { x in pixel(x, y) } }
        return make(width: width, height: height, colorType: 6, rows: rows)
    }

    /// A 16-bit RGBA image (big-endian samples, as PNG stores them).
    static func rgba16(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt16]) -> [UInt8] {
        let rows = (0..<height).map { y in
            (0..<width).flatMap { x in pixel(x, y).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] } }
        }
        return make(width: width, height: height, colorType: 6, bitDepth: 16, rows: rows)
    }
}

@Suite struct PNGPixelScanTests {
    let reader = PNGReader()

    func facts(_ png: [UInt8], _ questions: PNGPixelQuestions) throws -> PNGPixelFacts {
        let header = try reader.header(.bytes(png))
        return try reader.pixelFacts(.bytes(png), header: header, questions: questions)
    }

    /// An IDAT that is not zlib at all: any decode of it fails.
    static let brokenIDAT: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x00, 0x11]

    @Test func opaqueRGBAHasMinAlpha255AfterDecoding() throws {
        let png = ScanPNG.rgba(width: 4, height: 3) { x, y in [UInt8(x * 40), UInt8(y * 60), 10, 255] }
        let result = try facts(png, .minAlpha)
        #expect(result.minAlpha == 255)
        #expect(!result.fromHeader)
        #expect(result.rowsScanned == 3)
    }

    @Test func rgbWithoutTRNSIsOpaqueFromTheHeaderAlone() throws {
        // The pixel data is garbage: the answer can only come from the header.
        let png = ScanPNG.make(width: 8, height: 8, colorType: 2, idat: Self.brokenIDAT)
        let result = try facts(png, .minAlpha)
        #expect(result == PNGPixelFacts(minAlpha: 255, fromHeader: true))
        #expect(throws: PNGError.self) { _ = try facts(png, .grayscale) }
    }

    @Test func grayTypesAreGrayFromTheHeaderAlone() throws {
        for colorType: UInt8 in [0, 4] {
            let png = ScanPNG.make(width: 8, height: 8, colorType: colorType, idat: Self.brokenIDAT)
            let result = try facts(png, .grayscale)
            #expect(result == PNGPixelFacts(isGrayscale: true, fromHeader: true))
        }
    }

    @Test func paletteTRNSCountsOnlyEntriesThePixelsUse() throws {
        let palette: [[UInt8]] = [[10, 10, 10], [200, 200, 200], [90, 90, 90]]
        // Entry 2 is 30/255 opaque but no pixel uses it; entry 0 is fully opaque.
        let unused = ScanPNG.make(
            width: 2, height: 2, colorType: 3, palette: palette, trns: [255, 255, 30],
            rows: [[0, 1], [1, 0]])
        #expect(try facts(unused, .minAlpha).minAlpha == 255)
        let used = ScanPNG.make(
            width: 2, height: 2, colorType: 3, palette: palette, trns: [255, 255, 30],
            rows: [[0, 1], [2, 0]])
        #expect(try facts(used, .minAlpha).minAlpha == 30)
    }

    @Test func colourKeyTRNSCountsForGrayAndRGB() throws {
        // Gray 8-bit with key 0x40: a pixel of exactly 0x40 is transparent.
        let keyed = ScanPNG.make(width: 3, height: 1, colorType: 0, trns: [0, 0x40], rows: [[0x10, 0x40, 0x80]])
        #expect(try facts(keyed, .minAlpha).minAlpha == 0)
        let missed = ScanPNG.make(width: 3, height: 1, colorType: 0, trns: [0, 0x41], rows: [[0x10, 0x40, 0x80]])
        #expect(try facts(missed, .minAlpha).minAlpha == 255)
        // RGB key (1, 2, 3).
        let rgbKeyed = ScanPNG.make(
            width: 2, height: 1, colorType: 2, trns: [0, 1, 0, 2, 0, 3],
            rows: [[1, 2, 3, 9, 9, 9]])
        #expect(try facts(rgbKeyed, .minAlpha).minAlpha == 0)
        let rgbMissed = ScanPNG.make(
            width: 2, height: 1, colorType: 2, trns: [0, 1, 0, 2, 0, 4],
            rows: [[1, 2, 3, 9, 9, 9]])
        #expect(try facts(rgbMissed, .minAlpha).minAlpha == 255)
    }

    @Test func channelNoiseUpTo8IsGray() throws {
        let noisy = ScanPNG.rgba(width: 10, height: 10) { x, _ in [UInt8(96 + x % 5), UInt8(100 + x % 5), 96, 255] }
        #expect(try facts(noisy, .grayscale).isGrayscale == true)
        let tinted = ScanPNG.rgba(width: 10, height: 10) { _, _ in [100, 109, 100, 255] }
        #expect(try facts(tinted, .grayscale).isGrayscale == false)
    }

    @Test func onePercentColouredIsStillGrayAndMoreIsNot() throws {
        // 100 visible pixels: one coloured is 1 % (grey), two are 2 % (coloured).
        let one = ScanPNG.rgba(width: 10, height: 10) { x, y in x == 0 && y == 0 ? [255, 0, 0, 255] : [50, 50, 50, 255] }
        #expect(try facts(one, .grayscale).isGrayscale == true)
        let two = ScanPNG.rgba(width: 10, height: 10) { x, y in y == 0 && x < 2 ? [255, 0, 0, 255] : [50, 50, 50, 255] }
        #expect(try facts(two, .grayscale).isGrayscale == false)
    }

    @Test func transparentPixelsNeverCount() throws {
        // 10 visible pixels of 1000, one of them red: 10 % of the visible pixels are coloured.
        let sparse = ScanPNG.rgba(width: 100, height: 10) { x, y in
            guard y == 5, x < 10 else { return [255, 0, 255, 0] }
            return x == 3 ? [255, 0, 0, 255] : [80, 80, 80, 255]
        }
        let result = try facts(sparse, [.grayscale, .minAlpha])
        #expect(result.isGrayscale == false)
        #expect(result.minAlpha == 0)
        // Colour under alpha 0 only: grey.
        let hidden = ScanPNG.rgba(width: 10, height: 10) { x, _ in x < 5 ? [255, 0, 0, 0] : [80, 80, 80, 255] }
        #expect(try facts(hidden, .grayscale).isGrayscale == true)
    }

    @Test func paletteEntryUsedOnlyByTransparentPixelsIsGray() throws {
        let palette: [[UInt8]] = [[0, 255, 0], [128, 128, 128], [20, 20, 20]]
        let rows: [[UInt8]] = [[0, 1, 2, 0], [1, 2, 0, 1]]
        let hidden = ScanPNG.make(width: 4, height: 2, colorType: 3, palette: palette, trns: [0], rows: rows)
        #expect(try facts(hidden, .grayscale).isGrayscale == true)
        let shown = ScanPNG.make(width: 4, height: 2, colorType: 3, palette: palette, trns: [1], rows: rows)
        #expect(try facts(shown, .grayscale).isGrayscale == false)
    }

    @Test func aColouredFirstRowSettlesGrayscaleAtOnce() throws {
        let png = ScanPNG.rgba(width: 16, height: 64) { _, y in y == 0 ? [255, 0, 0, 255] : [9, 9, 9, 255] }
        let grey = try facts(png, .grayscale)
        #expect(grey.isGrayscale == false)
        #expect(grey.rowsScanned == 1)
        // The lowest alpha needs every row of an opaque image.
        let both = try facts(png, [.grayscale, .minAlpha])
        #expect(both.rowsScanned == 64)
        #expect(both.minAlpha == 255)
    }

    @Test func alphaZeroSettlesMinAlphaAtOnce() throws {
        let png = ScanPNG.rgba(width: 8, height: 40) { x, y in [1, 2, 3, y == 1 && x == 4 ? 0 : 255] }
        let result = try facts(png, .minAlpha)
        #expect(result.minAlpha == 0)
        #expect(result.rowsScanned == 2)
    }

    @Test func stoppingEarlySkipsADamagedTail() throws {
        // Rows after the decisive one are never inflated: a truncated stream still answers.
        let png = ScanPNG.rgba(width: 64, height: 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 0, 255] }
        let header = try reader.header(.bytes(png))
        let idatStart = 8 + 25 + 8
        let idatLength = Int(png[idatStart - 8]) << 24 | Int(png[idatStart - 7]) << 16 | Int(png[idatStart - 6]) << 8 | Int(png[idatStart - 5])
        let truncated = ScanPNG.make(width: 64, height: 64, colorType: 6, idat: Array(png[idatStart..<idatStart + idatLength / 2]))
        #expect(try reader.pixelFacts(.bytes(truncated), header: header, questions: .grayscale).isGrayscale == false)
        #expect(throws: PNGError.self) { _ = try reader.pixelFacts(.bytes(truncated), header: header, questions: .minAlpha) }
    }

    @Test func integrityDecodesToTheEndAndFindsADamagedCRC() throws {
        let png = ScanPNG.rgba(width: 16, height: 16) { _, y in y == 0 ? [255, 0, 0, 255] : [9, 9, 9, 255] }
        var damaged = png
        let idatCRC = 8 + 25 + 8 + (Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36]))
        damaged[idatCRC] ^= 0xff
        // Grayscale alone stops at the coloured first row and never reaches the CRC.
        let quick = try facts(damaged, .grayscale)
        #expect(quick.rowsScanned == 1 && !quick.verified)
        #expect(throws: PNGError.corrupt(reason: "IDAT: CRC error")) { _ = try facts(damaged, [.grayscale, .integrity]) }
        // An opaque RGB image is otherwise answered from the header.
        let verified = try facts(png, [.grayscale, .integrity])
        #expect(verified.verified && verified.rowsScanned == 16 && verified.isGrayscale == false)
        let rgb = ScanPNG.make(width: 2, height: 2, colorType: 2, idat: Self.brokenIDAT)
        #expect(try facts(rgb, .minAlpha).fromHeader)
        #expect(throws: PNGError.self) { _ = try facts(rgb, [.minAlpha, .integrity]) }
    }

    @Test func aScanThatEndsOnTheLastRowStillChecksTheEnd() throws {
        // Alpha 0 on the last row settles minAlpha there; the stream's end is still verified.
        let png = ScanPNG.rgba(width: 4, height: 4) { _, y in [1, 1, 1, y == 3 ? 0 : 255] }
        let result = try facts(png, .minAlpha)
        #expect(result.minAlpha == 0 && result.verified)
    }

    @Test func sixteenBitAlphaJustBelowOpaqueIsNotRoundedUp() throws {
        let almost = ScanPNG.rgba16(width: 2, height: 2) { x, y in [1000, 1000, 1000, x == 1 && y == 1 ? 65534 : 65535] }
        #expect(try facts(almost, .minAlpha).minAlpha == 254)
        let opaque = ScanPNG.rgba16(width: 2, height: 2) { _, _ in [1000, 1000, 1000, 65535] }
        #expect(try facts(opaque, .minAlpha).minAlpha == 255)
        let half = ScanPNG.rgba16(width: 1, height: 1) { _, _ in [0, 0, 0, 32896] }
        #expect(try facts(half, .minAlpha).minAlpha == 128)
    }

    @Test func sixteenBitNoiseThresholdIs8Of255() throws {
        let edge = ScanPNG.rgba16(width: 2, height: 1) { _, _ in [10000, 10000 + 2056, 10000, 65535] }
        #expect(try facts(edge, .grayscale).isGrayscale == true)
        let over = ScanPNG.rgba16(width: 2, height: 1) { _, _ in [10000, 10000 + 2057, 10000, 65535] }
        #expect(try facts(over, .grayscale).isGrayscale == false)
    }

    @Test func scannerSettlesGrayWhenTheRestCannotTipIt() {
        // 200 rows of 1 pixel: after 198 grey rows, even 2 coloured pixels would be 1 % (grey).
        var scanner = PNGPixelScanner(questions: .grayscale, depth: .eight, width: 1, height: 200)
        let grey: [UInt8] = [7, 7, 7, 255]
        var settledAt: Int?
        grey.withUnsafeBytes { row in
            for y in 0..<200 where settledAt == nil {
                if scanner.scan(row: row) { settledAt = y + 1 }
            }
        }
        #expect(settledAt == 198)
        #expect(scanner.isGrayscale)
    }

    /// Every valid PngSuite image: the scan agrees with a whole decode counted the plain way.
    @Test(arguments: Fixtures.valid)
    func scanAgreesWithAWholeDecode(_ row: Fixtures.ManifestRow) throws {
        let header = try reader.header(.file(row.path))
        let result = try reader.pixelFacts(.file(row.path), header: header, questions: [.minAlpha, .grayscale])
        let sixteen = header.bitDepth == 16
        let image = try reader.decode(.file(row.path), depth: sixteen ? .sixteen : .eight)
        let samples: [Int] = sixteen ? image.samples16.map(Int.init) : image.bytes.map(Int.init)
        let full = sixteen ? 65535 : 255
        var lowest = full, colored = 0, visible = 0
        for p in stride(from: 0, to: samples.count, by: 4) {
            let a = samples[p + 3]
            lowest = min(lowest, a)
            guard a > 0 else { continue }
            visible += 1
            let channels = samples[p..<p + 3]
            // Compare in 0...255 units: a difference over 8/255 of full scale.
            if Double(channels.max()! - channels.min()!) / Double(full) > 8.0 / 255.0 { colored += 1 }
        }
        let expectedAlpha = lowest == full ? 255 : min(254, lowest * 255 / full)
        #expect(result.minAlpha == expectedAlpha, "\(row.file)")
        #expect(result.isGrayscale == (colored * 100 <= visible), "\(row.file)")
        #expect((result.minAlpha! < 255) == row.hasTransparency, "\(row.file)")
    }
}
