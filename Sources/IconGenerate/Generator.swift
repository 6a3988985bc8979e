import Foundation
@_spi(Testing) import IconSupport
import PNGKit

/// One icon to generate: its name and the source of each appearance.
public struct IconSource: Sendable, Equatable {
    public var name: String
    public var path: String
    public var dark: String?
    public var tinted: String?

    public init(name: String, path: String, dark: String? = nil, tinted: String? = nil) {
        self.name = name
        self.path = path
        self.dark = dark
        self.tinted = tinted
    }

    var appearances: [(Appearance, String)] {
        [(.any, path)] + (dark.map { [(.dark, $0)] } ?? []) + (tinted.map { [(.tinted, $0)] } ?? [])
    }
}

/// The zlib and filter settings outputs are encoded with. `automatic` follows the trade-off
/// `scripts/bench --tradeoff` measured (README): adaptive row filters everywhere; zlib's RLE
/// strategy for icons up to 256 pixels (as fast as level 1 and smaller than level 6 there),
/// level 6 with the filtered strategy above (RLE made a 1024 output 2.3x larger).
public struct PNGEncoding: Sendable, Equatable {
    public var level: Int
    public var filters: PNGFilters
    public var strategy: PNGCompressionStrategy

    public init(level: Int, filters: PNGFilters, strategy: PNGCompressionStrategy) {
        self.level = level
        self.filters = filters
        self.strategy = strategy
    }

    /// The largest side that gets the small-image setting.
    public static let smallSide = 256
    public static let small = PNGEncoding(level: 6, filters: .all, strategy: .rle)
    public static let large = PNGEncoding(level: 6, filters: .all, strategy: .filtered)

    /// The measured choice for an output of this side.
    public static func automatic(side: Int) -> PNGEncoding { side <= smallSide ? small : large }

    var writer: PNGWriter { PNGWriter(compressionLevel: level, filters: filters, strategy: strategy) }
}

/// What `generate` is asked to do besides the sources.
public struct GenerateOptions: Sendable {
    public var outputDirectory: String
    public var planner: IconPlanner
    public var filter: ResampleFilter = .lanczos3
    public var background: RGBColor?
    public var force = false
    public var dryRun = false
    public var allowUpscale = false
    public var limits: PNGLimits = .default
    /// nil: `PNGEncoding.automatic(side:)` per output; otherwise this for every output.
    public var encoding: PNGEncoding?
    /// Threads to use; sources are spread over them, or one source's sizes when alone.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    public init(outputDirectory: String, planner: IconPlanner) {
        self.outputDirectory = outputDirectory
        self.planner = planner
    }
}

/// The result for one icon: what was (or, in a dry run, would be) written, or why not.
public struct IconOutcome: Sendable {
    public var source: IconSource
    public var plan: IconSetPlan
    public var error: GenerateError?
    /// Regenerating a set with `force`: earlier outputs of iconlint in the set's folder that
    /// the new Contents.json no longer names, removed (or, in a dry run, to be removed).
    public var removed: [String] = []
    /// Files in the set's folder that the new Contents.json does not name and that iconlint
    /// did not write: kept, for the user to decide.
    public var kept: [String] = []
    /// What was changed on the way, one line each (e.g. a coloured tinted source made grey).
    public var notes: [String] = []
}

/// Turns sources into icon sets: validate, decode once, resample every size, encode, and
/// write each set all or nothing. Never prints; progress goes to a callback.
public struct Generator: Sendable {
    public var options: GenerateOptions
    /// Test seam handed to each set's write (see OutputTransaction.beforeRename).
    var beforeRename: (@Sendable (Int) throws -> Void)?

    public init(options: GenerateOptions) {
        self.options = options
    }

    public func plan(_ source: IconSource) -> IconSetPlan {
        options.planner.plan(
            name: source.name, outputDirectory: options.outputDirectory,
            appearances: Set(source.appearances.map(\.0)))
    }

