/// Resolves where PBXFileReference, PBXGroup, PBXVariantGroup and
/// PBXFileSystemSynchronizedRootGroup objects point on disk, by walking the group tree
/// from the main group. `sourceTree` `<group>` is relative to the parent group,
/// `SOURCE_ROOT` to the project's folder, `<absolute>` is absolute; build-product and SDK
/// trees are not on disk and resolve to nothing. A group without `path` adds nothing.
/// A group that contains itself is reported once and not walked again.
struct FileElementPaths {
    static let groupKinds: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]
    static let elementKinds: Set<String> = groupKinds.union(["PBXFileReference", "PBXFileSystemSynchronizedRootGroup",
                                                             "PBXReferenceProxy"])

    /// Absolute paths by object ordinal; absent for elements outside the disk (built products, SDKs).
    private(set) var absolutePaths: [Int32: String] = [:]
    private let graph: PBXObjectGraph
    private let sourceRoot: String
    private var walked: Set<Int32> = []
    /// Ordinals of the groups on the walk's stack.
    private var onStack: Set<Int32> = []

    init(graph: PBXObjectGraph, mainGroup: PBXObject?, projectFolder: String, sourceRoot: String) {
        self.graph = graph
        self.sourceRoot = sourceRoot
        if let mainGroup {
            var stack: [PBXObject] = []
            walk(mainGroup, parentFolder: projectFolder, stack: &stack)
        }
    }

    /// Absolute path of an element; elements no group reaches resolve against the project's folder.
    func path(of element: PBXObject) -> String? {
        if let known = absolutePaths[element.ordinal] { return known }
        if walked.contains(element.ordinal) { return nil }
        return resolve(element, parentFolder: sourceRoot)
    }

    private func resolve(_ element: PBXObject, parentFolder: String?) -> String? {
        let path = graph.string("path", of: element) ?? ""
        let tree = graph.string("sourceTree", of: element) ?? "<group>"
        let base: String?
        switch tree {
        case "<group>": base = parentFolder
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR": base = sourceRoot
        case "<absolute>": base = "/"
        default: base = nil
        }
        guard let base else { return nil }
        return ProjectPath.normalize(ProjectPath.join(base, path))
    }

    /// Deeper group trees are not walked: a generated chain of 100 000 groups overflowed the stack.
    static let maxDepth = 256

    private mutating func walk(_ element: PBXObject, parentFolder: String?, stack: inout [PBXObject]) {
        if stack.count >= Self.maxDepth, let parent = stack.last {
            graph.problems.add(.malformedObject,
                               "groups nest more than \(Self.maxDepth) deep below \(parent.id); the rest of that branch is not read",
                               file: graph.file, line: graph.line(parent, "children"))
            return
        }
        if let parent = stack.last, onStack.contains(element.ordinal) {
            graph.problems.add(.groupCycle,
                               "group \(parent.id) lists \(element.id), which contains it: the group tree loops",
                               file: graph.file, line: graph.line(parent, "children"))
            return
        }
        guard walked.insert(element.ordinal).inserted else { return }
        let resolved = resolve(element, parentFolder: parentFolder)
        if let resolved { absolutePaths[element.ordinal] = resolved }
        guard Self.groupKinds.contains(element.isa) else { return }
        stack.append(element)
        onStack.insert(element.ordinal)
        defer { onStack.remove(element.ordinal) }
        for child in graph.objects(at: "children", of: element, isa: Self.elementKinds) {
            walk(child, parentFolder: resolved, stack: &stack)
        }
        stack.removeLast()
    }
}
