import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads files of the linted project, which anyone can commit: only regular files (a FIFO
/// or a device never blocks or streams forever), never more than a limit, and, through a
/// symlink, only when the target lies inside the linted root.
public enum ProjectFile {
    /// Why a project file was not read; `description` is the reason for a message.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case notRegularFile
        case outsideRoot
        case notInRoot
        case tooLarge(limit: Int)
        case system(Int32)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .notRegularFile: "not a regular file"
            case .outsideRoot: "it is a symlink to a file outside the linted folder"
            case .notInRoot: "it lies outside the linted folder, which iconlint never reads; lint a folder that contains it"
            case .tooLarge(let limit): "the file is larger than \(limit >> 20) MiB"
            case .system(let code): String(cString: strerror(code))
            }
        }
    }

    /// True when `absolutePath` is a regular file inside `root` (through symlinks or not).
    public static func isRegularInsideRoot(_ absolutePath: String, root: String) -> Bool {
        check(absolutePath, root: root) == nil
    }

    /// Why `absolutePath` may not be read, or nil when it may.
    /// Paths from project files (`#include "../../etc/passwd"`, INFOPLIST_FILE, a workspace's
    /// `../Other.xcodeproj`) and symlinks in the tree are resolved first: what resolves outside
    /// the root is refused, so no byte of it can reach a report.
    public static func check(_ absolutePath: String, root: String) -> Failure? {
        var link = stat()
        guard lstat(absolutePath, &link) == 0 else { return errno == ENOENT ? .missing : .system(errno) }
        guard let target = resolvedInsideRoot(absolutePath, root: root) else {
            var info = stat()
            guard stat(absolutePath, &info) == 0 else { return .missing }
            return link.st_mode & S_IFMT == S_IFLNK ? .outsideRoot : .notInRoot
        }
        var info = stat()
        guard stat(target, &info) == 0 else { return .system(errno) }
        return info.st_mode & S_IFMT == S_IFREG ? nil : .notRegularFile
    }

    /// Reads a file of the project under `root`, refusing what `check` refuses.
    public static func read(_ absolutePath: String, root: String, limit: Int) -> Result<Data, Failure> {
        if let failure = check(absolutePath, root: root) { return .failure(failure) }
        return read(absolutePath, limit: limit)
    }

    /// Reads a regular file of at most `limit` bytes (`BoundedFile.read`).
    public static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        BoundedFile.read(path, limit: limit).mapError { failure in
            switch failure {
            case .missing: .missing
            case .notRegularFile: .notRegularFile
            case .tooLarge(let limit): .tooLarge(limit: limit)
            case .system(let code): .system(code)
            }
        }
    }

    /// The real path of `path` when it lies inside `root`, else nil.
    public static func resolvedInsideRoot(_ path: String, root: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let target = String(cString: resolved)
        guard let rootResolved = realpath(root, nil) else { return nil }
        defer { free(rootResolved) }
        let base = String(cString: rootResolved)
        return ProjectPath.relativeInside(target, to: base) == nil ? nil : target
    }
}
