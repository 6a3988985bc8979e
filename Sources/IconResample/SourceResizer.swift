import CResample
import Dispatch
import Foundation
import PNGKit

/// One image to make from a source: its side in pixels and how its pixels are written.
public struct ResizeTarget: Sendable, Hashable {
    public var size: Int
    /// 3: no alpha channel (composited onto `background`, or the source must be opaque); 4: RGBA.
    public var channels: Int
    /// 8-bit sRGB colour to composite onto, for `channels == 3`.
    public var background: RGBColor?

    public init(size: Int, channels: Int, background: RGBColor? = nil) {
        self.size = size
        self.channels = channels
        self.background = background
    }
}

/// The 8-bit pixels of one resampled image.
public struct ResizedImage: Sendable {
    public var size: Int
    public var channels: Int
    public var pixels: [UInt8]

    public init(size: Int, channels: Int, pixels: [UInt8]) {
        self.size = size
        self.channels = channels
        self.pixels = pixels
    }
}

/// What resizing one source produced.
public struct ResizeResult: Sendable {
    public var header: PNGHeader
    public var images: [ResizeTarget: ResizedImage]
    /// Some pixel of the source is not fully opaque.
    public var sourceHasTransparency: Bool
}

/// Decodes a source once and feeds its rows, converted to premultiplied linear light, to
/// one resample stream per target; the streams are split over `lanes` threads by cost.
/// A target the source's own size without compositing is a copy of the source pixels.
public enum SourceResizer {
    /// A stream reduces by a 2 × 2 box first while the rest of the reduction stays at least
    /// this large: the box then softens the kernel by less than 8-bit rounding. Against the
    /// double-precision reference, bench icons lose < 0.5 dB (59 dB); uniform noise, the
    /// worst case, stays above 50 dB at 8 but not at 4 (48 dB), hence 8.
    static let prereductionGap = 8.0

    public static func resize(
        _ input: PNGInput, header: PNGHeader, reader: PNGReader, targets: [ResizeTarget],
        filter: ResampleFilter, lanes laneCount: Int
    ) throws(PNGError) -> ResizeResult {
        let width = header.width, height = header.height
        let depth: PNGSampleDepth = header.bitDepth == 16 ? .sixteen : .eight
        var copies: [ResizeTarget: [UInt8]] = [:]
        var planned: [(target: ResizeTarget, level: Int, cost: Double)] = []
        for target in Set(targets) {
            if target.size == width && target.size == height && target.background == nil {
                copies[target] = [UInt8](repeating: 0, count: width * height * target.channels)
                continue
            }
            var level = 0
            while width % (2 << level) == 0 && height % (2 << level) == 0
                && Double(width) / Double((2 << level) * target.size) >= prereductionGap
            {
                level += 1
            }
            let w = Double(width >> level), h = Double(height >> level)
            planned.append((target, level, w * h * 6 + h * Double(target.size) * 6))
        }
        // Greedy balance: most expensive first, to the least loaded lane.
        let laneTotal = max(1, min(laneCount, planned.count))
        var lanes = (0..<laneTotal).map { _ in ResizeLane(width: width) }
        var loads = [Double](repeating: 0, count: laneTotal)
        for plan in planned.sorted(by: { $0.cost > $1.cost }) {
            let lane = loads.indices.min { loads[$0] < loads[$1] }!
            loads[lane] += plan.cost
            lanes[lane].add(
                ResizeStream(
                    filter: filter, inWidth: width >> plan.level, inHeight: height >> plan.level,
                    outSize: plan.target.size,
                    format: PixelFormat(
                        channels: plan.target.channels,
                        background: plan.target.background?.linear)),
                target: plan.target, level: plan.level)
        }
        if planned.isEmpty { lanes = [] }

        let feeder = RowFeeder(width: width, lanes: lanes, parallel: lanes.count > 1)
        let tables = SRGBTables.shared
        let copyTargets = Array(copies.keys)
        var copyBuffers = copyTargets.map { copies[$0]! }
        let summary = try reader.decodeRows(input, depth: depth) { y, row in
            let slot = feeder.slot()
            if depth == .eight {
                let p = row.bindMemory(to: UInt8.self).baseAddress!
                UnsafeMutableRawPointer(slot).withMemoryRebound(to: Float.self, capacity: 4 * width) { out in
                    ilr_linearize8(p, out, width, tables.linear8)
                }
                for (index, target) in copyTargets.enumerated() {
                    copyBuffers[index].withUnsafeMutableBufferPointer { buffer in
                        let out = buffer.baseAddress! + y * width * target.channels
                        if target.channels == 4 {
                            out.update(from: p, count: width * 4)
                        } else {
                            for x in 0..<width {
                                out[3 * x] = p[4 * x]
                                out[3 * x + 1] = p[4 * x + 1]
                                out[3 * x + 2] = p[4 * x + 2]
                            }
                        }
                    }
                }
            } else {
                let p = row.bindMemory(to: UInt16.self).baseAddress!
                let scale: Float = 1 / 65535
                for x in 0..<width {
                    let q = p + 4 * x
                    let a = Float(q[3]) * scale
                    slot[x] = SIMD4(
                        tables.linear16[Int(q[0])] * a, tables.linear16[Int(q[1])] * a,
                        tables.linear16[Int(q[2])] * a, a)
                }
                for (index, target) in copyTargets.enumerated() {
                    copyBuffers[index].withUnsafeMutableBufferPointer { buffer in
                        let out = buffer.baseAddress! + y * width * target.channels
                        for x in 0..<width {
                            for c in 0..<target.channels {
                                // Correctly rounded v · 255 / 65535.
                                out[target.channels * x + c] = UInt8((UInt32(p[4 * x + c]) * 255 + 32767) / 65535)
                            }
                        }
                    }
                }
            }
            feeder.commit()
            return true
        }
        feeder.finish()

        var images: [ResizeTarget: ResizedImage] = [:]
        for (index, target) in copyTargets.enumerated() {
            images[target] = ResizedImage(size: target.size, channels: target.channels, pixels: copyBuffers[index])
        }
        for lane in lanes {
            for (target, stream) in lane.outputs {
                images[target] = ResizedImage(size: target.size, channels: target.channels, pixels: stream.takePixels())
            }
        }
        return ResizeResult(header: summary.header, images: images, sourceHasTransparency: !summary.isOpaque)
    }
}

