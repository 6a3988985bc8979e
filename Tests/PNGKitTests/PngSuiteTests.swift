import Foundation
import PNGKit
import Testing

@Suite("PngSuite conformance")
struct PngSuiteTests {
    @Test func manifestIsComplete() {
        #expect(Fixtures.manifest.count == 176)
        #expect(Fixtures.corrupt.count == 14)
    }

    @Test("header facts match the manifest", arguments: Fixtures.valid)
    func header(_ row: Fixtures.ManifestRow) throws {
        let header = try PNGReader().header(.file(row.path))
        #expect(header.width == row.width)
        #expect(header.height == row.height)
        #expect(header.bitDepth == row.bitDepth)
        #expect(PNGColorType(code: UInt8(row.colorType)) == header.colorType)
        #expect(header.interlaced == row.interlaced)
        #expect(header.mayHaveTransparency == row.hasTransparency)
        #expect(header.hasGAMA == row.note.contains("gAMA"))
        #expect(!header.isCgBI && !header.isAPNG)
    }

    @Test("every valid file decodes at 8 and 16 bits", arguments: Fixtures.valid)
    func decode(_ row: Fixtures.ManifestRow) throws {
        let image = try PNGReader().decode(.file(row.path))
        #expect(image.bytes.count == row.width * row.height * 4)
        let wide = try PNGReader().decode(.file(row.path), depth: .sixteen)
        #expect(wide.bytes.count == row.width * row.height * 8)
        if !row.hasTransparency { #expect(!image.hasTransparency) }
        // Reducing the 16-bit decode the way png_set_scale_16 does gives the 8-bit decode.
        let reduced = wide.samples16.map { UInt8((UInt32($0) * 255 + 32895) >> 16) }
        #expect(reduced == image.bytes)
    }

    @Test(
        "Adam7 files decode to the same pixels as their plain twins",
        arguments: Fixtures.valid.filter { $0.file.hasPrefix("basi") })
    func interlacedTwin(_ row: Fixtures.ManifestRow) throws {
        let twin = Fixtures.path("pngsuite/" + row.file.replacingOccurrences(of: "basi", with: "basn"))
        for depth in [PNGSampleDepth.eight, .sixteen] {
            let a = try PNGReader().decode(.file(row.path), depth: depth)
            let b = try PNGReader().decode(.file(twin), depth: depth)
            #expect(a.bytes == b.bytes, "\(row.file) at \(depth.rawValue) bits")
        }
    }

    @Test("decode, encode, decode round-trips exactly", arguments: Fixtures.valid)
    func roundTrip(_ row: Fixtures.ManifestRow) throws {
        for depth in [PNGSampleDepth.eight, .sixteen] {
            let image = try PNGReader().decode(.file(row.path), depth: depth)
            let encoded = try PNGWriter(compressionLevel: 1).encode(
                bytes: image.bytes, width: image.width, height: image.height, channels: 4, depth: depth)
            let again = try PNGReader().decode(.bytes(encoded), depth: depth)
            #expect(again.bytes == image.bytes)
            #expect(again.minAlpha == image.minAlpha)
        }
    }

    @Test("corrupt files are rejected with libpng's reason", arguments: Fixtures.corrupt)
    func corrupt(_ row: Fixtures.ManifestRow) throws {
        // The manifest note ends with what libpng said, e.g. "libpng: stage=header: IHDR: CRC error;".
        let expected = row.note.components(separatedBy: "libpng: stage=").last?
            .split(separator: ";").first.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
        #expect(throws: PNGError.self) { try PNGReader().decode(.file(row.path)) }
        do {
            _ = try PNGReader().decode(.file(row.path))
        } catch {
            let text = error.description
            #expect(!text.isEmpty)
            if let expected, !expected.isEmpty {
                #expect(
                    text.contains(expected) || (error.kind == "not-png" && expected == "Not a PNG file"),
                    "\(row.file): \(text) lacks \(expected)")
            }
        }
    }
}
