import Foundation
import IconGenerate
import PNGKit

/// The page's images: each file decoded within the run's limits, resampled to the size it is
/// shown at and encoded as a base64 PNG; an image that cannot be shown keeps the reason.
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
        let outcomes = ConcurrentWork.map(requests) { request in outcome(request, limits: limits) }
        var images = HTMLReportImages()
        images.outcomes = Dictionary(zip(requests, outcomes), uniquingKeysWith: { a, _ in a })
        return images
    }

    func outcome(_ bytes: IconInventory.ImageBytes, root: String, side: Int) -> Outcome {
        outcomes[Request(bytes: bytes, root: root, side: side)] ?? .failed("not rendered")
    }

    static func outcome(_ request: Request, limits: PNGLimits) -> Outcome {
        let bytes: [UInt8]
        switch request.bytes {
        case .data(let data):
            bytes = [UInt8](data)
        case .file(let path):
            // Through ProjectFile: a regular file inside the root, never a FIFO or a device.
            switch ProjectFile.read(path, root: request.root, limit: fileLimit) {
            case .success(let data): bytes = [UInt8](data)
            case .failure(let failure): return .failed(failure.description)
            }
        }
        do {
            let png = try Thumbnail.png(.bytes(bytes), side: request.side, limits: limits)
            return .png(base64: Data(png).base64EncodedString())
        } catch {
            return .failed(error.description)
        }
    }
}
