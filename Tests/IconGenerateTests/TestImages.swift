import Foundation
import PNGKit

@testable import IconGenerate
@testable import IconResample

/// Deterministic synthetic sources for the resampler tests.
enum TestImages {
    /// xorshift, so every run sees the same pixels.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    /// An icon-like image: a rounded square with a gradient, a disc and fine stripes, on a
    /// transparent background with antialiased edges. `maxValue` 255 or 65535.
    static func icon(side: Int, maxValue: Int = 255) -> [Int] {
        var samples = [Int](repeating: 0, count: side * side * 4)
        let s = Double(side)
        for y in 0..<side {
            for x in 0..<side {
                let u = (Double(x) + 0.5) / s, v = (Double(y) + 0.5) / s
                // Signed distance to a rounded square inset by 6 %, corner radius 20 %.
                let qx = max(abs(u - 0.5) - 0.24, 0), qy = max(abs(v - 0.5) - 0.24, 0)
                let distance = (qx * qx + qy * qy).squareRoot() - 0.20
                let coverage = min(max(0.5 - distance * s, 0), 1)
                var r = 0.15 + 0.7 * u, g = 0.3 + 0.5 * v, b = 0.9 - 0.6 * u * v
                let disc = ((u - 0.6) * (u - 0.6) + (v - 0.4) * (v - 0.4)).squareRoot()
                if disc < 0.18 {
                    r = 1
                    g = 0.95
                    b = 0.2
                }
                if u < 0.35 && v > 0.55 && (x / 2 + y / 3) % 2 == 0 {
                    r = 0.05
                    g = 0.05
                    b = 0.1
                }
                let i = (y * side + x) * 4
                let m = Double(maxValue)
                samples[i] = Int((r * m).rounded())
                samples[i + 1] = Int((g * m).rounded())
                samples[i + 2] = Int((b * m).rounded())
                samples[i + 3] = Int((coverage * m).rounded())
            }
        }
        return samples
    }

    /// Uniform noise in every channel: the hardest case for a resampler.
    static func noise(side: Int, seed: UInt64 = 0x9e3779b97f4a7c15, maxValue: Int = 255) -> [Int] {
        var random = Random(state: seed)
        return (0..<(side * side * 4)).map { _ in Int(random.next() % UInt64(maxValue + 1)) }
    }

    static func reference(_ samples: [Int], side: Int, maxValue: Int = 255) -> Reference.Image {
        Reference.Image(width: side, height: side, samples: samples.map { Double($0) / Double(maxValue) })
    }

    /// An RGBA PNG in memory, 8- or 16-bit.
    static func png(_ samples: [Int], side: Int, sixteen: Bool = false) throws -> [UInt8] {
        let bytes: [UInt8]
        if sixteen {
            bytes = samples.map { UInt16($0) }.withUnsafeBytes { Array($0) }
        } else {
            bytes = samples.map { UInt8($0) }
        }
        return try PNGWriter(compressionLevel: 1).encode(
            bytes: bytes, width: side, height: side, channels: 4,
            depth: sixteen ? .sixteen : .eight)
    }

    /// Runs the fast path on an in-memory PNG.
    static func resize(
        _ png: [UInt8], sizes: [Int], channels: Int = 4, background: RGBColor? = nil,
        filter: ResampleFilter = .lanczos3, lanes: Int = 2
    ) throws -> ResizeResult {
        let reader = PNGReader()
        let header = try reader.header(.bytes(png))
        let targets = sizes.map { ResizeTarget(size: $0, channels: channels, background: background) }
        return try SourceResizer.resize(
            .bytes(png), header: header, reader: reader, targets: targets,
            filter: filter, lanes: lanes)
    }
}
