import Foundation

/// What a walk of the project folder found: the inputs every rule reads.
public struct FileIndex: Sendable {
    /// Absolute, standardized path of the linted root.
    public var root: String
    /// Root-relative paths of every `.plist` outside skipped folders.
    public var plists: [String] = []
    /// Loose PNGs (outside asset catalogs), keyed by lowercased file name.
    public var pngsByName: [String: [String]] = [:]
    /// Asset catalogs, root-relative.
    public var catalogs: [String] = []
    /// `.xcodeproj` bundles, root-relative.
    public var projects: [String] = []
    /// Icon Composer `.icon` bundles outside asset catalogs (Xcode 26), root-relative.
    public var iconBundles: [String] = []
    /// `.xcworkspace` bundles, root-relative.
    public var workspaces: [String] = []
    /// Paths that could not be read, with the reason.
    public var problems: [(path: String, reason: String)] = []
    /// Number of files seen.
    public var fileCount = 0
    /// Swift and Objective-C sources, root-relative (the code of apps without a project file).
    public var sources: [String] = []
    /// Expo config files (`app.json`, `app.config.json`, `app.config.js` / `.ts` / `.mjs` /
    /// `.cjs`), root-relative: the projects `npx expo prebuild` generates `ios/` from.
    public var expoConfigs: [String] = []
    /// Expo's config file names, in the order Expo looks for them (see `ExpoConfigFile`).
    static let expoDynamicConfigNames = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]
    static let expoStaticConfigNames = ["app.config.json", "app.json"]
    /// Files that may be a project generator's spec (XcodeGen's `project.yml`/`project.yaml`,
    /// Tuist's `Project.swift`/`Workspace.swift`), root-relative.
    public var specs: [String] = []
    /// Folders passed over (build output, dependencies, Android), root-relative.
    public var skipped: [String] = []
    /// Entries named like PNGs that are never read: a symbolic link out of the root or to
    /// something other than a file, a FIFO, a socket, a device. Keyed by lowercased file name,
    /// with why, so a finding can name the entry instead of calling the file absent.
    public var unusablePNGs: [String: [(path: String, reason: String)]] = [:]
    /// Entries named like a project input (an .xcodeproj, Info.plist, xcconfig, project.yml,
    /// Project.swift, app.json / app.config.*, .csproj) that are never read for the same
    /// reasons, root-relative, with why: each becomes a note, never a silent gap.
    public var unusableInputs: [(path: String, reason: String)] = []

    public func absolute(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Loose PNGs whose file name equals `name` exactly.
    public func pngs(named name: String) -> [String] {
        (pngsByName[name.lowercased()] ?? []).filter { ($0 as NSString).lastPathComponent == name }
    }

    /// Loose PNGs whose file name equals `name` only when case is ignored.
    public func pngs(namedIgnoringCase name: String) -> [String] {
        (pngsByName[name.lowercased()] ?? []).filter { ($0 as NSString).lastPathComponent != name }
    }
}

/// Walks a project folder without following directory symlinks (no loops, nothing outside
/// the root) and skips build output and dependency folders.
public enum FileScanner {
    /// Folder names never descended into: build output, dependencies, VCS.
    public static let skippedFolders: Set<String> = [
        "build", "Build", "DerivedData", ".build", "Pods", "node_modules", ".git", ".svn", ".hg",
        "Carthage", ".swiftpm", "xcuserdata", ".dart_tool", ".gradle", "android",
    ]

