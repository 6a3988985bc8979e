// The file index split by owner: each file belongs to the innermost of a set of folders
// (projects' folders, apps' folders) that holds it. One pass over the index, so a run with
// thousands of apps costs what its files cost, not apps × files.

/// A set of owner folders (root-relative, "" for the root) and the innermost one above a path.
struct FolderOwners {
    private let folders: Set<String>

    init(_ folders: some Sequence<String>) {
        self.folders = Set(folders)
    }

    /// The innermost owner folder that holds `path` (the path itself when it is one), nil
    /// when none does: the same answer as `ProjectPath.isWithin` over every folder, in the
    /// path's depth of steps.
    func owner(of path: String) -> String? {
        var current = path
        while true {
            if folders.contains(current) { return current }
            if current.isEmpty { return nil }
            current = ProjectPath.parentFolder(current)
        }
    }

    /// True when some owner folder holds `path`.
    func holds(_ path: String) -> Bool { owner(of: path) != nil }
}

/// What the file index holds in each owner's area: the files whose innermost owner it is.
struct FileAreas {
    struct Area {
        /// Loose PNGs, keyed by lowercased file name.
        var pngsByName: [String: [String]] = [:]
        var unusablePNGs: [String: [(path: String, reason: String)]] = [:]
        var catalogs: [String] = []
        var iconBundles: [String] = []
        var sources: [String] = []
    }

    private let areas: [String: Area]

    init(index: FileIndex, owners: FolderOwners) {
        var areas: [String: Area] = [:]
        for (name, paths) in index.pngsByName {
            for path in paths { if let owner = owners.owner(of: path) { areas[owner, default: Area()].pngsByName[name, default: []].append(path) } }
        }
        for (name, entries) in index.unusablePNGs {
            for entry in entries {
                if let owner = owners.owner(of: entry.path) { areas[owner, default: Area()].unusablePNGs[name, default: []].append(entry) }
            }
        }
        for path in index.catalogs { if let owner = owners.owner(of: path) { areas[owner, default: Area()].catalogs.append(path) } }
        for path in index.iconBundles { if let owner = owners.owner(of: path) { areas[owner, default: Area()].iconBundles.append(path) } }
        for path in index.sources { if let owner = owners.owner(of: path) { areas[owner, default: Area()].sources.append(path) } }
        self.areas = areas
    }

    /// The files whose innermost owner is `folder` (nothing when it owns none).
    subscript(folder: String) -> Area { areas[folder] ?? Area() }
}

/// Files by folder, to list every file under a folder in the time the answer takes.
struct FolderTree {
    /// Folder → the files directly in it.
    private var files: [String: [String]] = [:]
    /// Folder → the folders directly in it that hold files somewhere below.
    private var children: [String: [String]] = [:]

    init(_ paths: [String]) {
        var known: Set<String> = []
        for path in paths {
            var folder = ProjectPath.parentFolder(path)
            files[folder, default: []].append(path)
            // Link the folder up to the first one already linked (each edge is made once).
            while !folder.isEmpty, known.insert(folder).inserted {
                let parent = ProjectPath.parentFolder(folder)
                children[parent, default: []].append(folder)
                folder = parent
            }
        }
    }

    /// Every file under `folder` ("" for all), in no particular order.
    func files(under folder: String) -> [String] {
        var result: [String] = []
        var stack = [folder == "." ? "" : folder]
        while let next = stack.popLast() {
            result += files[next] ?? []
            stack += children[next] ?? []
        }
        return result
    }
}
