import Foundation
import PNGKit

/// Which facts of one image a caller needs. The header is always read; pixels are decoded
/// only for `.minAlpha` or `.grayscale`, and only when the header cannot answer.
public struct ImageNeeds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Only the header (dimensions, colour type, tRNS, interlacing, CgBI...).
    public static let header: ImageNeeds = []
    /// The lowest alpha, counting the alpha channel and tRNS (`ImageFacts.minAlpha`).
    public static let minAlpha = ImageNeeds(rawValue: 1 << 0)
    /// Grayscale by `PNGGrayscaleRule` (`ImageFacts.isGrayscale`).
    public static let grayscale = ImageNeeds(rawValue: 1 << 1)
    /// Every row decoded to the end, so any damage in the pixel data is an `error`
    /// (`ImageFacts.verified`). Without it, pixel scans stop once their answers are known
    /// and opaque images are not decoded at all, so a damaged IDAT can go unnoticed.
    public static let integrity = ImageNeeds(rawValue: 1 << 2)

    var pixelQuestions: PNGPixelQuestions {
        var questions: PNGPixelQuestions = []
        if contains(.minAlpha) { questions.insert(.minAlpha) }
        if contains(.grayscale) { questions.insert(.grayscale) }
        if contains(.integrity) { questions.insert(.integrity) }
        return questions
    }
}

/// One caller's request: the facts it needs of the image at an absolute path.
public struct ImageRequest: Sendable, Hashable {
    public var path: String
    public var needs: ImageNeeds

    public init(_ path: String, needs: ImageNeeds) {
        self.path = path
        self.needs = needs
    }
}

/// What lint knows of one PNG: read once per run, shared by every rule.
public struct ImageFacts: Sendable, Equatable {
    /// The header, when it could be read.
    public var header: PNGHeader?
    /// Why the header or the pixels could not be read (a header may still be known).
    public var error: PNGError?
    /// Lowest alpha on a 0...255 scale over every pixel, counting the alpha channel and tRNS
    /// (palette entries the pixels use, the grey/RGB colour key); 255 means fully opaque,
    /// and a 16-bit alpha below 65535 reports at most 254. Nil unless `.minAlpha` was asked
    /// (and the pixels could be read); 255 straight from the header when the colour type has
    /// no alpha and there is no tRNS.
    public var minAlpha: Int?
    /// Grayscale by `PNGGrayscaleRule` (channels within 8/255; at most 1 % of the visible
    /// pixels coloured; transparent pixels never count). Nil unless `.grayscale` was asked.
    public var isGrayscale: Bool?
    /// True when every row was decoded and libpng found the image intact (`.integrity`).
    public var verified: Bool

    public init(
        header: PNGHeader? = nil, error: PNGError? = nil, minAlpha: Int? = nil, isGrayscale: Bool? = nil,
        verified: Bool = false
    ) {
        self.header = header
        self.error = error
        self.minAlpha = minAlpha
        self.isGrayscale = isGrayscale
        self.verified = verified
    }

    /// True when some pixel is not fully opaque; nil when not known.
    public var hasTransparency: Bool? { minAlpha.map { $0 < 255 } }
    /// The opposite of `isGrayscale` (the name the current rules use).
    public var hasColor: Bool? { isGrayscale.map { !$0 } }

    /// True when these facts answer `needs`, or reading again cannot help (an error).
    public func satisfies(_ needs: ImageNeeds) -> Bool {
        if error != nil { return true }
        guard let header else { return false }
        if needs.contains(.minAlpha), minAlpha == nil, !header.isCgBI { return false }
        if needs.contains(.grayscale), isGrayscale == nil, !header.isCgBI { return false }
        if needs.contains(.integrity), !verified, !header.isCgBI { return false }
        return true
    }

    /// Facts that depend only on the file's bytes (not on permissions or memory) may be kept
    /// in the cache of repeated runs.
    var isCacheable: Bool {
        switch error {
        case nil, .notPNG, .corrupt, .tooLarge, .cgbi: true
        case .io, .noMemory, .invalidImage: false
        }
    }

    /// These facts with the answers of `other` filled in where these have none.
    func filling(from other: ImageFacts) -> ImageFacts {
        var merged = self
        if merged.header == nil { merged.header = other.header }
        if merged.minAlpha == nil { merged.minAlpha = other.minAlpha }
        if merged.isGrayscale == nil { merged.isGrayscale = other.isGrayscale }
        merged.verified = merged.verified || (other.verified && merged.error == nil)
        return merged
    }
}

/// How much work `ImageFactsCache.load` did, for tests and benchmarks.
public struct ImageFactsCounters: Sendable, Equatable {
    /// Files opened and read (header or pixels).
    public var filesRead = 0
    /// Files whose pixels were decoded (some or all rows).
    public var pixelDecodes = 0
    /// Requests answered by the cache of earlier runs, after a `stat` only.
    public var storeHits = 0
}

