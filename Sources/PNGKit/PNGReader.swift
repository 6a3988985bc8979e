import CPNGShim

/// Output depth of a decode.
public enum PNGSampleDepth: Int, Sendable {
    case eight = 8
    case sixteen = 16
}

/// Where PNG bytes come from: a file read as libpng asks for it, or a block in memory.
public enum PNGInput: Sendable {
    case file(String)
    case bytes([UInt8])

    var displayPath: String {
        switch self {
        case .file(let path): path
        case .bytes: "<memory>"
        }
    }
}

/// Reads PNG headers and pixels through the libpng shim.
public struct PNGReader: Sendable {
    public var limits: PNGLimits

    public init(limits: PNGLimits = .default) {
        self.limits = limits
    }

    /// The header facts, without inflating IDAT. `withICCProfile` also copies the profile.
    public func header(_ input: PNGInput, withICCProfile: Bool = false) throws(PNGError) -> PNGHeader {
        var raw = ilpng_header()
        var shimLimits = limits.shim
        var message = [CChar](repeating: 0, count: 512)
        var status = call(input, &raw, &shimLimits, nil, 0, nil, &message)
        guard status == Int32(ILPNG_OK.rawValue) else {
            throw PNGError(status: status, message: message, raw: raw, input: input)
        }
        var header = try PNGHeader(raw)
        if withICCProfile, raw.has_iccp != 0 {
            var profile = [UInt8](repeating: 0, count: Int(raw.iccp_length))
            var name = [CChar](repeating: 0, count: 81)
            status = profile.withUnsafeMutableBufferPointer { buffer in
                call(input, &raw, &shimLimits, buffer.baseAddress, buffer.count, &name, &message)
            }
            guard status == Int32(ILPNG_OK.rawValue) else {
                throw PNGError(status: status, message: message, raw: raw, input: input)
            }
            header.iccProfile = profile
            header.iccProfileName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return header
    }

    private func call(
        _ input: PNGInput, _ raw: inout ilpng_header, _ shimLimits: inout ilpng_limits,
        _ icc: UnsafeMutablePointer<UInt8>?, _ iccCapacity: Int,
        _ name: UnsafeMutablePointer<CChar>?, _ message: inout [CChar]
    ) -> Int32 {
        let capacity = message.count
        return message.withUnsafeMutableBufferPointer { err in
            switch input {
            case .file(let path):
                return ilpng_read_header_file(path, &shimLimits, &raw, icc, iccCapacity, name, err.baseAddress, capacity)
            case .bytes(let bytes):
                return bytes.withUnsafeBufferPointer { data in
                    ilpng_read_header_memory(
                        data.baseAddress, data.count, &shimLimits, &raw, icc, iccCapacity, name,
                        err.baseAddress, capacity)
                }
            }
        }
    }

    /// Decodes to RGBA at the given depth, with no gamma correction; rows reach `body`
    /// top to bottom as they are decoded: a whole image is never held, Adam7-interlaced ones
    /// included (each pass has its own reader of the input, which costs about a second
    /// decode's time). Return false from `body` to stop early.
    public func decodeRows(
        _ input: PNGInput, depth: PNGSampleDepth = .eight,
        _ body: (_ y: Int, _ row: UnsafeRawBufferPointer) -> Bool
    ) throws(PNGError) -> PNGDecodeSummary {
        var result = ilpng_decode_result()
        var shimLimits = limits.shim
        var message = [CChar](repeating: 0, count: 512)
        let status: Int32 = withoutActuallyEscaping(body) { body in
            var sink = RowSink(body: body)
            return withUnsafeMutablePointer(to: &sink) { sinkPointer in
                let capacity = message.count
                return message.withUnsafeMutableBufferPointer { err in
                    let sixteen: Int32 = depth == .sixteen ? 1 : 0
                    switch input {
                    case .file(let path):
                        return ilpng_decode_file(
                            path, &shimLimits, sixteen, rowTrampoline, sinkPointer, &result,
                            err.baseAddress, capacity)
                    case .bytes(let bytes):
                        return bytes.withUnsafeBufferPointer { data in
                            ilpng_decode_memory(
                                data.baseAddress, data.count, &shimLimits, sixteen, rowTrampoline,
                                sinkPointer, &result, err.baseAddress, capacity)
                        }
                    }
                }
            }
        }
        guard status == Int32(ILPNG_OK.rawValue) || status == Int32(ILPNG_ABORTED.rawValue) else {
            throw PNGError(status: status, message: message, raw: result.header, input: input)
        }
        return PNGDecodeSummary(
            header: try PNGHeader(result.header), depth: depth,
            minAlpha: Int(result.min_alpha), completed: status == Int32(ILPNG_OK.rawValue))
    }

    /// Decodes the whole image to RGBA.
    public func decode(_ input: PNGInput, depth: PNGSampleDepth = .eight) throws(PNGError) -> PNGImage {
        var bytes: [UInt8] = []
        var width = 0
        let summary = try decodeRows(input, depth: depth) { y, row in
            if y == 0 {
                width = row.count / (depth == .sixteen ? 8 : 4)
                bytes.reserveCapacity(row.count * 64)
            }
            bytes.append(contentsOf: row)
            return true
        }
        let header = summary.header
        if width == 0 { width = header.width }
        return PNGImage(
            width: header.width, height: header.height, depth: depth, bytes: bytes,
            minAlpha: summary.minAlpha, header: header)
    }
}

/// What a decode found besides the rows themselves.
public struct PNGDecodeSummary: Sendable {
    public var header: PNGHeader
    public var depth: PNGSampleDepth
    /// Lowest alpha over all pixels, 0...255 or 0...65535 by depth.
    public var minAlpha: Int
    /// False when the row callback stopped the decode early.
    public var completed: Bool

