import Foundation

/// An XcodeGen spec (`project.yml`) with its `include:` files merged as XcodeGen merges
/// them, and its targets resolved (multi-platform targets split, `targetTemplates` applied),
/// every node still knowing its file and line.
///
/// Merging (XcodeGen's rules): included files first, in order, each with its own includes
/// under it; the including file on top. Two mappings merge key by key, two sequences are
/// concatenated, anything else is replaced; a key ending in `:REPLACE` replaces whatever was
/// there. A file included twice is merged once. Relative paths in an included file are taken
/// from that file's folder (`relativePaths: true`, the default) or from the including file's
/// base (`false`); `pathBase(of:)` gives that folder for each node's file.
struct XcodeGenSpec {
    /// Root-relative path of the spec and its folder ("" at the root).
    var path: String
    var folder: String
    /// The merged spec's root mapping.
    var root: YAMLNode
    /// Root-relative folder that relative paths written in each file start from.
    var pathBases: [String: String]
    /// What loading could not resolve (an include it could not read, a variable it cannot
    /// know), each as a sentence naming the file and line.
    var notes: [String] = []

    /// Steps loading and resolving may take in all (merges, template copies, expansions):
    /// a thousand times a large real spec.
    static let workLimit = 4_000_000
    /// Includes nest at most this deep.
    static let maximumIncludeDepth = 32
    /// A spec or included file larger than this is refused.
    static let byteLimit = 4 << 20

    /// Why a spec cannot be read at all: one sentence, with the file and line.
    struct Failure: Error {
        var message: String
    }

    /// The folder relative paths of `node` start from.
    func pathBase(of node: YAMLNode) -> String {
        pathBases[node.file] ?? folder
    }

    /// A path written in the spec as a root-relative path (nil for an absolute one or one
    /// leaving the root; those are never read).
    func resolve(_ written: String, from node: YAMLNode) -> String? {
        guard !written.hasPrefix("/") else { return nil }
        let base = pathBase(of: node)
        let joined = ProjectPath.normalize(base.isEmpty ? written : base + "/" + written)
        guard joined != "..", !joined.hasPrefix("../") else { return nil }
        return joined == "." ? "" : joined
    }

    // MARK: Loading

    static func load(path: String, root: String) -> Result<XcodeGenSpec, Failure> {
        var loader = Loader(root: root)
        let folder = ProjectPath.parentFolder(path)
        let merged: YAMLNode
        do {
            merged =
                try loader.load(file: path, place: Loader.Place(basePath: folder, anchor: folder, pathBase: folder), depth: 0)
                ?? YAMLNode(.mapping([]), file: path, line: 1)
        } catch {
            return .failure(error)
        }
        guard merged.pairs != nil else { return .failure(Failure(message: "\(path): the top level is not a mapping of keys")) }
        var spec = XcodeGenSpec(path: path, folder: folder, root: merged, pathBases: loader.pathBases, notes: loader.notes)
        do {
            var work = loader.work
            spec.root = try XcodeGenTargetResolution.resolve(spec.root, work: &work)
        } catch {
            return .failure(error)
        }
        return .success(spec)
    }

    /// Reads files and merges includes; counts its work.
    private struct Loader {
        let root: String
        var pathBases: [String: String] = [:]
        var notes: [String] = []
        var merged: Set<String> = []
        var active: [String] = []
        var work = XcodeGenWork()

        init(root: String) { self.root = root }

        /// Where a file stands, as XcodeGen tracks it: its includes are taken from `anchor`
        /// (`relativePaths: true`) or `basePath` (`false`), its own paths from `pathBase`.
        struct Place {
            var basePath: String
            var anchor: String
            var pathBase: String

            /// The place of a file this one includes as `written`.
            func child(_ written: String, relativePaths: Bool) -> (file: String, place: Place) {
                let join = { (folder: String, path: String) in ProjectPath.normalize(folder.isEmpty ? path : folder + "/" + path) }
                guard relativePaths else { return (join(basePath, written), Place(basePath: basePath, anchor: basePath, pathBase: pathBase)) }
                let file = join(anchor, written)
                let sub = ProjectPath.parentFolder(written)
                let base = sub.isEmpty ? pathBase : join(pathBase, sub)
                return (file, Place(basePath: anchor, anchor: ProjectPath.parentFolder(file), pathBase: base == "." ? "" : base))
            }
        }

