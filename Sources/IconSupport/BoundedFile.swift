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
        while true {
            let outcome = data.withUnsafeMutableBytes { buffer in
                Descriptor.readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            }
            total += outcome.count
            if let failure = outcome.failure { return .failure(.system(failure)) }
            // The file ended before the buffer was full, or it is over the limit.
            if total < data.count || total > limit { break }
            data.count = min(limit + 1, data.count * 2 + 4096)
        }
        guard total <= limit else { return .failure(.tooLarge(limit: limit)) }
        data.count = total
        return .success(data)
    }

}
