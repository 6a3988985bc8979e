import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A path below a folder the caller trusts (a CI workspace, `generate --out`), to be written
/// without following any link below that folder: a checked-out tree is someone else's, and a
/// link committed in it (`iconlint.sarif -> ../../home/runner/.bashrc`, a symlinked
/// `.appiconset`) must not carry a write outside it.
///
/// The root is taken as given (its own links are the caller's choice and are followed). The
/// path, relative to the current folder or absolute, is made absolute and its `.` and `..`
/// are taken by name, so `..` never climbs back out through a link; what remains must lie
/// below the root. Every folder from the root down, and the file itself, is then reached with
/// `openat(O_NOFOLLOW)` from a descriptor of the one above, so a link there is refused even if
/// it appears after a check: there is no check-then-open gap.
public struct ConfinedPath: Sendable, Equatable {
    /// The trusted folder, as given.
    public let root: String
    /// The folders below the root and, last, the file's name (never empty).
    public let components: [String]
    /// The path as the caller named it, for messages.
    public let path: String

    /// `path` below `root`, or `.outside` when its lexical form leaves the root.
    public init(_ path: String, inside root: String) throws(AtomicFileError) {
        guard !path.isEmpty, !root.isEmpty else { throw AtomicFileError(path: path, kind: .system(ENOENT)) }
        let target = Self.absoluteComponents(path)
        var roots = [Self.absoluteComponents(root)]
        if let real = Self.realPath(root) { roots.append(Self.absoluteComponents(real)) }
        for candidate in roots where target.count > candidate.count && Array(target.prefix(candidate.count)) == candidate {
            self.root = root
            self.components = Array(target.dropFirst(candidate.count))
            self.path = path
            return
        }
        throw AtomicFileError(path: path, kind: .outside(root: root))
    }

    /// The path's folder: the root and every component but the last.
    public var folder: String { ([root] + components.dropLast()).joined(separator: "/") }
    /// The file's name.
    public var name: String { components[components.count - 1] }

    /// Checks what is there now without changing anything: each folder below the root that
    /// exists is a folder and not a link; the file is missing, or not a link (its type is
    /// `lstat` is returned, nil when missing). Missing folders are fine (they would be made).
    public func inspect() throws(AtomicFileError) -> stat? {
        guard let folder = try openFolder(creating: nil) else { return nil }
        defer { close(folder) }
        return try Self.status(of: name, in: folder, naming: path, shown: nil, root: root)
    }

    /// A descriptor of the file's folder, reached from the root without following links, or
    /// nil when a folder on the way is missing and `creating` is nil. Missing folders are made
    /// (mode 0755) when `creating` is given, which is told each folder made (its path), in
    /// order. The caller closes the descriptor.
    func openFolder(creating: ((String) -> Void)?) throws(AtomicFileError) -> Int32? {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else {
            if errno == ENOENT && creating == nil { return nil }
            if errno == ENOTDIR { throw AtomicFileError(path: path, kind: .notAFolder(root)) }
            throw AtomicFileError(path: path, kind: .system(errno))
        }
        var shown = root
        for component in components.dropLast() {
            shown += "/" + component
            var next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT {
                guard let creating else {
                    close(current)
                    return nil
                }
                guard mkdirat(current, component, 0o755) == 0 || errno == EEXIST else {
                    let code = errno
                    close(current)
                    throw AtomicFileError(path: path, kind: .system(code))
                }
                creating(shown)
                next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                let code = errno
                defer { close(current) }
                // Say what is in the way: a link, or something that is not a folder.
                _ = try Self.status(of: component, in: current, naming: path, shown: shown, root: root)
                if code == ENOTDIR { throw AtomicFileError(path: path, kind: .notAFolder(shown)) }
                throw AtomicFileError(path: path, kind: .system(code))
            }
            close(current)
            current = next
        }
        return current
    }

    /// The `lstat` of `name` in `folder` (nil when missing); a link is refused (`shown` names
    /// a folder on the way in the message; nil: the file itself).
    static func status(of name: String, in folder: Int32, naming path: String, shown: String?, root: String) throws(AtomicFileError)
        -> stat?
    {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw AtomicFileError(path: path, kind: .system(errno))
        }
        if (info.st_mode & S_IFMT) == S_IFLNK { throw AtomicFileError(path: path, kind: .link(shown, root: root)) }
        return info
    }

    /// A path named on the command line (`generate --out`, `--plist`) that lies inside `tree`
    /// (the current folder: a checkout) but leads out of it through a link: the first link on
    /// the way below the tree and where the path really leads. Nil when the path stays inside
    /// the tree (links and all), or names a place outside it, which is the user's own choice.
    /// Missing trailing components (a folder to be made) are taken as they are.
    public static func linkLeaving(_ path: String, tree: String) -> (link: String, target: String)? {
        let named = absoluteComponents(path)
        let inside = absoluteComponents(realPath(tree) ?? tree)
        guard named.count > inside.count, Array(named.prefix(inside.count)) == inside else { return nil }
        // Where the kernel takes it: the deepest prefix that exists, resolved, and the rest.
        var existing = named.count
        while existing > 0, realPath("/" + named.prefix(existing).joined(separator: "/")) == nil { existing -= 1 }
        let resolved = realPath("/" + named.prefix(existing).joined(separator: "/")) ?? "/"
        let target = absoluteComponents(resolved) + named.dropFirst(existing)
        if target.count > inside.count && Array(target.prefix(inside.count)) == inside { return nil }
        for depth in (inside.count + 1)...named.count {
            let prefix = "/" + named.prefix(depth).joined(separator: "/")
            if FileStatus.type(prefix) == S_IFLNK { return (prefix, "/" + target.joined(separator: "/")) }
        }
        return nil
    }

    /// `path` as absolute components, `.` dropped and `..` taking the previous one away.
    static func absoluteComponents(_ path: String) -> [String] {
        ProjectPath.absolute(path).split(separator: "/").map(String.init)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `close(2)`, for types whose own `close()` hides it.
func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
