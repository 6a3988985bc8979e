import Foundation

/// The loose files one app's bundle would contain, with a lookup by file name that never
/// reaches another app's files.
///
/// With a project file the bundle is what the target copies (Copy Bundle Resources, folder
/// references, synchronized folders with their exceptions); "beside" are the PNGs of the
/// project's own folder that the target does not copy (for icon-file-not-in-target).
/// Without a project file the bundle is every file under the app's folder, and nothing is
/// beside it: a stray copy elsewhere in the repository never satisfies the app.
///
/// A file the target lists by path counts wherever it is inside the linted root (shared art in
/// `../images` of the project's folder is copied like any other). One outside the root is never
/// read: it is kept by name, so a lookup it would satisfy is "not checked", never "missing".
public struct BundleFiles: Sendable {
    /// Root-relative PNGs in the bundle, keyed by lowercased file name.
    private let pngs: [String: [String]]
    /// Root-relative PNGs of the app's source area that the bundle does not copy.
    private let beside: [String: [String]]
    /// Entries of the app's source area named like PNGs that are never read (a link out of
    /// the root, a FIFO), with why.
    private let unusable: [String: [(path: String, reason: String)]]
    /// PNGs the target copies from outside the linted root (root-relative, `../…`), keyed by
    /// lowercased file name: never read.
    private let outside: [String: [String]]
    /// Folders the target copies from outside the linted root: what they hold is not known.
    public let outsideFolders: [String]

    init(
        pngs: [String: [String]], beside: [String: [String]], unusable: [String: [(path: String, reason: String)]] = [:],
        outside: [String: [String]] = [:], outsideFolders: [String] = []
    ) {
        self.pngs = pngs
        self.beside = beside
        self.unusable = unusable
        self.outside = outside
        self.outsideFolders = outsideFolders
    }

    /// A target's bundle: the PNGs of its project's area (`area`, the project's folder) that it
    /// copies, plus those it copies from elsewhere in the root (found in `index`), plus the
    /// names of those it copies from outside the root.
    init(area: FileAreas.Area, projectFolder: String, index: FileIndex, resources: TargetResources) {
        let base = BundleFiles(area: area, copies: { resources.contains($0) })
        var pngs = base.pngs
        var unusable = base.unusable
        var outside: [String: [String]] = [:]
        func add(_ path: String) {
            let name = ProjectPath.lastComponent(path).lowercased()
            if index.pngsByName[name]?.contains(path) == true, pngs[name]?.contains(path) != true {
                pngs[name, default: []].append(path)
            } else if let entry = index.unusablePNGs[name]?.first(where: { $0.path == path }),
                unusable[name]?.contains(where: { $0.path == path }) != true
            {
                unusable[name, default: []].append(entry)
            }
        }
        for path in resources.files where path.lowercased().hasSuffix(".png") {
            if Self.isOutsideRoot(path) {
                outside[ProjectPath.lastComponent(path).lowercased(), default: []].append(path)
            } else {
                // Also files of the project's folder that its area leaves to a nested project.
                add(path)
            }
        }
        let outsideFolders = resources.folders.filter(Self.isOutsideRoot)
        let elsewhere = resources.folders.filter { !Self.isOutsideRoot($0) && !ProjectPath.isWithin($0, folder: projectFolder) }
        if !elsewhere.isEmpty {
            // Rare (a folder reference beside the project's folder): one pass over the root's PNGs.
            for (_, paths) in index.pngsByName {
                for path in paths where elsewhere.contains(where: { ProjectPath.isWithin(path, folder: $0) }) && resources.contains(path) {
                    add(path)
                }
            }
        }
        self.init(pngs: pngs, beside: base.beside, unusable: unusable, outside: outside, outsideFolders: outsideFolders)
    }

    /// Whether a root-relative path lies outside the linted root.
    static func isOutsideRoot(_ path: String) -> Bool {
        path == ".." || path.hasPrefix("../") || path.hasPrefix("/")
    }

    /// Every PNG the target copies from outside the linted root, sorted.
    public var outsideRoot: [String] { outside.values.flatMap { $0 }.sorted() }

    /// A PNG the target copies from outside the linted root whose name is `name`, letter case
    /// ignored (it is never read, so not even its case is known for sure).
    public func outsideRoot(named name: String) -> String? {
        outside[name.lowercased()]?.first
    }

    /// Builds the lookup from the run's file index: `area` says which files belong to the
    /// app's source area at all, `copies` which of those the bundle contains.
    init(index: FileIndex, area: (String) -> Bool, copies: (String) -> Bool) {
        self.init(pngsByName: index.pngsByName, unusablePNGs: index.unusablePNGs, area: area, copies: copies)
    }

    /// The same from the files of the app's area alone (see `FileAreas`): what a run with many
    /// apps uses, so each app looks at its own files, not at every file of the run.
    init(area: FileAreas.Area, copies: (String) -> Bool) {
        self.init(pngsByName: area.pngsByName, unusablePNGs: area.unusablePNGs, area: { _ in true }, copies: copies)
    }

    private init(
        pngsByName: [String: [String]], unusablePNGs: [String: [(path: String, reason: String)]],
        area: (String) -> Bool, copies: (String) -> Bool
    ) {
        var pngs: [String: [String]] = [:]
        var beside: [String: [String]] = [:]
        for (name, paths) in pngsByName {
            for path in paths where area(path) {
                if copies(path) { pngs[name, default: []].append(path) } else { beside[name, default: []].append(path) }
            }
        }
        var unusable: [String: [(path: String, reason: String)]] = [:]
        for (name, entries) in unusablePNGs {
            let inArea = entries.filter { area($0.path) }
            if !inArea.isEmpty { unusable[name] = inArea }
        }
        self.init(pngs: pngs, beside: beside, unusable: unusable)
    }

    /// An entry named exactly `name` in the app's source area that is never read, with why.
    public func unusable(named name: String) -> (path: String, reason: String)? {
        unusable[name.lowercased()]?.first { ProjectPath.lastComponent($0.path) == name }
    }

    /// Bundle PNGs whose file name equals `name` exactly (the device's lookup is case-sensitive).
    public func pngs(named name: String) -> [String] {
        (pngs[name.lowercased()] ?? []).filter { ProjectPath.lastComponent($0) == name }
    }

    /// Bundle PNGs whose file name equals `name` only when case is ignored.
    public func pngs(namedIgnoringCase name: String) -> [String] {
        (pngs[name.lowercased()] ?? []).filter { ProjectPath.lastComponent($0) != name }
    }

    /// PNGs named exactly `name` in the app's source area that the bundle does not copy.
    public func besideBundle(named name: String) -> [String] {
        (beside[name.lowercased()] ?? []).filter { ProjectPath.lastComponent($0) == name }
    }
}
