import Foundation
import PNGKit

/// What lint needs to know of one PNG: read once per run, shared by every rule.
public struct ImageFacts: Sendable {
    public var header: PNGHeader?
    public var error: PNGError?
    /// Lowest alpha (0...255) when the image was decoded to check transparency.
    public var minAlpha: Int?
    /// True when some pixel has colour (R, G, B differ), when checked.
    public var hasColor: Bool?
}

/// A thread-safe cache of image facts, filled in parallel.
public final class ImageFactsCache: @unchecked Sendable {
    private var facts: [String: ImageFacts] = [:]
    private let lock = NSLock()
    private let reader: PNGReader

    public init(limits: PNGLimits = .default) {
        reader = PNGReader(limits: limits)
    }

    public func facts(_ absolutePath: String) -> ImageFacts? {
        lock.lock()
        defer { lock.unlock() }
        return facts[absolutePath]
    }

    /// Reads headers (and, where `decode` says so, pixels) of the paths not yet known, over all cores.
    public func load(_ requests: [(path: String, decode: Bool)]) {
        lock.lock()
        let missing = requests.filter { request in
            guard let known = facts[request.path] else { return true }
            return request.decode && known.minAlpha == nil && known.error == nil && known.header?.mayHaveTransparency == true
        }
        lock.unlock()
        var unique: [String: Bool] = [:]
        for request in missing { unique[request.path] = (unique[request.path] ?? false) || request.decode }
        let work = unique.sorted { $0.key < $1.key }
        guard !work.isEmpty else { return }
        let reader = self.reader
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let (path, decode) = work[index]
            let result = Self.read(path, decode: decode, reader: reader)
            lock.lock()
            facts[path] = result
            lock.unlock()
        }
    }

    static func read(_ path: String, decode: Bool, reader: PNGReader) -> ImageFacts {
        var facts = ImageFacts()
        do {
            let header = try reader.header(.file(path))
            facts.header = header
            // Pixels are decoded only where a rule needs them: transparency or colour.
            guard decode, !header.isCgBI else { return facts }
            var hasColor = false
            let summary = try reader.decodeRows(.file(path)) { _, row in
                if !hasColor {
                    var i = 0
                    while i + 3 < row.count {
                        if row[i] != row[i + 1] || row[i + 1] != row[i + 2] {
                            hasColor = true
                            break
                        }
                        i += 4
                    }
                }
                return true
            }
            facts.minAlpha = summary.minAlpha
            facts.hasColor = hasColor
        } catch {
            facts.error = error
        }
        return facts
    }
}
