import Foundation
import IconResample
import PNGKit

/// The page's images: each file read and decoded once, within the run's limits (and never past
/// `LintOptions.iconLimits`), resampled to every size it is shown at and encoded as base64
/// PNGs; an image that cannot be shown keeps the reason.
struct HTMLReportImages {
    struct Request: Hashable, Sendable {
        var bytes: IconInventory.ImageBytes
        /// The app's root: files are read only inside it.
        var root: String
        var side: Int
    }

    enum Outcome: Sendable {
        case png(base64: String)
        case failed(String)
    }

    /// An icon file is a few hundred KiB at most; anything past this is not drawn.
    static let fileLimit = 64 << 20

    private var outcomes: [Request: Outcome] = [:]

    static func render(_ requests: [Request], limits: PNGLimits) -> HTMLReportImages {
        let bounded = bounded(limits)
        // One decode per image, for all the sizes it is shown at.
        var sources: [Source] = []
        var index: [Source: Int] = [:]
        var sides: [[Int]] = []
        for request in requests {
            let source = Source(bytes: request.bytes, root: request.root)
            if let at = index[source] {
                sides[at].append(request.side)
            } else {
                index[source] = sources.count
                sources.append(source)
                sides.append([request.side])
            }
        }
        let rendered = ConcurrentWork.map(Array(sources.indices)) { at in
            outcomes(sources[at], sides: sides[at], limits: bounded)
        }
        var images = HTMLReportImages()
        for (at, source) in sources.enumerated() {
            for (side, outcome) in rendered[at] {
                images.outcomes[Request(bytes: source.bytes, root: source.root, side: side)] = outcome
            }
        }
        return images
    }

    func outcome(_ bytes: IconInventory.ImageBytes, root: String, side: Int) -> Outcome {
        outcomes[Request(bytes: bytes, root: root, side: side)] ?? .failed("not rendered")
    }

    /// The run's limits, but never past the lint's own for icons: a page needs no larger image.
    static func bounded(_ limits: PNGLimits) -> PNGLimits {
        var bounded = limits
        let icon = LintOptions.iconLimits
        bounded.maxWidth = min(limits.maxWidth, icon.maxWidth)
        bounded.maxHeight = min(limits.maxHeight, icon.maxHeight)
        bounded.maxBytes = min(limits.maxBytes, icon.maxBytes)
        return bounded
    }

    private struct Source: Hashable {
        var bytes: IconInventory.ImageBytes
        var root: String
    }

    private static func outcomes(_ source: Source, sides: [Int], limits: PNGLimits) -> [Int: Outcome] {
        func all(_ outcome: Outcome) -> [Int: Outcome] { Dictionary(sides.map { ($0, outcome) }, uniquingKeysWith: { a, _ in a }) }
        let bytes: [UInt8]
        switch source.bytes {
        case .data(let data):
            bytes = [UInt8](data)
        case .file(let path):
            // Through ProjectFile: a regular file inside the root, never a FIFO or a device.
            switch ProjectFile.read(path, root: source.root, limit: fileLimit) {
            case .success(let data): bytes = [UInt8](data)
            case .failure(let failure): return all(.failed(failure.description))
            }
        }
        do {
            let pngs = try Thumbnail.pngs(.bytes(bytes), sides: sides, limits: limits)
            return pngs.mapValues { .png(base64: Data($0).base64EncodedString()) }
        } catch {
            return all(.failed(error.description))
        }
    }
}
