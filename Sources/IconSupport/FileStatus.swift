#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What is at a path, asked of the file system (`lstat`: a link is a link, never followed).
/// Path arithmetic, which asks nothing of the file system, is ProjectPath's.
public enum FileStatus {
    /// `lstat` type bits of `path` (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, ...), or nil when nothing is there.
    public static func type(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether `path` is a folder itself, not a link to one.
    public static func isFolder(_ path: String) -> Bool { type(path) == S_IFDIR }
}
