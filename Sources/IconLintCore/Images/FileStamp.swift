import Foundation
import PNGKit
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What identifies one version of a file without reading it: device, inode, size, and the
/// modification and status-change times in nanoseconds. A rewrite in place changes the
/// times, a replacement by rename changes the inode, so equal stamps mean an unchanged file.
public struct FileStamp: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: UInt64
    public var modified: Int64
    public var changed: Int64

    public init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of a regular file at `path` (symbolic links followed); nil for anything else.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init?(_ info: stat) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                  size: UInt64(truncatingIfNeeded: info.st_size),
                  modified: Int64(modified.tv_sec) &* 1_000_000_000 &+ Int64(modified.tv_nsec),
                  changed: Int64(changed.tv_sec) &* 1_000_000_000 &+ Int64(changed.tv_nsec))
    }
}

/// A file read whole through one descriptor, with its stamp taken before and after.
struct WholeFile {
    /// The bytes; nil when the file is larger than the limit (then read it by path).
    var bytes: [UInt8]?
    /// The stamp, or nil when the file changed while it was read.
    var stamp: FileStamp?

    /// Opens without blocking (a FIFO never hangs), refuses anything but a regular file with
    /// the shim's wording, and reads at most `limit` bytes into memory.
    static func read(_ path: String, limit: Int) -> Result<WholeFile, PNGError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.io(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.io(path: path, reason: String(cString: strerror(errno)))) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG, let before = FileStamp(info) else {
            return .failure(.io(path: path, reason: kind == S_IFDIR ? "it is a folder" : "not a regular file"))
        }
        guard before.size <= UInt64(limit) else { return .success(WholeFile(bytes: nil, stamp: before)) }
        var bytes = [UInt8](repeating: 0, count: Int(before.size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.io(path: path, reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            filled += count
        }
        // A file that shrank is read as it is now; one that changed is not cached.
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        var after = stat()
        let unchanged = fstat(descriptor, &after) == 0 && FileStamp(after) == before && filled == Int(before.size)
        return .success(WholeFile(bytes: bytes, stamp: unchanged ? before : nil))
    }
}

/// libc's read(2), named apart from the methods called `read` here.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Musl.read(descriptor, buffer, count)
        #endif
    }
}
