import Foundation
import PNGKit
import Testing

/// Every way out of the libpng shim: libpng's longjmp on the read and write paths, the
/// shim's own refusals, and a row callback that stops early. Run under
/// `scripts/test --sanitize=address` these also prove that each path frees what it took.
@Suite("libpng shim error paths")
struct ShimErrorPathTests {
    static let hostile = Fixtures.path("Hostile/png")

    static var hostileFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: hostile)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func everyHostileFileFailsTheSameWayFromFileAndMemory() throws {
        #expect(Self.hostileFiles.count >= 15)
        let small = PNGReader(limits: PNGLimits(maxWidth: 4096, maxHeight: 4096, maxBytes: 4096 * 4096 * 8))
        for name in Self.hostileFiles {
            let path = Self.hostile + "/" + name
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            for depth in [PNGSampleDepth.eight, .sixteen] {
                let fromFile = Result { () throws(PNGError) in try small.decode(.file(path), depth: depth) }
                let fromMemory = Result { () throws(PNGError) in try small.decode(.bytes(bytes), depth: depth) }
                switch (fromFile, fromMemory) {
                case (.success(let a), .success(let b)):
                    #expect(a.bytes == b.bytes, "\(name)")
                case (.failure(.io), _):
                    Issue.record("\(name): a readable file gave an I/O error")
                case (.failure(let a), .failure(let b)):
                    #expect(a.kind == b.kind, "\(name): \(a) vs \(b)")
                default:
                    Issue.record("\(name): file and memory disagree: \(fromFile) vs \(fromMemory)")
                }
            }
            _ = try? small.header(.file(path), withICCProfile: true)
            _ = try? small.header(.bytes(bytes), withICCProfile: true)
        }
    }

    @Test func stoppingAtTheFirstRowReleasesEverything() throws {
        for file in ["basn6a08.png", "basi6a08.png", "basn0g16.png", "basi0g01.png"] {
            var rows = 0
            let summary = try PNGReader().decodeRows(.file(Fixtures.path("pngsuite/" + file)), depth: .sixteen) { _, _ in
                rows += 1
                return false
            }
            #expect(rows == 1, "\(file)")
            #expect(!summary.completed, "\(file)")
        }
    }

    @Test func encoderErrorsComeBackAsErrors() throws {
        let pixels = [UInt8](repeating: 200, count: 8 * 8 * 4)
        // An ICC profile of 3 bytes: libpng refuses it from inside png_set_iCCP (longjmp).
        let bogus = PNGColorInfo(iccProfile: [1, 2, 3], iccProfileName: "Broken")
        #expect(throws: PNGError.self) {
            try PNGWriter().encode(bytes: pixels, width: 8, height: 8, channels: 4, color: bogus)
        }
        #expect(throws: PNGError.self) {
            try PNGWriter().encode(bytes: [1, 2, 3], width: 8, height: 8, channels: 4)
        }
        // And the writer still works afterwards.
        let good = try PNGWriter().encode(bytes: pixels, width: 8, height: 8, channels: 4)
        #expect(try PNGReader().decode(.bytes(good)).bytes == pixels)
    }
}
