import CZlib
import Foundation
import Testing

/// Adam7-interlaced sources, whose rows no single reader hands out in order: every command
/// reads them in a few rows of memory (ilpng.c gives each pass its own reader), where the
/// whole image used to be held (a 2 MB 16384² 16-bit file took 2 GB in `generate`, 1 GB in
/// `inspect`). The sizes keep a debug build within seconds and the old decode well past the
/// bound: 8192² at 8 bits held 256 MiB in `inspect`, 4096² at 16 bits 128 MiB in `generate`
/// and in `lint` (image facts, html thumbnails).
@Suite("Hostile interlaced PNGs")
struct HostilePNGTests {
    /// Peak memory allowed to one run: 100 MiB, or a small image's run plus 64 MiB where a
    /// sanitizer's shadow memory lifts every run.
    static func memoryBound(in folder: String) throws -> Int {
        let small = folder + "/small.png"
        try writeInterlaced(small, width: 64, height: 64, bitDepth: 8)
        let baseline = try CLI.measured(["inspect", small], in: folder)
        return max(100, baseline.peakMemoryMB + 64)
    }

    @Test func interlacedSourcesAreReadInAFewRowsOfMemory() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bound = try Self.memoryBound(in: folder)
        let large = folder + "/large.png", deep = folder + "/deep.png"
        try Self.writeInterlaced(large, width: 8192, height: 8192, bitDepth: 8)
        try Self.writeInterlaced(deep, width: 4096, height: 4096, bitDepth: 16)
        let set = try HostileInputTests.makeApp(
            in: folder, contents: #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon.png"}]}"#)
        try FileManager.default.copyItem(atPath: deep, toPath: set + "/Icon.png")

        func measured(_ arguments: [String], stderr: String = "") throws -> CLI.Measured {
            let start = Date()
            let run = try CLI.measured(arguments, in: folder)
            let seconds = Date().timeIntervalSince(start)
            // Each run is 1-4 s of CPU in a debug build, but the whole suite on two cores has
            // stretched one to 33 s of wall time: the bound catches a hang, memory is the check.
            #expect(seconds < 90, "\(arguments): \(seconds) s")
            #expect(run.peakMemoryMB < bound, "\(arguments): peak resident memory \(run.peakMemoryMB) MB")
            #expect(run.stderr == stderr, "\(arguments)")
            return run
        }

        // inspect: the CRC of the 8-bit rows is that of 8192 white rows.
        let inspected = try measured(["inspect", large])
        #expect(inspected.status == 0, "\(inspected.stdout)")
        #expect(inspected.stdout.contains("Adam7 interlaced") && inspected.stdout.contains("every pixel opaque"), "\(inspected.stdout)")
        #expect(inspected.stdout.contains("rgba8 crc32 \(Self.whiteCRC(side: 8192))"), "\(inspected.stdout)")

        // The passes' readers keep no ICC profile: the header's is read once (7 copies of this
        // 24 MB one took 190 MB).
        let profiled = folder + "/profiled.png"
        try Self.writeInterlaced(profiled, width: 2048, height: 2048, bitDepth: 8, iccProfileBytes: 24_000_000)
        let withProfile = try measured(["inspect", profiled])
        #expect(withProfile.status == 0 && withProfile.stdout.contains("iCCP"), "\(withProfile.stdout)")

        // generate: a white 1024 icon from the 16-bit source.
        let generated = try measured(["generate", deep, "--name", "AppIcon", "--out", folder + "/out"])
        #expect(generated.status == 0, "\(generated.stdout)")
        let icon = try CLI.run(["inspect", folder + "/out/AppIcon.appiconset/AppIcon-1024.png"])
        #expect(icon.stdout.contains("rgba8 crc32 \(Self.whiteCRC(side: 1024))"), "\(icon.stdout)")

        // lint: the icon's pixel facts (opaque: every row is scanned) and the html thumbnails.
        let linted = try measured(["lint", "--no-cache", "."])
        #expect(linted.status == 1)
        #expect(
            HostileInputTests.lintLines(CLI.Output(status: linted.status, stdout: linted.stdout, stderr: linted.stderr)) == [
                "error: App/Assets.xcassets/AppIcon.appiconset/Icon.png is 4096×4096 but the universal 1024x1024@1x slot of AppIcon needs 1024×1024; export it at 1024×1024 [appiconset-size-mismatch]"
            ], "\(linted.stdout)")
        let report = folder + "/report.html"
        let html = try measured(["lint", "--no-cache", ".", "--reporter", "html", "--output", report], stderr: "1 error in 1 app target.\n")
        #expect(html.status == 1)
        let page = try String(contentsOfFile: report, encoding: .utf8)
        #expect(page.contains("data:image/png;base64,"), "the 4096² icon has thumbnails")
    }

    /// Writes a white RGBA PNG, Adam7-interlaced with every row unfiltered, streaming the
    /// rows through deflate (RLE): gigabytes of pixels take one row of the test's memory
    /// and compress about 1000 to 1, the same bytes on every run. `iccProfileBytes` adds an
    /// iCCP chunk holding an RGB display profile of that size (no tags, zeros after the header).
    static func writeInterlaced(_ path: String, width: Int, height: Int, bitDepth: Int, iccProfileBytes: Int = 0) throws {
        let pixelBytes = 4 * bitDepth / 8
        var stream = z_stream()
        guard
            deflateInit2_(&stream, 9, Z_DEFLATED, 15, 9, Z_RLE, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CocoaError(.featureUnsupported) }
        defer { deflateEnd(&stream) }
        var deflated: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func feed(_ input: inout [UInt8], flush: Int32) throws {
            try input.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                repeat {
                    let status = buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        return deflate(&stream, flush)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw CocoaError(.coderInvalidValue) }
                    deflated += buffer.prefix(buffer.count - Int(stream.avail_out))
                } while stream.avail_out == 0
            }
        }
        // Pass p starts at column/row (x0, y0) and steps (dx, dy); empty passes have no rows.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            var row = [0] + [UInt8](repeating: 255, count: (width - x0 + dx - 1) / dx * pixelBytes)
            for _ in stride(from: y0, to: height, by: dy) { try feed(&row, flush: Z_NO_FLUSH) }
        }
        var none: [UInt8] = []
        try feed(&none, flush: Z_FINISH)
        let ihdr = be(UInt32(width)) + be(UInt32(height)) + [UInt8(bitDepth), 6, 0, 0, 1]
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr)
        if iccProfileBytes > 0 { png += chunk("iCCP", Array("test".utf8) + [0, 0] + (try iccProfile(bytes: iccProfileBytes))) }
        png += chunk("IDAT", deflated) + chunk("IEND", [])
        try Data(png).write(to: URL(fileURLWithPath: path))
    }

    /// An ICC profile libpng accepts (length, version 4.2, display class, RGB to XYZ, the
    /// 'acsp' signature, a D50 illuminant, no tags), zlib-compressed for an iCCP chunk.
    static func iccProfile(bytes count: Int) throws -> [UInt8] {
        var profile = [UInt8](repeating: 0, count: count)
        func put(_ bytes: [UInt8], at offset: Int) { profile.replaceSubrange(offset..<(offset + bytes.count), with: bytes) }
        put(be(UInt32(count)), at: 0)
        put([4, 0x20, 0, 0], at: 8)
        put(Array("mntrRGB XYZ ".utf8), at: 12)
        put(Array("acsp".utf8), at: 36)
        put(be(0xF6D6) + be(0x1_0000) + be(0xD32D), at: 68)
        var length = compressBound(uLong(count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        guard compress2(&compressed, &length, profile, uLong(count), 9) == Z_OK else { throw CocoaError(.coderInvalidValue) }
        return Array(compressed.prefix(Int(length)))
    }

    /// `inspect`'s CRC-32 of side × side white 8-bit RGBA rows.
    static func whiteCRC(side: Int) -> String {
        let row = [UInt8](repeating: 255, count: side * 4)
        var crc = CZlib.crc32(0, nil, 0)
        for _ in 0..<side { crc = CZlib.crc32(crc, row, uInt(row.count)) }
        return String(format: "%08x", UInt32(crc))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(UInt32(CZlib.crc32(0, body, uInt(body.count))))
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
}
