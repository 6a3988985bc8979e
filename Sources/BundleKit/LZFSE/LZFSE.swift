/// LZFSE, Apple's LZ77 plus finite-state-entropy coder (`COMPRESSION_LZFSE`, the payload of
/// Assets.car renditions since Xcode 10), decoded into a buffer of a size the caller knows.
///
/// A stream is a sequence of blocks, each opened by a little-endian four-byte magic:
/// - `bvx-` raw: the byte count, then the bytes;
/// - `bvxn` LZVN: decoded and payload byte counts, then an LZVN stream (`LZVN`);
/// - `bvx1` FSE-coded, its header stored plainly; `bvx2` the same header packed
///   (`LZFSEBlockHeader`): literals in four interleaved FSE streams, then the L, M, D triples
///   that interleave runs of those literals with matches;
/// - `bvx$` the end of the stream.
///
/// Matches may reach back into earlier blocks, never before the stream's first byte. Every
/// block's declared size is checked against the room left before anything is decoded, and
/// the only allocations are the output (`expectedSize`) and fixed-size tables.
public enum LZFSE {
    static let endOfStream: UInt32 = 0x2478_7662  // "bvx$"
    static let raw: UInt32 = 0x2d78_7662  // "bvx-"
    static let lzvn: UInt32 = 0x6e78_7662  // "bvxn"
    static let plainHeader: UInt32 = 0x3178_7662  // "bvx1"
    static let packedHeader: UInt32 = 0x3278_7662  // "bvx2"

    /// Decodes the LZFSE stream `input[range]` into exactly `expectedSize` bytes.
    public static func decode(_ input: [UInt8], range: Range<Int>? = nil, expectedSize: Int) throws(LZFSEError) -> [UInt8] {
        guard expectedSize >= 0 else { throw .limitExceeded(detail: "a negative size was expected") }
        var output = [UInt8](repeating: 0, count: max(expectedSize, 1))
        try decode(input, range: range, into: &output, at: 0, count: expectedSize)
        return expectedSize == 0 ? [] : output
    }

