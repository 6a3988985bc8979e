import Foundation
import IconLintCore

/// Writes a group of files all or nothing: each goes to a temporary file in its own folder,
/// then every temporary is renamed into place. If anything fails, files already placed are
/// removed (or their previous version restored) and no temporary is left behind. A file being
/// replaced keeps a hard-linked backup until the end, so its path always holds the old or the
/// new bytes; an interrupted run (SIGINT, SIGTERM, SIGHUP) only has extra names to remove,
/// which TemporaryFiles does.
struct OutputTransaction {
    struct Entry {
        var path: String
        var bytes: [UInt8]
    }

    var entries: [Entry] = []
    /// Replace existing files; without it an existing file stops the whole write.
    var force = false
    /// Test seam: called before each rename into place, may throw to simulate a failure.
    var beforeRename: ((Int) throws -> Void)?

    mutating func add(_ path: String, _ bytes: [UInt8]) {
        entries.append(Entry(path: path, bytes: bytes))
    }

    /// Paths that exist already.
    func existing() -> [String] {
        entries.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
    }

    func commit() throws(GenerateError) {
        let manager = FileManager.default
        var createdDirectories: [String] = []
        var temporaries: [String] = []
        var placed: [(path: String, backup: String?)] = []
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"

        func rollBack() {
            for item in placed.reversed() {
                if let backup = item.backup {
                    // rename() puts the old bytes back over the new ones in one step.
                    _ = rename(backup, item.path)
                    TemporaryFiles.unregister(backup)
                } else {
                    try? manager.removeItem(atPath: item.path)
                }
            }
            for temporary in temporaries {
                try? manager.removeItem(atPath: temporary)
                TemporaryFiles.unregister(temporary)
            }
            for directory in createdDirectories.reversed() { try? manager.removeItem(atPath: directory) }
        }

        if !force, let first = existing().first {
            throw .exists(path: first)
        }
        do {
            for entry in entries {
                let directory = (entry.path as NSString).deletingLastPathComponent
                var isDirectory: ObjCBool = false
                if !manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
                    // Record the outermost folder created, to remove on failure.
                    var missing: [String] = []
                    var probe = directory
                    while !probe.isEmpty && probe != "/" && !manager.fileExists(atPath: probe) {
                        missing.append(probe)
                        probe = (probe as NSString).deletingLastPathComponent
                    }
                    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    createdDirectories.append(contentsOf: missing.reversed())
                } else if !isDirectory.boolValue {
                    throw GenerateError.write(path: directory, reason: "not a folder")
                }
                let name = (entry.path as NSString).lastPathComponent
                let temporary = directory + "/.\(name).iconlint-\(tag).tmp"
                guard manager.createFile(atPath: temporary, contents: Data(entry.bytes)) else {
                    throw GenerateError.write(path: entry.path, reason: "cannot create a temporary file in \(directory)")
                }
                temporaries.append(temporary)
                TemporaryFiles.register(temporary)
            }
            for (index, entry) in entries.enumerated() {
                try beforeRename?(index)
                var backup: String?
                if manager.fileExists(atPath: entry.path) {
                    guard force else { throw GenerateError.exists(path: entry.path) }
                    let directory = (entry.path as NSString).deletingLastPathComponent
                    let name = (entry.path as NSString).lastPathComponent
                    let saved = directory + "/.\(name).iconlint-\(tag).old"
                    // A second name for the old file: the path itself is replaced atomically below.
                    guard link(entry.path, saved) == 0 else {
                        throw GenerateError.write(path: entry.path, reason: String(cString: strerror(errno)))
                    }
                    TemporaryFiles.register(saved)
                    backup = saved
                }
                guard rename(temporaries[index], entry.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    if let backup {
                        _ = unlink(backup)
                        TemporaryFiles.unregister(backup)
                    }
                    throw GenerateError.write(path: entry.path, reason: reason)
                }
                TemporaryFiles.unregister(temporaries[index])
                placed.append((entry.path, backup))
            }
        } catch let error as GenerateError {
            // Temporaries already renamed are in `placed`; the rest are removed.
            temporaries = Array(temporaries[placed.count...])
            rollBack()
            throw error
        } catch {
            temporaries = Array(temporaries[placed.count...])
            rollBack()
            throw .write(path: entries.first?.path ?? "", reason: error.localizedDescription)
        }
        for item in placed {
            if let backup = item.backup {
                try? manager.removeItem(atPath: backup)
                TemporaryFiles.unregister(backup)
            }
        }
    }
}
