import CZlib

/// Deflate streams inflated through zlib into a buffer of a known size: zip entries (raw
/// deflate, exactly the declared size) and asset-catalog pixels (zlib or gzip, at most a cap).
enum Inflate {
    /// What one pass of zlib produced.
    private struct Outcome {
        var status: Int32
        var produced: Int
        var output: [UInt8]
    }

    /// Inflates `input` with `windowBits` into `capacity` bytes; stops at the stream's end,
    /// at damage, or when the buffer is full (`Z_BUF_ERROR` with input left).
    private static func run(_ input: [UInt8], windowBits: Int32, capacity: Int) -> Outcome? {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: capacity)
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
        return Outcome(status: status, produced: Int(stream.total_out), output: output)
    }

    /// Raw deflate (no zlib header), into exactly the declared size.
    static func raw(_ input: [UInt8], expectedSize: Int, entry: String) throws(ZipError) -> [UInt8] {
        // One byte more than declared: producing it proves the declared size was a lie.
        guard let outcome = run(input, windowBits: -15, capacity: expectedSize + 1) else {
            throw .corrupt(detail: "zlib could not start inflating '\(ZipError.printable(entry))'")
        }
        if outcome.produced > expectedSize || outcome.status == Z_BUF_ERROR {
            throw .limitExceeded(detail: "entry '\(ZipError.printable(entry))' inflates beyond its declared \(expectedSize) bytes")
        }
        guard outcome.status == Z_STREAM_END else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry))' has damaged deflate data")
        }
        guard outcome.produced == expectedSize else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry))' inflates to \(outcome.produced) bytes, not the declared \(expectedSize)")
        }
        return Array(outcome.output.prefix(expectedSize))
    }

    /// A zlib or gzip stream (CoreUI writes gzip), or failing that raw deflate, inflated
    /// whole; nil when it is damaged or would inflate past `atMost` bytes.
    static func zlib(_ input: [UInt8], atMost: Int) -> [UInt8]? {
        // 15 + 32: a zlib or a gzip header, told apart by zlib itself.
        for windowBits: Int32 in [15 + 32, -15] {
            guard let outcome = run(input, windowBits: windowBits, capacity: atMost + 1),
                outcome.status == Z_STREAM_END, outcome.produced <= atMost
            else { continue }
            return Array(outcome.output.prefix(outcome.produced))
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
