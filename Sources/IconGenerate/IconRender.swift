import Foundation
import IconSupport
import PNGKit

/// One icon image made from another with generate's pipeline (`iconlint fix` uses it): resized
/// in linear light on premultiplied alpha, optionally flattened onto a colour or made grey,
/// and encoded as generate encodes. Never upscales; never writes.
public enum IconRender {
    /// The PNG bytes of `source` (the bytes of the file at `path`, named in errors) at `size`
    /// pixels. With `background`, transparent pixels are composited onto it and the result has
    /// no alpha channel; with `grey`, every pixel's colour becomes its luminance (alpha kept).
    /// A source without an alpha channel gives an RGB image, one with alpha an RGBA image.
    public static func image(
        from source: [UInt8], path: String, size: Int, background: RGBColor? = nil, grey: Bool = false,
        limits: PNGLimits = .default
    ) throws(GenerateError) -> [UInt8] {
        let reader = PNGReader(limits: limits)
        let header: PNGHeader
        do {
            header = try reader.header(.bytes(source), withICCProfile: true)
        } catch {
            throw .source(path: path, error)
        }
        if header.isCgBI { throw .source(path: path, .cgbi) }
        guard header.width == header.height else { throw .notSquare(path: path, width: header.width, height: header.height) }
        guard size >= 1, size <= header.width else { throw .upscale(path: path, side: header.width, needed: size) }
        let channels = background != nil || !header.mayHaveTransparency ? 3 : 4
        let target = ResizeTarget(size: size, channels: channels, background: header.mayHaveTransparency ? background : nil)
        let result: ResizeResult
        do {
            result = try SourceResizer.resize(.bytes(source), header: header, reader: reader, targets: [target], filter: .lanczos3, lanes: 1)
        } catch {
            throw .source(path: path, error)
        }
        guard var image = result.images[target] else { throw .write(path: path, reason: "the resampler made no image") }
        if grey { image = TintedGrey.grey(image) }
        do throws(PNGError) {
            return try PNGEncoding.automatic(side: size).writer.encode(
                bytes: image.pixels, width: size, height: size, channels: image.channels, color: PNGColorInfo(header))
        } catch {
            throw .write(path: path, reason: error.description)
        }
    }
}
