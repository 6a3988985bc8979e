import Foundation
import IconLintTestSupport
import PNGKit
import Testing

@testable import IconLintCore

extension ScratchFolder {
    /// Writes an 8-bit image of `channels` (1 gray, 3 RGB, 4 RGBA) from a pixel function.
    @discardableResult
    func png(_ name: String, side: Int = 8, channels: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> String {
        let bytes = (0..<side).flatMap { y in (0..<side).flatMap { x in pixel(x, y) } }
        let data = try PNGWriter().encode(bytes: bytes, width: side, height: side, channels: channels)
        try Data(data).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }
}

@Suite struct ImageFactsTests {
    @Test func headerOnlyRequestsDecodeNothing() throws {
        let folder = try ScratchFolder("facts")
        let rgba = try folder.png("a.png", channels: 4) { _, _ in [1, 2, 3, 255] }
        let cache = ImageFactsCache()
        cache.load([ImageRequest(rgba, needs: .header)])
        let facts = try #require(cache.facts(rgba))
        #expect(facts.header?.colorType == .rgba)
        #expect(facts.minAlpha == nil && facts.isGrayscale == nil)
        #expect(cache.counters == ImageFactsCounters(filesRead: 1, pixelDecodes: 0, storeHits: 0))
    }

    @Test func opaqueByConstructionNeedsNoDecode() throws {
        let folder = try ScratchFolder("facts")
        let rgb = try folder.png("rgb.png", channels: 3) { x, _ in [UInt8(x * 30), 0, 0] }
        let gray = try folder.png("gray.png", channels: 1) { x, _ in [UInt8(x)] }
        let cache = ImageFactsCache()
        cache.load([ImageRequest(rgb, needs: .minAlpha), ImageRequest(gray, needs: [.minAlpha, .grayscale])])
        #expect(cache.facts(rgb)?.minAlpha == 255)
        #expect(cache.facts(gray)?.minAlpha == 255)
        #expect(cache.facts(gray)?.isGrayscale == true)
        #expect(cache.counters.pixelDecodes == 0)
    }

    @Test func opaqueRGBAIsNotTransparentAndCornersAre() throws {
        let folder = try ScratchFolder("facts")
        let opaque = try folder.png("opaque.png", channels: 4) { _, _ in [200, 10, 10, 255] }
        let corner = try folder.png("corner.png", channels: 4) { x, y in [50, 50, 50, x == 0 && y == 0 ? 0 : 255] }
        let cache = ImageFactsCache()
        cache.load([ImageRequest(opaque, needs: [.minAlpha, .grayscale]), ImageRequest(corner, needs: [.minAlpha, .grayscale])])
        #expect(cache.facts(opaque) == ImageFacts(header: cache.facts(opaque)?.header, minAlpha: 255, isGrayscale: false, verified: true))
        #expect(cache.facts(opaque)?.hasTransparency == false)
        #expect(cache.facts(corner)?.minAlpha == 0)
        #expect(cache.facts(corner)?.isGrayscale == true)
        #expect(cache.counters.pixelDecodes == 2)
    }

    @Test func requestsForOnePathAreMergedIntoOneRead() throws {
        let folder = try ScratchFolder("facts")
        let path = try folder.png("a.png", channels: 4) { x, _ in [UInt8(x * 30), 9, 9, 128] }
        let cache = ImageFactsCache()
        cache.load([ImageRequest(path, needs: .header), ImageRequest(path, needs: .minAlpha), ImageRequest(path, needs: .grayscale)])
        #expect(cache.facts(path)?.minAlpha == 128)
        #expect(cache.facts(path)?.isGrayscale == false)
        #expect(cache.counters.filesRead == 1)
        // Asking again for what is known reads nothing.
        cache.load([ImageRequest(path, needs: [.minAlpha, .grayscale])])
        #expect(cache.counters.filesRead == 1)
    }

    @Test func theCurrentRulesFormAsksForBothPixelFacts() throws {
        let folder = try ScratchFolder("facts")
        let path = try folder.png("a.png", channels: 4) { _, _ in [9, 9, 200, 255] }
        let cache = ImageFactsCache()
        cache.load([(path: path, decode: true)])
        #expect(cache.facts(path)?.hasColor == true)
        #expect(cache.facts(path)?.minAlpha == 255)
    }