        /// The merged mapping of `file` and its includes; nil when it was merged already.
        mutating func load(file: String, place: Place, depth: Int) throws(Failure) -> YAMLNode? {
            guard merged.insert(file).inserted else { return nil }
            if pathBases[file] == nil { pathBases[file] = place.pathBase }
            active.append(file)
            defer { active.removeLast() }
            let data: Data
            switch ProjectFile.read(root + "/" + file, root: root, limit: XcodeGenSpec.byteLimit) {
            case .success(let read): data = read
            case .failure(let failure): throw Failure(message: "\(file): cannot read it: \(failure)")
            }
            let node: YAMLNode
            switch YAMLParser.parse(data, file: file) {
            case .success(let parsed): node = parsed
            case .failure(let failure): throw Failure(message: "\(file)\(failure.line.map { ":\($0)" } ?? ""): \(failure.message)")
            }
            try work.spend(node.weight, at: file)
            guard node.pairs != nil else {
                if case .scalar(_, _) = node.kind, node.scalar == .null { return YAMLNode(.mapping([]), file: file, line: 1) }
                throw Failure(message: "\(file):\(node.line): the top level is not a mapping of keys")
            }
            var base = YAMLNode(.mapping([]), file: file, line: 1)
            for include in includes(of: node) {
                guard include.enabled else { continue }
                guard let written = include.path, !written.contains("${") else {
                    notes.append(
                        "\(file):\(include.line): include \(include.path ?? "") names its file through an environment variable that "
                            + "xcodegen expands at generate time; it was not read, so what it sets is unknown")
                    continue
                }
                let (joined, childPlace) = place.child(written, relativePaths: include.relativePaths)
                guard !written.hasPrefix("/"), joined != "..", !joined.hasPrefix("../") else {
                    notes.append(
                        "\(file):\(include.line): include \(written) lies outside the linted folder, which iconlint never reads; what it sets is unknown")
                    continue
                }
                if active.contains(joined) {
                    notes.append("\(file):\(include.line): include \(written) includes itself again (a cycle); xcodegen cannot load it either")
                    continue
                }
                guard depth < XcodeGenSpec.maximumIncludeDepth else {
                    throw Failure(message: "\(file):\(include.line): includes nest more than \(XcodeGenSpec.maximumIncludeDepth) deep")
                }
                if !XCConfigReader.fileExists(root + "/" + joined) {
                    notes.append("\(file):\(include.line): include \(written) is not in the repository; what it sets is unknown")
                    continue
                }
                if let child = try load(file: joined, place: childPlace, depth: depth + 1) {
                    base = try XcodeGenMerge.merged(child, onto: base, work: &work)
                }
            }
            return try XcodeGenMerge.merged(node, onto: base, work: &work)
        }

        struct Include {
            var path: String?
            var relativePaths = true
            var enabled = true
            var line: Int
        }

        mutating func includes(of node: YAMLNode) -> [Include] {
            guard let value = node["include"] else { return [] }
            let entries = value.items ?? [value]
            return entries.compactMap { entry in
                if let path = entry.string { return Include(path: path, line: entry.line) }
                guard entry.pairs != nil, let path = entry["path"]?.string else { return nil }
                var include = Include(path: path, line: entry.line)
                include.relativePaths = entry["relativePaths"]?.bool ?? true
                if let enable = entry["enable"] {
                    if let text = enable.string, text.contains("${") {
                        // Unset, the variable stays as written, which reads as false: not included.
                        notes.append(
                            "\(node.file):\(enable.line): include \(path) is read only when `\(text)` is true in xcodegen's environment; "
                                + "it was linted without that file")
                        include.enabled = false
                    } else {
                        include.enabled = enable.bool ?? false
                    }
                }
                return include
            }
        }
    }
}

/// Counts the steps of loading and resolving a spec against `XcodeGenSpec.workLimit`.
struct XcodeGenWork {
    private(set) var used = 0

    mutating func spend(_ steps: Int, at file: String) throws(XcodeGenSpec.Failure) {
        used = YAMLNode.add(used, steps)
        if used > XcodeGenSpec.workLimit {
            throw XcodeGenSpec.Failure(
                message:
                    "\(file): resolving its includes and templates takes more than \(XcodeGenSpec.workLimit) steps (templates or includes that repeat each other)"
            )
        }
    }
}

/// XcodeGen's merge of one spec dictionary onto another.
enum XcodeGenMerge {
    static func merged(_ new: YAMLNode, onto old: YAMLNode, work: inout XcodeGenWork) throws(XcodeGenSpec.Failure) -> YAMLNode {
        guard let newPairs = new.pairs, var pairs = old.pairs else { return new }
        try work.spend(newPairs.count + pairs.count, at: new.file)
        var index: [String: Int] = [:]
        for (offset, pair) in pairs.enumerated() { index[pair.key] = offset }
        for pair in newPairs {
            var key = pair.key
            var value = pair.value
            if key.hasSuffix(":REPLACE") {
                key = String(key.dropLast(":REPLACE".count))
            } else if let existing = index[key] {
                let base = pairs[existing].value
                if base.pairs != nil, value.pairs != nil {
                    value = try merged(value, onto: base, work: &work)
                } else if let baseItems = base.items, let items = value.items {
                    try work.spend(baseItems.count + items.count, at: new.file)
                    value = YAMLNode(.sequence(baseItems + items), file: value.file, line: value.line)
                }
            }
            let merged = YAMLNode.Pair(key: key, keyLine: pair.keyLine, value: value)
            if let existing = index[key] {
                pairs[existing] = merged
            } else {
                index[key] = pairs.count
                pairs.append(merged)
            }
        }
        return YAMLNode(.mapping(pairs), file: new.file, line: new.line)
    }
}