    /// Generates every source; `progress(done, total)` is called after each icon, from any
    /// thread. Each icon is one batch of `transaction` (all or nothing); without one, the run
    /// has its own and keeps what it wrote. With one, the caller finishes or rolls it back.
    public func run(
        _ sources: [IconSource], in transaction: FileTransaction? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> [IconOutcome] {
        let alone = sources.count == 1
        let lanes = alone ? max(1, options.threads) : 1
        let counter = ProgressCounter(total: sources.count, report: progress)
        let writer = transaction ?? FileTransaction(force: options.force)
        if transaction == nil { writer.beforeRename = beforeRename }
        let outcomes = ConcurrentWork.map(sources, threads: alone ? 1 : options.threads) { source in
            let plan = plan(source)
            var outcome = IconOutcome(source: source, plan: plan, error: nil)
            do throws(GenerateError) {
                if Interruption.requested != nil { throw .interrupted }
                try make(source, plan: plan, lanes: lanes, into: writer, outcome: &outcome)
            } catch {
                outcome.error = error
            }
            counter.advance()
            return outcome
        }
        if transaction == nil { writer.finish() }
        return outcomes
    }

    private func make(
        _ source: IconSource, plan: IconSetPlan, lanes: Int, into transaction: FileTransaction,
        outcome: inout IconOutcome
    ) throws(GenerateError) {
        // Chunk CRCs already guard the compressed data; the Adler-32 pass is time only.
        var limits = options.limits
        limits.skipAdler32 = true
        let reader = PNGReader(limits: limits)
        // Below --out nothing is written through a link: a symlinked .appiconset is refused.
        let existing: [String]
        do throws(AtomicFileError) {
            existing = try FileTransaction.existing(plan.paths, inside: options.outputDirectory)
        } catch {
            throw GenerateError(error)
        }
        if !transaction.force, let first = existing.first {
            throw .exists(path: first)
        }
        if transaction.force { (outcome.removed, outcome.kept) = StaleFiles.find(plan) }
        // Check every source before decoding any.
        var headers: [Appearance: PNGHeader] = [:]
        for (appearance, path) in source.appearances {
            let header: PNGHeader
            do {
                header = try reader.header(.file(path), withICCProfile: true)
            } catch {
                throw .source(path: path, error)
            }
            if header.isCgBI { throw .source(path: path, .cgbi) }
            guard header.width == header.height else {
                throw .notSquare(path: path, width: header.width, height: header.height)
            }
            let needed = plan.files.filter { $0.appearance == appearance }.map(\.size).max() ?? 0
            if needed > header.width && !options.allowUpscale {
                throw .upscale(path: path, side: header.width, needed: needed)
            }
            headers[appearance] = header
        }
        if options.dryRun { return }

        var outputs: [(path: String, bytes: [UInt8])] = []
        for (appearance, path) in source.appearances {
            if Interruption.requested != nil { throw .interrupted }
            let files = plan.files.filter { $0.appearance == appearance }
            let header = headers[appearance]!
            let background = header.mayHaveTransparency ? options.background : nil
            // Plain sizes keep alpha only where the source can have transparency at all.
            let opaqueSource = plan.style == .sizes && !header.mayHaveTransparency
            func target(_ file: PlannedFile) -> ResizeTarget {
                ResizeTarget(
                    size: file.size, channels: file.opaque || opaqueSource ? 3 : 4,
                    background: file.opaque ? background : nil)
            }
            // A same-size output with nothing to change is the source file itself: decided
            // before decoding, so its pixels are never held or re-encoded. A tinted source may
            // need its colour taken out, so it is always decoded; plain sizes of a source with an
            // alpha channel are decoded at that size too, in case every pixel is opaque.
            var original: [UInt8]?
            if appearance != .tinted, let same = files.first(where: { $0.size == header.width }),
                target(same).background == nil,
                let data = FileManager.default.contents(atPath: path),
                ChunkScan.canCopy([UInt8](data), channels: target(same).channels)
            {
                original = [UInt8](data)
            }
            let mayDropAlpha = plan.style == .sizes && header.mayHaveTransparency
            func copies(_ file: PlannedFile) -> Bool { original != nil && file.size == header.width }
            var result: ResizeResult
            do {
                result = try SourceResizer.resize(
                    .file(path), header: header, reader: reader,
                    targets: files.filter { mayDropAlpha || !copies($0) }.map(target),
                    filter: options.filter, lanes: lanes)
            } catch {
                throw .source(path: path, error)
            }
            if files.contains(where: \.opaque) && background == nil && result.sourceHasTransparency {
                throw .transparent(path: path)
            }
            if mayDropAlpha && !result.sourceHasTransparency {
                // Every pixel of the source is opaque: the outputs need no alpha channel either,
                // and the same-size output is the decoded pixels, not the RGBA file.
                result.images = result.images.mapValues { $0.droppingOpaqueAlpha() }
                original = nil
            }
            if appearance == .tinted, TintedGrey.isColoured(result.images.values.max { $0.size < $1.size }) {
                result.images = result.images.mapValues(TintedGrey.grey)
                outcome.notes.append(
                    "\(path): the tinted source is coloured; its outputs were made grey "
                        + "(luminance in linear light), as iOS tints a greyscale image")
            }
            let color = PNGColorInfo(header)
            let images = result.images
            let encoded = try ConcurrentWork.map(files, threads: lanes) { file throws(GenerateError) -> [UInt8] in
                if copies(file), let original { return original }
                let image = images[target(file)]!
                let writer = (options.encoding ?? .automatic(side: image.size)).writer
                do throws(PNGError) {
                    return try writer.encode(
                        bytes: image.pixels, width: image.size, height: image.size,
                        channels: image.channels, color: color)
                } catch {
                    throw .write(path: file.path, reason: error.description)
                }
            }
            for (file, bytes) in zip(files, encoded) { outputs.append((file.path, bytes)) }
        }
        if let contents = plan.contentsJSON {
            outputs.append((plan.directory + "/Contents.json", Array(contents.utf8)))
        }
        do throws(AtomicFileError) {
            try transaction.write(outputs, removing: outcome.removed, inside: options.outputDirectory)
        } catch {
            throw GenerateError(error)
        }
    }
}

/// Counts finished icons for the progress callback.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func advance() {
        lock.lock()
        done += 1
        let now = done
        lock.unlock()
        report?(now, total)
    }
}
