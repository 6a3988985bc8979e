import CZlib
import Foundation
import PNGKit
import Testing

/// Apple's CgBI PNGs (what Xcode writes into a built app), decoded through libpng.
@Suite struct CgBITests {
    static let basn6a08 = Fixtures.path("pngsuite/basn6a08.png")  // 32 × 32 RGBA with graded alpha

    @Test func decodedPixelsEqualTheOriginalWithinPremultiplicationRounding() throws {
        let original = try PNGReader().decode(.file(Self.basn6a08))
        let cgbi = try CgBIWriter.make(original)
        let header = try PNGReader().header(.bytes(cgbi))
        #expect(header.isCgBI)
        let decoded = try PNGReader().decode(.bytes(cgbi))
        #expect(decoded.header.isCgBI)
        #expect(decoded.width == original.width && decoded.height == original.height)
        #expect(decoded.minAlpha == original.minAlpha)
        #expect(CgBIWriter.mismatches(decoded.bytes, original.bytes).isEmpty)
        // Not the identity: the stored samples really are BGRA and premultiplied.
        #expect(CgBIWriter.storedSamples(original) != original.bytes)
    }

    @Test func sixteenBitOutputMatchesTheEightBitDecode() throws {
        let original = try PNGReader().decode(.file(Self.basn6a08))
        let cgbi = try CgBIWriter.make(original)
        let eight = try PNGReader().decode(.bytes(cgbi))
        let sixteen = try PNGReader().decode(.bytes(cgbi), depth: .sixteen)
        #expect(sixteen.minAlpha == eight.minAlpha * 257)
        let scaled = sixteen.samples16.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
        #expect(CgBIWriter.mismatches(scaled, eight.bytes, slack: 1).isEmpty)
    }

