import Foundation

/// New files in a target's Copy Bundle Resources, written as Xcode writes them: for each, a
/// PBXFileReference and a PBXBuildFile shaped like those of a file the target already copies
/// from the same folder (one line each, in ID order within their sections), a line in that
/// file's group and one in the resources phase, right after the model's. Nothing else moves.
extension PBXSettingsEditor {
    /// The edits, and the IDs of the objects they add.
    /// - Parameters: `names` are new file names beside `model`, an absolute path the target
    ///   copies; `sourceRoot` is the project's folder (absolute).
    func addingResources(
        _ names: [String], besides model: String, target: String, sourceRoot: String
    ) throws(ProjectEditError) -> (edits: [ByteEdit], ids: [String]) {
        guard let project else { throw ProjectEditError("\(file): `rootObject` is not a PBXProject; not edited") }
        guard
            let targetObject = graph.objects(at: "targets", of: project, isa: Self.targetKinds)
                .last(where: { graph.string("name", of: $0) == target })
        else { throw ProjectEditError("\(file) has no target \(target)") }
        guard let phase = graph.objects(at: "buildPhases", of: targetObject, isa: nil).first(where: { $0.isa == "PBXResourcesBuildPhase" })
        else { throw ProjectEditError("\(file): target \(target) has no Copy Bundle Resources phase; not edited") }
        let projectFolder = ProjectPath.normalize(ProjectPath.join(sourceRoot, graph.string("projectDirPath", of: project) ?? ""))
        let mainGroup = graph.object(at: "mainGroup", of: project, isa: FileElementPaths.groupKinds)
        let paths = FileElementPaths(graph: graph, mainGroup: mainGroup, projectFolder: projectFolder, sourceRoot: sourceRoot)
        var found: (buildFile: PBXObject, reference: PBXObject)?
        for buildFile in graph.objects(at: "files", of: phase, isa: ["PBXBuildFile"]) {
            guard let reference = graph.object(at: "fileRef", of: buildFile, isa: ["PBXFileReference"], required: false),
                paths.path(of: reference).map(ProjectPath.normalize) == ProjectPath.normalize(model)
            else { continue }
            found = (buildFile, reference)
            break
        }
        guard let (buildFile, reference) = found else {
            throw ProjectEditError("\(file): target \(target) does not list \(ProjectPath.lastComponent(model)) in Copy Bundle Resources; not edited")
        }
        let referenceID = graph.id(of: reference), buildFileID = graph.id(of: buildFile)
        guard
            let group = graph.objects(withISA: "PBXGroup").first(where: { graph.strings("children", of: $0).contains(referenceID) }),
            let children = plist.value(forKey: "children", in: group.node),
            let files = plist.value(forKey: "files", in: phase.node)
        else { throw ProjectEditError("\(file): no group lists \(ProjectPath.lastComponent(model)); not edited") }
        let modelName = ProjectPath.lastComponent(model)
        guard let objects = plist.value(forKey: "objects", in: plist.root) else { throw ProjectEditError("\(file) has no objects; not edited") }
        var taken = Set(plist.pairs(objects).compactMap { plist.string($0.key) })
        var edits: [ByteEdit] = [], ids: [String] = []
        // Objects go in ID order within their section; list elements in the order of `names`.
        var objectEdits: [(id: String, edit: ByteEdit)] = []
        for name in names {
            let newReference = Self.newID(for: name + "/ref", taken: &taken), newBuildFile = Self.newID(for: name + "/build", taken: &taken)
            ids += [newReference, newBuildFile]
            let swap = [(referenceID, newReference), (buildFileID, newBuildFile), (modelName, name)]
            objectEdits.append((newReference, try objectLine(copying: reference, id: newReference, swap)))
            objectEdits.append((newBuildFile, try objectLine(copying: buildFile, id: newBuildFile, swap)))
            edits.append(try elementLine(copying: referenceID, in: children, swap))
            edits.append(try elementLine(copying: buildFileID, in: files, swap))
        }
        return (objectEdits.sorted { $0.id < $1.id }.map(\.edit) + edits, ids)
    }

