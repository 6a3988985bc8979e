import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a file so that readers see the old content or the new, never a half-written file:
/// the data goes to a uniquely named temporary file in the destination's folder, which is then
/// renamed over the destination (`rename(2)` is atomic within one file system).
public enum AtomicFile {
    /// Replaces `path` with `data` (or, when `overwrite` is false, creates it and refuses to
    /// replace an existing file). A new file gets mode 0644; a replaced file keeps its mode.
    /// On failure nothing is left behind and the destination is unchanged.
    public static func write(_ data: Data, to path: String, overwrite: Bool = true) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty, !path.hasSuffix("/") else { throw AtomicFileError(path: path, kind: .isDirectory) }

        var mode: mode_t = 0o644
        var existing = stat()
        if stat(path, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw AtomicFileError(path: path, kind: .isDirectory) }
            if !overwrite { throw AtomicFileError(path: path, kind: .destinationExists) }
            mode = existing.st_mode & 0o7777
        }

        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".iconlint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw AtomicFileError(path: path, kind: .system(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(temporary) }

        var committed = false
        defer { if !committed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try check(fchmod(descriptor, mode), path)
            try writeAll(data, to: descriptor, path: path)
            try check(fsync(descriptor), path)
        }
        if overwrite {
            try check(rename(temporary, path), path)
        } else {
            try linkWithoutReplacing(temporary, path)
            unlink(temporary)
        }
        committed = true
    }

    /// `link(2)` fails when the destination exists, so no file appearing meanwhile is replaced.
    /// File systems without hard links fall back to a check followed by `rename(2)`.
    private static func linkWithoutReplacing(_ temporary: String, _ path: String) throws {
        if link(temporary, path) == 0 { return }
        let linkError = errno
        if linkError == EEXIST { throw AtomicFileError(path: path, kind: .destinationExists) }
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(linkError) else {
            throw AtomicFileError(path: path, kind: .system(linkError))
        }
        var existing = stat()
        if stat(path, &existing) == 0 { throw AtomicFileError(path: path, kind: .destinationExists) }
        try check(rename(temporary, path), path)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFileError(path: path, kind: .system(errno))
                }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Musl.write(descriptor, bytes, count)
        #endif
    }

    private static func check(_ status: Int32, _ path: String) throws {
        if status != 0 { throw AtomicFileError(path: path, kind: .system(errno)) }
    }
}

/// Why `AtomicFile.write` failed; `description` is one line naming the path and the reason.
public struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// `overwrite` was false and the file exists.
        case destinationExists
        /// The destination is a folder.
        case isDirectory
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
        case .system(let code): "cannot write \(path): \(String(cString: strerror(code)))"
        }
    }
}
