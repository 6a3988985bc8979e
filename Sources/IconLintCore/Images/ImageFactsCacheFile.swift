import Foundation
import PNGKit

/// The byte format of an image facts cache file. Little-endian throughout:
///
///     magic "ILFACTS\n" (8) | format version u32 | facts version u32 | limits key u64 |
///     entry count u32 | CRC-32 of the entries u32 | entries
///     entry: path length u32, path (UTF-8) | device u64 | inode u64 | size u64 |
///            modified i64 | changed i64 (ns) | last used day u32 | flags u8 |
///            [header] [error] [min alpha u8]
///     flags: 1 header, 2 error, 4 min alpha, 8 grayscale known, 16 grayscale, 32 verified
///     header: width u32 | height u32 | bit depth u8 | colour type u8 | bits u8 |
///             sRGB intent u8 (255 none) | has gamma u8 | gamma u32
///     error: kind u8 (1 not-png, 2 corrupt, 3 too-large, 4 cgbi) | text length u32, text
///
/// Decoding checks every length against the bytes left and every value against its range;
/// any doubt rejects the whole file.
enum ImageFactsCacheFile {
    static let magic = Array("ILFACTS\n".utf8)
    /// Bumped when the layout changes.
    static let formatVersion = 1
    /// Bumped when what a fact means changes (e.g. the grayscale threshold): old answers are
    /// then not trusted.
    // 2: an image opaque by construction has its chunks' CRCs checked (damage found without decoding).
    // 3: a Git LFS pointer is named as one (32 bytes sniffed, not 16).
    static let factsVersion: UInt32 = 3

    struct Invalid: Error {
        var reason: String
    }

