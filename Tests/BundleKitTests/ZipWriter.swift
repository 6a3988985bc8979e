import CZlib
import Foundation
import IconLintTestSupport

/// Writes zip archives for the tests, including the forged ones a hostile archive would be.
struct ZipWriter {
    struct Entry {
        var name: String
        var data: [UInt8]
        var deflate = true
        var flags: UInt16 = 0
        var method: UInt16?
        /// Forged values written instead of the true ones.
        var declaredSize: UInt64?
        var declaredCRC: UInt32?
    }

    var entries: [Entry] = []
    var zip64 = false
    var comment: [UInt8] = []

    mutating func add(_ name: String, _ data: [UInt8], deflate: Bool = true) {
        entries.append(Entry(name: name, data: data, deflate: deflate))
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let stored = entry.deflate ? Self.rawDeflate(entry.data) : entry.data
            let method = entry.method ?? (entry.deflate ? 8 : 0)
            let crc = entry.declaredCRC ?? Self.crc(entry.data)
            let size = entry.declaredSize ?? UInt64(entry.data.count)
            let offset = UInt64(out.count)
            let name = Array(entry.name.utf8)
            var extra: [UInt8] = []
            if zip64 { extra = le16(1) + le16(24) + le64(size) + le64(UInt64(stored.count)) + le64(offset) }
            let size32 = zip64 ? 0xffff_ffff : UInt32(truncatingIfNeeded: size)
            let stored32 = zip64 ? 0xffff_ffff : UInt32(stored.count)
            out += le32(0x0403_4b50) + le16(zip64 ? 45 : 20) + le16(entry.flags) + le16(method) + le16(0) + le16(0x21)
            out += le32(crc) + le32(stored32) + le32(size32) + le16(UInt16(name.count)) + le16(0) + name + stored
            directory += le32(0x0201_4b50) + le16(0x031e) + le16(zip64 ? 45 : 20) + le16(entry.flags) + le16(method)
            directory += le16(0) + le16(0x21) + le32(crc) + le32(stored32) + le32(size32)
            directory += le16(UInt16(name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0) + le32(0)
            directory += le32(zip64 ? 0xffff_ffff : UInt32(offset)) + name + extra
        }
        let directoryOffset = UInt64(out.count)
        out += directory
        let count = UInt64(entries.count)
        if zip64 {
            let record = UInt64(out.count)
            out += le32(0x0606_4b50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0) + le64(count) + le64(count)
            out += le64(UInt64(directory.count)) + le64(directoryOffset)
            out += le32(0x0706_4b50) + le32(0) + le64(record) + le32(1)
            out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(0xffff) + le16(0xffff)
            out += le32(0xffff_ffff) + le32(0xffff_ffff) + le16(UInt16(comment.count)) + comment
        } else {
            out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
            out += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(UInt16(comment.count)) + comment
        }
        return out
    }

    static func rawDeflate(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var source = input
        let status = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END)
        return Array(output.prefix(Int(stream.total_out)))
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
    }
}

func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xff) } }
func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(v >> (8 * UInt64($0)) & 0xff) } }
func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }
func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xff) } }

/// A scratch folder per test, removed afterwards.
typealias Scratch = ScratchFolder