    /// Decodes the LZFSE stream `input[range]` into `output[offset ..< offset + count]`, which it
    /// must fill exactly; matches never reach before `offset`.
    public static func decode(
        _ input: [UInt8], range: Range<Int>? = nil, into output: inout [UInt8], at offset: Int, count: Int
    ) throws(LZFSEError) {
        let region = range ?? input.indices
        guard region.lowerBound >= 0, region.upperBound <= input.count else {
            throw .corrupt(detail: "the stream's range lies outside its input")
        }
        guard offset >= 0, count >= 0, count <= output.count - offset else {
            throw .limitExceeded(detail: "\(count) bytes do not fit the output buffer")
        }
        if output.isEmpty {
            var scratch: [UInt8] = [0]
            return try decode(input, range: region, into: &scratch, at: 0, count: 0)
        }
        try output.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(LZFSEError) in
            try input.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(LZFSEError) in
                var sink = ByteSink(out, from: offset, count: count)
                try decodeBlocks(bytes, region: region, into: &sink)
                guard sink.room == 0 else {
                    throw .corrupt(detail: "the stream ends after \(sink.produced) bytes; \(count) were expected")
                }
            }
        }
    }

    /// Decodes blocks from `region` until `bvx$`.
    static func decodeBlocks(_ bytes: UnsafeBufferPointer<UInt8>, region: Range<Int>, into sink: inout ByteSink) throws(LZFSEError) {
        let start = region.lowerBound, end = region.upperBound
        var p = start
        var fse: LZFSEBlockDecoder?
        while true {
            guard end - p >= 4 else {
                throw .truncated(detail: "no end-of-stream block (bvx$) after \(sink.produced) bytes, at byte \(p - start)")
            }
            let magic = le32(bytes, p)
            switch magic {
            case endOfStream:
                return
            case raw:
                guard end - p >= 8 else { throw .truncated(detail: "the raw block header at byte \(p - start) is cut short") }
                let count = Int(le32(bytes, p + 4))
                try checkRoom(count, sink: sink, block: "raw block (bvx-)", at: p - start)
                guard end - p - 8 >= count else {
                    throw .truncated(detail: "the raw block at byte \(p - start) declares \(count) bytes; \(end - p - 8) remain")
                }
                sink.append(bytes.baseAddress! + p + 8, count: count)
                p += 8 + count
            case lzvn:
                guard end - p >= 12 else { throw .truncated(detail: "the LZVN block header at byte \(p - start) is cut short") }
                let rawCount = Int(le32(bytes, p + 4)), payload = Int(le32(bytes, p + 8))
                try checkRoom(rawCount, sink: sink, block: "LZVN block (bvxn)", at: p - start)
                guard end - p - 12 >= payload else {
                    throw .truncated(detail: "the LZVN block at byte \(p - start) declares \(payload) payload bytes; \(end - p - 12) remain")
                }
                let before = sink.produced
                let stop = try LZVN.decode(bytes, region: (p + 12)..<(p + 12 + payload), into: &sink, limit: rawCount, streamStart: start)
                guard sink.produced - before == rawCount, stop == p + 12 + payload else {
                    throw .corrupt(
                        detail: "the LZVN block at byte \(p - start) decodes to \(sink.produced - before) bytes from \(stop - p - 12) payload bytes; "
                            + "its header declares \(rawCount) from \(payload)")
                }
                p += 12 + payload
            case plainHeader, packedHeader:
                let header =
                    magic == plainHeader
                    ? try LZFSEBlockHeader(plain: bytes, at: p, end: end, streamStart: start)
                    : try LZFSEBlockHeader(packed: bytes, at: p, end: end, streamStart: start)
                try checkRoom(header.rawBytes, sink: sink, block: "FSE block (\(magic == plainHeader ? "bvx1" : "bvx2"))", at: p - start)
                if fse == nil { fse = LZFSEBlockDecoder() }
                try fse!.decode(header, bytes, at: p, into: &sink, streamStart: start)
                p += header.size + header.literalPayloadBytes + header.lmdPayloadBytes
            default:
                throw .corrupt(detail: "unknown block magic 0x\(String(magic, radix: 16)) at byte \(p - start)")
            }
        }
    }

    private static func checkRoom(_ count: Int, sink: ByteSink, block: String, at offset: Int) throws(LZFSEError) {
        guard count <= sink.room else {
            throw .limitExceeded(
                detail: "the \(block) at byte \(offset) declares \(count) bytes; \(sink.room) remain of the \(sink.end - sink.start) expected")
        }
    }

    @inline(__always)
    static func le32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    @inline(__always)
    static func le16(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    @inline(__always)
    static func le64(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt64 {
        UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32
    }
}

extension LZFSE {
    /// The bytes the stream `input[range]` declares it decodes to: the sum of its blocks'
    /// counts, read from their headers without decoding a payload (so a caller can size its
    /// buffer). Stops with `limitExceeded` as soon as the sum passes `atMost`.
    public static func declaredSize(_ input: [UInt8], range: Range<Int>? = nil, atMost: Int) throws(LZFSEError) -> Int {
        let region = range ?? input.indices
        guard region.lowerBound >= 0, region.upperBound <= input.count else {
            throw .corrupt(detail: "the stream's range lies outside its input")
        }
        return try input.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(LZFSEError) -> Int in
            let start = region.lowerBound, end = region.upperBound
            var p = start, total = 0
            while true {
                guard end - p >= 4 else { throw .truncated(detail: "no end-of-stream block (bvx$) at byte \(p - start)") }
                let magic = le32(bytes, p)
                if magic == endOfStream { return total }
                let fixed = [raw: 8, lzvn: 12, plainHeader: LZFSEBlockHeader.plainSize, packedHeader: LZFSEBlockHeader.packedFixedSize][magic]
                guard let fixed else { throw .corrupt(detail: "unknown block magic 0x\(String(magic, radix: 16)) at byte \(p - start)") }
                guard end - p >= fixed else { throw .truncated(detail: "the block header at byte \(p - start) is cut short") }
                let count = Int(le32(bytes, p + 4))
                var length: Int
                switch magic {
                case raw: length = 8 + count
                case lzvn: length = 12 + Int(le32(bytes, p + 8))
                case plainHeader: length = fixed + Int(le32(bytes, p + 20)) + Int(le32(bytes, p + 24))
                default:
                    let f0 = le64(bytes, p + 8), f1 = le64(bytes, p + 16), f2 = le64(bytes, p + 24)
                    length = Int(f2 & 0xffff_ffff) + Int(f0 >> 20 & 0xfffff) + Int(f1 >> 40 & 0xfffff)
                }
                guard count <= atMost - total else {
                    throw .limitExceeded(detail: "the blocks declare more than the \(atMost) bytes expected, at byte \(p - start)")
                }
                guard length >= fixed, end - p >= length else {
                    throw .truncated(detail: "the block at byte \(p - start) declares \(length) bytes; \(end - p) remain")
                }
                total += count
                p += length
            }
        }
    }
}
