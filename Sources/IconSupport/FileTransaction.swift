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
        paths.filter { FileStatus.type($0) != nil }
    }

    /// The paths among `paths`, each below `root`, where something exists already; a link
    /// on the way below `root` or at the path, or a path outside it, is an error.
    public static func existing(_ paths: [String], inside root: String) throws(AtomicFileError) -> [String] {
        var found: [String] = []
        for path in paths where try ConfinedPath(path, inside: root).inspect() != nil { found.append(path) }
        return found
    }

    /// Writes `files` and removes `removing`, all or nothing: when one step fails, the others
    /// of this batch are undone. `replace` overrides `force` for this batch (an Info.plist
    /// edited in place is replaced by design).
    ///
    /// With `inside root`, every path must lie below `root` (see ConfinedPath) and no link
    /// below it is followed: a folder on the way or a file that is a symbolic link fails the
    /// batch (`.link`), a path that leaves it too (`.outside`). The root itself is made when
    /// missing (with `createsFolders`) and may be reached through links, the caller's choice;
    /// below it, folders are made, temporary files created and renamed with `mkdirat`,
    /// `openat(O_NOFOLLOW)` and `renameat` in descriptors reached without following links.
    public func write(
        _ files: [(path: String, bytes: [UInt8])], removing: [String] = [],
        replace: Bool? = nil, inside root: String? = nil
    ) throws(AtomicFileError) {
        let force = replace ?? self.force
        guard Interruption.track(self) else { throw AtomicFileError(path: files.first?.path ?? "", kind: .interrupted) }
        var confined: [ConfinedPath] = []
        var modes: [mode_t] = []
        for file in files {
            let (_, name) = ProjectPath.split(file.path)
            guard !file.path.isEmpty, !name.isEmpty, name != ".", name != "..", !file.path.hasSuffix("/") else {
                throw AtomicFileError(path: file.path, kind: .isDirectory)
            }
            var existing: stat?
            if let root {
                let place = try ConfinedPath(file.path, inside: root)
                confined.append(place)
                existing = try place.inspect()
            } else {
                var info = stat()
                if lstat(file.path, &info) == 0 { existing = info }
            }
            if let info = existing {
                if (info.st_mode & S_IFMT) == S_IFDIR { throw AtomicFileError(path: file.path, kind: .isDirectory) }
                guard force else { throw AtomicFileError(path: file.path, kind: .destinationExists) }
                modes.append((info.st_mode & S_IFMT) == S_IFREG ? info.st_mode & 0o7777 : 0o644)
            } else {
                modes.append(0o644)
            }
        }
        var removals: [ConfinedPath] = []
        if let root {
            for path in removing { removals.append(try ConfinedPath(path, inside: root)) }
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
        var temporaries: [Place] = []
        var places: [Place] = []
        defer { for place in places { place.close() } }
        func undoBatch() {
            for temporary in temporaries {
                unlink(temporary.path)
                TemporaryFiles.unregister(temporary.path)
            }
            self.undo(batch: batch)
        }
        do throws(AtomicFileError) {
            if let root, createsFolders { try makeFolders(for: root + "/.", batch: batch) }
            for (index, file) in files.enumerated() {
                if confined.isEmpty {
                    if createsFolders { try makeFolders(for: file.path, batch: batch) }
                    places.append(Place(plain: file.path))
                } else {
                    places.append(try folder(of: confined[index], creating: createsFolders, batch: batch))
                }
            }
        } catch {
            undoBatch()
            lock.unlock()
            throw error
        }
        lock.unlock()

        do throws(AtomicFileError) {
            for (index, place) in places.enumerated() {
                temporaries.append(try AtomicFile.prepare(files[index].bytes, at: place, mode: modes[index]))
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
                let place = places[index]
                var saved: Place?
                if try place.exists(refusingLinks: root) {
                    guard force else { throw AtomicFileError(path: file.path, kind: .destinationExists) }
                    saved = try keepSecondName(place)
                }
                guard renameat(place.folder, temporaries[index].name, place.folder, place.name) == 0 else {
                    let code = errno
                    if let saved {
                        // A hard-linked second name goes; a file moved aside comes back.
                        if (try? place.exists(refusingLinks: nil)) == false {
                            renameat(place.folder, saved.name, place.folder, place.name)
                        } else {
                            unlinkat(place.folder, saved.name, 0)
                        }
                        TemporaryFiles.unregister(saved.path)
                    }
                    throw AtomicFileError(path: file.path, kind: .system(code))
                }
                TemporaryFiles.unregister(temporaries[index].path)
                changes.append((batch, saved.map { .replaced(place.actual, saved: $0.path) } ?? .created(place.actual)))
            }
            temporaries = []
            if root == nil {
                for path in removing { try moveAside(Place(plain: path), batch: batch) }
            } else {
                for removal in removals {
                    let place = try folder(of: removal, creating: false, batch: batch)
                    defer { place.close() }
                    try moveAside(place, batch: batch)
                }
            }
        } catch {
            undoBatch()
            throw error
        }
    }

    /// Removes files (kept under a second name until the run ends, so rollBack restores them).
    public func remove(_ paths: [String], inside root: String? = nil) throws(AtomicFileError) {
        try write([], removing: paths, inside: root)
    }

    /// Where a file of a batch is: a folder descriptor (AT_FDCWD for a plain path, which is
    /// then its own name) and the name in it, with the path as the caller named it.
    struct Place {
        var folder: Int32
        var name: String
        /// The path as the caller named it (for messages).
        var path: String
        /// How the folder is named in paths of files made beside this one.
        var folderPath: String
        /// The path of the file as it is (the folder's path and the name), for rollBack.
        var actual: String { folder == AT_FDCWD ? name : folderPath + "/" + name }

        init(plain path: String) {
            folder = AT_FDCWD
            name = path
            self.path = path
            folderPath = ProjectPath.split(path).folder
        }

        init(folder: Int32, name: String, path: String, folderPath: String) {
            self.folder = folder
            self.name = name
            self.path = path
            self.folderPath = folderPath
        }

        /// Whether something is at the place now; with a root, a link there is refused.
        func exists(refusingLinks root: String?) throws(AtomicFileError) -> Bool {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            if let root, (info.st_mode & S_IFMT) == S_IFLNK { throw AtomicFileError(path: path, kind: .link(nil, root: root)) }
            return true
        }

        func close() {
            if folder != AT_FDCWD { closeDescriptor(folder) }
        }
    }

    /// The place of a confined path: its folder reached without links (made when missing and
    /// `creating`, each recorded for rollBack; the lock is held).
    private func folder(of confined: ConfinedPath, creating: Bool, batch: Int) throws(AtomicFileError) -> Place {
        let made: ((String) -> Void)? = creating ? { self.changes.append((batch, .folder($0))) } : nil
        guard let descriptor = try confined.openFolder(creating: made) else {
            throw AtomicFileError(path: confined.path, kind: .system(ENOENT))
        }
        return Place(folder: descriptor, name: confined.name, path: confined.path, folderPath: confined.folder)
    }

    /// Moves the file at `place` to a second name, recorded for rollBack (the lock is held).
    private func moveAside(_ place: Place, batch: Int) throws(AtomicFileError) {
        let saved = try savedName(for: place)
        guard renameat(place.folder, place.name, place.folder, saved.name) == 0 else {
            let code = errno
            unlinkat(place.folder, saved.name, 0)
            TemporaryFiles.unregister(saved.path)
            throw AtomicFileError(path: place.path, kind: .system(code))
        }
        changes.append((batch, .removed(place.actual, saved: saved.path)))
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

    /// A second (hard-linked) name for the file at `place`; the place itself is replaced next.
    private func keepSecondName(_ place: Place) throws(AtomicFileError) -> Place {
        let saved = try savedName(for: place)
        // linkat() needs the name free: savedName made it exclusively, so drop that file first.
        unlinkat(place.folder, saved.name, 0)
        if linkat(place.folder, place.name, place.folder, saved.name, 0) == 0 { return saved }
        let code = errno
        // Without hard links (some file systems), the old file moves aside instead.
        if [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(code),
            renameat(place.folder, place.name, place.folder, saved.name) == 0
        {
            return saved
        }
        TemporaryFiles.unregister(saved.path)
        throw AtomicFileError(path: place.path, kind: .system(code))
    }

    /// A fresh `.NAME.iconlint-XXXXXX` name beside the file at `place`, registered as temporary.
    private func savedName(for place: Place) throws(AtomicFileError) -> Place {
        let made = AtomicFile.temporary(beside: place)
        guard let (descriptor, saved) = made else {
            throw AtomicFileError(path: place.path, kind: errno == EINTR ? .interrupted : .system(errno))
        }
        closeDescriptor(descriptor)
        return saved
    }

    /// Creates the missing folders on the way to `path`, recording each for rollBack.
    private func makeFolders(for path: String, batch: Int) throws(AtomicFileError) {
        var missing: [String] = []
        var folder = ProjectPath.split(path).folder
        while !folder.isEmpty {
            var info = stat()
            if stat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { throw AtomicFileError(path: path, kind: .notAFolder(folder)) }
                break
            }
            guard errno == ENOENT else { throw AtomicFileError(path: path, kind: .system(errno)) }
            missing.append(folder)
            let parent = ProjectPath.split(folder).folder
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
