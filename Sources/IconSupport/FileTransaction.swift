import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes and removes files for one run, all or nothing, until `finish()`.
///
/// Each `write` is one batch: every file first goes to a temporary file in its own folder
/// (fsynced, with the mode it will keep: a replaced file's own, 0644 for a new one), then
/// each temporary is renamed into place. A file being replaced, or removed, keeps a second
/// name (`.NAME.iconlint-XXXXXX`) until the run ends, so its path always holds the old or
/// the new bytes and `rollBack()` can put it back. A batch that fails is undone by itself;
/// `rollBack()` undoes every batch, and an interruption (see Interruption) rolls back every
/// open transaction. `finish()` keeps the changes and drops the saved versions.
public final class FileTransaction: @unchecked Sendable {
    private enum Change {
        case created(String)
        case replaced(String, saved: String)
        case removed(String, saved: String)
        case folder(String)
    }

    /// Existing regular files may be replaced (`--force`); otherwise they stop the batch.
    public let force: Bool
    /// Missing folders on the way to a file are created (and removed again by a rollback);
    /// otherwise a missing folder fails the batch with ENOENT.
    public let createsFolders: Bool
    /// Test seam: called before each rename of a batch, may throw to simulate a failure.
    @_spi(Testing) public var beforeRename: (@Sendable (Int) throws -> Void)?

    private let lock = NSLock()
    /// Every change so far, with the batch that made it, oldest first.
    private var changes: [(batch: Int, change: Change)] = []
    private var batches = 0
    private var closed = false

    public init(force: Bool = false, createsFolders: Bool = true) {
        self.force = force
        self.createsFolders = createsFolders
    }

    /// The paths among `paths` where something exists already.
    public static func existing(_ paths: [String]) -> [String] {
        paths.filter { FilePath.type($0) != nil }
    }

    /// Writes `files` and removes `removing`, all or nothing: when one step fails, the others
    /// of this batch are undone. `replace` overrides `force` for this batch (an Info.plist
    /// edited in place is replaced by design).
    public func write(
        _ files: [(path: String, bytes: [UInt8])], removing: [String] = [],
        replace: Bool? = nil
    ) throws(AtomicFileError) {
        let force = replace ?? self.force
        guard Interruption.track(self) else { throw AtomicFileError(path: files.first?.path ?? "", kind: .interrupted) }
        var modes: [mode_t] = []
        for file in files {
            let (_, name) = FilePath.split(file.path)
            guard !file.path.isEmpty, !name.isEmpty, name != ".", name != "..", !file.path.hasSuffix("/") else {
                throw AtomicFileError(path: file.path, kind: .isDirectory)
            }
            var info = stat()
            if lstat(file.path, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { throw AtomicFileError(path: file.path, kind: .isDirectory) }
                guard force else { throw AtomicFileError(path: file.path, kind: .destinationExists) }
                modes.append((info.st_mode & S_IFMT) == S_IFREG ? info.st_mode & 0o7777 : 0o644)
            } else {
                modes.append(0o644)
            }
        }

        // Folders first, then the temporaries (written and fsynced outside the lock, so
        // batches of other threads write theirs meanwhile), then every rename at once.
        lock.lock()
        guard !closed else {
            lock.unlock()
            throw AtomicFileError(path: files.first?.path ?? "", kind: .interrupted)
        }
        let batch = batches
        batches += 1
        var temporaries: [String] = []
        func undoBatch() {
            for temporary in temporaries {
                unlink(temporary)
                TemporaryFiles.unregister(temporary)
            }
            self.undo(batch: batch)
        }
        do throws(AtomicFileError) {
            if createsFolders {
                for file in files { try makeFolders(for: file.path, batch: batch) }
            }
        } catch {
            undoBatch()
            lock.unlock()
            throw error
        }
        lock.unlock()

        do throws(AtomicFileError) {
            for (file, mode) in zip(files, modes) {
                temporaries.append(try AtomicFile.prepare(file.bytes, for: file.path, mode: mode))
            }
        } catch {
            lock.lock()
            undoBatch()
            lock.unlock()
            throw error
        }

        lock.lock()
        defer { lock.unlock() }
        do throws(AtomicFileError) {
            for (index, file) in files.enumerated() {
                if closed || Interruption.requested != nil { throw AtomicFileError(path: file.path, kind: .interrupted) }
                do {
                    try beforeRename?(index)
                } catch {
                    throw AtomicFileError(path: file.path, kind: .system(EIO))
                }
                var saved: String?
                if FilePath.type(file.path) != nil {
                    guard force else { throw AtomicFileError(path: file.path, kind: .destinationExists) }
                    saved = try keepSecondName(file.path)
                }
                guard rename(temporaries[index], file.path) == 0 else {
                    let code = errno
                    if let saved {
                        // A hard-linked second name goes; a file moved aside comes back.
                        if FilePath.type(file.path) == nil { rename(saved, file.path) } else { unlink(saved) }
                        TemporaryFiles.unregister(saved)
                    }
                    throw AtomicFileError(path: file.path, kind: .system(code))
                }
                TemporaryFiles.unregister(temporaries[index])
                changes.append((batch, saved.map { .replaced(file.path, saved: $0) } ?? .created(file.path)))
            }
            temporaries = []
            for path in removing { try moveAside(path, batch: batch) }
        } catch {
            undoBatch()
            throw error
        }
    }

