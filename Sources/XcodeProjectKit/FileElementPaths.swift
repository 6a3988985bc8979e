import IconSupport

/// Resolves where PBXFileReference, PBXGroup, PBXVariantGroup and
/// PBXFileSystemSynchronizedRootGroup objects point on disk, by walking the group tree
/// from the main group. `sourceTree` `<group>` is relative to the parent group,
/// `SOURCE_ROOT` to the project's folder, `<absolute>` is absolute; build-product and SDK
/// trees are not on disk and resolve to nothing. A group without `path` adds nothing.
/// A group that contains itself is reported once and not walked again.
///
/// The walk checks the tree and remembers each element's parent; paths are worked out only
/// for the elements a caller asks about (resources, xcconfigs, synchronized folders), not
/// for the thousands of source files a large project lists.
package final class FileElementPaths {
    package static let groupKinds: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]
    static let elementKinds: Set<String> = groupKinds.union([
        "PBXFileReference", "PBXFileSystemSynchronizedRootGroup",
        "PBXReferenceProxy",
    ])

    private let graph: PBXObjectGraph
    private let sourceRoot: String
    private let projectFolder: String
    /// Walked elements with the group that lists them (nil for the main group).
    private var walked: [Int32: (element: PBXObject, parent: Int32?)] = [:]
    /// Ordinals of the groups on the walk's stack.
    private var onStack: Set<Int32> = []
    /// Paths worked out so far; nil for elements outside the disk (built products, SDKs).
    private var resolved: [Int32: String?] = [:]

    package init(graph: PBXObjectGraph, mainGroup: PBXObject?, projectFolder: String, sourceRoot: String) {
        self.graph = graph
        self.sourceRoot = sourceRoot
        self.projectFolder = projectFolder
        if let mainGroup {
            var stack: [PBXObject] = []
            walk(mainGroup, parent: nil, stack: &stack)
        }
    }

    /// Absolute path of an element; elements no group reaches resolve against the project's folder.
    package func path(of element: PBXObject) -> String? {
        if let known = resolved[element.ordinal] { return known }
        let path: String?
        if let entry = walked[element.ordinal] {
            if let parent = entry.parent {
                path = resolve(element, parentFolder: walked[parent].flatMap { self.path(of: $0.element) })
            } else {
                path = resolve(element, parentFolder: projectFolder)
            }
        } else {
            path = resolve(element, parentFolder: sourceRoot)
        }
        resolved[element.ordinal] = .some(path)
        return path
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

    private func walk(_ element: PBXObject, parent: Int32?, stack: inout [PBXObject]) {
        if stack.count >= Self.maxDepth, let parent = stack.last {
            graph.problems.add(
                .malformedObject,
                "groups nest more than \(Self.maxDepth) deep below \(graph.id(of: parent)); the rest of that branch is not read",
                file: graph.file, line: graph.line(parent, "children"))
            return
        }
        if let parent = stack.last, onStack.contains(element.ordinal) {
            graph.problems.add(
                .groupCycle,
                "group \(graph.id(of: parent)) lists \(graph.id(of: element)), which contains it: the group tree loops",
                file: graph.file, line: graph.line(parent, "children"))
            return
        }
        guard walked[element.ordinal] == nil else { return }
        walked[element.ordinal] = (element, parent)
        // Wrong types are reported now, whether or not the path is ever needed.
        graph.checkString("path", of: element)
        graph.checkString("sourceTree", of: element)
        guard Self.groupKinds.contains(element.isa) else { return }
        stack.append(element)
        onStack.insert(element.ordinal)
        defer { onStack.remove(element.ordinal) }
        for child in graph.objects(at: "children", of: element, isa: Self.elementKinds) {
            walk(child, parent: element.ordinal, stack: &stack)
        }
        stack.removeLast()
    }
}
