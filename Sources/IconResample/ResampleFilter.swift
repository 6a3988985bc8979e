import Foundation

/// The resampling kernels `generate` offers. Every one is applied in linear light on
/// premultiplied alpha, with its support stretched by the reduction factor.
public enum ResampleFilter: String, Sendable, CaseIterable {
    /// sinc(x)·sinc(x/3) for |x| < 3: the sharpest without visible ringing (the default).
    case lanczos3
    /// Mitchell–Netravali cubic, B = C = 1/3: softer, no ringing to speak of.
    case mitchell
    /// Exact area average: each output pixel is the mean of the input area it covers.
    case box

    /// Half-width of the kernel in output pixels.
    var support: Double {
        switch self {
        case .lanczos3: 3
        case .mitchell: 2
        case .box: 0.5
        }
    }

    /// The kernel at `x` output pixels from the centre (box is handled as an area overlap).
    func weight(_ x: Double) -> Double {
        let t = abs(x)
        switch self {
        case .lanczos3:
            guard t < 3 else { return 0 }
            return sinc(t) * sinc(t / 3)
        case .mitchell:
            if t < 1 { return (7 * t * t * t - 12 * t * t + 16.0 / 3) / 6 }
            if t < 2 { return (-7.0 / 3 * t * t * t + 12 * t * t - 20 * t + 32.0 / 3) / 6 }
            return 0
        case .box:
            return t < 0.5 ? 1 : 0
        }
    }

    private func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let p = Double.pi * x
        return sin(p) / p
    }
}
