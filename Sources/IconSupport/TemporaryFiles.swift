import Dispatch
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files AtomicFile is writing, so that an interrupted run removes them too:
/// after Ctrl-C, a CI timeout's SIGTERM or a closed terminal, no `.name.iconlint-XXXXXX`
/// is left next to the destination (the destination itself is only ever renamed into place).
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// A file being written that an interruption should remove (AtomicFile registers its own).
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

    /// On SIGINT, SIGTERM or SIGHUP: remove the temporary files, then die of the same signal
    /// (so the exit status still says what happened). SIGXFSZ is ignored, so a write over
    /// `ulimit -f` fails with EFBIG and is cleaned up like any failed write instead of killing
    /// the process mid-file. Call once, from the executable.
    public static func removeOnInterrupt() {
        signal(SIGXFSZ, SIG_IGN)
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // The handler runs on a queue, not in signal context, so it may lock and unlink.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
