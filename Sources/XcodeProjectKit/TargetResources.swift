import IconSupport

/// What a target copies into its bundle, as root-relative paths.
public struct TargetResources: Sendable, Hashable {
    /// Files of the Copy Bundle Resources phase (variant groups expand to their
    /// localised files), plus files that a synchronized folder of another target adds to
    /// this one through a membership exception. Asset catalogs are listed here too.
    public var files: [String]
    /// Folder references (copied as folders) and synchronized root groups of the target.
    public var folders: [String]
    /// The synchronized root groups among `folders` (Xcode 16): their files are copied flat,
    /// like group members, except `excluded` ones, sources and asset-catalog content.
    public var synchronizedFolders: [String]
    /// Files and folders that membership exceptions take out of this target's synchronized folders.
    public var excluded: [String]
    /// `.xcassets` the target compiles: from the resources phase, and found on disk inside
    /// its synchronized folders (minus exclusions).
    public var assetCatalogs: [String]
    /// Icon Composer `.icon` bundles (Xcode 26) the target compiles, found the same way.
    public var iconBundles: [String]
    /// Source files of the Compile Sources phase (those in synchronized folders are found on disk).
    public var sources: [String] = []

    public init(
        files: [String] = [], folders: [String] = [], synchronizedFolders: [String] = [],
        excluded: [String] = [], assetCatalogs: [String] = [], iconBundles: [String] = []
    ) {
        self.files = files
        self.folders = folders
        self.synchronizedFolders = synchronizedFolders
        self.excluded = excluded
        self.assetCatalogs = assetCatalogs
        self.iconBundles = iconBundles
    }

    /// File kinds a synchronized folder compiles rather than copies.
    static let compiledExtensions: Set<String> = [
        "swift", "m", "mm", "c", "cc", "cpp", "cxx", "h", "hh", "hpp", "metal", "xcconfig", "entitlements",
    ]

    /// Whether the build copies this root-relative file into the target's bundle: listed in
    /// the resources phase, inside a folder reference, or inside a synchronized folder and
    /// not excluded. Files inside an asset catalog or `.icon` bundle are compiled, not
    /// copied, so never count.
    public func contains(_ rootRelativePath: String) -> Bool {
        let path = ProjectPath.normalize(rootRelativePath)
        if isInsideCompiledBundle(path) { return false }
        if files.contains(path) { return true }
        let plainFolders = folders.filter { !synchronizedFolders.contains($0) }
        if plainFolders.contains(where: { ProjectPath.isInside(path, folder: $0) }) { return true }
        guard synchronizedFolders.contains(where: { ProjectPath.isInside(path, folder: $0) && path != $0 }) else {
            return false
        }
        if excluded.contains(where: { ProjectPath.isInside(path, folder: $0) }) { return false }
        let name = ProjectPath.lastComponent(path)
        if let dot = name.lastIndex(of: "."), Self.compiledExtensions.contains(name[name.index(after: dot)...].lowercased()) {
            return false
        }
        return true
    }

    private func isInsideCompiledBundle(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { Self.isCompiledBundle($0) }
    }

    /// `.xcassets` and `.icon` folders are compiled by actool as a whole.
    package static func isCompiledBundle<S: StringProtocol>(_ name: S) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".xcassets") || lowered.hasSuffix(".icon")
    }
}

/// Builds a `TargetResources` without repeats, in first-seen order.
package struct TargetResourcesBuilder {
    package private(set) var resources = TargetResources()
    private var seen: [WritableKeyPath<TargetResources, [String]>: Set<String>] = [:]

    package init() {}

    /// Appends `path` to one of the lists unless it is there already.
    package mutating func add(_ path: String, to list: WritableKeyPath<TargetResources, [String]>) {
        guard seen[list, default: []].insert(path).inserted else { return }
        resources[keyPath: list].append(path)
    }

    /// A file copied by the resources phase; asset catalogs and `.icon` bundles are also
    /// listed on their own.
    package mutating func addFile(_ path: String) {
        add(path, to: \.files)
        addCompiledBundle(path)
    }

    /// Lists an `.xcassets` or `.icon` path in `assetCatalogs` or `iconBundles`.
    package mutating func addCompiledBundle(_ path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".xcassets") { add(path, to: \.assetCatalogs) }
        if lowered.hasSuffix(".icon") { add(path, to: \.iconBundles) }
    }
}
