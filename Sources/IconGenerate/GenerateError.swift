import Foundation
import IconSupport
import PNGKit

/// Why `generate` could not make an icon. Messages are one line and say what to do.
public enum GenerateError: Error, Equatable, Sendable, CustomStringConvertible {
    case source(path: String, PNGError)
    case notSquare(path: String, width: Int, height: Int)
    case upscale(path: String, side: Int, needed: Int)
    case transparent(path: String)
    case exists(path: String)
    case write(path: String, reason: String)
    /// SIGINT, SIGTERM or SIGHUP arrived: nothing more is written.
    case interrupted

    /// A failed write: an existing file without --force, or the system's reason.
    init(_ error: AtomicFileError) {
        switch error.kind {
        case .destinationExists: self = .exists(path: error.path)
        case .interrupted: self = .interrupted
        case .isDirectory: self = .write(path: error.path, reason: "it is a folder")
        case .notAFolder(let folder): self = .write(path: error.path, reason: "\(folder) is not a folder")
        case .system(let code): self = .write(path: error.path, reason: String(cString: strerror(code)))
        case .link(let folder?, _): self = .write(path: error.path, reason: "\(folder) is a symbolic link, and no link below --out is followed")
        case .link(nil, _): self = .write(path: error.path, reason: "it is a symbolic link, and no link below --out is followed")
        case .outside: self = .write(path: error.path, reason: "it is outside --out")
        case .notRegular: self = .write(path: error.path, reason: "it is not a regular file")
        }
    }

    public var description: String {
        switch self {
        case .source(let path, let error):
            "\(path): \(error)"
        case .notSquare(let path, let width, let height):
            "\(path): the source is \(width) x \(height); icons are square, so crop or pad it to a square first"
        case .upscale(let path, let side, let needed):
            "\(path): the source is \(side) x \(side) but a \(needed) x \(needed) icon is needed; "
                + "upscaling loses sharpness, so use a larger source (or pass --allow-upscale)"
        case .transparent(let path):
            "\(path): the source has transparent pixels, but an iOS app icon (and the App Store image, "
                + "ITMS-90717) must be opaque; pass --background COLOR to composite it, e.g. --background white"
        case .exists(let path):
            "\(path) exists; pass --force to overwrite it"
        case .write(let path, let reason):
            "cannot write \(path): \(reason)"
        case .interrupted:
            "interrupted; nothing written"
        }
    }
}
