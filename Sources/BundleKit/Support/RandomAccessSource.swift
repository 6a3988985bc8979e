import IconSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes read at positions: a block in memory, or a regular file read with pread (so a
/// large archive is never loaded whole, and concurrent reads need no shared cursor).
enum RandomAccessSource: Sendable {
    case memory([UInt8])
    case file(OpenFile)

    var size: UInt64 {
        switch self {
        case .memory(let bytes): UInt64(bytes.count)
        case .file(let file): file.size
        }
    }

    /// Exactly `count` bytes at `offset`, or nil when they are not all there.
    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else { return nil }
        switch self {
        case .memory(let bytes):
            let start = Int(offset)
            return Array(bytes[start..<(start + count)])
        case .file(let file):
            return file.read(at: offset, count: count)
        }
    }
}

/// A regular file open for reading. Opening refuses FIFOs, devices and folders (checked on
/// the descriptor, opened non-blocking so a FIFO cannot hang the open).
final class OpenFile: Sendable {
    let descriptor: Int32
    let size: UInt64

    /// Opens `path`; the error string is a reason to print after the path. With
    /// `followingLinks` false a symbolic link is refused (files inside a bundle).
    static func open(_ path: String, followingLinks: Bool = true) -> Result<OpenFile, OpenFileError> {
        let fd = path.withCString { openReadOnly($0, followingLinks: followingLinks) }
        guard fd >= 0 else { return .failure(OpenFileError(reason: String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(OpenFileError(reason: reason))
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            return .failure(OpenFileError(reason: type == S_IFDIR ? "it is a folder" : "not a regular file"))
        }
        return .success(OpenFile(descriptor: fd, size: UInt64(max(0, info.st_size))))
    }

    private init(descriptor: Int32, size: UInt64) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let outcome = buffer.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0, at: offset) }
        return outcome.failure == nil && outcome.count == count ? buffer : nil
    }
}

struct OpenFileError: Error {
    var reason: String
}

private func openReadOnly(_ path: UnsafePointer<CChar>, followingLinks: Bool) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
}
