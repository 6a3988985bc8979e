import CZlib

/// Raw deflate (no zlib header) through zlib, into a buffer of exactly the declared size.
enum Inflate {
    static func raw(_ input: [UInt8], expectedSize: Int, entry: String) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt(detail: "zlib could not start inflating '\(ZipError.printable(entry))'")
        }
        defer { inflateEnd(&stream) }
        // One byte more than declared: producing it proves the declared size was a lie.
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        var source = input
        let status: Int32 = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                var status = Z_OK
                while status == Z_OK {
                    status = inflate(&stream, Z_NO_FLUSH)
                    if status == Z_OK, stream.avail_out == 0 { return Z_BUF_ERROR }
                    if status == Z_BUF_ERROR, stream.avail_in == 0 { return Z_DATA_ERROR }
                }
                return status
            }
        }
        let produced = Int(stream.total_out)
        if produced > expectedSize || (status == Z_BUF_ERROR && stream.avail_out == 0) {
            throw .limitExceeded(detail: "entry '\(ZipError.printable(entry))' inflates beyond its declared \(expectedSize) bytes")
        }
        guard status == Z_STREAM_END else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry))' has damaged deflate data")
        }
        guard produced == expectedSize else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry))' inflates to \(produced) bytes, not the declared \(expectedSize)")
        }
        output.removeLast()
        return output
    }
}

extension Inflate {
    /// A zlib or gzip stream (CoreUI writes gzip), or failing that raw deflate, inflated
    /// whole; nil when it is damaged or would inflate past `atMost` bytes.
    static func zlib(_ input: [UInt8], atMost: Int) -> [UInt8]? {
        // 15 + 32: a zlib or a gzip header, told apart by zlib itself.
        for windowBits: Int32 in [15 + 32, -15] {
            var stream = z_stream()
            guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
            defer { inflateEnd(&stream) }
            var output = [UInt8](repeating: 0, count: atMost + 1)
            var source = input
            let status: Int32 = source.withUnsafeMutableBufferPointer { src in
                output.withUnsafeMutableBufferPointer { dst in
                    stream.next_in = src.baseAddress
                    stream.avail_in = uInt(src.count)
                    stream.next_out = dst.baseAddress
                    stream.avail_out = uInt(dst.count)
                    var status = Z_OK
                    while status == Z_OK { status = inflate(&stream, Z_NO_FLUSH) }
                    return status
                }
            }
            let produced = Int(stream.total_out)
            guard status == Z_STREAM_END, produced <= atMost else { continue }
            return Array(output.prefix(produced))
        }
        return nil
    }
}

enum Checksum {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc = CZlib.crc32(0, nil, 0)
            var position = 0
            // zlib takes a 32-bit length; feed large entries in pieces.
            while position < buffer.count {
                let length = min(buffer.count - position, 1 << 30)
                crc = CZlib.crc32(crc, buffer.baseAddress! + position, uInt(length))
                position += length
            }
            return UInt32(crc)
        }
    }
}
