#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Plain `write(2)` to an open descriptor, for stdout and stderr too: a failure is an errno
/// to report, never a trap (Foundation's FileHandle.write traps on EPIPE, ENOSPC, EBADF).
public enum Descriptor {
    /// Writes every byte, retrying after EINTR; returns the errno of a failure, nil on success.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        AtomicFile.writeAll(bytes, to: descriptor)
    }

    /// Occupies closed standard descriptors (0, 1, 2) with /dev/null opened read-only, before
    /// anything else is opened: otherwise the next file opened would take the number, and a
    /// report meant for stdout would be written into it. Writes to them then fail (EBADF).
    public static func reserveStandardDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// What `readFully` got: the bytes read, and the errno that stopped it (nil when the
    /// buffer was filled or the file ended).
    public struct ReadOutcome: Sendable, Equatable {
        public var count: Int
        public var failure: Int32?

        public init(count: Int, failure: Int32?) {
            self.count = count
            self.failure = failure
        }
    }

    /// The one read loop: reads into `buffer` until it is full or the file ends, from the
    /// descriptor's position, or from `offset` with pread(2) (no shared cursor: safe from
    /// several threads). Retries after EINTR; any other error stops it (EAGAIN too: a loop
    /// that retried it could spin for ever on a file someone keeps locked).
    public static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64? = nil)
        -> ReadOutcome
    {
        guard let base = buffer.baseAddress else { return ReadOutcome(count: 0, failure: nil) }
        var done = 0
        while done < buffer.count {
            let got =
                if let offset {
                    pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
                } else {
                    systemRead(descriptor, base + done, buffer.count - done)
                }
            if got < 0 {
                if errno == EINTR { continue }
                return ReadOutcome(count: done, failure: errno)
            }
            if got == 0 { break }
            done += got
        }
        return ReadOutcome(count: done, failure: nil)
    }

    /// read(2), on every platform's C library.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Musl.read(descriptor, buffer, count)
        #endif
    }

    /// The system's text for an errno, e.g. "No space left on device".
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
