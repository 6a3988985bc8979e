import Foundation

/// The weights of one axis of a separable resample: for each output pixel, a run of
/// consecutive input pixels and their weights (normalised to sum 1).
///
/// Output pixel `i` is centred at `(i + 0.5) · s` in input coordinates (s = in / out); input
/// pixel `j` weighs `K((j + 0.5 − centre) / max(s, 1))`. Taps beyond the border count for the
/// edge pixel. Weights are computed in double precision and stored as Float.
struct ResampleWeights: Sendable {
    let inSize: Int
    let outSize: Int
    /// First input pixel of each output pixel.
    private(set) var start: [Int32] = []
    /// Number of input pixels of each output pixel.
    private(set) var count: [Int32] = []
    /// Where each output pixel's weights begin in `values`.
    private(set) var offset: [Int32] = []
    private(set) var values: [Float] = []

    init(filter: ResampleFilter, inSize: Int, outSize: Int) {
        precondition(inSize > 0 && outSize > 0)
        self.inSize = inSize
        self.outSize = outSize
        let scale = Double(inSize) / Double(outSize)
        let stretch = max(scale, 1)
        var weights: [Double] = []
        for i in 0..<outSize {
            let centre = (Double(i) + 0.5) * scale
            let low: Int, high: Int
            if filter == .box {
                low = Int((centre - stretch / 2).rounded(.down))
                high = Int((centre + stretch / 2).rounded(.up)) - 1
            } else {
                let reach = filter.support * stretch
                low = Int((centre - reach - 0.5).rounded(.up))
                high = Int((centre + reach - 0.5).rounded(.down))
            }
            let first = min(max(low, 0), inSize - 1)
            let last = max(min(high, inSize - 1), first)
            weights = [Double](repeating: 0, count: last - first + 1)
            if low <= high {
                for j in low...high {
                    let w: Double
                    if filter == .box {
                        let left = max(Double(j), centre - stretch / 2)
                        let right = min(Double(j + 1), centre + stretch / 2)
                        w = max(right - left, 0)
                    } else {
                        w = filter.weight((Double(j) + 0.5 - centre) / stretch)
                    }
                    weights[min(max(j, 0), inSize - 1) - first] += w
                }
            }
            var sum = weights.reduce(0, +)
            if sum == 0 {
                // Cannot happen for these kernels; fall back to the nearest pixel.
                weights = weights.map { _ in 0 }
                weights[min(max(Int(centre), first), last) - first] = 1
                sum = 1
            }
            // Trim zero weights at both ends (kernel zeros at the support's edge).
            var lo = 0, hi = weights.count - 1
            while lo < hi && weights[lo] == 0 { lo += 1 }
            while hi > lo && weights[hi] == 0 { hi -= 1 }
            start.append(Int32(first + lo))
            count.append(Int32(hi - lo + 1))
            offset.append(Int32(values.count))
            for k in lo...hi { values.append(Float(weights[k] / sum)) }
        }
    }

    /// One past the last input pixel that output pixel `i` reads.
    func end(_ i: Int) -> Int { Int(start[i]) + Int(count[i]) }

    /// The weights for a resample, computed once per process: a folder of same-sized
    /// sources reuses them instead of evaluating the kernel again for each.
    static func cached(filter: ResampleFilter, inSize: Int, outSize: Int) -> ResampleWeights {
        let key = WeightsKey(filter: filter, inSize: inSize, outSize: outSize)
        cacheLock.lock()
        if let hit = cache[key] {
            cacheLock.unlock()
            return hit
        }
        cacheLock.unlock()
        let weights = ResampleWeights(filter: filter, inSize: inSize, outSize: outSize)
        cacheLock.lock()
        if cache.count > 256 { cache.removeAll() }
        cache[key] = weights
        cacheLock.unlock()
        return weights
    }

    private struct WeightsKey: Hashable {
        var filter: ResampleFilter
        var inSize: Int
        var outSize: Int
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [WeightsKey: ResampleWeights] = [:]
}
