/// Why a zip archive (an `.ipa`) or one of its entries could not be read. Each message is one line.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case io(path: String, reason: String)
    /// No end-of-central-directory record: not a zip archive.
    case notZip(detail: String)
    /// A record or offset is inconsistent with the archive.
    case corrupt(detail: String)
    /// A size, count or ratio above the reader's limits (the shapes of zip bombs).
    case limitExceeded(detail: String)
    /// An entry name that would escape a folder if extracted: absolute, `..`, drive letter.
    case unsafeName(String)
    /// The entry is encrypted; iconlint reads only plain archives.
    case encrypted(entry: String)
    /// A compression method other than stored (0) and deflate (8), or a multi-disk archive.
    case unsupported(detail: String)
    /// The entry's data does not match its CRC-32.
    case crcMismatch(entry: String)
    /// No entry of that name.
    case entryNotFound(String)

    /// A stable name for reports.
    public var kind: String {
        switch self {
        case .io: "io"
        case .notZip: "not-zip"
        case .corrupt: "corrupt"
        case .limitExceeded: "too-large"
        case .unsafeName: "unsafe-name"
        case .encrypted: "encrypted"
        case .unsupported: "unsupported"
        case .crcMismatch: "crc"
        case .entryNotFound: "not-found"
        }
    }

    public var description: String {
        switch self {
        case .io(let path, let reason): "cannot read \(path): \(reason)"
        case .notZip(let detail): "not a zip archive: \(detail)"
        case .corrupt(let detail): "corrupt zip archive: \(detail)"
        case .limitExceeded(let detail): "zip archive refused: \(detail)"
        case .unsafeName(let name): "zip archive refused: entry name '\(ZipError.printable(name))' escapes its folder (absolute path or '..')"
        case .encrypted(let entry): "zip entry '\(ZipError.printable(entry))' is encrypted"
        case .unsupported(let detail): "unsupported zip archive: \(detail)"
        case .crcMismatch(let entry): "zip entry '\(ZipError.printable(entry))' is damaged: its data does not match its CRC-32"
        case .entryNotFound(let name): "no entry '\(ZipError.printable(name))' in the zip archive"
        }
    }

    /// Names come from the archive: control characters would break the one-line promise.
    static func printable(_ name: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? "?" : $0
                }))
        return cleaned.count > 200 ? String(cleaned.prefix(200)) + "…" : cleaned
    }
}
