import Foundation

/// Lexical path arithmetic (for the project model, and for ConfinedPath's checks): no file
/// system access, no symlink resolution, so a root given as `Fixtures/App` keeps producing
/// `Fixtures/App/...`.
public enum ProjectPath {
    /// `path` made absolute against the current directory and normalised.
    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(join(FileManager.default.currentDirectoryPath, path))
    }

    /// Joins two paths; an absolute `child` replaces `base`.
    public static func join(_ base: String, _ child: String) -> String {
        if child.isEmpty { return base }
        if child.hasPrefix("/") || base.isEmpty { return child }
        return base.hasSuffix("/") ? base + child : base + "/" + child
    }

    /// `file` as a report prints it under `root`: unlike `join`, a root of "" or "." adds
    /// nothing, the root's trailing `/` and the file's leading `./` are dropped
    /// (`joinForReport("a/", "./b")` is `a/b` where `join` gives `a/./b`; `joinForReport(".", "b")`
    /// is `b` where `join` gives `./b`). An absolute `file` stays as it is; an empty one gives `root`.
    public static func joinForReport(_ root: String, _ file: String) -> String {
        if file.hasPrefix("/") || root.isEmpty || root == "." { return file.isEmpty ? root : file }
        if file.isEmpty { return root }
        let base = trimmingTrailingSlashes(root)
        var relative = Substring(file)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return base == "/" ? "/" + relative : base + "/" + relative
    }

    /// `path` relative to `base` when it is `base` (`.`) or lies inside it, else nil; unlike
    /// `relative`, never a `..` path, and nothing is normalised (a trailing `/` of `base` aside).
    public static func relativeInside(_ path: String, to base: String) -> String? {
        let prefix = trimmingTrailingSlashes(base)
        if path == prefix { return "." }
        let folder = prefix == "/" ? "/" : prefix + "/"
        guard path.hasPrefix(folder) else { return nil }
        return String(path.dropFirst(folder.count))
    }

    /// What follows `folder + "/"` at the start of `path`, else nil: stricter than
    /// `relativeInside`, the folder itself is nil (not `.`), a trailing `/` of `folder` is
    /// not trimmed, and a folder of `/` matches nothing (`below("/a", folder: "/")` is nil).
    /// Callers show the path as is when it is not below.
    public static func below(_ path: String, folder: String) -> String? {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }

    /// The folder and the last component, a trailing `/` ignored: `a/b/` → (`a`, `b`),
    /// `/b` → (`/`, `b`). Unlike `parent` (`.` for a bare name), a bare name's folder is ""
    /// (none given: the current folder, for `openat`'s AT_FDCWD).
    public static func split(_ path: String) -> (folder: String, name: String) {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// `path` without trailing `/`, but `/` itself stays.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Removes `.`, empty components and resolvable `..`; keeps leading `..` of relative paths.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                    continue
                }
                if isAbsolute { continue }
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// True when `normalize` would return the path unchanged: non-empty, no empty, `.` or
    /// `..` component, no trailing `/` (checked on bytes: this runs for every file element).
    private static func isNormal(_ path: String) -> Bool {
        var componentLength = 0
        var dots = 0
        var count = 0
        for byte in path.utf8 {
            count += 1
            if byte == UInt8(ascii: "/") {
                // `//`, `/./`, `/../` (and `./`, `../` at the start).
                if count > 1, componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        if count == 0 { return false }
        if componentLength == 0 { return false }
        return !(componentLength == dots && dots <= 2)
    }

    /// The folder part of a path (`a/b/c` → `a/b`, `c` → `.`).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// A file CocoaPods writes (`Pods/…`, `Pods-App.debug.xcconfig`): never icon settings.
    public static func isGeneratedByCocoaPods(_ path: String) -> Bool {
        path.hasPrefix("Pods/") || path.contains("/Pods/") || lastComponent(path).hasPrefix("Pods-")
    }

    /// The last component.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `absolutePath` relative to `absoluteRoot`; paths outside the root get leading `..`.
    public static func relative(_ absolutePath: String, to absoluteRoot: String) -> String {
        // Fast path for the common case: a normalised path inside the root.
        if absolutePath.hasPrefix(absoluteRoot), absoluteRoot != "/",
            absolutePath.utf8.dropFirst(absoluteRoot.utf8.count).first == UInt8(ascii: "/"),
            isPlainAbsolute(absolutePath)
        {
            return String(absolutePath.dropFirst(absoluteRoot.count + 1))
        }
        let path = normalize(absolutePath).split(separator: "/")
        let root = normalize(absoluteRoot).split(separator: "/")
        var common = 0
        while common < path.count, common < root.count, path[common] == root[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: root.count - common)
        let rest = ups + path[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// True when the path has no `//`, no component starting with `.` and no trailing `/`,
    /// so `normalize` would leave it as it is (checked on bytes: this runs once per file).
    private static func isPlainAbsolute(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return previous != UInt8(ascii: "/")
    }

    /// Whether `path` is `folder` itself or inside it (both root-relative and normalised).
    public static func isInside(_ path: String, folder: String) -> Bool {
        if folder == "." { return !path.hasPrefix("../") && path != ".." }
        return path == folder || path.hasPrefix(folder + "/")
    }
}