    /// Removes files (kept under a second name until the run ends, so rollBack restores them).
    public func remove(_ paths: [String]) throws(AtomicFileError) {
        try write([], removing: paths)
    }

    /// Moves `path` to a second name, recorded for rollBack (the lock is held).
    private func moveAside(_ path: String, batch: Int) throws(AtomicFileError) {
        let saved = try savedName(for: path)
        guard rename(path, saved) == 0 else {
            let code = errno
            unlink(saved)
            TemporaryFiles.unregister(saved)
            throw AtomicFileError(path: path, kind: .system(code))
        }
        changes.append((batch, .removed(path, saved: saved)))
    }

    /// Keeps every change; the saved previous versions are deleted.
    public func finish() {
        lock.lock()
        for (_, change) in changes {
            switch change {
            case .replaced(_, let saved), .removed(_, let saved):
                unlink(saved)
                TemporaryFiles.unregister(saved)
            case .created, .folder: break
            }
        }
        changes = []
        lock.unlock()
        Interruption.untrack(self)
    }

    /// Undoes every change of every batch: the tree is as it was before the transaction.
    public func rollBack() {
        lock.lock()
        undo(batch: nil)
        closed = true
        lock.unlock()
        Interruption.untrack(self)
    }

    /// Undoes the changes of one batch (every batch when nil), newest first (the lock is held).
    private func undo(batch: Int?) {
        // A folder another batch still writes into stays recorded, for a later rollBack.
        var stillUsed: [(batch: Int, change: Change)] = []
        for (owner, change) in changes.reversed() where batch == nil || owner == batch {
            switch change {
            case .created(let path):
                unlink(path)
            case .replaced(let path, let saved), .removed(let path, let saved):
                // rename() puts the old bytes back over the new ones in one step.
                rename(saved, path)
                TemporaryFiles.unregister(saved)
            case .folder(let path):
                // Only when empty: another batch may have written into it meanwhile.
                if rmdir(path) != 0 && errno == ENOTEMPTY && batch != nil { stillUsed.insert((-1, change), at: 0) }
            }
        }
        changes.removeAll { batch == nil || $0.batch == batch }
        changes.insert(contentsOf: stillUsed, at: 0)
    }

    /// A second (hard-linked) name for an existing file; the path itself is replaced next.
    private func keepSecondName(_ path: String) throws(AtomicFileError) -> String {
        let saved = try savedName(for: path)
        // link() needs the name free: savedName made it with mkstemp, so drop that file first.
        unlink(saved)
        if link(path, saved) == 0 { return saved }
        let code = errno
        // Without hard links (some file systems), the old file moves aside instead.
        if [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(code), rename(path, saved) == 0 { return saved }
        TemporaryFiles.unregister(saved)
        throw AtomicFileError(path: path, kind: .system(code))
    }

    /// A fresh `.NAME.iconlint-XXXXXX` name beside `path`, registered as temporary.
    private func savedName(for path: String) throws(AtomicFileError) -> String {
        let (folder, name) = FilePath.split(path)
        guard let (descriptor, saved) = TemporaryFiles.create(in: folder, for: name) else {
            throw AtomicFileError(path: path, kind: errno == EINTR ? .interrupted : .system(errno))
        }
        close(descriptor)
        return saved
    }

    /// Creates the missing folders on the way to `path`, recording each for rollBack.
    private func makeFolders(for path: String, batch: Int) throws(AtomicFileError) {
        var missing: [String] = []
        var folder = FilePath.split(path).folder
        while !folder.isEmpty {
            var info = stat()
            if stat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { throw AtomicFileError(path: path, kind: .notAFolder(folder)) }
                break
            }
            guard errno == ENOENT else { throw AtomicFileError(path: path, kind: .system(errno)) }
            missing.append(folder)
            let parent = FilePath.split(folder).folder
            if parent == folder { break }
            folder = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o755) == 0 {
                changes.append((batch, .folder(folder)))
            } else if errno != EEXIST {
                throw AtomicFileError(path: path, kind: .system(errno))
            }
        }
    }
}
