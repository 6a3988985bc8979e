import Foundation

/// The sRGB transfer functions, exact in double precision and as tables for the fast path.
public enum SRGB {
    /// sRGB-encoded value (0…1) to linear light.
    public static func toLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0…1) to the sRGB-encoded value.
    public static func fromLinear(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
}

/// Tables shared by every resample: allocated once, never freed, read-only after init.
public final class SRGBTables: @unchecked Sendable {
    public static let shared = SRGBTables()

    /// 8-bit code to linear light.
    public let linear8: UnsafeMutablePointer<Float>
    /// 16-bit code to linear light (built on first use: 65536 `pow` calls).
    var linear16: UnsafeMutablePointer<Float> { SRGBTables.linear16Table }
    private nonisolated(unsafe) static let linear16Table: UnsafeMutablePointer<Float> = {
        let table = UnsafeMutablePointer<Float>.allocate(capacity: 65536)
        for v in 0..<65536 { table[v] = Float(SRGB.toLinear(Double(v) / 65535)) }
        return table
    }()
    /// `threshold[v]` is the lowest linear value that encodes to 8-bit code `v` (v in 1…255);
    /// threshold[0] = −∞ and threshold[256] = +∞ so scans stop without bounds checks.
    @usableFromInline let threshold: UnsafeMutablePointer<Float>
    /// Code of the linear value `b / bucketCount`, a lower bound for the whole bucket.
    @usableFromInline let bucketCode: UnsafeMutablePointer<UInt8>
    @usableFromInline static let bucketCount = 4096

    private init() {
        linear8 = .allocate(capacity: 256)
        for v in 0..<256 { linear8[v] = Float(SRGB.toLinear(Double(v) / 255)) }
        threshold = .allocate(capacity: 257)
        threshold[0] = -.infinity
        threshold[256] = .infinity
        for v in 1..<256 {
            // Round up to the next Float so that `l >= threshold[v]` means exactly
            // "round(255 · fromLinear(l)) >= v" for Float inputs.
            let exact = SRGB.toLinear((Double(v) - 0.5) / 255)
            var t = Float(exact)
            if Double(t) < exact { t = t.nextUp }
            threshold[v] = t
        }
        bucketCode = .allocate(capacity: SRGBTables.bucketCount + 1)
        var code = 0
        for b in 0...SRGBTables.bucketCount {
            let l = Float(b) / Float(SRGBTables.bucketCount)
            while l >= threshold[code + 1] { code += 1 }
            bucketCode[b] = UInt8(code)
        }
    }

    /// The correctly rounded 8-bit sRGB code of a linear value in [0, 1].
    @inlinable @inline(__always)
    public func encode(_ l: Float) -> UInt8 {
        var code = Int(bucketCode[Int(l * Float(SRGBTables.bucketCount))])
        while l >= threshold[code + 1] { code += 1 }
        return UInt8(truncatingIfNeeded: code)
    }
}
