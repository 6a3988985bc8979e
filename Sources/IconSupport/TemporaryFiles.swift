import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The temporary files being written, so that an interrupted run removes them: after Ctrl-C,
/// a CI timeout's SIGTERM or a closed terminal, no `.NAME.iconlint-XXXXXX` is left next to a
/// destination. Once an interruption is being handled no new temporary file can be made.
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var closed = false

    /// Creates `FOLDER/.NAME.iconlint-XXXXXX` (mode 0600, close-on-exec) and registers it.
    /// Returns nil with `errno` set when it cannot, EINTR when the run is being interrupted.
    static func create(in folder: String, for name: String) -> (descriptor: Int32, path: String)? {
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".iconlint-XXXXXX").utf8CString)
        lock.lock()
        defer { lock.unlock() }
        guard !closed else {
            errno = EINTR
            return nil
        }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        paths.insert(path)
        return (descriptor, path)
    }

    /// `.NAME.iconlint-XXXXXX` in the open folder `folder` (shown as `folderPath`), made with
    /// `openat(O_CREAT | O_EXCL | O_NOFOLLOW)` so that it is a new file in that very folder;
    /// registered by its path. Returns the descriptor, its name in `folder` and its path.
    static func create(at folder: Int32, shown folderPath: String, for name: String) -> (descriptor: Int32, name: String, path: String)? {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        lock.lock()
        defer { lock.unlock() }
        guard !closed else {
            errno = EINTR
            return nil
        }
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters.randomElement()! })
            let file = "." + name + ".iconlint-" + suffix
            let descriptor = openat(folder, file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                let path = folderPath + "/" + file
                paths.insert(path)
                return (descriptor, file, path)
            }
            if errno != EEXIST { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// A file being written that an interruption should remove.
    public static func register(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    public static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// The temporary files being written now.
    public static var pending: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    /// Removes the temporary files being written (those `matching`); returns how many.
    @discardableResult
    public static func removeAll(matching predicate: (String) -> Bool = { _ in true }) -> Int {
        lock.lock()
        let current = paths.filter(predicate)
        paths.subtract(current)
        lock.unlock()
        for path in current { unlink(path) }
        return current.count
    }

    /// Interruption: refuse new temporary files from now on, and remove those there are.
    static func closeAndRemoveAll() {
        lock.lock()
        closed = true
        let current = paths
        paths = []
        lock.unlock()
        for path in current { unlink(path) }
    }
}