/// The image facts of one run: each file is read at most once (merge all requests for a run
/// into one `load`), files are read in parallel over all cores, and with a store the facts of
/// unchanged files come from earlier runs without opening them.
public final class ImageFactsCache: @unchecked Sendable {
    private var facts: [String: ImageFacts] = [:]
    private var tally = ImageFactsCounters()
    private let lock = NSLock()
    private let reader: PNGReader
    private let store: ImageFactsCacheStore?

    /// Files up to this size are read into memory once, header and pixels from the same bytes
    /// (an incompressible 1024×1024 RGBA icon is about 4 MB); larger ones libpng reads itself.
    static let wholeReadLimit = 16 << 20

    /// `store` keeps facts between runs (nil: no cache, e.g. `--no-cache`).
    public init(limits: PNGLimits = .default, store: ImageFactsCacheStore? = nil) {
        reader = PNGReader(limits: limits)
        self.store = store
    }

    /// The facts of an absolute path, after `load`.
    public func facts(_ absolutePath: String) -> ImageFacts? {
        lock.lock()
        defer { lock.unlock() }
        return facts[absolutePath]
    }

    public var counters: ImageFactsCounters {
        lock.lock()
        defer { lock.unlock() }
        return tally
    }

    /// Settles what each request needs for paths not yet known (several requests for one path
    /// are merged), over all cores; then saves the store when it learnt something.
    public func load(_ requests: [ImageRequest]) {
        var merged: [String: ImageNeeds] = [:]
        for request in requests { merged[request.path, default: []].formUnion(request.needs) }
        lock.lock()
        let work = merged.filter { path, needs in !(facts[path]?.satisfies(needs) ?? false) }
            .sorted { $0.key < $1.key }
        lock.unlock()
        guard !work.isEmpty else { return }
        let reader = self.reader
        let store = self.store
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let (path, needs) = work[index]
            lock.lock()
            let known = facts[path]
            lock.unlock()
            var hit = false
            var result: ImageFacts
            var read = ImageFactsReader.Outcome(facts: ImageFacts(), stamp: nil, decoded: false)
            let stamp = store == nil ? nil : FileStamp(path: path)
            let cached = stamp.flatMap { store?.lookup(path, stamp: $0, limits: reader.limits) }
            if let cached, cached.satisfies(needs) {
                result = cached
                hit = true
            } else {
                read = ImageFactsReader.read(path, needs: needs, reader: reader)
                result = read.facts
                if let known { result = result.filling(from: known) }
                // What earlier runs knew of this same file version is kept beside the new answers.
                if let cached, read.stamp == stamp, result.error == nil { result = result.filling(from: cached) }
                if let store, let stamp = read.stamp, result.isCacheable {
                    store.record(path, stamp: stamp, limits: reader.limits, facts: result)
                }
            }
            lock.lock()
            facts[path] = result
            if hit { tally.storeHits += 1 } else { tally.filesRead += 1 }
            if read.decoded { tally.pixelDecodes += 1 }
            lock.unlock()
        }
        store?.save()
    }

    /// Settles requests for images that are not files of their own (inside an `.ipa`, a
    /// built app): `bytes` gives each key's contents, read once per key, over all cores.
    /// Nothing is kept between runs.
    public func load(_ requests: [ImageRequest], bytes: @Sendable (String) -> Result<[UInt8], PNGError>) {
        var merged: [String: ImageNeeds] = [:]
        for request in requests { merged[request.path, default: []].formUnion(request.needs) }
        let work = merged.sorted { $0.key < $1.key }
        let reader = self.reader
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let (path, needs) = work[index]
            var outcome = ImageFactsReader.Outcome(facts: ImageFacts(), stamp: nil, decoded: false)
            switch bytes(path) {
            case .success(let data): outcome = ImageFactsReader.read(bytes: data, needs: needs, reader: reader)
            case .failure(let error): outcome.facts.error = error
            }
            lock.lock()
            facts[path] = outcome.facts
            tally.filesRead += 1
            if outcome.decoded { tally.pixelDecodes += 1 }
            lock.unlock()
        }
    }

    /// The current rules' form: `decode` asks for transparency, colour and a whole decode
    /// (which is what `decode` meant before needs were separate).
    public func load(_ requests: [(path: String, decode: Bool)]) {
        load(requests.map { ImageRequest($0.path, needs: $0.decode ? [.minAlpha, .grayscale, .integrity] : .header) })
    }
}

