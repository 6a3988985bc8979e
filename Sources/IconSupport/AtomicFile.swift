import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes one file so that readers see the old content or the new, never a half-written file.
/// It is a FileTransaction of one file: the bytes go to a temporary file in the destination's
/// folder (fsynced, with the mode the file will keep), which is then renamed over it.
public enum AtomicFile {
    /// Replaces `path` with `data` (or, when `overwrite` is false, creates it and refuses to
    /// replace an existing file). A new file gets mode 0644; a replaced file keeps its mode.
    /// The folder must exist. On failure nothing is left behind and the destination is unchanged.
    public static func write(_ data: Data, to path: String, overwrite: Bool = true) throws(AtomicFileError) {
        let transaction = FileTransaction(force: overwrite, createsFolders: false)
        try transaction.write([(path, [UInt8](data))])
        transaction.finish()
    }

    /// A temporary file beside `path` holding `bytes`, fsynced, with `mode`; the caller
    /// renames it into place or unlinks it (it is registered with TemporaryFiles meanwhile).
    static func prepare(_ bytes: [UInt8], for path: String, mode: mode_t) throws(AtomicFileError) -> String {
        let (folder, name) = FilePath.split(path)
        guard let (descriptor, temporary) = TemporaryFiles.create(in: folder, for: name) else {
            throw AtomicFileError(path: path, kind: errno == EINTR ? .interrupted : .system(errno))
        }
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 {
            failure = errno
        } else if let code = writeAll(bytes, to: descriptor) {
            failure = code
        } else if fsync(descriptor) != 0 {
            failure = errno
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            TemporaryFiles.unregister(temporary)
            throw AtomicFileError(path: path, kind: .system(failure))
        }
        return temporary
    }

    /// Writes every byte, retrying after EINTR; returns the errno of a failure.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Musl.write(descriptor, bytes, count)
        #endif
    }
}

/// Path helpers that need no Foundation path semantics: `"D"` is the file D in the current
/// folder, `""` is no path at all.
enum FilePath {
    /// The folder ("" for the current one) and the last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// `lstat` type bits of `path`, or nil when nothing is there.
    static func type(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}

/// Why a write failed; `description` is one line naming the path and the reason.
public struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Replacing was not allowed (no --force) and the file exists.
        case destinationExists
        /// The destination is a folder.
        case isDirectory
        /// Something on the way to the destination is not a folder.
        case notAFolder(String)
        /// The run is being interrupted (SIGINT, SIGTERM, SIGHUP).
        case interrupted
        /// A system call failed with this errno.
        case system(Int32)
    }

    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .destinationExists: "cannot write \(path): the file already exists and is not replaced"
        case .isDirectory: "cannot write \(path): it is a folder"
        case .notAFolder(let folder): "cannot write \(path): \(folder) is not a folder"
        case .interrupted: "cannot write \(path): interrupted"
        case .system(let code): "cannot write \(path): \(String(cString: strerror(code)))"
        }
    }
}
