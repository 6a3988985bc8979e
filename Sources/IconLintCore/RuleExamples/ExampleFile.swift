import Foundation
import IconSupport

/// One file of a rule example, described by what it is rather than by its bytes.
public enum ExampleFile: Sendable, Equatable {
    case image(ExampleImage)
    case text(String)
    case bytes([UInt8])
    /// An XML property list (an Info.plist as Xcode writes it).
    case plist(ExampleValue)
    /// A binary property list (a built app's Info.plist).
    case binaryPlist(ExampleValue)
    /// JSON indented as Xcode writes Contents.json.
    case json(ExampleValue)

    /// A solid PNG of `width` × `height` (see `ExampleImage` for the other forms).
    public static func png(
        _ width: Int, _ height: Int, color: [UInt8] = [40, 120, 200], alpha: UInt8? = nil, hole: Bool = false,
        interlace: Bool = false, gray: Bool = false, brokenChecksum: Bool = false
    ) -> ExampleFile {
        .image(
            ExampleImage(
                width: width, height: height, color: color, alpha: alpha, hole: hole, interlace: interlace, gray: gray,
                brokenChecksum: brokenChecksum))
    }

    /// A CgBI PNG as a build writes it into an app's bundle.
    public static func cgbi(_ width: Int, _ height: Int, transparentCorner: Bool = false) -> ExampleFile {
        .image(ExampleImage(width: width, height: height, color: [90, 60, 30], alpha: 255, hole: transparentCorner, cgbi: true))
    }

    /// The start of a JPEG (a photo saved under a .png name).
    public static let jpeg = ExampleFile.bytes(
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9])

    /// The file's bytes.
    public var bytes: [UInt8] {
        get throws {
            switch self {
            case .image(let image): return ExamplePNG.encode(image)
            case .text(let text): return Array(text.utf8)
            case .bytes(let bytes): return bytes
            case .plist(let value): return Array(value.xmlPlist.utf8)
            case .json(let value): return Array(value.json.utf8)
            case .binaryPlist(let value):
                return Array(try PropertyListFile.binaryData(value.foundation))
            }
        }
    }
}
