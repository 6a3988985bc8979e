import Foundation
import IconSupport
import PNGKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Image facts kept between runs (pre-commit hooks, build phases), keyed by absolute path
/// and `FileStamp` (device, inode, size, modification and change times), in one file per
/// set of PNG limits inside `directory`. A rerun over unchanged files only stats them.
///
/// The cache is an optimisation and never an authority: a cache file that is not a regular
/// file owned by this user, is writable by others, is truncated, corrupt, foreign, or of
/// another format or facts version is ignored (and replaced on the next save); failures to
/// create the folder or write are silent, and `lastProblem` says what happened.
public final class ImageFactsCacheStore: @unchecked Sendable {
    /// The folder holding the cache files.
    public let directory: String
    private let lock = NSLock()
    private var tables: [UInt64: Table] = [:]
    private var problem: String?
    /// The day number (days since 1970) entries are stamped with when used.
    private let today: UInt32

    /// Entries unused for this many days are dropped on save.
    static let keepDays: UInt32 = 60
    /// Most entries one cache file keeps (the most recently used win).
    static let maxEntries = 200_000
    /// Cache files larger than this are not read.
    static let maxFileBytes = 256 << 20

    struct Entry: Equatable {
        var stamp: FileStamp
        var lastUsed: UInt32
        var facts: ImageFacts
    }

    struct Table {
        var entries: [String: Entry] = [:]
        var dirty = false
    }

    /// A store in `directory` (created with mode 0700 on the first save).
    public init(directory: String, now: Date = Date()) {
        self.directory = directory
        today = UInt32(clamping: Int(now.timeIntervalSince1970 / 86_400))
    }

    /// The platform's cache folder for iconlint: `~/Library/Caches/iconlint` on macOS,
    /// `$XDG_CACHE_HOME/iconlint` (when absolute) or `~/.cache/iconlint` elsewhere; nil
    /// without a home folder.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        #if os(macOS)
            return home.map { ($0 as NSString).appendingPathComponent("Library/Caches/iconlint") }
        #else
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
                return (xdg as NSString).appendingPathComponent("iconlint")
            }
            return home.map { ($0 as NSString).appendingPathComponent(".cache/iconlint") }
        #endif
    }

    /// The store the command line asks for: none with `--no-cache`, `--cache-path DIR` when
    /// given, else the platform's cache folder (none when there is no home folder).
    public static func forCommandLine(
        cachePath: String?, noCache: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ImageFactsCacheStore? {
        if noCache { return nil }
        if let cachePath { return ImageFactsCacheStore(directory: cachePath) }
        return defaultDirectory(environment: environment).map { ImageFactsCacheStore(directory: $0) }
    }

    /// What went wrong reading or writing the cache last, for a verbose mode or tests.
    public var lastProblem: String? {
        lock.lock()
        defer { lock.unlock() }
        return problem
    }

    /// The cache file for images read under `limits` (other limits, other answers).
    func filePath(limits: PNGLimits) -> String {
        (directory as NSString).appendingPathComponent(fileName(ImageFactsCacheFile.fingerprint(limits)))
    }

    /// Cached facts of `path` when its stamp is the one recorded.
    func lookup(_ path: String, stamp: FileStamp, limits: PNGLimits) -> ImageFacts? {
        lock.lock()
        defer { lock.unlock() }
        let key = ImageFactsCacheFile.fingerprint(limits)
        loadTable(key)
        guard var entry = tables[key]?.entries[path], entry.stamp == stamp else { return nil }
        if entry.lastUsed != today {
            entry.lastUsed = today
            tables[key]?.entries[path] = entry
            tables[key]?.dirty = true
        }
        return entry.facts
    }

    /// Records facts read from `path` while it had `stamp`.
    func record(_ path: String, stamp: FileStamp, limits: PNGLimits, facts: ImageFacts) {
        lock.lock()
        defer { lock.unlock() }
        let key = ImageFactsCacheFile.fingerprint(limits)
        loadTable(key)
        let entry = Entry(stamp: stamp, lastUsed: today, facts: facts)
        if tables[key]?.entries[path] != entry {
            tables[key]?.entries[path] = entry
            tables[key]?.dirty = true
        }
    }

    /// Writes every cache file that changed, atomically. Returns false when one could not be
    /// written (`lastProblem` says why); lint goes on either way.
    @discardableResult
    public func save() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let dirty = tables.filter { $0.value.dirty }
        guard !dirty.isEmpty else { return true }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            problem = "cannot create the cache folder \(directory): \(error.localizedDescription)"
            return false
        }
        var saved = true
        for (key, table) in dirty {
            let oldest = today > Self.keepDays ? today - Self.keepDays : 0
            var kept = table.entries.filter { $0.value.lastUsed >= oldest }
            if kept.count > Self.maxEntries {
                let newest = kept.sorted { $0.value.lastUsed > $1.value.lastUsed }.prefix(Self.maxEntries)
                kept = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
            }
            let data = ImageFactsCacheFile.encode(kept, limitsKey: key)
            let path = (directory as NSString).appendingPathComponent(fileName(key))
            do {
                try AtomicFile.write(data, to: path, overwrite: true)
                tables[key]?.dirty = false
            } catch {
                problem = "cannot write the cache file \(path): \(error)"
                saved = false
            }
        }
        return saved
    }

    private func fileName(_ key: UInt64) -> String {
        String(format: "image-facts-v%d-%016llx.cache", ImageFactsCacheFile.formatVersion, key)
    }

    /// Reads the cache file of `key` once; anything doubtful leaves the table empty.
    private func loadTable(_ key: UInt64) {
        guard tables[key] == nil else { return }
        tables[key] = Table()
        let path = (directory as NSString).appendingPathComponent(fileName(key))
        switch Self.readTrusted(path) {
        case .missing:
            return
        case .refused(let reason):
            problem = "ignored the cache file \(path): \(reason)"
        case .data(let bytes):
            do {
                tables[key]?.entries = try ImageFactsCacheFile.decode(bytes, limitsKey: key)
            } catch {
                problem = "ignored the cache file \(path): \(error.reason)"
            }
        }
    }

    enum TrustedRead {
        case missing
        case refused(String)
        case data([UInt8])
    }

    /// Reads a cache file only when it is a regular file (no link followed), owned by this
    /// user, not writable by group or others, and of a sane size.
    static func readTrusted(_ path: String) -> TrustedRead {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .refused(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .refused("not a regular file") }
        guard info.st_uid == geteuid() else { return .refused("owned by another user") }
        guard info.st_mode & 0o022 == 0 else { return .refused("writable by other users") }
        guard info.st_size <= Int64(maxFileBytes) else { return .refused("too large") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let outcome = bytes.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0) }
        guard outcome.failure == nil, outcome.count == bytes.count else { return .refused("short read") }
        return .data(bytes)
    }
}
