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

    /// A temporary file beside the file at `place` holding `bytes`, fsynced, with `mode`; the
    /// caller renames it into place or unlinks it (it is registered with TemporaryFiles meanwhile).
    static func prepare(_ bytes: [UInt8], at place: FileTransaction.Place, mode: mode_t) throws(AtomicFileError) -> FileTransaction.Place {
        guard let (descriptor, temporary) = temporary(beside: place) else {
            throw AtomicFileError(path: place.path, kind: errno == EINTR ? .interrupted : .system(errno))
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
            unlinkat(temporary.folder, temporary.name, 0)
            TemporaryFiles.unregister(temporary.path)
            throw AtomicFileError(path: place.path, kind: .system(failure))
        }
        return temporary
    }

    /// A new, empty `.NAME.iconlint-XXXXXX` (mode 0600) in the folder of `place`, open.
    static func temporary(beside place: FileTransaction.Place) -> (Int32, FileTransaction.Place)? {
        if place.folder == AT_FDCWD {
            let (folder, name) = ProjectPath.split(place.path)
            guard let (descriptor, path) = TemporaryFiles.create(in: folder, for: name) else { return nil }
            return (descriptor, FileTransaction.Place(plain: path))
        }
        guard let (descriptor, name, path) = TemporaryFiles.create(at: place.folder, shown: place.folderPath, for: place.name) else {
            return nil
        }
        return (descriptor, FileTransaction.Place(folder: place.folder, name: name, path: path, folderPath: place.folderPath))
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
        /// Below a root that is not left through links (ConfinedPath), this folder on the way
        /// (nil: the file itself) is a symbolic link.
        case link(String?, root: String)
        /// The path leads outside the root it must stay in (ConfinedPath).
        case outside(root: String)
        /// Below a root (ConfinedPath), the destination is a device, FIFO or socket.
        case notRegular(root: String)
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
        case .link(let folder?, let root): "cannot write \(path): \(folder) is a symbolic link, and no link inside \(root) is followed"
        case .link(nil, let root): "cannot write \(path): it is a symbolic link, and no link inside \(root) is followed"
        case .outside(let root): "cannot write \(path): it is outside \(root)"
        case .notRegular(let root): "cannot write \(path): it is not a regular file, and only regular files inside \(root) are written"
        }
    }
}
