import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP stop the run at once and leave the tree as it was:
/// every open FileTransaction is rolled back (new files removed, replaced and removed files
/// restored), temporary files are removed, and the process exits 128 + the signal number
/// (130 for SIGINT, 143 for SIGTERM), as a shell reports a command that a signal stopped.
///
/// The signals are blocked in every thread and taken by one thread of their own with
/// `sigwait`, so neither busy worker threads nor a blocking write delay the response.
/// SIGKILL cannot be caught: then a run may leave `.NAME.iconlint-*` files (temporary
/// files and the saved previous versions of replaced files) beside its outputs.
public enum Interruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var received: Int32?
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var open: [ObjectIdentifier: FileTransaction] = [:]

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Call first thing in the executable, before any thread starts. A write over
    /// `ulimit -f` then fails with EFBIG (SIGXFSZ ignored) and is rolled back like any failure.
    public static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waiting = set
        let thread = Thread {
            var set = waiting
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            stop(number)
        }
        thread.name = "iconlint-signals"
        thread.start()
    }

    /// The signal being handled, if any: work in progress may stop early.
    public static var requested: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Rolls back, cleans up and exits 128 + `number`.
    static func stop(_ number: Int32) -> Never {
        lock.lock()
        received = number
        let transactions = Array(open.values)
        open = [:]
        lock.unlock()
        for transaction in transactions { transaction.rollBack() }
        TemporaryFiles.closeAndRemoveAll()
        _exit(128 + number)
    }

    /// Records an open transaction; false when the run is already being interrupted.
    static func track(_ transaction: FileTransaction) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard received == nil else { return false }
        open[ObjectIdentifier(transaction)] = transaction
        return true
    }

    static func untrack(_ transaction: FileTransaction) {
        lock.lock()
        open[ObjectIdentifier(transaction)] = nil
        lock.unlock()
    }
}