    /// FNV-1a over the limits that change answers (a too-large image under one limit is
    /// decoded under another).
    static func fingerprint(_ limits: PNGLimits) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (value >> UInt64(shift)) & 0xff
                hash = hash &* 0x100_0000_01b3
            }
        }
        mix(UInt64(limits.maxWidth))
        mix(UInt64(limits.maxHeight))
        mix(limits.maxBytes)
        mix(limits.maxChunkBytes)
        mix(limits.skipAdler32 ? 1 : 0)
        return hash
    }

    private enum Flag {
        static let header: UInt8 = 1
        static let error: UInt8 = 2
        static let minAlpha: UInt8 = 4
        static let grayKnown: UInt8 = 8
        static let gray: UInt8 = 16
        static let verified: UInt8 = 32
        static let all: UInt8 = 63
    }

    static func encode(_ entries: [String: ImageFactsCacheStore.Entry], limitsKey: UInt64) -> Data {
        var body = ByteWriter()
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            body.bytes(Array(path.utf8))
            body.u64(entry.stamp.device)
            body.u64(entry.stamp.inode)
            body.u64(entry.stamp.size)
            body.u64(UInt64(bitPattern: entry.stamp.modified))
            body.u64(UInt64(bitPattern: entry.stamp.changed))
            body.u32(entry.lastUsed)
            let facts = entry.facts
            var flags: UInt8 = 0
            if facts.header != nil { flags |= Flag.header }
            if facts.error != nil { flags |= Flag.error }
            if facts.minAlpha != nil { flags |= Flag.minAlpha }
            if let gray = facts.isGrayscale { flags |= Flag.grayKnown | (gray ? Flag.gray : 0) }
            if facts.verified { flags |= Flag.verified }
            body.u8(flags)
            if let header = facts.header {
                body.u32(UInt32(header.width))
                body.u32(UInt32(header.height))
                body.u8(UInt8(header.bitDepth))
                body.u8(code(header.colorType))
                let bits: [Bool] = [
                    header.interlaced, header.hasTRNS, header.hasSRGB, header.hasICCP,
                    header.hasGAMA, header.hasCHRM, header.isCgBI, header.isAPNG,
                ]
                body.u8(bits.enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt8($1.offset) : 0) })
                body.u8(header.srgbIntent.map { UInt8($0) } ?? 255)
                body.u8(header.gamma == nil ? 0 : 1)
                body.u32(header.gamma ?? 0)
            }
            if let error = facts.error {
                switch error {
                case .notPNG(let detail):
                    body.u8(1)
                    body.bytes(Array(detail.utf8))
                case .corrupt(let reason):
                    body.u8(2)
                    body.bytes(Array(reason.utf8))
                case .tooLarge(let detail):
                    body.u8(3)
                    body.bytes(Array(detail.utf8))
                default:
                    body.u8(4)
                    body.bytes([])
                }
            }
            if let minAlpha = facts.minAlpha { body.u8(UInt8(clamping: minAlpha)) }
        }
        var file = ByteWriter()
        file.raw(magic)
        file.u32(UInt32(formatVersion))
        file.u32(factsVersion)
        file.u64(limitsKey)
        file.u32(UInt32(entries.count))
        file.u32(crc32(body.data))
        file.raw(body.data)
        return Data(file.data)
    }

    static func decode(_ bytes: [UInt8], limitsKey: UInt64) throws(Invalid) -> [String: ImageFactsCacheStore.Entry] {
        var reader = ByteReader(bytes)
        guard Array(try reader.raw(magic.count)) == magic else { throw Invalid(reason: "not an iconlint image facts cache") }
        guard try reader.u32() == UInt32(formatVersion) else { throw Invalid(reason: "another format version") }
        guard try reader.u32() == factsVersion else { throw Invalid(reason: "another facts version") }
        guard try reader.u64() == limitsKey else { throw Invalid(reason: "other image limits") }
        let count = Int(try reader.u32())
        let checksum = try reader.u32()
        guard crc32(bytes[reader.offset...]) == checksum else { throw Invalid(reason: "checksum mismatch") }
        // The smallest entry is 53 bytes: a count larger than the bytes allow is a lie.
        guard count <= reader.remaining / 53 else { throw Invalid(reason: "entry count past the end") }
        var entries: [String: ImageFactsCacheStore.Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = String(bytes: try reader.bytes(), encoding: .utf8), path.hasPrefix("/") else {
                throw Invalid(reason: "bad path")
            }
            let stamp = FileStamp(
                device: try reader.u64(), inode: try reader.u64(), size: try reader.u64(),
                modified: Int64(bitPattern: try reader.u64()), changed: Int64(bitPattern: try reader.u64()))
            let lastUsed = try reader.u32()
            let flags = try reader.u8()
            guard flags & ~Flag.all == 0, flags & Flag.gray == 0 || flags & Flag.grayKnown != 0 else {
                throw Invalid(reason: "bad flags")
            }
            var facts = ImageFacts()
            if flags & Flag.header != 0 { facts.header = try header(&reader) }
            if flags & Flag.error != 0 {
                let kind = try reader.u8()
                let text = try reader.bytes()
                guard let text = String(bytes: text, encoding: .utf8) else { throw Invalid(reason: "bad error text") }
                switch kind {
                case 1: facts.error = .notPNG(detail: text)
                case 2: facts.error = .corrupt(reason: text)
                case 3: facts.error = .tooLarge(detail: text)
                case 4: facts.error = .cgbi
                default: throw Invalid(reason: "bad error kind")
                }
            }
            guard facts.header != nil || facts.error != nil else { throw Invalid(reason: "entry without facts") }
            if flags & Flag.minAlpha != 0 { facts.minAlpha = Int(try reader.u8()) }
            if flags & Flag.grayKnown != 0 { facts.isGrayscale = flags & Flag.gray != 0 }
            facts.verified = flags & Flag.verified != 0
            guard
                entries.updateValue(
                    ImageFactsCacheStore.Entry(stamp: stamp, lastUsed: lastUsed, facts: facts),
                    forKey: path) == nil
            else { throw Invalid(reason: "duplicate path") }
        }
        guard reader.remaining == 0 else { throw Invalid(reason: "bytes after the last entry") }
        return entries
    }

    private static func header(_ reader: inout ByteReader) throws(Invalid) -> PNGHeader {
        let width = Int(try reader.u32()), height = Int(try reader.u32())
        let depth = Int(try reader.u8())
        guard width > 0, height > 0, [1, 2, 4, 8, 16].contains(depth),
            let colorType = PNGColorType(code: try reader.u8())
        else { throw Invalid(reason: "bad header") }
        let bits = try reader.u8()
        let intent = try reader.u8()
        let hasGamma = try reader.u8()
        let gamma = try reader.u32()
        guard intent < 4 || intent == 255, hasGamma < 2 else { throw Invalid(reason: "bad header") }
        func bit(_ index: UInt8) -> Bool { bits & (1 << index) != 0 }
        return PNGHeader(
            width: width, height: height, bitDepth: depth, colorType: colorType, interlaced: bit(0),
            hasTRNS: bit(1), hasSRGB: bit(2), hasICCP: bit(3), hasGAMA: bit(4), hasCHRM: bit(5),
            isCgBI: bit(6), isAPNG: bit(7), srgbIntent: intent == 255 ? nil : Int(intent),
            gamma: hasGamma == 1 ? gamma : nil)
    }

    private static func code(_ type: PNGColorType) -> UInt8 {
        switch type {
        case .gray: 0
        case .rgb: 2
        case .palette: 3
        case .grayAlpha: 4
        case .rgba: 6
        }
    }
}

private struct ByteWriter {
    var data: [UInt8] = []
    mutating func raw(_ bytes: [UInt8]) { data.append(contentsOf: bytes) }
    mutating func u8(_ value: UInt8) { data.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func bytes(_ bytes: [UInt8]) {
        u32(UInt32(bytes.count))
        raw(bytes)
    }
}

private struct ByteReader {
    let storage: [UInt8]
    var offset = 0
    init(_ storage: [UInt8]) { self.storage = storage }
    var remaining: Int { storage.count - offset }

    mutating func raw(_ count: Int) throws(ImageFactsCacheFile.Invalid) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .init(reason: "truncated") }
        defer { offset += count }
        return storage[offset..<offset + count]
    }
    mutating func u8() throws(ImageFactsCacheFile.Invalid) -> UInt8 { try raw(1).first! }
    mutating func u32() throws(ImageFactsCacheFile.Invalid) -> UInt32 {
        try raw(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    mutating func u64() throws(ImageFactsCacheFile.Invalid) -> UInt64 {
        try raw(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    mutating func bytes() throws(ImageFactsCacheFile.Invalid) -> ArraySlice<UInt8> {
        try raw(Int(try u32()))
    }
}