/// Reads one file's facts: the header only, or the whole file once for header and pixels.
enum ImageFactsReader {
    struct Outcome {
        var facts: ImageFacts
        /// The file's identity while it was read; nil when it changed meanwhile or is unknown.
        var stamp: FileStamp?
        var decoded: Bool
    }

    /// Bytes read first for the header: IHDR and the chunks before IDAT fit in almost every
    /// icon (a large ICC profile or text chunk makes it read on).
    static let prefixBytes = 64 << 10

    static func read(_ path: String, needs: ImageNeeds, reader: PNGReader) -> Outcome {
        guard !needs.pixelQuestions.isEmpty else { return readHeader(path, reader: reader) }
        var outcome = Outcome(facts: ImageFacts(), stamp: nil, decoded: false)
        let file: OpenedFile
        switch OpenedFile.open(path) {
        case .failure(let error):
            outcome.facts.error = error
            return outcome
        case .success(let opened):
            file = opened
        }
        // Past the limit, libpng reads the file itself and nothing large is held in memory.
        let inMemory = file.stamp.size <= UInt64(ImageFactsCache.wholeReadLimit)
        do throws(PNGError) {
            let header: PNGHeader
            if inMemory {
                try file.read(upTo: prefixBytes)
                do {
                    header = try reader.header(.bytes(file.bytes))
                } catch .corrupt where !file.complete {
                    // The chunks before IDAT are longer than the prefix: read on.
                    try file.read(upTo: Int.max)
                    header = try reader.header(.bytes(file.bytes))
                }
            } else {
                header = try reader.header(.file(path))
            }
            outcome.facts.header = header
            if inMemory { try file.read(upTo: Int.max) }
            let input: PNGInput = inMemory ? .bytes(file.bytes) : .file(path)
            outcome.decoded = try readPixels(input, header: header, needs: needs, reader: reader, into: &outcome.facts)
        } catch {
            outcome.facts.error = error.withPath(path)
        }
        // A file changed while it was read is not cached under the stamp it had when opened.
        outcome.stamp = file.unchanged ? file.stamp : nil
        return outcome
    }

    /// The facts of a PNG held in memory (a file inside an `.ipa`): header and pixels from
    /// the same bytes, never cached between runs.
    static func read(bytes: [UInt8], needs: ImageNeeds, reader: PNGReader) -> Outcome {
        var outcome = Outcome(facts: ImageFacts(), stamp: nil, decoded: false)
        do throws(PNGError) {
            let header = try reader.header(.bytes(bytes))
            outcome.facts.header = header
            guard !needs.pixelQuestions.isEmpty else { return outcome }
            outcome.decoded = try readPixels(.bytes(bytes), header: header, needs: needs, reader: reader, into: &outcome.facts)
        } catch {
            outcome.facts.error = error
        }
        return outcome
    }

    /// Settles the pixel questions of `needs` into `facts`; true when pixels were decoded.
    private static func readPixels(
        _ input: PNGInput, header: PNGHeader, needs: ImageNeeds, reader: PNGReader, into facts: inout ImageFacts
    ) throws(PNGError) -> Bool {
        let questions = needs.pixelQuestions
        let answeredByHeader =
            !questions.contains(.integrity)
            && (!questions.contains(.minAlpha) || header.isOpaqueByConstruction)
            && (!questions.contains(.grayscale) || header.isGrayscaleByConstruction)
        if answeredByHeader, case .bytes(let bytes) = input, !header.isCgBI, let problem = PNGChunkCheck.problem(bytes) {
            // Not decoded, but a damaged or truncated file is still found.
            throw PNGError.corrupt(reason: problem)
        }
        let pixels = try reader.pixelFacts(input, header: header, questions: questions)
        facts.minAlpha = pixels.minAlpha
        facts.isGrayscale = pixels.isGrayscale
        facts.verified = pixels.verified
        return !pixels.fromHeader
    }

    static func readHeader(_ path: String, reader: PNGReader) -> Outcome {
        let before = FileStamp(path: path)
        var facts = ImageFacts()
        do {
            facts.header = try reader.header(.file(path))
        } catch {
            facts.error = error
        }
        let after = FileStamp(path: path)
        return Outcome(facts: facts, stamp: before == after ? before : nil, decoded: false)
    }
}

extension PNGError {
    /// Errors from bytes in memory name the file they came from.
    func withPath(_ path: String) -> PNGError {
        if case .io(_, let reason) = self { return .io(path: path, reason: reason) }
        return self
    }
}

extension PNGLimits {
    /// App icons are at most 1024×1024; lint refuses images past 4096 before decoding them
    /// (decoding takes a few rows of memory at any size, interlaced too, but time grows with
    /// the pixels: a 16384² image is seconds of work for nothing).
    public static let icons = PNGLimits(maxWidth: 4096, maxHeight: 4096, maxBytes: 4096 * 4096 * 8)
}
