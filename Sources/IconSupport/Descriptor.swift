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

    /// The system's text for an errno, e.g. "No space left on device".
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
