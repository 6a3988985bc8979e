import BundleKit
import Testing

/// Streams made by hand to break each of the decoder's checks: every one is a one-line error
/// of the expected kind, before any output the input could inflate is allocated.
@Suite("LZFSE: hostile streams")
struct LZFSEHostileTests {
    static let end = Array("bvx$".utf8)

    /// A bvx1 block of `matches` triples whose tables make every L 0, every M 3 and every D
    /// 12 plus two raw bits (here 0), with an 8-byte zero L, M, D stream: the first match
    /// reaches 12 bytes back, before the stream's first byte.
    static func plainBlock(rawBytes: UInt32 = 3, matches: UInt32 = 1, literalState: UInt16 = 0, lFrequency: UInt16 = 64) -> [UInt8] {
        var frequencies = [UInt16](repeating: 0, count: 360)
        frequencies[0] = lFrequency  // L symbol 0: value 0, every state
        frequencies[20 + 3] = 64  // M symbol 3: value 3
        frequencies[40 + 8] = 256  // D symbol 8: 12 + 2 bits
        frequencies[104] = 1024  // literal 0
        var header = Array("bvx1".utf8) + le32(rawBytes) + le32(8) + le32(0) + le32(matches) + le32(0) + le32(8)
        header += le32(0) + le16(literalState) + le16(0) + le16(0) + le16(0) + le32(0) + le16(0) + le16(0) + le16(0)
        header += frequencies.flatMap(le16) + [0, 0]
        return header + [UInt8](repeating: 0, count: 8)
    }

    static let cases: [(name: String, stream: [UInt8], expected: Int, kind: String, says: String)] = [
        ("empty", [], 16, "truncated", "no end-of-stream block"),
        ("no end", Array("bvx-".utf8) + le32(2) + [1, 2], 2, "truncated", "no end-of-stream block"),
        ("raw cut short", Array("bvx-".utf8) + le32(100) + [1, 2, 3] + end, 100, "truncated", "declares 100 bytes; 7 remain"),
        ("raw oversized", Array("bvx-".utf8) + le32(0x7fff_ffff) + end, 16, "too-large", "declares 2147483647 bytes; 16 remain"),
        ("unknown magic", Array("bvxZ".utf8) + end, 16, "corrupt", "unknown block magic 0x5a787662 at byte 0"),
        ("lzvn oversized", Array("bvxn".utf8) + le32(1 << 30) + le32(8) + [6, 0, 0, 0, 0, 0, 0, 0] + end, 64, "too-large", "declares 1073741824"),
        (
            "lzvn match before start", Array("bvxn".utf8) + le32(8) + le32(12) + [0x01, 0x05, 0xF3, 0x06, 0, 0, 0, 0, 0, 0, 0, 0] + end,
            8, "corrupt", "reaches 261 bytes back, before the output's start (0 bytes)"
        ),
        (
            "lzvn previous distance 0", Array("bvxn".utf8) + le32(8) + le32(10) + [0xF3, 0, 0x06, 0, 0, 0, 0, 0, 0, 0] + end,
            8, "corrupt", "reaches 0 bytes back"
        ),
        (
            "lzvn undefined opcode", Array("bvxn".utf8) + le32(8) + le32(9) + [0x72, 0x06, 0, 0, 0, 0, 0, 0, 0] + end, 8, "corrupt",
            "undefined LZVN opcode 0x72"
        ),
        (
            "lzvn literal past its payload", Array("bvxn".utf8) + le32(8) + le32(3) + [0xE8, 1, 2] + end, 8, "truncated",
            "needs 8 bytes; 2 remain"
        ),
        ("bvx2 cut short", Array("bvx2".utf8) + le32(10) + [1, 2, 3], 10, "truncated", "the bvx2 header at byte 0 is cut short"),
        (
            "bvx2 header smaller than its fields", Array("bvx2".utf8) + le32(10) + le64(0) + le64(0) + le64(20) + end, 10, "corrupt",
            "declares 20 bytes, fewer than its fixed 32"
        ),
        (
            "bvx2 header past the input", Array("bvx2".utf8) + le32(10) + le64(0) + le64(0) + le64(5000) + end, 10, "truncated",
            "declares 5000 bytes; 36 remain"
        ),
        ("bvx1 frequencies above their states", plainBlock(lFrequency: 65) + end, 3, "corrupt", "its L frequencies sum to 65, more than its 64 states"),
        ("bvx1 state outside its table", plainBlock(literalState: 1024) + end, 3, "corrupt", "starts its decoders in states outside their tables"),
        ("bvx1 more matches than bytes", plainBlock(rawBytes: 3, matches: 4) + end, 3, "corrupt", "declares 0 literals and 4 matches for 3 bytes"),
        ("bvx1 oversized", plainBlock(rawBytes: 1 << 20) + end, 3, "too-large", "declares 1048576 bytes; 3 remain"),
        ("bvx1 match before start", plainBlock() + end, 3, "corrupt", "has a match 12 bytes back, before the stream's first byte"),
        ("bvx1 cut inside its payload", Array(plainBlock().dropLast(4)), 3, "truncated", "declares 0 + 8 payload bytes; 4 remain"),
    ]

    @Test(arguments: 0..<cases.count)
    func isAOneLineErrorOfItsKind(_ index: Int) {
        let hostile = Self.cases[index]
        do {
            let output = try LZFSE.decode(hostile.stream, expectedSize: hostile.expected)
            Issue.record("\(hostile.name) decoded to \(output.count) bytes")
        } catch {
            #expect(error.kind == hostile.kind, "\(hostile.name): \(error)")
            #expect(error.description.contains(hostile.says), "\(hostile.name): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// A frequency table code that runs past its header, and one with bytes left over.
    @Test func packedFrequencyTablesMustFillTheirHeaderExactly() {
        // 360 two-bit zeros need 90 bytes; 10 are not enough, 91 are too many.
        for (tableBytes, says) in [(10, "ends inside its frequency tables"), (91, "does not end where its frequency tables do")] {
            let stream = Array("bvx2".utf8) + le32(0) + le64(0) + le64(0) + le64(UInt64(32 + tableBytes)) + [UInt8](repeating: 0, count: tableBytes) + Self.end
            #expect(throws: LZFSEError.self) { try LZFSE.decode(stream, expectedSize: 0) }
            do { _ = try LZFSE.decode(stream, expectedSize: 0) } catch { #expect(error.description.contains(says), "\(error)") }
        }
    }

    /// Raw LZVN (a catalog's `COMPRESSION_LZVN` payload) is bounded by `atMost`, and its size
    /// declarations are checked like LZFSE's.
    @Test func rawLZVNIsBoundedAndSizeScansStopEarly() throws {
        let run = LZVNWriter.lzvn([UInt8](repeating: 7, count: 10_000), distance: 1)
        #expect(try LZVN.decode(run, atMost: 10_000).count == 10_000)
        #expect(throws: LZFSEError.self) { try LZVN.decode(run, atMost: 9_999) }
        #expect(throws: LZFSEError.self) { try LZVN.decode(Array(run.dropLast(8)), atMost: 10_000) }
        let twoBlocks = Array("bvx-".utf8) + le32(4) + [1, 2, 3, 4] + Array("bvx-".utf8) + le32(0x7fff_0000) + Self.end
        #expect(throws: LZFSEError.limitExceeded(detail: "the blocks declare more than the 100 bytes expected, at byte 12")) {
            try LZFSE.declaredSize(twoBlocks, atMost: 100)
        }
        #expect(try LZFSE.declaredSize(LZVNWriter.lzfse(run), atMost: 1 << 20) == run.count)
    }
}
