/// What a rendition's pixels say about its transparency.
public struct CARAlpha: Sendable, Hashable {
    /// The lowest alpha, 0…255.
    public var lowest: Int
    /// Pixels whose alpha is below 255.
    public var transparentPixels: Int
    /// Pixels in all (width × height).
    public var pixels: Int

    public init(lowest: Int, transparentPixels: Int, pixels: Int) {
        self.lowest = lowest
        self.transparentPixels = transparentPixels
        self.pixels = pixels
    }
}

/// Why a rendition's transparency is not known. Each message is one line.
public enum CARPixelProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A payload iconlint does not decode, as a phrase: "compressed as deepmap2", "in pixel
    /// format GA8".
    case notDecoded(String)
    /// The payload does not decode to the rendition's size.
    case damaged(String)

    public var description: String {
        switch self {
        case .notDecoded(let kind): "its pixels are \(kind), which iconlint does not decode"
        case .damaged(let detail): "its pixels could not be decoded: \(detail)"
        }
    }
}

/// Reading the pixels of a bitmap rendition. Its "MLEC" record holds a header (tag, flags,
/// compression, and the length of one stream or, when "KCBC" follows, the number of chunks),
/// then the stream, or chunks of rows ("KCBC", two reserved words, the row count, the length,
/// the stream), each compressed on its own. A stream decodes to premultiplied BGRA rows
/// ("ARGB"), each padded to a multiple of 32 bytes or so: the stride is worked out from the
/// decoded size, which must be a whole number of rows at most 63 bytes longer than the pixels.
extension AssetCatalogFile {
    /// The largest side `alpha` decodes (an App Store icon is 1024).
    public static let maxDecodedSide = 2048
    /// Compressions `alpha` decodes, by the MLEC code.
    static let decodedCompressions: Set<UInt32> = [0, 2, 3, 4]

    /// The transparency of a bitmap rendition whose pixels are ARGB, uncompressed or
    /// compressed with zlib, LZVN or LZFSE. Decodes at most `rows × (width × 4 + 63)` bytes
    /// per stream, for renditions of at most `maxDecodedSide` pixels a side: an icon, never a
    /// claimed 16384².
    ///
    /// An internal reference (layout 1003) is judged from its rectangle of the packed atlas
    /// its link names.
    public func alpha(_ rendition: CARRendition) -> Result<CARAlpha, CARPixelProblem> {
        alphas([rendition])[0]
    }

    /// The transparency of each of `wanted`, as `alpha` gives it, decoding each bitmap once
    /// however many of them share it (the icons packed in one atlas, or renditions whose BOM
    /// blocks overlap): the work is bounded by the distinct bitmaps, not by the references.
    public func alphas(_ wanted: [CARRendition]) -> [Result<CARAlpha, CARPixelProblem>] {
        var results = [Result<CARAlpha, CARPixelProblem>](repeating: .failure(.notDecoded("not read")), count: wanted.count)
        var atlases: [[UInt16]: CARRendition]?
        var groups: [BitmapKey: [(index: Int, region: Region?)]] = [:]
        var sources: [BitmapKey: CARRendition] = [:]
        for (index, rendition) in wanted.enumerated() {
            do {
                let (source, region) = try self.source(of: rendition, atlases: &atlases)
                let key = BitmapKey(bitmap: source.bitmap, width: source.width, height: source.height, layout: source.layout)
                groups[key, default: []].append((index, region))
                sources[key] = source
            } catch {
                results[index] = .failure(error)
            }
        }
        for (key, members) in groups {
            switch Result(catching: { () throws(CARPixelProblem) in try readAlpha(sources[key]!, within: members.map(\.region)) }) {
            case .success(let alphas): for (member, alpha) in zip(members, alphas) { results[member.index] = .success(alpha) }
            case .failure(let problem): for member in members { results[member.index] = .failure(problem) }
            }
        }
        return results
    }

    /// A rectangle of a bitmap: columns, and rows counted from the top.
    typealias Region = (columns: Range<Int>, rows: Range<Int>)

    /// What identifies one decoding: the bytes and the geometry they are read with.
    private struct BitmapKey: Hashable {
        var bitmap: Range<Int>?
        var width: Int
        var height: Int
        var layout: UInt16
    }

    /// The rendition whose pixels `rendition` shows, and where: itself, or for an internal
    /// reference its rectangle of the atlas its link names (found through a key index made
    /// once, on the first reference).
    private func source(of rendition: CARRendition, atlases: inout [[UInt16]: CARRendition]?) throws(CARPixelProblem) -> (
        CARRendition, Region?
    ) {
        guard rendition.layout == 1003 else { return (rendition, nil) }
        guard let link = rendition.link else { throw .notDecoded("a reference without a link (no INLK)") }
        if atlases == nil {
            var index: [[UInt16]: CARRendition] = [:]
            for candidate in renditions where candidate.layout != 1003 {
                let key = keyFormat.map { candidate.attributes[$0] ?? 0 }
                if index[key] == nil { index[key] = candidate }
            }
            atlases = index
        }
        guard let atlas = atlases?[keyFormat.map { link.key[$0] ?? 0 }] else {
            throw .damaged("the packed atlas its link names is not in the catalog")
        }
        guard link.width > 0, link.height > 0, link.x <= atlas.width - link.width, link.y <= atlas.height - link.height else {
            throw .damaged(
                "its rectangle (\(link.width) × \(link.height) at \(link.x), \(link.y)) lies outside its \(atlas.width) × \(atlas.height) atlas")
        }
        // The rectangle's y counts from the bottom edge.
        let top = atlas.height - link.y - link.height
        return (atlas, (link.x..<(link.x + link.width), top..<(top + link.height)))
    }