    @Test func opaqueImageSplitOverSeveralIDATChunksAndReadFromAFile() throws {
        // An opaque gradient: premultiplication is lossless there, so pixels must be exact.
        let width = 37, height = 23
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 6), UInt8(y * 11), UInt8((x + y) * 3), 255] }
        }
        let png = try PNGWriter().encode(bytes: bytes, width: width, height: height, channels: 4)
        let original = try PNGReader().decode(.bytes(png))
        let cgbi = try CgBIWriter.make(original, idatSize: 97)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cgbi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("AppIcon60x60@2x.png")
        try Data(cgbi).write(to: file)
        let decoded = try PNGReader().decode(.file(file.path))
        let identical = decoded.bytes == original.bytes
        #expect(identical)
        #expect(!decoded.hasTransparency)
    }

    /// An interlaced CgBI is read pass by pass from the rewritten stream, which every pass's
    /// reader shares; a file is rewritten in memory first.
    @Test func interlacedCgBIDecodesLikeThePlainOne() throws {
        let original = try PNGReader().decode(.file(Self.basn6a08))
        let plain = try CgBIWriter.make(original, idatSize: 300)
        let interlaced = try CgBIWriter.make(original, idatSize: 300, interlaced: true)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cgbi-adam7-\(UUID().uuidString).png")
        try Data(interlaced).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for depth in [PNGSampleDepth.eight, .sixteen] {
            let expected = try PNGReader().decode(.bytes(plain), depth: depth)
            for input in [PNGInput.bytes(interlaced), .file(file.path)] {
                let decoded = try PNGReader().decode(input, depth: depth)
                #expect(decoded.header.isCgBI && decoded.header.interlaced)
                let same = decoded.bytes == expected.bytes
                #expect(same, "\(input) at \(depth.rawValue) bits")
            }
        }
        #expect {
            try PNGReader().decode(.bytes(CgBIWriter.Damage.truncatedChunk.apply(to: interlaced)))
        } throws: { ($0 as? PNGError)?.kind == "corrupt" }
    }

    @Test func rgbWithoutAlphaIsStoredAsBGR() throws {
        let bytes: [UInt8] = [200, 10, 30, 255, 1, 2, 3, 255, 90, 180, 250, 255, 0, 0, 0, 255]
        let png = try PNGWriter().encode(bytes: bytes, width: 2, height: 2, channels: 4)
        let original = try PNGReader().decode(.bytes(png))
        let cgbi = try CgBIWriter.make(original, channels: 3)
        #expect(try PNGReader().header(.bytes(cgbi)).colorType == .rgb)
        let decoded = try PNGReader().decode(.bytes(cgbi))
        #expect(decoded.bytes == bytes)
    }

    @Test func headerCarriesTheChunksBeforeImageData() throws {
        let bytes: [UInt8] = [200, 10, 30, 255, 1, 2, 3, 255, 90, 180, 250, 255, 0, 0, 0, 255]
        let png = try PNGWriter().encode(bytes: bytes, width: 2, height: 2, channels: 4)
        let original = try PNGReader().decode(.bytes(png))
        // An RGB CgBI whose tRNS makes black transparent, in sRGB: not opaque by construction.
        let cgbi = try CgBIWriter.make(
            original, channels: 3,
            extra: [("sRGB", [0]), ("tRNS", [0, 0, 0, 0, 0, 0])])
        let header = try PNGReader().header(.bytes(cgbi))
        #expect(header.isCgBI && header.colorType == .rgb)
        #expect(header.hasTRNS && header.hasSRGB && header.srgbIntent == 0)
        #expect(header.mayHaveTransparency)
        let decoded = try PNGReader().decode(.bytes(cgbi))
        #expect(decoded.minAlpha == 0 && Array(decoded.bytes[12..<16]) == [0, 0, 0, 0])
        // Damage past IHDR still leaves the header IHDR states.
        let cut = Array(cgbi.prefix(8 + 16 + 25 + 10))
        #expect(try PNGReader().header(.bytes(cut)).width == 2)
        #expect { try PNGReader().decode(.bytes(cut)) } throws: { ($0 as? PNGError)?.kind == "corrupt" }
    }

    @Test func transparentPixelsStayTransparent() throws {
        let bytes: [UInt8] = [255, 0, 0, 0, 10, 20, 30, 128, 200, 100, 50, 1, 1, 2, 3, 255]
        let png = try PNGWriter().encode(bytes: bytes, width: 2, height: 2, channels: 4)
        let original = try PNGReader().decode(.bytes(png))
        let decoded = try PNGReader().decode(.bytes(try CgBIWriter.make(original)))
        #expect(Array(decoded.bytes[0..<4]) == [0, 0, 0, 0])  // colour under alpha 0 is lost, as on a device
        #expect(decoded.minAlpha == 0)
        #expect(CgBIWriter.mismatches(decoded.bytes, original.bytes).isEmpty)
    }

    @Test(arguments: CgBIWriter.Damage.allCases)
    func damagedCgBIIsRefusedWithOneLine(_ damage: CgBIWriter.Damage) throws {
        let original = try PNGReader().decode(.file(Self.basn6a08))
        let cgbi = damage.apply(to: try CgBIWriter.make(original, idatSize: 200))
        #expect {
            try PNGReader().decode(.bytes(cgbi))
        } throws: { error in
            guard let error = error as? PNGError else { return false }
            return error.kind == damage.kind && !error.description.contains("\n")
        }
    }

    @Test func limitsApplyToCgBI() throws {
        let original = try PNGReader().decode(.file(Self.basn6a08))
        let cgbi = try CgBIWriter.make(original)
        let small = PNGReader(limits: PNGLimits(maxWidth: 16, maxHeight: 16))
        #expect { try small.decode(.bytes(cgbi)) } throws: { ($0 as? PNGError)?.kind == "too-large" }
    }
}

/// Makes CgBI files the way Xcode's pngcrush does: BGRA premultiplied samples, filter 0
/// rows, raw deflate split over IDAT chunks, a CgBI chunk before IHDR.
enum CgBIWriter {
    enum Damage: String, CaseIterable, CustomStringConvertible {
        case truncatedChunk, idatMissing, deflateGarbage, chunkLengthPastEnd
        var description: String { rawValue }
        var kind: String { "corrupt" }

