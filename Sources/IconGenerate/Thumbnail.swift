import PNGKit

/// A small copy of an icon for display (the html report's tiles): decoded within limits,
/// resampled by the same pipeline as `generate`, and encoded as an RGBA PNG.
public enum Thumbnail {
    /// The PNG of `input` scaled to `side` × `side` pixels (never larger than the source's
    /// longer side: a small image is left for the viewer to enlarge). A source that is not
    /// square is stretched to a square, as a slot would show it. Throws for a source that is
    /// not a PNG, is damaged, or is past `limits`, before decoding its pixels where possible.
    public static func png(
        _ input: PNGInput, side: Int, limits: PNGLimits, filter: ResampleFilter = .lanczos3
    ) throws(PNGError) -> [UInt8] {
        let reader = PNGReader(limits: limits)
        let header = try reader.header(input)
        let size = max(1, min(side, max(header.width, header.height)))
        let target = ResizeTarget(size: size, channels: 4, background: nil)
        let result = try SourceResizer.resize(
            input, header: header, reader: reader, targets: [target], filter: filter, lanes: 1)
        guard let image = result.images[target] else {
            throw .invalidImage("the resampler produced no \(size) × \(size) image")
        }
        return try PNGWriter(compressionLevel: 9).encode(bytes: image.pixels, width: size, height: size, channels: 4)
    }
}
