/// The header of an FSE-coded LZFSE block, as `bvx1` stores it (the reference encoder's
/// structure: seven 32-bit counts, the final encoder states, then the L, M, D and literal
/// frequency tables as 16-bit values; 772 bytes with its padding) or as `bvx2` packs it (three
/// 64-bit fields and the tables in a prefix code, `FSE.frequencyCode`). Checked on reading:
/// states within their tables, frequencies summing to at most their states, bit counts in
/// range, counts within a block's limits and within the block's own output.
struct LZFSEBlockHeader {
    /// Bytes the block decodes to.
    var rawBytes: Int
    /// Literal bytes (a multiple of 4 from the encoder; up to 3 are padding) and L, M, D triples.
    var literalCount: Int
    var matchCount: Int
    var literalPayloadBytes: Int
    var lmdPayloadBytes: Int
    /// -7…0: minus the padding bits at the top of each stream's last byte.
    var literalBits: Int
    var lmdBits: Int
    var literalStates: [Int]
    var lState: Int
    var mState: Int
    var dState: Int
    /// L (20), M (20), D (64) and literal (256) frequencies, in that order.
    var frequencies: [UInt16]
    /// Bytes of the header itself.
    var size: Int

    static let plainSize = 772
    static let packedFixedSize = 32
    static let symbolCounts = (l: 20, m: 20, d: 64, literal: 256)
    static let states = (l: 64, m: 64, d: 256, literal: 1024)
    static let maxMatches = 10_000
    static let maxLiterals = 4 * maxMatches

    init(plain bytes: UnsafeBufferPointer<UInt8>, at p: Int, end: Int, streamStart: Int) throws(LZFSEError) {
        guard end - p >= Self.plainSize else { throw .truncated(detail: "the bvx1 header at byte \(p - streamStart) is cut short") }
        func u32(_ offset: Int) -> Int { Int(LZFSE.le32(bytes, p + offset)) }
        func u16(_ offset: Int) -> Int { Int(LZFSE.le16(bytes, p + offset)) }
        rawBytes = u32(4)
        literalCount = u32(12)
        matchCount = u32(16)
        literalPayloadBytes = u32(20)
        lmdPayloadBytes = u32(24)
        literalBits = Int(Int32(bitPattern: LZFSE.le32(bytes, p + 28)))
        literalStates = [u16(32), u16(34), u16(36), u16(38)]
        lmdBits = Int(Int32(bitPattern: LZFSE.le32(bytes, p + 40)))
        lState = u16(44)
        mState = u16(46)
        dState = u16(48)
        frequencies = (0..<360).map { LZFSE.le16(bytes, p + 50 + 2 * $0) }
        size = Self.plainSize
        try check(at: p - streamStart, end: end - p, kind: "bvx1")
    }

    init(packed bytes: UnsafeBufferPointer<UInt8>, at p: Int, end: Int, streamStart: Int) throws(LZFSEError) {
        let offset = p - streamStart
        guard end - p >= Self.packedFixedSize else { throw .truncated(detail: "the bvx2 header at byte \(offset) is cut short") }
        let f0 = LZFSE.le64(bytes, p + 8), f1 = LZFSE.le64(bytes, p + 16), f2 = LZFSE.le64(bytes, p + 24)
        func field(_ word: UInt64, _ lsb: Int, _ width: Int) -> Int { Int(word >> UInt64(lsb) & (1 << UInt64(width) - 1)) }
        rawBytes = Int(LZFSE.le32(bytes, p + 4))
        literalCount = field(f0, 0, 20)
        literalPayloadBytes = field(f0, 20, 20)
        matchCount = field(f0, 40, 20)
        literalBits = field(f0, 60, 3) - 7
        literalStates = [field(f1, 0, 10), field(f1, 10, 10), field(f1, 20, 10), field(f1, 30, 10)]
        lmdPayloadBytes = field(f1, 40, 20)
        lmdBits = field(f1, 60, 3) - 7
        size = field(f2, 0, 32)
        lState = field(f2, 32, 10)
        mState = field(f2, 42, 10)
        dState = field(f2, 52, 10)
        guard size >= Self.packedFixedSize else {
            throw .corrupt(detail: "the bvx2 header at byte \(offset) declares \(size) bytes, fewer than its fixed \(Self.packedFixedSize)")
        }
        guard end - p >= size else { throw .truncated(detail: "the bvx2 header at byte \(offset) declares \(size) bytes; \(end - p) remain") }
        frequencies = try Self.frequencyTables(bytes, from: p + Self.packedFixedSize, to: p + size, offset: offset)
        try check(at: offset, end: end - p, kind: "bvx2")
    }