        func apply(to bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .truncatedChunk: return Array(bytes.prefix(bytes.count - 30))
            case .idatMissing:
                // Keep signature, CgBI, IHDR and IEND only.
                let ihdrEnd = 8 + 16 + 25
                return Array(bytes[..<ihdrEnd]) + Array(bytes.suffix(12))
            case .deflateGarbage:
                var copy = bytes
                // The first IDAT's data starts after signature, CgBI (16), IHDR (25), its header (8).
                for i in (8 + 16 + 25 + 8)..<(8 + 16 + 25 + 8 + 40) { copy[i] = 0xff }
                return copy
            case .chunkLengthPastEnd:
                var copy = bytes
                copy[8 + 16 + 25] = 0x7f  // the first IDAT claims ~2 GB
                return copy
            }
        }
    }

    /// The stored samples: BGRA with colour premultiplied by alpha (rounded).
    static func storedSamples(_ image: PNGImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.bytes.count)
        for i in stride(from: 0, to: image.bytes.count, by: 4) {
            let a = UInt32(image.bytes[i + 3])
            func pre(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
            out[i] = pre(image.bytes[i + 2])
            out[i + 1] = pre(image.bytes[i + 1])
            out[i + 2] = pre(image.bytes[i])
            out[i + 3] = UInt8(a)
        }
        return out
    }

    /// `channels` 4 writes BGRA (colour type 6), 3 writes BGR (colour type 2, opaque images).
    /// `interlaced` stores the rows in Adam7 order.
    static func make(
        _ image: PNGImage, idatSize: Int = 8192, channels: Int = 4, interlaced: Bool = false,
        extra: [(String, [UInt8])] = []
    ) throws -> [UInt8] {
        var samples = storedSamples(image)
        if channels == 3 { samples = stride(from: 0, to: samples.count, by: 4).flatMap { samples[$0..<($0 + 3)] } }
        var raw: [UInt8] = []
        if interlaced {
            raw = Adam7Tests.adam7(samples, width: image.width, height: image.height, pixelBytes: channels)
        } else {
            let rowBytes = image.width * channels
            for y in 0..<image.height { raw += [0] + samples[(y * rowBytes)..<((y + 1) * rowBytes)] }
        }
        let deflated = try rawDeflate(raw)
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        out += chunk("CgBI", [0x50, 0x00, 0x20, 0x06])
        out += chunk(
            "IHDR", be(UInt32(image.width)) + be(UInt32(image.height)) + [8, channels == 4 ? 6 : 2, 0, 0, interlaced ? 1 : 0])
        for (type, data) in extra { out += chunk(type, data) }
        var start = 0
        while start < deflated.count {
            let end = min(start + idatSize, deflated.count)
            out += chunk("IDAT", Array(deflated[start..<end]))
            start = end
        }
        out += chunk("IEND", [])
        return out
    }

    /// Deflate without zlib's header and Adler-32 (window bits -15), as CgBI stores it.
    static func rawDeflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CocoaError(.featureUnsupported) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        var source = input
        let status = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw CocoaError(.coderInvalidValue) }
        return Array(output.prefix(Int(stream.total_out)))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be(UInt32(data.count)) + typeBytes + data + be(crc32(typeBytes + data))
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    /// Pixels whose colour differs from the original by more than premultiplication can
    /// explain: storing c·a/255 rounded loses up to 255/(2a) on the way back.
    static func mismatches(_ decoded: [UInt8], _ original: [UInt8], slack: Int = 0) -> [Int] {
        var bad: [Int] = []
        for i in stride(from: 0, to: min(decoded.count, original.count), by: 4) {
            let a = Int(original[i + 3])
            if Int(decoded[i + 3]) != a {
                bad.append(i / 4)
                continue
            }
            if a == 0 { continue }
            let tolerance = 255 / (2 * a) + 1 + slack
            for c in 0..<3 where abs(Int(decoded[i + c]) - Int(original[i + c])) > tolerance {
                bad.append(i / 4)
                break
            }
        }
        // A short list reads better in a failure than a thousand indices.
        return Array((bad + (decoded.count == original.count ? [] : [-1])).prefix(8))
    }
}