    @Test func unreadableFilesBecomeErrorsWithoutHanging() throws {
        let folder = try ScratchFolder("facts")
        let fifo = folder.file("fifo.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        let text = folder.file("text.png")
        try Data("hello, this is plain text".utf8).write(to: URL(fileURLWithPath: text))
        try FileManager.default.createDirectory(atPath: folder.file("dir.png"), withIntermediateDirectories: false)
        let missing = folder.file("missing.png")
        let cache = ImageFactsCache()
        let paths = [fifo, text, folder.file("dir.png"), missing]
        cache.load(paths.map { ImageRequest($0, needs: .minAlpha) } + [ImageRequest(fifo, needs: .header)])
        #expect(cache.facts(fifo)?.error == .io(path: fifo, reason: "not a regular file"))
        #expect(cache.facts(folder.file("dir.png"))?.error == .io(path: folder.file("dir.png"), reason: "it is a folder"))
        #expect(cache.facts(text)?.error?.kind == "not-png")
        #expect(cache.facts(missing)?.error?.kind == "io")
        // Header-only requests go through the same refusal.
        let headerOnly = ImageFactsCache()
        headerOnly.load([ImageRequest(fifo, needs: .header)])
        #expect(headerOnly.facts(fifo)?.error?.kind == "io")
    }

    @Test func corruptPixelsKeepTheHeader() throws {
        let folder = try ScratchFolder("facts")
        let good = try folder.png("a.png", side: 32, channels: 4) { x, y in [UInt8(x), UInt8(y), 0, 255] }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        bytes.removeLast(40)  // cut into IDAT
        let cut = folder.file("cut.png")
        try Data(bytes).write(to: URL(fileURLWithPath: cut))
        let cache = ImageFactsCache()
        cache.load([ImageRequest(cut, needs: .minAlpha)])
        let facts = try #require(cache.facts(cut))
        #expect(facts.header?.width == 32)
        #expect(facts.error?.kind == "corrupt")
        #expect(facts.minAlpha == nil)
    }

    @Test func integrityIsAskedSeparatelyFromPixelFacts() throws {
        let folder = try ScratchFolder("facts")
        let good = try folder.png("a.png", channels: 3) { x, y in [UInt8(x * 9), UInt8(y * 9), 0] }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        // The last byte before IEND's 12 is IDAT's CRC.
        bytes[bytes.count - 13] ^= 0x5a
        let damaged = folder.file("damaged.png")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let quick = ImageFactsCache()
        // Opaque by construction: not decoded, but its chunks' CRCs are checked, so the damage shows.
        quick.load([ImageRequest(damaged, needs: .minAlpha)])
        #expect(quick.facts(damaged)?.error == .corrupt(reason: "IDAT: CRC error"))
        #expect(quick.counters.pixelDecodes == 0)
        quick.load([ImageRequest(damaged, needs: .integrity)])
        #expect(quick.facts(damaged)?.error == .corrupt(reason: "IDAT: CRC error"))
        let intact = ImageFactsCache()
        intact.load([ImageRequest(good, needs: [.minAlpha, .integrity])])
        #expect(intact.facts(good)?.verified == true && intact.facts(good)?.error == nil)
    }

    /// Inserts a chunk right after IHDR.
    static func insertChunk(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        let body = Array(type.utf8) + data
        let chunk = be(UInt32(data.count)) + body + be(crc32(body))
        return Array(png[..<33]) + chunk + Array(png[33...])
    }

    @Test func chunksBeforeIDATLongerThanThePrefixAreReadOn() throws {
        let folder = try ScratchFolder("facts")
        let text = Array("Comment\u{0}".utf8) + Array(repeating: UInt8(ascii: "a"), count: 200_000)
        for (channels, alpha) in [(4, 77), (3, 255)] {
            let plain = try folder.png("plain\(channels).png", channels: channels) { x, _ in
                channels == 4 ? [10, 10, 10, x == 2 ? 77 : 255] : [10, 10, 10]
            }
            let padded = folder.file("padded\(channels).png")
            let bytes = Self.insertChunk("tEXt", text, into: [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain))))
            try Data(bytes).write(to: URL(fileURLWithPath: padded))
            let cache = ImageFactsCache()
            cache.load([ImageRequest(padded, needs: .minAlpha)])
            #expect(cache.facts(padded)?.error == nil)
            #expect(cache.facts(padded)?.minAlpha == alpha)
            #expect(cache.facts(padded)?.header?.width == 8)
        }
    }

    @Test func manyFilesInParallelEachGetTheirOwnFacts() throws {
        let folder = try ScratchFolder("facts")
        var expected: [String: Int] = [:]
        for index in 0..<40 {
            let alpha = UInt8(index * 6)
            expected[try folder.png("i\(index).png", channels: 4) { x, _ in [5, 5, 5, x == 3 ? alpha : 255] }] = Int(alpha)
        }
        let cache = ImageFactsCache()
        cache.load(expected.keys.map { ImageRequest($0, needs: .minAlpha) })
        for (path, alpha) in expected { #expect(cache.facts(path)?.minAlpha == alpha) }
        #expect(cache.counters.filesRead == 40)
    }
}