    /// The 360 frequencies of a bvx2 header, read from the low bits up; the code must end
    /// within the header's last byte. A header with no table bytes has all frequencies 0.
    private static func frequencyTables(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, offset: Int
    ) throws(LZFSEError) -> [UInt16] {
        var frequencies = [UInt16](repeating: 0, count: 360)
        guard end > start else { return frequencies }
        var p = start
        var accumulator: UInt32 = 0, count = 0
        for index in 0..<360 {
            while p < end, count + 8 <= 32 {
                accumulator |= UInt32(bytes[p]) << UInt32(count)
                count += 8
                p += 1
            }
            let (value, length) = FSE.frequencyCode(accumulator)
            guard length <= count else {
                throw .truncated(detail: "the bvx2 header at byte \(offset) ends inside its frequency tables")
            }
            frequencies[index] = value
            accumulator >>= UInt32(length)
            count -= length
        }
        guard count < 8, p == end else {
            throw .corrupt(detail: "the bvx2 header at byte \(offset) does not end where its frequency tables do")
        }
        return frequencies
    }

    private func check(at offset: Int, end room: Int, kind: String) throws(LZFSEError) {
        let block = "the \(kind) block at byte \(offset)"
        guard literalCount <= Self.maxLiterals, matchCount <= Self.maxMatches else {
            throw .corrupt(detail: "\(block) declares \(literalCount) literals and \(matchCount) matches, above 40,000 and 10,000")
        }
        // Every triple produces at least one byte and every literal but the padding is output:
        // more of either than the block's bytes is a forged count (and work for nothing).
        guard matchCount <= rawBytes, literalCount <= rawBytes + 3 else {
            throw .corrupt(detail: "\(block) declares \(literalCount) literals and \(matchCount) matches for \(rawBytes) bytes")
        }
        guard literalStates.allSatisfy({ $0 < Self.states.literal }), lState < Self.states.l, mState < Self.states.m, dState < Self.states.d
        else {
            throw .corrupt(detail: "\(block) starts its decoders in states outside their tables")
        }
        guard (-7...0).contains(literalBits), (-7...0).contains(lmdBits) else {
            throw .corrupt(detail: "\(block) declares \(literalBits) and \(lmdBits) final bits (-7…0)")
        }
        for (name, range, states) in [
            ("L", 0..<20, Self.states.l), ("M", 20..<40, Self.states.m), ("D", 40..<104, Self.states.d), ("literal", 104..<360, Self.states.literal),
        ] {
            let total = FSE.total(frequencies[range])
            guard total <= states else {
                throw .corrupt(detail: "\(block): its \(name) frequencies sum to \(total), more than its \(states) states")
            }
        }
        guard room - size >= literalPayloadBytes, room - size - literalPayloadBytes >= lmdPayloadBytes else {
            throw .truncated(
                detail: "\(block) declares \(literalPayloadBytes) + \(lmdPayloadBytes) payload bytes; \(room - size) remain")
        }
    }
}

/// Decodes FSE-coded blocks; its tables and literal buffer are allocated once per stream.
struct LZFSEBlockDecoder {
    private var literalTable = [FSE.SymbolEntry](repeating: .init(), count: LZFSEBlockHeader.states.literal)
    private var lTable = [FSE.ValueEntry](repeating: .init(), count: LZFSEBlockHeader.states.l)
    private var mTable = [FSE.ValueEntry](repeating: .init(), count: LZFSEBlockHeader.states.m)
    private var dTable = [FSE.ValueEntry](repeating: .init(), count: LZFSEBlockHeader.states.d)
    private var literals = [UInt8](repeating: 0, count: LZFSEBlockHeader.maxLiterals + 4)

