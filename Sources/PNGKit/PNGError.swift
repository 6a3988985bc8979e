/// Why a PNG could not be read or written. Messages keep libpng's own text.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No PNG signature; `detail` says what the bytes look like instead.
    case notPNG(detail: String)
    /// libpng rejected the data; `reason` is libpng's message, e.g. "IHDR: CRC error".
    case corrupt(reason: String)
    /// The dimensions or memory needed exceed the configured limits.
    case tooLarge(detail: String)
    /// The file could not be opened or read.
    case io(path: String, reason: String)
    /// Apple's CgBI ("iPhone-optimised") variant where an original PNG is needed (e.g. a
    /// source for `generate`). The reader decodes CgBI; this case names the refusal.
    case cgbi
    /// An allocation failed.
    case noMemory
    /// The caller passed an image that cannot be encoded.
    case invalidImage(String)

    /// A stable name for reports: not-png, corrupt, too-large, io, cgbi.
    public var kind: String {
        switch self {
        case .notPNG: "not-png"
        case .corrupt, .noMemory, .invalidImage: "corrupt"
        case .tooLarge: "too-large"
        case .io: "io"
        case .cgbi: "cgbi"
        }
    }

    public var description: String {
        switch self {
        case .notPNG(let detail): "not a PNG file: \(detail)"
        case .corrupt(let reason): "corrupt PNG: \(reason)"
        case .tooLarge(let detail): "image too large: \(detail)"
        case .io(let path, let reason): "cannot read \(path): \(reason)"
        case .cgbi: "Apple CgBI (iPhone-optimised) PNG, a copy taken from a built app; use the original PNG from the project"
        case .noMemory: "out of memory"
        case .invalidImage(let reason): "cannot encode: \(reason)"
        }
    }
}

extension PNGError {
    /// The `notPNG` detail of a Git LFS pointer: a clone without git-lfs (or a CI checkout
    /// without LFS) holds a three-line text file where the image should be.
    public static let gitLFSPointer = "it is a Git LFS pointer, not the image: the checkout did not fetch the Git LFS content (run `git lfs pull`)"

    /// The file is a Git LFS pointer (see `gitLFSPointer`).
    public var isGitLFSPointer: Bool {
        if case .notPNG(let detail) = self { return detail == Self.gitLFSPointer }
        return false
    }
}

/// Names the format of a file that is not a PNG, from its first bytes.
enum FormatSniffer {
    /// A Git LFS pointer begins `version https://git-lfs.github.com/spec/v1` (the first
    /// pointers, `https://hawser.github.com/spec/v1`).
    static func isGitLFSPointer(_ magic: [UInt8]) -> Bool {
        magic.starts(with: Array("version https://git-lfs.".utf8)) || magic.starts(with: Array("version https://hawser.".utf8))
    }

    static func describe(_ magic: [UInt8]) -> String {
        func starts(_ prefix: [UInt8]) -> Bool { magic.starts(with: prefix) }
        if magic.isEmpty { return "the file is empty" }
        if starts([0xFF, 0xD8, 0xFF]) { return "it is a JPEG image" }
        if starts(Array("GIF8".utf8)) { return "it is a GIF image" }
        if starts(Array("RIFF".utf8)), magic.count >= 12, Array(magic[8..<12]) == Array("WEBP".utf8) {
            return "it is a WebP image"
        }
        if starts([0x42, 0x4D]) { return "it is a BMP image" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "it is a TIFF image" }
        if magic.count >= 12, Array(magic[4..<8]) == Array("ftyp".utf8) { return "it is a HEIF/AVIF image" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "it is a Windows ICO file" }
        if starts(Array("%PDF".utf8)) { return "it is a PDF document" }
        if isGitLFSPointer(magic) { return PNGError.gitLFSPointer }
        let text = String(decoding: magic, as: UTF8.self).lowercased()
        if text.contains("<svg") || text.hasPrefix("<?xml") { return "it is an XML or SVG text file" }
        if text.hasPrefix("<!doc") || text.hasPrefix("<html") { return "it is an HTML page" }
        if magic.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "its PNG signature is damaged" }
        return "no PNG signature"
    }
}