    /// A deterministic 24-hex-digit ID (as Xcode's) for a new object, unused in the file.
    static func newID(for seed: String, taken: inout Set<String>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var attempt = 0
        while true {
            for byte in (seed + "#\(attempt)").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            let id = String(format: "%016llX%08X", hash, UInt32(truncatingIfNeeded: hash >> 17))
            if taken.insert(id).inserted { return id }
            attempt += 1
        }
    }

    /// The model object's entry (its whole lines) with names swapped, inserted among the
    /// objects of its kind at its ID's place.
    private func objectLine(copying model: PBXObject, id: String, _ swap: [(String, String)]) throws(ProjectEditError) -> ByteEdit {
        guard let objects = plist.value(forKey: "objects", in: plist.root),
            let entry = plist.pairs(objects).first(where: { plist.string($0.key) == graph.id(of: model) })
        else { throw ProjectEditError("\(file): the model object was not found; not edited") }
        let text = try wholeLines(from: entry.key, through: entry.value)
        let siblings = plist.pairs(objects).filter { pair in
            plist.value(forKey: "isa", in: pair.value).flatMap { plist.string($0) } == model.isa
        }
        if let next = siblings.first(where: { (plist.string($0.key) ?? "") > id }), let start = plist.span(next.key)?.lowerBound {
            return ByteEdit(insert: Self.swapped(text, swap), at: ByteLines.lineStart(bytes, start))
        }
        guard let last = siblings.last else { throw ProjectEditError("\(file): no objects of kind \(model.isa); not edited") }
        return ByteEdit(insert: Self.swapped(text, swap), at: try entryEnd(last.value))
    }

    /// The array element's line with names swapped, inserted after it.
    private func elementLine(copying id: String, in array: Int32, _ swap: [(String, String)]) throws(ProjectEditError) -> ByteEdit {
        guard let element = plist.elements(array).first(where: { plist.string($0) == id }), let span = plist.span(element),
            ByteLines.blank(bytes, ByteLines.lineStart(bytes, span.lowerBound), span.lowerBound)
        else { throw ProjectEditError("\(file): a list that is not one element a line, as Xcode writes it; not edited") }
        let end = ByteLines.lineEnd(bytes, span.upperBound)
        let line = String(decoding: bytes[ByteLines.lineStart(bytes, span.lowerBound)..<end], as: UTF8.self)
        guard line.hasSuffix("\n") || line.hasSuffix("\r") else { throw ProjectEditError("\(file): a list ends the file; not edited") }
        return ByteEdit(insert: Self.swapped(line, swap), at: end)
    }

    /// From the start of `key`'s line through the line break after the pair's `;`.
    private func wholeLines(from key: Int32, through value: Int32) throws(ProjectEditError) -> String {
        guard let start = plist.span(key)?.lowerBound, ByteLines.blank(bytes, ByteLines.lineStart(bytes, start), start) else {
            throw ProjectEditError("\(file): an object that does not start its line; not edited")
        }
        return String(decoding: bytes[ByteLines.lineStart(bytes, start)..<(try entryEnd(value))], as: UTF8.self)
    }

    /// The offset after the line break that follows the `;` ending the pair whose value is `value`.
    private func entryEnd(_ value: Int32) throws(ProjectEditError) -> Int {
        guard let end = plist.span(value)?.upperBound, let semicolon = bytes[end...].firstIndex(of: UInt8(ascii: ";")) else {
            throw ProjectEditError("\(file): an object without its `;`; not edited")
        }
        let lineEnd = ByteLines.lineEnd(bytes, semicolon)
        guard lineEnd > semicolon + 1, [0x0A, 0x0D].contains(bytes[lineEnd - 1]) else {
            throw ProjectEditError("\(file): an object that does not end its line; not edited")
        }
        return lineEnd
    }

    private static func swapped(_ text: String, _ swap: [(String, String)]) -> String {
        swap.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