    /// Decodes the block whose header starts at `p` into `sink`: exactly `rawBytes` bytes.
    mutating func decode(
        _ header: LZFSEBlockHeader, _ bytes: UnsafeBufferPointer<UInt8>, at p: Int, into sink: inout ByteSink, streamStart: Int
    ) throws(LZFSEError) {
        let block = "the FSE block at byte \(p - streamStart)"
        let f = header.frequencies
        FSE.fillSymbols(&literalTable, frequencies: f[104..<360])
        FSE.fillValues(&lTable, frequencies: f[0..<20], extraBits: FSE.literalLengthBits, bases: FSE.literalLengthBases)
        FSE.fillValues(&mTable, frequencies: f[20..<40], extraBits: FSE.matchLengthBits, bases: FSE.matchLengthBases)
        FSE.fillValues(&dTable, frequencies: f[40..<104], extraBits: FSE.distanceBits, bases: FSE.distanceBases)

        let literalStart = p + header.size
        let lmdStart = literalStart + header.literalPayloadBytes
        try decodeLiterals(header, bytes, region: literalStart..<lmdStart, block: block)
        guard var stream = BackwardBits(bytes, region: lmdStart..<(lmdStart + header.lmdPayloadBytes), finalBits: header.lmdBits) else {
            throw .corrupt(detail: "\(block): its L, M, D stream does not start as its header says")
        }
        var states = (l: header.lState, m: header.mState, d: header.dState)
        var distance = -1
        var literalIndex = 0
        let blockEnd = sink.position + header.rawBytes
        try literals.withUnsafeBufferPointer { (literalBytes: UnsafeBufferPointer<UInt8>) throws(LZFSEError) in
            for _ in 0..<header.matchCount {
                stream.refill()
                guard let l = Self.value(lTable, &states.l, &stream), let m = Self.value(mTable, &states.m, &stream),
                    let d = Self.value(dTable, &states.d, &stream)
                else {
                    throw .corrupt(detail: "\(block): its L, M, D stream runs out before its \(header.matchCount) triples")
                }
                if d != 0 { distance = d }
                guard l <= header.literalCount - literalIndex else {
                    throw .corrupt(detail: "\(block) uses more than its \(header.literalCount) literals")
                }
                guard l + m <= blockEnd - sink.position else {
                    throw .corrupt(detail: "\(block) produces more than the \(header.rawBytes) bytes its header declares")
                }
                guard distance > 0, distance <= sink.produced + l else {
                    throw .corrupt(
                        detail: "\(block) has a match \(distance) bytes back, before the stream's first byte (\(sink.produced + l) bytes)")
                }
                sink.append(literalBytes.baseAddress! + literalIndex, count: l)
                literalIndex += l
                sink.appendMatch(distance: distance, count: m)
            }
        }
        guard sink.position == blockEnd else {
            throw .corrupt(detail: "\(block) decodes to \(header.rawBytes - (blockEnd - sink.position)) bytes; its header declares \(header.rawBytes)")
        }
    }

    /// The block's literals, four interleaved streams sharing one table: literal i comes from
    /// state i mod 4. Up to 3 more than `literalCount` are decoded when it is not a multiple of 4.
    private mutating func decodeLiterals(
        _ header: LZFSEBlockHeader, _ bytes: UnsafeBufferPointer<UInt8>, region: Range<Int>, block: String
    ) throws(LZFSEError) {
        guard var stream = BackwardBits(bytes, region: region, finalBits: header.literalBits) else {
            throw .corrupt(detail: "\(block): its literal stream does not start as its header says")
        }
        var states = header.literalStates
        let table = literalTable
        var index = 0
        while index < header.literalCount {
            stream.refill()
            for lane in 0..<4 {
                let entry = table[states[lane]]
                guard let bits = stream.pull(Int(entry.bits)) else {
                    throw .corrupt(detail: "\(block): its literal stream runs out before its \(header.literalCount) literals")
                }
                literals[index + lane] = entry.symbol
                states[lane] = Int(entry.delta) + Int(bits)
            }
            index += 4
        }
    }

    /// One L, M or D value: the state's entry, its bits, the next state.
    @inline(__always)
    private static func value(_ table: [FSE.ValueEntry], _ state: inout Int, _ stream: inout BackwardBits) -> Int? {
        let entry = table[state]
        guard let bits = stream.pull(Int(entry.totalBits)) else { return nil }
        let valueBits = UInt64(entry.valueBits)
        state = Int(entry.delta) + Int(bits >> valueBits)
        return Int(entry.base) + Int(bits & ((1 << valueBits) - 1))
    }
}
