/// Finite State Entropy (tANS) as LZFSE uses it: frequency tables that split a power-of-two
/// number of states among the symbols, decoder tables built from them, and the bit stream
/// the states are read from.
enum FSE {
    /// One state of the literal decoder: emit `symbol`, then read `bits` bits and add them to
    /// `delta` for the next state. The zero entry (a state no frequency reaches) emits 0 and
    /// stays in state 0, as in the reference decoder's cleared tables.
    struct SymbolEntry {
        var bits: UInt8 = 0
        var symbol: UInt8 = 0
        var delta: UInt16 = 0
    }

    /// One state of an L, M or D decoder: read `totalBits` bits; the high ones, added to
    /// `delta`, are the next state, the low `valueBits` ones are added to `base` for the value.
    struct ValueEntry {
        var totalBits: UInt8 = 0
        var valueBits: UInt8 = 0
        var delta: UInt16 = 0
        var base: Int32 = 0
    }

    /// Where a symbol of frequency `frequency` (1…`states`) puts its states: the first `j0`
    /// read `k` bits, the others `k - 1`, where `k` is the shift that brings the frequency
    /// into `states ..< 2 × states`.
    @inline(__always)
    static func split(_ frequency: Int, states: Int) -> (k: Int, j0: Int) {
        let k = states.trailingZeroBitCount - (Int.bitWidth - 1 - frequency.leadingZeroBitCount)
        return (k, ((2 * states) >> k) - frequency)
    }

    /// The sum of a frequency table, which must not exceed its number of states.
    static func total(_ frequencies: ArraySlice<UInt16>) -> Int {
        frequencies.reduce(0) { $0 + Int($1) }
    }

    /// Fills `table` (cleared first) from `frequencies`, whose sum the caller has checked.
    static func fillSymbols(_ table: inout [SymbolEntry], frequencies: ArraySlice<UInt16>) {
        let states = table.count
        for index in table.indices { table[index] = SymbolEntry() }
        var state = 0
        for (symbol, raw) in frequencies.enumerated() where raw > 0 {
            let frequency = Int(raw)
            let (k, j0) = split(frequency, states: states)
            for j in 0..<frequency {
                table[state] =
                    j < j0
                    ? SymbolEntry(bits: UInt8(k), symbol: UInt8(symbol), delta: UInt16(((frequency + j) << k) - states))
                    : SymbolEntry(bits: UInt8(k - 1), symbol: UInt8(symbol), delta: UInt16((j - j0) << (k - 1)))
                state += 1
            }
        }
    }

    /// Fills `table` (cleared first) from `frequencies`, whose sum the caller has checked; a
    /// symbol's value is `bases[symbol]` plus `extraBits[symbol]` raw bits.
    static func fillValues(_ table: inout [ValueEntry], frequencies: ArraySlice<UInt16>, extraBits: [UInt8], bases: [Int32]) {
        let states = table.count
        for index in table.indices { table[index] = ValueEntry() }
        var state = 0
        for (symbol, raw) in frequencies.enumerated() where raw > 0 {
            let frequency = Int(raw), extra = extraBits[symbol]
            let (k, j0) = split(frequency, states: states)
            for j in 0..<frequency {
                table[state] =
                    j < j0
                    ? ValueEntry(totalBits: UInt8(k) + extra, valueBits: extra, delta: UInt16(((frequency + j) << k) - states), base: bases[symbol])
                    : ValueEntry(totalBits: UInt8(k - 1) + extra, valueBits: extra, delta: UInt16((j - j0) << (k - 1)), base: bases[symbol])
                state += 1
            }
        }
    }

    /// Value bases from extra-bit counts: each symbol's range starts where the previous one's ends.
    static func bases(_ extraBits: [UInt8]) -> [Int32] {
        var next: Int32 = 0
        return extraBits.map { bits in
            defer { next += 1 << bits }
            return next
        }
    }

    /// L (literal run), M (match length) and D (match distance) symbols: how many raw bits
    /// follow each, and (derived) the value each starts at. L tops out at 315, M at 2359,
    /// D at 262,139.
    static let literalLengthBits: [UInt8] = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
    static let matchLengthBits: [UInt8] = Array(repeating: 0, count: 16) + [3, 5, 8, 11]
    static let distanceBits: [UInt8] = [0, 0, 0, 0] + (1...15).flatMap { Array(repeating: UInt8($0), count: 4) }
    static let literalLengthBases = bases(literalLengthBits)
    static let matchLengthBases = bases(matchLengthBits)
    static let distanceBases = bases(distanceBits)

    /// One value of a `bvx2` header's frequency code, from the low bits of `bits`: a prefix
    /// code of 2, 3 or 5 bits for 0…7, 8 bits for 8…23, 14 bits for 24…1047.
    @inline(__always)
    static func frequencyCode(_ bits: UInt32) -> (value: UInt16, length: Int) {
        if bits & 1 == 0 { return (UInt16(bits >> 1 & 1), 2) }
        if bits & 3 == 1 { return (2 + UInt16(bits >> 2 & 1), 3) }
        if bits & 7 == 3 { return (4 + UInt16(bits >> 3 & 3), 5) }
        if bits & 15 == 7 { return (8 + UInt16(bits >> 4 & 15), 8) }
        return (24 + UInt16(bits >> 4 & 0x3ff), 14)
    }
}

/// An FSE bit stream: written forwards by the encoder, read from its last byte towards its
/// first. The accumulator holds `count` unread bits, the next ones at the top; `refill` tops it
/// up with whole bytes from below, never from before the stream's first byte, so a stream that
/// runs out makes `pull` return nil rather than read its neighbour's bytes.
struct BackwardBits {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let first: Int
    /// Bytes `first ..< next` are not loaded yet.
    private var next: Int
    private var accumulator: UInt64 = 0
    private var count = 0

    /// The stream `region` of `bytes`, whose encoder left `finalBits` (-7…0) in its last byte:
    /// the top `-finalBits` bits of that byte are padding and must be zero. Nil when they are not.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, region: Range<Int>, finalBits: Int) {
        guard (-7...0).contains(finalBits), region.lowerBound >= 0, region.upperBound <= bytes.count else { return nil }
        self.bytes = bytes
        first = region.lowerBound
        next = region.upperBound
        // The reference decoder starts with 8 bytes (7 when the last is full); a stream shorter
        // than that is loaded whole, and its missing low bits are never there to pull.
        let wanted = finalBits == 0 ? 7 : 8
        let loaded = min(wanted, region.count)
        load(loaded)
        count = loaded * 8 + finalBits
        guard count >= 0, accumulator >> UInt64(count) == 0 else { return nil }
    }

    private mutating func load(_ byteCount: Int) {
        for _ in 0..<byteCount {
            next -= 1
            accumulator = accumulator << 8 | UInt64(bytes[next])
        }
    }

    /// Loads whole bytes until at least 56 bits are held (or the stream's start is reached).
    @inline(__always)
    mutating func refill() {
        let wanted = (63 - count) >> 3
        let available = min(wanted, next - first)
        if available > 0 {
            load(available)
            count += available * 8
        }
    }

    /// The next `n` bits (0…56), or nil when the stream holds fewer.
    @inline(__always)
    mutating func pull(_ n: Int) -> UInt64? {
        guard n <= count else { return nil }
        count -= n
        let value = accumulator >> UInt64(count)
        accumulator &= (1 << UInt64(count)) &- 1
        return value
    }
}
