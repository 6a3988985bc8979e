import CResample

/// How a resampled image is written out: RGBA, or RGB (opaque) optionally composited onto a
/// background given in linear light.
struct PixelFormat: Sendable, Equatable {
    /// 3 (RGB, no alpha channel) or 4 (RGBA).
    var channels: Int
    /// Linear-light colour to composite onto; nil keeps alpha (or drops it when opaque).
    var background: SIMD4<Float>?
}

/// Resamples one output size from a stream of premultiplied linear-light rows.
///
/// Horizontal first: each input row is filtered to the output width, then added into every
/// output row whose vertical kernel covers it. An output row is finished (un-premultiplied
/// and encoded to 8-bit sRGB) as soon as its last input row has arrived, so memory is a few
/// rows, whatever the source size.
final class ResizeStream {
    let outSize: Int
    let format: PixelFormat
    private let horizontal: ResampleWeights
    private let vertical: ResampleWeights
    /// 8-bit output, `outSize × outSize × channels`.
    private(set) var pixels: [UInt8]
    private let filtered: UnsafeMutablePointer<SIMD4<Float>>
    private let ring: UnsafeMutablePointer<SIMD4<Float>>
    private let ringRows: Int
    private var nextRow = 0
    private var firstOpen = 0

    /// `inWidth × inHeight` is the size of the rows this stream receives.
    init(filter: ResampleFilter, inWidth: Int, inHeight: Int, outSize: Int, format: PixelFormat) {
        self.outSize = outSize
        self.format = format
        horizontal = ResampleWeights.cached(filter: filter, inSize: inWidth, outSize: outSize)
        vertical = ResampleWeights.cached(filter: filter, inSize: inHeight, outSize: outSize)
        pixels = [UInt8](repeating: 0, count: outSize * outSize * format.channels)
        // The most output rows open at once, found by walking the input rows.
        var most = 1, first = 0, last = 0
        for y in 0..<inHeight {
            while first < outSize && vertical.end(first) <= y { first += 1 }
            while last < outSize && Int(vertical.start[last]) <= y { last += 1 }
            most = max(most, last - first)
        }
        ringRows = most
        filtered = .allocate(capacity: outSize)
        ring = .allocate(capacity: ringRows * outSize)
        ring.initialize(repeating: .zero, count: ringRows * outSize)
    }

    deinit {
        filtered.deallocate()
        ring.deallocate()
    }

    var isComplete: Bool { firstOpen == outSize }

    /// Takes the next input row (premultiplied linear RGBA, `inWidth` pixels).
    func push(_ row: UnsafePointer<SIMD4<Float>>) {
        let y = nextRow
        nextRow += 1
        filterRow(row)
        let n = outSize
        vertical.start.withUnsafeBufferPointer { start in
            vertical.count.withUnsafeBufferPointer { count in
                vertical.offset.withUnsafeBufferPointer { offset in
                    vertical.values.withUnsafeBufferPointer { values in
                        var i = firstOpen
                        while i < n && Int(start[i]) <= y {
                            let k = y - Int(start[i])
                            if k < Int(count[i]) {
                                let w = values[Int(offset[i]) + k]
                                let acc = UnsafeMutableRawPointer(ring + (i % ringRows) * n)
                                    .assumingMemoryBound(to: Float.self)
                                ilr_accumulate(acc, UnsafeRawPointer(filtered).assumingMemoryBound(to: Float.self), w, 4 * n)
                            }
                            i += 1
                        }
                        while firstOpen < n && Int(start[firstOpen]) + Int(count[firstOpen]) - 1 <= y {
                            finish(firstOpen)
                            firstOpen += 1
                        }
                    }
                }
            }
        }
    }

    /// Horizontal pass of one row into `filtered` (CResample: AVX2 + FMA where available).
    private func filterRow(_ row: UnsafePointer<SIMD4<Float>>) {
        horizontal.start.withUnsafeBufferPointer { start in
            horizontal.count.withUnsafeBufferPointer { count in
                horizontal.offset.withUnsafeBufferPointer { offset in
                    horizontal.values.withUnsafeBufferPointer { values in
                        UnsafeRawPointer(row).withMemoryRebound(to: Float.self, capacity: 4) { input in
                            UnsafeMutableRawPointer(filtered).withMemoryRebound(to: Float.self, capacity: 4 * outSize) { output in
                                ilr_filter_row(
                                    input, output, outSize, start.baseAddress, count.baseAddress,
                                    offset.baseAddress, values.baseAddress)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Un-premultiplies output row `i`, encodes it to 8-bit sRGB and clears its ring slot.
    private func finish(_ i: Int) {
        let n = outSize
        let acc = ring + (i % ringRows) * n
        let tables = SRGBTables.shared
        let channels = format.channels
        let background = format.background
        pixels.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress! + i * n * channels
            for x in 0..<n {
                let p = acc[x]
                var alpha = min(max(p.w, 0), 1)
                var colour = SIMD3<Float>(p.x, p.y, p.z)
                colour = colour.replacing(with: 0, where: colour .< 0)
                colour = colour.replacing(with: alpha, where: colour .> alpha)
                if let background {
                    colour += SIMD3(background.x, background.y, background.z) * (1 - alpha)
                    colour = colour.replacing(with: 1, where: colour .> 1)
                    alpha = 1
                }
                let o = out + x * channels
                // A pixel whose alpha rounds to 0 keeps its colour: only exactly transparent
                // pixels are black, as in the reference (its colour error is weighted by alpha).
                if channels == 4 { o[3] = UInt8(alpha * 255 + 0.5) }
                if alpha <= 0 {
                    o[0] = 0
                    o[1] = 0
                    o[2] = 0
                    continue
                }
                let straight = alpha == 1 ? colour : colour / alpha
                o[0] = tables.encode(straight.x)
                o[1] = tables.encode(straight.y)
                o[2] = tables.encode(straight.z)
            }
            for x in 0..<n { acc[x] = .zero }
        }
    }

    /// Hands over the finished pixels.
    func takePixels() -> [UInt8] {
        precondition(isComplete, "resample stream received too few rows")
        let result = pixels
        pixels = []
        return result
    }
}

/// Halves rows in both directions (2 × 2 box average) on the way to a stream that works
/// on a reduced copy. Used only where the remaining reduction is large, so the box's
/// softening stays far below 8-bit rounding (see `SourceResizer.prereductionGap`).
final class BoxReducer {
    let outWidth: Int
    private let pending: UnsafeMutablePointer<SIMD4<Float>>
    private let output: UnsafeMutablePointer<SIMD4<Float>>
    private var hasPending = false

    init(inWidth: Int) {
        outWidth = inWidth / 2
        pending = .allocate(capacity: max(outWidth, 1))
        output = .allocate(capacity: max(outWidth, 1))
    }

    deinit {
        pending.deallocate()
        output.deallocate()
    }

    /// Returns a reduced row after every second input row.
    func push(_ row: UnsafePointer<SIMD4<Float>>) -> UnsafePointer<SIMD4<Float>>? {
        if !hasPending {
            for x in 0..<outWidth { pending[x] = row[2 * x] + row[2 * x + 1] }
            hasPending = true
            return nil
        }
        for x in 0..<outWidth { output[x] = (pending[x] + row[2 * x] + row[2 * x + 1]) * 0.25 }
        hasPending = false
        return UnsafePointer(output)
    }
}