    public var isOpaque: Bool { minAlpha == (depth == .sixteen ? 65535 : 255) }
}

private struct RowSink {
    var body: (Int, UnsafeRawBufferPointer) -> Bool
}

private let rowTrampoline: ilpng_row_fn = { context, y, row, rowBytes in
    guard let context, let row else { return 1 }
    let sink = context.assumingMemoryBound(to: RowSink.self)
    return sink.pointee.body(Int(y), UnsafeRawBufferPointer(start: row, count: rowBytes)) ? 0 : 1
}

extension PNGLimits {
    var shim: ilpng_limits {
        ilpng_limits(
            max_width: maxWidth, max_height: maxHeight, max_bytes: maxBytes, max_chunk_bytes: maxChunkBytes,
            flags: skipAdler32 ? UInt32(ILPNG_SKIP_ADLER32) : 0)
    }
}

extension PNGHeader {
    init(_ raw: ilpng_header) throws(PNGError) {
        guard let colorType = PNGColorType(code: raw.color_type) else {
            throw .corrupt(reason: "invalid colour type \(raw.color_type)")
        }
        self.init(
            width: Int(raw.width), height: Int(raw.height), bitDepth: Int(raw.bit_depth),
            colorType: colorType, interlaced: raw.interlace != 0, hasTRNS: raw.has_trns != 0,
            hasSRGB: raw.has_srgb != 0, hasICCP: raw.has_iccp != 0, hasGAMA: raw.has_gama != 0,
            hasCHRM: raw.has_chrm != 0, isCgBI: raw.cgbi != 0, isAPNG: raw.apng != 0,
            srgbIntent: raw.has_srgb != 0 ? Int(raw.srgb_intent) : nil,
            gamma: raw.has_gama != 0 ? raw.gama : nil, iccProfile: nil, iccProfileName: nil)
    }
}

extension PNGError {
    init(status: Int32, message: [CChar], raw: ilpng_header, input: PNGInput) {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let magic = withUnsafeBytes(of: raw.magic) { Array($0.prefix(Int(raw.magic_length))) }
        switch UInt32(status) {
        case ILPNG_NOT_PNG.rawValue:
            let sniffed = FormatSniffer.describe(magic)
            self = .notPNG(detail: sniffed == "no PNG signature" && !text.isEmpty && text != "Not a PNG file" ? text : sniffed)
        case ILPNG_TOO_LARGE.rawValue: self = .tooLarge(detail: text)
        case ILPNG_IO.rawValue: self = .io(path: input.displayPath, reason: text)
        case ILPNG_CGBI.rawValue: self = .cgbi
        case ILPNG_NO_MEMORY.rawValue: self = .noMemory
        default:
            self = .corrupt(reason: text.isEmpty ? "libpng rejected the data" : text)
        }
    }
}