    /// The alpha of `rendition`'s pixels in each of `regions` (nil: all of them), from one decoding.
    private func readAlpha(_ rendition: CARRendition, within regions: [Region?]) throws(CARPixelProblem) -> [CARAlpha] {
        guard let range = rendition.bitmap, let compression = rendition.compression else {
            throw .notDecoded("not a bitmap (layout \(rendition.layout))")
        }
        let record = ByteWindow(bytes, range: range)
        guard let code = record.le32(8) else { throw .damaged("the bitmap record is \(record.count) bytes, shorter than its header") }
        guard Self.decodedCompressions.contains(code) else { throw .notDecoded("compressed as \(compression)") }
        guard rendition.pixelFormat == "ARGB" else {
            throw .notDecoded("in pixel format \(rendition.pixelFormat.isEmpty ? "none" : rendition.pixelFormat)")
        }
        let width = rendition.width, height = rendition.height
        guard width > 0, height > 0, width <= Self.maxDecodedSide, height <= Self.maxDecodedSide else {
            throw .damaged("\(width) × \(height) pixels, outside 1…\(Self.maxDecodedSide)")
        }
        let areas = regions.map { $0 ?? (0..<width, 0..<height) }
        var alphas = areas.map { CARAlpha(lowest: 255, transparentPixels: 0, pixels: $0.columns.count * $0.rows.count) }
        var first = 0
        for (index, chunk) in try chunks(record, height: height).enumerated() {
            defer { first += chunk.rows }
            let chunkRows = first..<(first + chunk.rows)
            guard areas.contains(where: { $0.rows.overlaps(chunkRows) }) else { continue }
            let pixels = try decode(chunk.data, code: code, rows: chunk.rows, width: width, name: "chunk \(index + 1)")
            let stride = pixels.count / chunk.rows
            for position in areas.indices where areas[position].rows.overlaps(chunkRows) {
                let area = areas[position], rows = areas[position].rows.clamped(to: chunkRows)
                for row in (rows.lowerBound - first)..<(rows.upperBound - first) {
                    let start = row * stride + area.columns.lowerBound * 4 + 3, end = row * stride + area.columns.upperBound * 4
                    Self.scan(pixels, from: start, to: end, into: &alphas[position])
                }
            }
        }
        return alphas
    }

    /// Counts the alpha bytes `start`, `start + 4`, … before `end`.
    @inline(__always)
    private static func scan(_ pixels: [UInt8], from start: Int, to end: Int, into alpha: inout CARAlpha) {
        var index = start
        while index < end {
            let value = pixels[index]
            if value < 255 {
                alpha.transparentPixels += 1
                alpha.lowest = min(alpha.lowest, Int(value))
            }
            index += 4
        }
    }

    /// The streams of a bitmap record and the rows each holds; their rows add up to `height`.
    private func chunks(_ record: ByteWindow, height: Int) throws(CARPixelProblem) -> [(rows: Int, data: ByteWindow)] {
        guard let count = record.le32(12) else { throw .damaged("the bitmap header is cut short") }
        guard record.slice(16, 4)?.elementsEqual("KCBC".utf8) == true else {
            guard let data = record.window(16, Int(count)) else {
                throw .damaged("the bitmap declares \(count) bytes in \(record.count - 16)")
            }
            return [(height, data)]
        }
        guard count >= 1, count <= height else { throw .damaged("the bitmap declares \(count) chunks for \(height) rows") }
        var chunks: [(rows: Int, data: ByteWindow)] = []
        var offset = 16, rows = 0
        for index in 0..<Int(count) {
            guard record.slice(offset, 4)?.elementsEqual("KCBC".utf8) == true, let chunkRows = record.le32(offset + 12),
                let length = record.le32(offset + 16), let data = record.window(offset + 20, Int(length))
            else {
                throw .damaged("chunk \(index + 1) of \(count) does not fit the bitmap's \(record.count) bytes")
            }
            guard chunkRows >= 1, Int(chunkRows) <= height - rows else {
                throw .damaged("chunk \(index + 1) of \(count) declares \(chunkRows) rows; \(height - rows) remain")
            }
            chunks.append((Int(chunkRows), data))
            rows += Int(chunkRows)
            offset += 20 + Int(length)
        }
        guard rows == height else { throw .damaged("the chunks hold \(rows) rows of \(height)") }
        return chunks
    }

    /// The rows of one stream: at least `width × 4` bytes each, a whole number of rows.
    private func decode(_ data: ByteWindow, code: UInt32, rows: Int, width: Int, name: String) throws(CARPixelProblem) -> [UInt8] {
        let minimum = rows * width * 4, maximum = rows * (width * 4 + 63)
        var pixels: [UInt8]
        do {
            switch code {
            case 4:
                let size = try LZFSE.declaredSize(bytes, range: data.range, atMost: maximum)
                pixels = try LZFSE.decode(bytes, range: data.range, expectedSize: size)
            case 3:
                pixels = try LZVN.decode(bytes, range: data.range, atMost: maximum)
            case 2:
                guard let inflated = Inflate.zlib(Array(data.all), atMost: maximum) else {
                    throw CARPixelProblem.damaged("\(name): its zlib stream is damaged or inflates past \(maximum) bytes")
                }
                pixels = inflated
            default:
                pixels = Array(data.all)
            }
        } catch let error as LZFSEError {
            throw .damaged("\(name): \(error)")
        } catch let problem as CARPixelProblem {
            throw problem
        } catch {
            throw .damaged("\(name): \(error)")
        }
        guard pixels.count >= minimum, pixels.count <= maximum, pixels.count % rows == 0 else {
            throw .damaged("\(name) decodes to \(pixels.count) bytes, not \(rows) rows of \(width) pixels")
        }
        return pixels
    }
}
