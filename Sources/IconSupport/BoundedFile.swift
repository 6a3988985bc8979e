import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a regular file of at most a given size: a FIFO or a device never blocks or streams
/// forever, and a file that grows while it is read is cut off at the limit, not followed.
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable {
        case missing
        case notRegularFile
        case tooLarge(limit: Int)
        case system(Int32)
    }

    /// Reads `path` (through links) when it is a regular file of at most `limit` bytes.
    /// `O_NONBLOCK` keeps the open from waiting on a FIFO; the type is then checked on the
    /// open descriptor.
    public static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .system(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
        // The file may grow while it is read: never take more than limit + 1 bytes.
        var data = Data(count: Int(info.st_size) + 1)
        var total = 0
        while total <= limit {
            if total == data.count { data.count = min(limit + 1, data.count * 2 + 4096) }
            let got = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.system(errno))
            }
            if got == 0 { break }
            total += got
        }
        guard total <= limit else { return .failure(.tooLarge(limit: limit)) }
        data.count = total
        return .success(data)
    }

    /// read(2), on every platform's C library.
    public static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Musl.read(descriptor, buffer, count)
        #endif
    }
}
