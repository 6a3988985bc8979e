/// LZVN, the byte-oriented LZ77 coder of LZFSE's `bvxn` blocks and of asset-catalog payloads
/// compressed with `COMPRESSION_LZVN`. The stream is a sequence of opcodes, each one byte
/// followed by up to two operand bytes and then its literal bytes:
///
/// | opcode | literals L | match M | distance D |
/// |---|---|---|---|
/// | `LLMMMDDD DDDDDDDD` small distance | 0…3 | 3…10 | 11 bits |
/// | `101LLMMM DDDDDDMM DDDDDDDD` medium distance | 0…3 | 3…34 | 14 bits |
/// | `LLMMM111 DDDDDDDD DDDDDDDD` large distance | 0…3 | 3…10 | 16 bits |
/// | `LLMMM110` previous distance (L > 0) | 0…3 | 3…10 | the previous one |
/// | `1111MMMM` / `11110000 MMMMMMMM` match | – | 1…15 / 16…271 | the previous one |
/// | `1110LLLL` / `11100000 LLLLLLLL` literal | 0…15 / 16…271 | – | – |
/// | `00000110` end of stream, 8 bytes in all; `00001110`, `00010110` no-op | | | |
///
/// Every other opcode is undefined. A match copies M bytes from D bytes back in the output
/// (overlapping copies repeat the bytes, as LZ77 does); D is 0 before the first distance.
public enum LZVN {
    /// What an opcode byte does.
    enum Kind: UInt8 {
        case smallDistance, mediumDistance, largeDistance, previousDistance
        case smallMatch, largeMatch, smallLiteral, largeLiteral
        case endOfStream, nop, undefined
    }

    static let kinds: [Kind] = (0...255).map { (op: Int) -> Kind in
        switch op {
        case 0x06: .endOfStream
        case 0x0e, 0x16: .nop
        case 0x70...0x7f, 0xd0...0xdf: .undefined
        case 0xa0...0xbf: .mediumDistance
        case 0xe0: .largeLiteral
        case 0xe1...0xef: .smallLiteral
        case 0xf0: .largeMatch
        case 0xf1...0xff: .smallMatch
        default:
            switch op & 7 {
            case 7: .largeDistance
            // With no literal (LL = 00) a previous-distance opcode is undefined.
            case 6: op < 0x40 ? .undefined : .previousDistance
            default: .smallDistance
            }
        }
    }

