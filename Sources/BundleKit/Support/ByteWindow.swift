/// A window on a byte array whose every read is bounds-checked: an offset or length out of
/// the window gives nil, never a trap. Offsets are relative to the window's start.
struct ByteWindow: Sendable {
    let bytes: [UInt8]
    let range: Range<Int>

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.range = 0..<bytes.count
    }

    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    var count: Int { range.count }

    /// The sub-window `offset..<offset+length`, or nil when it does not fit.
    func window(_ offset: Int, _ length: Int) -> ByteWindow? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        let start = range.lowerBound + offset
        return ByteWindow(bytes, range: start..<(start + length))
    }

    func window(from offset: Int) -> ByteWindow? {
        guard offset >= 0, offset <= count else { return nil }
        return window(offset, count - offset)
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard let inner = window(offset, length) else { return nil }
        return bytes[inner.range]
    }

    var all: ArraySlice<UInt8> { bytes[range] }

    func u8(_ offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return bytes[range.lowerBound + offset]
    }

    func le16(_ offset: Int) -> UInt16? { uint(offset, 2, bigEndian: false).map { UInt16($0) } }
    func le32(_ offset: Int) -> UInt32? { uint(offset, 4, bigEndian: false).map { UInt32($0) } }
    func le64(_ offset: Int) -> UInt64? { uint(offset, 8, bigEndian: false) }
    func be16(_ offset: Int) -> UInt16? { uint(offset, 2, bigEndian: true).map { UInt16($0) } }
    func be32(_ offset: Int) -> UInt32? { uint(offset, 4, bigEndian: true).map { UInt32($0) } }

    private func uint(_ offset: Int, _ size: Int, bigEndian: Bool) -> UInt64? {
        guard offset >= 0, offset <= count - size, count >= size else { return nil }
        let base = range.lowerBound + offset
        var value: UInt64 = 0
        for i in 0..<size {
            let byte = UInt64(bytes[base + (bigEndian ? i : size - 1 - i)])
            value = value << 8 | byte
        }
        return value
    }

    /// The text of a fixed-size field up to its first NUL, as UTF-8 (invalid bytes replaced).
    func cString(_ offset: Int, _ length: Int) -> String? {
        guard let field = slice(offset, length) else { return nil }
        return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Four bytes as text, e.g. the tag "BOMStore"'s first half or a pixel format.
    func fourCC(_ offset: Int, reversed: Bool = false) -> String? {
        guard let field = slice(offset, 4) else { return nil }
        let ordered = reversed ? Array(field.reversed()) : Array(field)
        return String(decoding: ordered.map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
