import Foundation

/// Adding new files to a target's Copy Bundle Resources (the plist route of `iconlint add`,
/// when the target lists its icon files one by one): see `PBXSettingsEditor.addingResources`.
public enum ResourceEdits {
    /// The project.pbxproj edit that makes `target` copy `files` (root-relative, in the folder
    /// of `model`, a file the target copies already). Checked before it is handed back: the
    /// edited file parses, reads as the original plus the new objects and list elements only,
    /// and each new reference resolves to its file.
    public static func addingResources(
        _ files: [String], besides model: String, target: String, project: String, root: String
    ) throws(ProjectEditError) -> TextFileEdit {
        let absoluteRoot = ProjectPath.absolute(root)
        let absoluteProject = ProjectPath.normalize(ProjectPath.join(absoluteRoot, project))
        let pbxproj = ProjectPath.relative(ProjectPath.join(absoluteProject, "project.pbxproj"), to: absoluteRoot)
        let original: [UInt8]
        switch ProjectFile.read(ProjectPath.join(absoluteRoot, pbxproj), root: absoluteRoot, limit: OpenStepPlist.byteLimit) {
        case .success(let data): original = [UInt8](data)
        case .failure(let failure): throw ProjectEditError("cannot read \(pbxproj): \(failure); not edited")
        }
        let folder = ProjectPath.parent(model)
        guard files.allSatisfy({ ProjectPath.parent($0) == folder }) else {
            throw ProjectEditError("the new files must lie in \(folder), beside \(model)")
        }
        let sourceRoot = ProjectPath.parent(absoluteProject)
        let editor = try PBXSettingsEditor(bytes: original, file: pbxproj)
        let (edits, ids) = try editor.addingResources(
            files.map(ProjectPath.lastComponent), besides: ProjectPath.join(absoluteRoot, model), target: target, sourceRoot: sourceRoot)
        let edited = try ByteEdit.apply(edits, to: original)
        if let difference = ProjectEditCheck.unintendedDifference(original: original, edited: edited, addedObjects: Set(ids)) {
            throw ProjectEditError("\(pbxproj): the edit would change more than the new files (\(difference)); not edited")
        }
        let check = try PBXSettingsEditor(bytes: edited, file: pbxproj)
        for (index, file) in files.enumerated() {
            guard check.resolvedPath(ofObject: ids[2 * index], sourceRoot: sourceRoot) == ProjectPath.join(absoluteRoot, file) else {
                throw ProjectEditError("\(pbxproj): the new reference for \(file) would not point at it; not edited")
            }
        }
        return TextFileEdit(
            path: pbxproj, original: original, edited: edited,
            changes: ["\(target): Copy Bundle Resources += \(files.map(ProjectPath.lastComponent).joined(separator: ", "))"])
    }
}

extension PBXSettingsEditor {
    /// Where the element with that ID points (absolute), as lint resolves it.
    func resolvedPath(ofObject id: String, sourceRoot: String) -> String? {
        guard let project, let object = graph.object(withID: id) else { return nil }
        let projectFolder = ProjectPath.normalize(ProjectPath.join(sourceRoot, graph.string("projectDirPath", of: project) ?? ""))
        let mainGroup = graph.object(at: "mainGroup", of: project, isa: FileElementPaths.groupKinds)
        return FileElementPaths(graph: graph, mainGroup: mainGroup, projectFolder: projectFolder, sourceRoot: sourceRoot)
            .path(of: object).map(ProjectPath.normalize)
    }
}

extension ProjectEditCheck {
    /// Why `edited` is not `original` plus the objects `addedObjects` and their IDs in lists;
    /// nil when it is exactly that.
    public static func unintendedDifference(original: [UInt8], edited: [UInt8], addedObjects: Set<String>) -> String? {
        guard case .success(let before) = OpenStepPlist.parse(original) else { return "the original does not parse" }
        let after: OpenStepPlist
        switch OpenStepPlist.parse(edited) {
        case .success(let parsed): after = parsed
        case .failure(let error): return "the edited file does not parse: \(error.message)"
        }
        guard var root = after.foundationValue(after.root) as? [String: Any], var objects = root["objects"] as? [String: Any] else {
            return "the edited file has no objects"
        }
        guard addedObjects.allSatisfy({ objects[$0] != nil }) else { return "a new object is missing" }
        for id in addedObjects { objects[id] = nil }
        root["objects"] = objects
        let old = before.foundationValue(before.root) as? NSObject
        return old == (withoutElements(addedObjects, root) as? NSObject) ? nil : "other values differ"
    }

    private static func withoutElements(_ ids: Set<String>, _ value: Any) -> Any {
        if let array = value as? [Any] {
            return array.filter { !(($0 as? String).map(ids.contains) ?? false) }.map { withoutElements(ids, $0) }
        }
        guard let dictionary = value as? [String: Any] else { return value }
        return dictionary.mapValues { withoutElements(ids, $0) }
    }
}