    /// Decodes the LZVN stream `input[range]` into exactly `expectedSize` bytes: its end-of-stream
    /// opcode must come once they are all produced.
    public static func decode(_ input: [UInt8], range: Range<Int>? = nil, expectedSize: Int) throws(LZFSEError) -> [UInt8] {
        let region = range ?? input.indices
        guard region.lowerBound >= 0, region.upperBound <= input.count, expectedSize >= 0 else {
            throw .corrupt(detail: "the stream's range lies outside its input")
        }
        var output = [UInt8](repeating: 0, count: max(expectedSize, 1))
        try output.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(LZFSEError) in
            try input.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(LZFSEError) in
                var sink = ByteSink(out, count: expectedSize)
                _ = try decode(bytes, region: region, into: &sink, limit: expectedSize, streamStart: region.lowerBound)
                guard sink.produced == expectedSize else {
                    throw .corrupt(detail: "the LZVN stream ends after \(sink.produced) bytes; \(expectedSize) were expected")
                }
            }
        }
        return expectedSize == 0 ? [] : output
    }

    /// Decodes the LZVN stream `input[range]`, which must end (with its end-of-stream opcode)
    /// within `atMost` bytes: a raw LZVN payload says nothing of its size.
    public static func decode(_ input: [UInt8], range: Range<Int>? = nil, atMost: Int) throws(LZFSEError) -> [UInt8] {
        let region = range ?? input.indices
        guard region.lowerBound >= 0, region.upperBound <= input.count, atMost >= 0 else {
            throw .corrupt(detail: "the stream's range lies outside its input")
        }
        var output = [UInt8](repeating: 0, count: max(atMost, 1))
        let produced = try output.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(LZFSEError) -> Int in
            try input.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(LZFSEError) -> Int in
                var sink = ByteSink(out, count: atMost)
                _ = try decode(bytes, region: region, into: &sink, limit: atMost, streamStart: region.lowerBound)
                return sink.produced
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// Decodes one LZVN stream from `region` into `sink`, writing at most `limit` bytes; returns
    /// where its end-of-stream opcode ends. Offsets in messages count from `streamStart`.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, region: Range<Int>, into sink: inout ByteSink, limit: Int, streamStart: Int
    ) throws(LZFSEError) -> Int {
        let end = region.upperBound
        let outputEnd = sink.position + min(limit, sink.room)
        var p = region.lowerBound
        var distance = 0
        while true {
            guard p < end else {
                throw .truncated(detail: "the LZVN stream ends at byte \(p - streamStart) without its end-of-stream opcode")
            }
            let op = Int(bytes[p])
            let kind = kinds[op]
            var literals = 0, match = 0, length = 1
            switch kind {
            case .endOfStream:
                guard end - p >= 8 else { throw .truncated(detail: "the LZVN end-of-stream opcode at byte \(p - streamStart) is cut short") }
                return p + 8
            case .nop:
                p += 1
                continue
            case .undefined:
                throw .corrupt(detail: "undefined LZVN opcode 0x\(String(op, radix: 16)) at byte \(p - streamStart)")
            case .smallDistance, .mediumDistance, .largeDistance:
                length = kind == .smallDistance ? 2 : 3
                guard end - p > length - 1 else { throw .truncated(detail: "the LZVN opcode at byte \(p - streamStart) is cut short") }
                let one = Int(bytes[p + 1])
                if kind == .mediumDistance {
                    let two = Int(bytes[p + 2])
                    literals = op >> 3 & 3
                    match = ((op & 7) << 2 | one & 3) + 3
                    distance = two << 6 | one >> 2
                } else {
                    literals = op >> 6
                    match = (op >> 3 & 7) + 3
                    distance = kind == .smallDistance ? (op & 7) << 8 | one : one | Int(bytes[p + 2]) << 8
                }
            case .previousDistance:
                literals = op >> 6
                match = (op >> 3 & 7) + 3
            case .smallMatch:
                match = op & 15
            case .smallLiteral:
                literals = op & 15
            case .largeMatch, .largeLiteral:
                length = 2
                guard end - p > 1 else { throw .truncated(detail: "the LZVN opcode at byte \(p - streamStart) is cut short") }
                if kind == .largeMatch { match = Int(bytes[p + 1]) + 16 } else { literals = Int(bytes[p + 1]) + 16 }
            }
            let opcodeAt = p
            p += length
            if literals > 0 {
                guard end - p >= literals else {
                    throw .truncated(detail: "the LZVN literal at byte \(p - streamStart) needs \(literals) bytes; \(end - p) remain")
                }
                guard outputEnd - sink.position >= literals else { throw overrun(at: opcodeAt - streamStart, limit: limit) }
                sink.append(bytes.baseAddress! + p, count: literals)
                p += literals
            }
            if match > 0 {
                guard distance > 0, distance <= sink.produced else {
                    throw .corrupt(
                        detail: "the LZVN match at byte \(opcodeAt - streamStart) reaches \(distance) bytes back, "
                            + "before the output's start (\(sink.produced) bytes)")
                }
                guard outputEnd - sink.position >= match else { throw overrun(at: opcodeAt - streamStart, limit: limit) }
                sink.appendMatch(distance: distance, count: match)
            }
        }
    }

    private static func overrun(at offset: Int, limit: Int) -> LZFSEError {
        .limitExceeded(detail: "the LZVN opcode at byte \(offset) writes past the \(limit) bytes expected")
    }
}

/// Where decoded bytes go: a caller's buffer that no stream may write past, and whose start
/// no match may reach before. Callers check `room` and `produced` before each write.
struct ByteSink {
    let base: UnsafeMutablePointer<UInt8>
    let start: Int
    let end: Int
    private(set) var position: Int

    /// `buffer` must not be empty (an empty array's buffer has no address): callers decode
    /// into one byte of scratch when nothing is expected.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int = 0, count: Int? = nil) {
        base = buffer.baseAddress!
        self.start = start
        end = start + (count ?? buffer.count - start)
        position = start
    }

    var produced: Int { position - start }
    var room: Int { end - position }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count: Int) {
        precondition(count <= room)
        (base + position).update(from: source, count: count)
        position += count
    }

    /// Copies `count` bytes from `distance` back; an overlapping match repeats the last
    /// `distance` bytes. Each piece copies from the match's source start, so pieces double (a
    /// multiple of `distance` apart, the repeated bytes are the same) and never overlap.
    @inline(__always)
    mutating func appendMatch(distance: Int, count: Int) {
        precondition(distance > 0 && distance <= produced && count <= room)
        let source = position - distance
        var remaining = count
        while remaining > 0 {
            let piece = min(remaining, position - source)
            (base + position).update(from: base + source, count: piece)
            position += piece
            remaining -= piece
        }
    }
}
