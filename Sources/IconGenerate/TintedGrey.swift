/// A tinted icon is greyscale: iOS colours it. A coloured `--tinted` source is made grey, by
/// luminance computed in linear light (Rec. 709 weights), before it is written.
enum TintedGrey {
    /// As the lint rule judges it: a visible pixel is coloured when its channels differ by
    /// more than 8/255; the image is coloured when over 1 % of its visible pixels are.
    static func isColoured(_ image: ResizedImage?) -> Bool {
        guard let image, image.channels == 4 else { return false }
        var visible = 0, coloured = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            var i = 0
            while i + 3 < pixels.count {
                if pixels[i + 3] != 0 {
                    visible += 1
                    let r = pixels[i], g = pixels[i + 1], b = pixels[i + 2]
                    if max(r, g, b) - min(r, g, b) > 8 { coloured += 1 }
                }
                i += 4
            }
        }
        return coloured * 100 > visible
    }

    /// The image with every pixel's colour replaced by its luminance (alpha kept).
    static func grey(_ image: ResizedImage) -> ResizedImage {
        guard image.channels >= 3 else { return image }
        let tables = SRGBTables.shared
        var result = image
        let channels = image.channels
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            var i = 0
            while i + channels <= pixels.count {
                let y =
                    0.2126 * tables.linear8[Int(pixels[i])] + 0.7152 * tables.linear8[Int(pixels[i + 1])]
                    + 0.0722 * tables.linear8[Int(pixels[i + 2])]
                let code = tables.encode(min(max(y, 0), 1))
                pixels[i] = code
                pixels[i + 1] = code
                pixels[i + 2] = code
                i += channels
            }
        }
        return result
    }
}

extension ResizedImage {
    /// The RGB pixels of an RGBA image whose alpha is 255 everywhere (itself otherwise).
    func droppingOpaqueAlpha() -> ResizedImage {
        guard channels == 4 else { return self }
        var rgb = [UInt8](repeating: 0, count: size * size * 3)
        var i = 0, o = 0
        while i + 3 < pixels.count {
            guard pixels[i + 3] == 255 else { return self }
            rgb[o] = pixels[i]
            rgb[o + 1] = pixels[i + 1]
            rgb[o + 2] = pixels[i + 2]
            i += 4
            o += 3
        }
        return ResizedImage(size: size, channels: 3, pixels: rgb)
    }
}
