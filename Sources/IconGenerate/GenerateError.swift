import PNGKit

/// Why `generate` could not make an icon. Messages are one line and say what to do.
public enum GenerateError: Error, Equatable, Sendable, CustomStringConvertible {
    case source(path: String, PNGError)
    case notSquare(path: String, width: Int, height: Int)
    case upscale(path: String, side: Int, needed: Int)
    case transparent(path: String)
    case exists(path: String)
    case write(path: String, reason: String)

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
        }
    }
}