/// The streams one thread runs, grouped by pre-reduction level.
final class ResizeLane: @unchecked Sendable {
    private let width: Int
    private var streams: [[ResizeStream]] = [[]]
    private var reducers: [BoxReducer] = []
    private(set) var outputs: [(ResizeTarget, ResizeStream)] = []

    init(width: Int) {
        self.width = width
    }

    func add(_ stream: ResizeStream, target: ResizeTarget, level: Int) {
        while streams.count <= level {
            reducers.append(BoxReducer(inWidth: width >> (streams.count - 1)))
            streams.append([])
        }
        streams[level].append(stream)
        outputs.append((target, stream))
    }

    func push(_ row: UnsafePointer<SIMD4<Float>>) {
        for stream in streams[0] { stream.push(row) }
        var current = row
        for (index, reducer) in reducers.enumerated() {
            guard let reduced = reducer.push(current) else { return }
            for stream in streams[index + 1] { stream.push(reduced) }
            current = reduced
        }
    }
}

/// Collects linearised rows into chunks and hands each chunk to every lane: inline with one
/// lane, or to one thread per lane so that decoding overlaps resampling.
final class RowFeeder: @unchecked Sendable {
    private static let chunkRows = 16
    private static let poolSize = 4
    private let width: Int
    private let lanes: [ResizeLane]
    private let workers: [LaneWorker]
    private let chunks: [UnsafeMutablePointer<SIMD4<Float>>]
    private let groups: [DispatchGroup]
    private var current = 0
    private var filled = 0

    init(width: Int, lanes: [ResizeLane], parallel: Bool) {
        self.width = width
        self.lanes = lanes
        let count = parallel ? RowFeeder.poolSize : 1
        chunks = (0..<count).map { _ in .allocate(capacity: RowFeeder.chunkRows * max(width, 1)) }
        groups = (0..<count).map { _ in DispatchGroup() }
        workers = parallel ? lanes.map { LaneWorker($0, width: width) } : []
    }

    deinit {
        // After a decode error the lanes may still hold chunks: let them finish first.
        for group in groups { group.wait() }
        for worker in workers { worker.stop() }
        for chunk in chunks { chunk.deallocate() }
    }

    /// Where the next row goes.
    func slot() -> UnsafeMutablePointer<SIMD4<Float>> {
        chunks[current] + filled * width
    }

    /// The row written to `slot()` is complete.
    func commit() {
        filled += 1
        if filled == RowFeeder.chunkRows { flush() }
    }

    /// Sends the last partial chunk and waits for every lane.
    func finish() {
        if filled > 0 { flush() }
        for group in groups { group.wait() }
    }

    private func flush() {
        let chunk = UnsafePointer(chunks[current])
        if workers.isEmpty {
            for lane in lanes {
                for r in 0..<filled { lane.push(chunk + r * width) }
            }
        } else {
            let group = groups[current]
            for worker in workers {
                group.enter()
                worker.send(chunk, rows: filled, done: group)
            }
            current = (current + 1) % chunks.count
            groups[current].wait()
        }
        filled = 0
    }
}

/// A thread of its own running one lane's chunks in order.
final class LaneWorker: @unchecked Sendable {
    private struct Job {
        var chunk: UnsafePointer<SIMD4<Float>>
        var rows: Int
        var done: DispatchGroup
    }

    private let lane: ResizeLane
    private let width: Int
    private let lock = NSLock()
    private let available = DispatchSemaphore(value: 0)
    private var queue: [Job] = []
    private var stopping = false

    init(_ lane: ResizeLane, width: Int) {
        self.lane = lane
        self.width = width
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func send(_ chunk: UnsafePointer<SIMD4<Float>>, rows: Int, done: DispatchGroup) {
        lock.lock()
        queue.append(Job(chunk: chunk, rows: rows, done: done))
        lock.unlock()
        available.signal()
    }

    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        available.signal()
    }

    private func run() {
        while true {
            available.wait()
            lock.lock()
            if queue.isEmpty && stopping {
                lock.unlock()
                return
            }
            let job = queue.removeFirst()
            lock.unlock()
            for r in 0..<job.rows { lane.push(job.chunk + r * width) }
            job.done.leave()
        }
    }
}
