import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where `--output PATH` sends a report, decided before any work starts.
///
/// Only a regular file is written through a temporary file and a rename (and replaced only
/// with `force`); a symbolic link is followed, so its target is written and the link stays.
/// A character device, FIFO or socket (`/dev/null`, `>(cmd)`, a log socket) is opened and
/// written in place, and `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are
/// this process's own descriptors, written directly: they are never replaced, with or
/// without `force`. `-` is standard output.
///
/// Inside a root (`lint --output-inside DIR`, what the GitHub Action, the pre-commit hook and
/// the Xcode phase pass for the tree they lint): the path must lie below DIR and no link
/// below DIR is followed, neither a folder on the way nor the file itself, dangling or not
/// (ConfinedPath); the file is missing or a regular file, which is replaced only with
/// `force`; missing folders below DIR are made. `-` and this process's own descriptors are
/// still written, as they are no file in the tree.
public enum OutputDestination: Sendable, Equatable {
    /// An open descriptor of this process: `-` and /dev/stdout are 1.
    case descriptor(Int32)
    /// A character device or FIFO, opened for writing (no create, no truncation).
    case device(path: String)
    /// A Unix-domain socket, connected to.
    case socket(path: String)
    /// A regular file, new or replaced, written atomically; the target when a link led here.
    case file(path: String)
    /// A regular file below a root, new or replaced, written atomically without following links.
    case confined(ConfinedPath)

    /// Resolves `path`; with `root`, only below it and without following links (see above).
    public static func resolve(_ path: String, force: Bool, inside root: String?) throws(AtomicFileError) -> OutputDestination {
        guard let root else { return try resolve(path, force: force) }
        if path == "-" { return .descriptor(1) }
        if let descriptor = ownDescriptor(path) { return .descriptor(descriptor) }
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0, (rootInfo.st_mode & S_IFMT) == S_IFDIR else {
            throw AtomicFileError(path: path, kind: .notAFolder(root))
        }
        let confined = try ConfinedPath(path, inside: root)
        if let info = try confined.inspect() {
            switch info.st_mode & S_IFMT {
            case S_IFREG: guard force else { throw AtomicFileError(path: path, kind: .destinationExists) }
            case S_IFDIR: throw AtomicFileError(path: path, kind: .isDirectory)
            default: throw AtomicFileError(path: path, kind: .notRegular(root: root))
            }
        }
        return .confined(confined)
    }

    /// Resolves `path` (following links) and checks it can be written: an existing regular
    /// file needs `force`; a folder, a missing folder on the way or a link loop is refused.
    public static func resolve(_ path: String, force: Bool) throws(AtomicFileError) -> OutputDestination {
        if path == "-" { return .descriptor(1) }
        guard !path.isEmpty else { throw AtomicFileError(path: path, kind: .system(ENOENT)) }
        var current = path
        for _ in 0..<40 {
            if let descriptor = ownDescriptor(current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw AtomicFileError(path: path, kind: .system(errno)) }
                let folder = ProjectPath.split(current).folder
                var folderInfo = stat()
                guard stat(folder.isEmpty ? "." : folder, &folderInfo) == 0 else {
                    throw AtomicFileError(path: path, kind: .system(errno))
                }
                guard (folderInfo.st_mode & S_IFMT) == S_IFDIR else { throw AtomicFileError(path: path, kind: .notAFolder(folder)) }
                return .file(path: current)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(current, original: path)
            case S_IFREG:
                guard force else { throw AtomicFileError(path: path, kind: .destinationExists) }
                return .file(path: current)
            case S_IFDIR:
                throw AtomicFileError(path: path, kind: .isDirectory)
            case S_IFSOCK:
                return .socket(path: current)
            default:
                return .device(path: current)
            }
        }
        throw AtomicFileError(path: path, kind: .system(ELOOP))
    }

    /// Writes `data` to the destination; `force` as given to `resolve` (a regular file that
    /// appeared meanwhile is still not replaced without it). Reports `path` in errors.
    public func write(_ data: Data, force: Bool, naming path: String) throws(AtomicFileError) {
        let bytes = [UInt8](data)
        switch self {
        case .descriptor(let descriptor):
            if let code = AtomicFile.writeAll(bytes, to: descriptor) { throw AtomicFileError(path: path, kind: .system(code)) }
        case .device(let device):
            let descriptor = open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw AtomicFileError(path: path, kind: .system(errno)) }
            defer { close(descriptor) }
            if let code = AtomicFile.writeAll(bytes, to: descriptor) { throw AtomicFileError(path: path, kind: .system(code)) }
        case .socket(let socketPath):
            let descriptor = try Self.connect(socketPath, naming: path)
            defer { close(descriptor) }
            if let code = AtomicFile.writeAll(bytes, to: descriptor) { throw AtomicFileError(path: path, kind: .system(code)) }
        case .file(let file):
            let transaction = FileTransaction(force: force, createsFolders: false)
            do throws(AtomicFileError) {
                try transaction.write([(file, bytes)])
            } catch {
                throw AtomicFileError(path: path, kind: error.kind)
            }
            transaction.finish()
        case .confined(let confined):
            let transaction = FileTransaction(force: force, createsFolders: true)
            try transaction.write([(confined.path, bytes)], inside: confined.root)
            transaction.finish()
        }
    }

    /// The descriptor `/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N`,
    /// `/proc/self/fd/N` or `/proc/PID/fd/N` (this process) stands for.
    static func ownDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    private static func linkTarget(_ link: String, original: String) throws(AtomicFileError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw AtomicFileError(path: original, kind: .system(errno)) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = ProjectPath.split(link).folder
        return folder.isEmpty ? target : (folder == "/" ? "/" : folder + "/") + target
    }

    private static func connect(_ socketPath: String, naming path: String) throws(AtomicFileError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw AtomicFileError(path: path, kind: .system(ENAMETOOLONG)) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        #if canImport(Glibc) || canImport(Musl)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        #if canImport(Darwin)
            let descriptor = Darwin.socket(AF_UNIX, stream, 0)
        #elseif canImport(Glibc)
            let descriptor = Glibc.socket(AF_UNIX, stream, 0)
        #else
            let descriptor = Musl.socket(AF_UNIX, stream, 0)
        #endif
        guard descriptor >= 0 else { throw AtomicFileError(path: path, kind: .system(errno)) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                    Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #elseif canImport(Glibc)
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #else
                    Musl.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #endif
            }
        }
        guard status == 0 else {
            let code = errno
            close(descriptor)
            throw AtomicFileError(path: path, kind: .system(code))
        }
        return descriptor
    }
}
