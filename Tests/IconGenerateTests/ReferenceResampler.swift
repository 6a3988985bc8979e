import Foundation

/// The double-precision reference `generate` is held to, written from the issue's
/// definition and sharing no code with the fast path:
/// output pixel i is centred at (i + 0.5)·s (s = in / out); input pixel j weighs
/// L((j + 0.5 − centre) / max(s, 1)), L(x) = sinc(x)·sinc(x/3) for |x| < 3; taps beyond the
/// border count for the edge pixel; weights sum to 1; exact sRGB transfer functions; alpha
/// clamped to [0, 1] and colour to [0, alpha] before un-premultiplying; fully transparent
/// pixels have colour 0.
enum Reference {
    /// RGBA samples in 0…1 (sRGB-encoded colour, straight alpha), row-major.
    struct Image {
        var width: Int
        var height: Int
        var samples: [Double]
    }

    static func toLinear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func fromLinear(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    static func lanczos3(_ x: Double) -> Double {
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(.pi * x) / (.pi * x) }
        return abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0
    }

    /// Dense weight matrix out × in.
    static func weights(in n: Int, out m: Int) -> [[Double]] {
        let s = Double(n) / Double(m)
        let stretch = max(s, 1)
        return (0..<m).map { i in
            let centre = (Double(i) + 0.5) * s
            var row = [Double](repeating: 0, count: n)
            let reach = 3 * stretch
            for j in Int((centre - reach).rounded(.down)) - 1...Int((centre + reach).rounded(.up)) + 1 {
                row[min(max(j, 0), n - 1)] += lanczos3((Double(j) + 0.5 - centre) / stretch)
            }
            let sum = row.reduce(0, +)
            return row.map { $0 / sum }
        }
    }

    /// Resizes to `size × size`; returns RGBA in 0…1 (sRGB colour, straight alpha), unrounded.
    static func resize(_ image: Image, to size: Int) -> Image {
        let w = image.width, h = image.height
        var premultiplied = [Double](repeating: 0, count: w * h * 4)
        for p in 0..<(w * h) {
            let a = image.samples[4 * p + 3]
            for c in 0..<3 { premultiplied[4 * p + c] = toLinear(image.samples[4 * p + c]) * a }
            premultiplied[4 * p + 3] = a
        }
        let horizontal = weights(in: w, out: size)
        let vertical = weights(in: h, out: size)
        var rows = [Double](repeating: 0, count: h * size * 4)
        for y in 0..<h {
            for i in 0..<size {
                for (j, weight) in horizontal[i].enumerated() where weight != 0 {
                    for c in 0..<4 { rows[(y * size + i) * 4 + c] += weight * premultiplied[(y * w + j) * 4 + c] }
                }
            }
        }
        var out = [Double](repeating: 0, count: size * size * 4)
        for i in 0..<size {
            var pixel = [Double](repeating: 0, count: size * 4)
            for (y, weight) in vertical[i].enumerated() where weight != 0 {
                for k in 0..<(size * 4) { pixel[k] += weight * rows[y * size * 4 + k] }
            }
            for x in 0..<size {
                let a = min(max(pixel[4 * x + 3], 0), 1)
                for c in 0..<3 {
                    let colour = min(max(pixel[4 * x + c], 0), a)
                    out[(i * size + x) * 4 + c] = a == 0 ? 0 : fromLinear(colour / a)
                }
                out[(i * size + x) * 4 + 3] = a
            }
        }
        return Image(width: size, height: size, samples: out)
    }

    /// PSNR in dB of 8-bit RGBA `pixels` against the reference: colour error weighted by the
    /// reference alpha, alpha error on its own.
    static func psnr(_ pixels: [UInt8], against reference: Image) -> (colour: Double, alpha: Double) {
        var colourError = 0.0, colourWeight = 0.0, alphaError = 0.0
        for p in 0..<(reference.width * reference.height) {
            let a = reference.samples[4 * p + 3]
            for c in 0..<3 {
                let d = Double(pixels[4 * p + c]) - reference.samples[4 * p + c] * 255
                colourError += a * d * d
            }
            colourWeight += 3 * a
            let d = Double(pixels[4 * p + 3]) - a * 255
            alphaError += d * d
        }
        func db(_ mse: Double) -> Double { mse == 0 ? .infinity : 10 * log10(255 * 255 / mse) }
        return (db(colourError / max(colourWeight, 1e-12)), db(alphaError / Double(reference.width * reference.height)))
    }
}
