import Foundation

/// Refuses binary plists that crash Foundation on Linux before they reach it.
///
/// swift-corelibs-foundation dies with SIGSEGV bridging a CFSet from a binary plist to Swift
/// (`bplist00` object marker 0xC_, which neither Xcode nor plutil ever writes); a 60-byte
/// Info.plist was enough to crash iconlint. This is not a parser: it only reads the trailer
/// and the offset table, and looks at the first byte of every object. Anything it cannot
/// make sense of is left to PropertyListSerialization, which reports it.
enum BinaryPlistGuard {
    /// A one-line reason when `data` is a binary plist holding a set, else nil.
    static func problem(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
            let objectCount = integer(bytes, at: trailer + 8, size: 8),
            let tableStart = integer(bytes, at: trailer + 24, size: 8),
            tableStart >= 8, tableStart < trailer,
            objectCount > 0, objectCount <= (trailer - tableStart) / offsetSize
        else { return nil }
        for index in 0..<objectCount {
            guard let offset = integer(bytes, at: tableStart + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableStart
            else { continue }
            if bytes[offset] >> 4 == 0xC {
                return "the binary plist holds a set (object \(index)), which no Info.plist has and Foundation cannot read safely"
            }
        }
        return nil
    }

    /// A big-endian unsigned integer of `size` bytes at `position`, when it fits in an Int.
    private static func integer(_ bytes: [UInt8], at position: Int, size: Int) -> Int? {
        guard position >= 0, position + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