    public static func scan(root: String) -> FileIndex {
        var index = FileIndex(root: root)
        var stack: [String] = [""]
        var visitedDirectories = Set<DirectoryID>()
        let manager = FileManager.default
        while let relative = stack.popLast() {
            let absolute = index.absolute(relative)
            var info = stat()
            guard stat(absolute, &info) == 0 else { continue }
            guard
                visitedDirectories.insert(DirectoryID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))).inserted
            else { continue }
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: absolute)
            } catch {
                index.problems.append((relative.isEmpty ? "." : relative, "cannot list folder: \(reason(error))"))
                continue
            }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                var link = stat()
                guard lstat(index.absolute(child), &link) == 0 else { continue }
                let type = link.st_mode & S_IFMT
                if type == S_IFLNK {
                    // Follow a file symlink only when it stays inside the root; never a folder one.
                    guard let target = ProjectFile.resolvedInsideRoot(index.absolute(child), root: root) else {
                        noteUnusable(child, name: name, reason: "a symbolic link that leads outside the linted folder (or nowhere)", into: &index)
                        continue
                    }
                    var targetInfo = stat()
                    guard stat(target, &targetInfo) == 0, targetInfo.st_mode & S_IFMT == S_IFREG else {
                        noteUnusable(child, name: name, reason: "a symbolic link to something that is not a file", into: &index)
                        continue
                    }
                    record(file: child, name: name, into: &index)
                } else if type == S_IFDIR {
                    let lower = name.lowercased()
                    if skippedFolders.contains(name) {
                        if !name.hasPrefix(".") { index.skipped.append(child) }
                        continue
                    }
                    if lower.hasSuffix(".xcodeproj") {
                        index.projects.append(child)
                    } else if lower.hasSuffix(".xcworkspace") {
                        index.workspaces.append(child)
                    } else if lower.hasSuffix(".xcassets") {
                        index.catalogs.append(child)
                    } else if lower.hasSuffix(".icon") {
                        index.iconBundles.append(child)
                    } else if lower.hasSuffix(".app") || lower.hasSuffix(".xcarchive") || lower.hasSuffix(".framework")
                        || lower.hasSuffix(".xctest") || lower.hasSuffix(".dsym")
                    {
                        continue
                    } else {
                        stack.append(child)
                    }
                } else if type == S_IFREG {
                    record(file: child, name: name, into: &index)
                } else {
                    noteUnusable(child, name: name, reason: type == S_IFIFO ? "a FIFO, not a file" : "a socket or device, not a file", into: &index)
                }
            }
        }
        return index
    }

    private static func noteUnusable(_ path: String, name: String, reason: String, into index: inout FileIndex) {
        let lower = name.lowercased()
        if lower.hasSuffix(".png") {
            index.unusablePNGs[lower, default: []].append((path, reason))
        } else if isProjectInput(lower) {
            index.unusableInputs.append((path, reason))
        }
    }

    /// A name (lowercased) that a reader would read: a project, a plist, a build-setting file,
    /// a generator's spec, an Expo config, an MSBuild project.
    static func isProjectInput(_ lower: String) -> Bool {
        let suffixes = [".xcodeproj", ".xcworkspace", ".xcassets", ".plist", ".xcconfig", ".pbxproj", ".csproj"]
        let names = ["project.yml", "project.yaml", "project.swift", "workspace.swift", "app.json"]
        return suffixes.contains { lower.hasSuffix($0) } || names.contains(lower) || lower.hasPrefix("app.config.")
    }

    private static func record(file: String, name: String, into index: inout FileIndex) {
        index.fileCount += 1
        let lower = name.lowercased()
        if lower.hasSuffix(".png") {
            index.pngsByName[lower, default: []].append(file)
        } else if lower.hasSuffix(".plist") {
            index.plists.append(file)
        } else if lower.hasSuffix(".swift") || lower.hasSuffix(".m") || lower.hasSuffix(".mm") {
            index.sources.append(file)
            // Tuist's manifests are Swift too: code to scan, and specs to read.
            if name == "Project.swift" || name == "Workspace.swift" { index.specs.append(file) }
        } else if name == "app.json" || name.hasPrefix("app.config.") {
            if (FileIndex.expoStaticConfigNames + FileIndex.expoDynamicConfigNames).contains(name) { index.expoConfigs.append(file) }
        } else if name == "project.yml" || name == "project.yaml" {
            index.specs.append(file)
        }
    }

    private struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        return nsError.localizedDescription
    }
}

/// A glob over root-relative paths: `*` within a component, `**` across components.
public struct PathPattern: Sendable, Equatable {
    public let pattern: String

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.pattern = trimmed
    }

    /// True when the path, or a folder above it, matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        let patternParts = pattern.split(separator: "/").map(String.init)
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(patternParts[...], parts[..<end]) {
            return true
        }
        return false
    }

    /// Over (pattern position, path position), last to first: trying every skip of each `**`
    /// recursively is exponential, and a committed .iconlint.json with seven `**` hung the scan.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern), path = Array(path)
        // rest[j]: the pattern after the current part matches path[j...].
        var rest = [Bool](repeating: false, count: path.count + 1)
        rest[path.count] = true
        for part in pattern.reversed() {
            var here = [Bool](repeating: false, count: path.count + 1)
            if part == "**" {
                // Zero or more components.
                here[path.count] = rest[path.count]
                for j in stride(from: path.count - 1, through: 0, by: -1) { here[j] = rest[j] || here[j + 1] }
            } else {
                for j in 0..<path.count where rest[j + 1] && fnmatch(part, path[j], 0) == 0 { here[j] = true }
            }
            rest = here
        }
        return rest[0]
    }
}
