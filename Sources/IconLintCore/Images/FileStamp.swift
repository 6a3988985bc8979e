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
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: UInt64(truncatingIfNeeded: info.st_size),
            modified: Int64(modified.tv_sec) &* 1_000_000_000 &+ Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) &* 1_000_000_000 &+ Int64(changed.tv_nsec))
    }
}

/// A regular file opened once: its first bytes are read for the header, the rest only when
/// pixels are needed, all through one descriptor, with its stamp checked before and after.
final class OpenedFile {
    let path: String
    private let descriptor: Int32
    /// The stamp when opened.
    let stamp: FileStamp
    /// The bytes read so far, from the start of the file.
    private(set) var bytes: [UInt8] = []
    /// True once the whole file is in `bytes`.
    private(set) var complete = false

    /// Opens without blocking (a FIFO never hangs) and refuses anything but a regular file
    /// with the shim's wording.
    static func open(_ path: String) -> Result<OpenedFile, PNGError> {
        let descriptor = Glue.open(path)
        guard descriptor >= 0 else { return .failure(.io(path: path, reason: String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(.io(path: path, reason: reason))
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG, let stamp = FileStamp(info) else {
            close(descriptor)
            return .failure(.io(path: path, reason: kind == S_IFDIR ? "it is a folder" : "not a regular file"))
        }
        return .success(OpenedFile(path: path, descriptor: descriptor, stamp: stamp))
    }

    private init(path: String, descriptor: Int32, stamp: FileStamp) {
        self.path = path
        self.descriptor = descriptor
        self.stamp = stamp
    }

    deinit { close(descriptor) }

    /// Reads until `bytes` holds at least `count` bytes or the file ends.
    func read(upTo count: Int) throws(PNGError) {
        guard !complete, bytes.count < count else { return }
        let wanted = min(count, Int(clamping: stamp.size)) - bytes.count
        guard wanted > 0 else {
            complete = bytes.count >= Int(clamping: stamp.size)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: wanted))
        let outcome = bytes.withUnsafeMutableBytes { buffer in
            Descriptor.readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
        }
        let filled = start + outcome.count
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        if let failure = outcome.failure { throw .io(path: path, reason: String(cString: strerror(failure))) }
        complete = filled < start + wanted || bytes.count >= Int(clamping: stamp.size)
    }

    /// True when the file is as it was when opened (else its facts are not cached).
    var unchanged: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && FileStamp(info) == stamp
    }
}

/// libc's open(2), named apart from the method called `open` here (read(2) is `Descriptor.readFully`).
private enum Glue {
    static func open(_ path: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #elseif canImport(Glibc)
            Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #else
            Musl.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #endif
    }
}
