import PNGKit

/// Small copies of an icon for display (the html report's tiles): decoded once within limits,
/// resampled by the same pipeline as `generate`, and each encoded as an RGBA PNG.
public enum Thumbnail {
    /// PNGs of `input` scaled to each of `sides` (a side past the source's longer side gives
    /// the source's size: a small image is left for the viewer to enlarge), by requested side.
    /// A source that is not square is stretched to a square, as a slot would show it. Throws
    /// for a source that is not a PNG, is damaged, or is past `limits` (checked from the header,
    /// before any pixel is decoded).
    public static func pngs(
        _ input: PNGInput, sides: [Int], limits: PNGLimits, filter: ResampleFilter = .lanczos3
    ) throws(PNGError) -> [Int: [UInt8]] {
        let reader = PNGReader(limits: limits)
        let header = try reader.header(input)
        let longer = max(header.width, header.height)
        let sizes = Dictionary(sides.map { ($0, max(1, min($0, longer))) }, uniquingKeysWith: { a, _ in a })
        let targets = Set(sizes.values).map { ResizeTarget(size: $0, channels: 4, background: nil) }
        let result = try SourceResizer.resize(input, header: header, reader: reader, targets: targets, filter: filter, lanes: 1)
        var encoded: [Int: [UInt8]] = [:]
        for target in targets {
            guard let image = result.images[target] else {
                throw .invalidImage("the resampler produced no \(target.size) × \(target.size) image")
            }
            encoded[target.size] = try PNGWriter(compressionLevel: 9).encode(
                bytes: image.pixels, width: target.size, height: target.size, channels: 4)
        }
        return sizes.compactMapValues { encoded[$0] }
    }
}
