import Foundation

/// The loose files one app's bundle would contain, with a lookup by file name that never
/// reaches another app's files.
///
/// With a project file the bundle is what the target copies (Copy Bundle Resources, folder
/// references, synchronized folders with their exceptions); "beside" are the PNGs of the
/// project's own folder that the target does not copy (for icon-file-not-in-target).
/// Without a project file the bundle is every file under the app's folder, and nothing is
/// beside it: a stray copy elsewhere in the repository never satisfies the app.
public struct BundleFiles: Sendable {
    /// Root-relative PNGs in the bundle, keyed by lowercased file name.
    private let pngs: [String: [String]]
    /// Root-relative PNGs of the app's source area that the bundle does not copy.
    private let beside: [String: [String]]
    /// Entries of the app's source area named like PNGs that are never read (a link out of
    /// the root, a FIFO), with why.
    private let unusable: [String: [(path: String, reason: String)]]

    init(pngs: [String: [String]], beside: [String: [String]], unusable: [String: [(path: String, reason: String)]] = [:]) {
        self.pngs = pngs
        self.beside = beside
        self.unusable = unusable
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
