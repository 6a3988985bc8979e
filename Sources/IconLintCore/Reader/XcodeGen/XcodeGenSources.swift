import Foundation

/// What a target's `sources` put in its bundle, as XcodeGen assigns build phases.
///
/// A source is a path (a string, or a mapping with `path`). A folder without an extension is
/// a group (`type: group`, or `options.defaultSourceDirectoryType`): each file under it gets
/// the source's `buildPhase`, else the phase of its extension (xcassets, `.icon`, bundle →
/// resources; swift, m, c → sources; h → headers; xcconfig, entitlements → none; any other
/// extension, PNGs included, → resources; no extension → none), except the target's Info.plist,
/// which no phase gets. A folder with an extension (`.bundle`, `.xcassets`) is one item.
/// `type: folder` is a folder reference (copied whole), `type: syncedFolder` a synchronized
/// folder. `excludes` and `includes` are globs relative to the source's path (a folder that
/// matches takes everything in it); a source whose `destinationFilters` leave out iOS is not
/// in the iOS app. A missing path that is not `optional` stops `xcodegen generate`: a note.
///
/// The files come from the linted tree's index (PNGs, plists, code, catalogs, `.icon`
/// bundles): what icon rules read; other resources decide nothing here.
struct XcodeGenSources {
    let spec: XcodeGenSpec
    let index: FileIndex
    /// Root-relative Info.plists of the target (no build phase gets them).
    let infoPlists: Set<String>
    /// The spec's work on sources: files visited and glob cells matched.
    let meter: XcodeGenMeter

    /// Every indexed path, and whether it is a folder (catalogs, `.icon` bundles).
    private var inventory: [(path: String, isFolder: Bool)] {
        let files = index.pngsByName.values.flatMap { $0 } + index.plists + index.sources
        return (files.map { ($0, false) } + (index.catalogs + index.iconBundles).map { ($0, true) }).sorted { $0.0 < $1.0 }
    }

    static let phases: [String: String] = [
        "bundle": "resources", "xcassets": "resources", "storekit": "resources", "xcstrings": "resources", "icon": "resources",
        "mlmodelc": "resources", "swift": "sources", "gyb": "sources", "m": "sources", "mm": "sources", "cpp": "sources",
        "cp": "sources", "cxx": "sources", "c": "sources", "cc": "sources", "S": "sources", "xcdatamodeld": "sources",
        "xcmappingmodel": "sources", "intentdefinition": "sources", "metal": "sources", "mlmodel": "sources",
        "mlpackage": "sources", "rcproject": "sources", "iig": "sources", "docc": "sources", "h": "headers", "hh": "headers",
        "hpp": "headers", "ipp": "headers", "tpp": "headers", "hxx": "headers", "def": "headers", "framework": "frameworks",
        "xpc": "copyFiles", "appex": "copyFiles", "xcconfig": "none", "entitlements": "none", "gpx": "none", "lproj": "none",
        "xcfilelist": "none", "apns": "none", "pch": "none", "xctestplan": "none",
    ]

    static func pathExtension(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = String(name[name.index(after: dot)...])
        return ext.isEmpty ? nil : ext
    }

    /// The phase XcodeGen gives a file by its name (`options.fileTypes` first).
    func defaultPhase(_ path: String) -> String? {
        guard let ext = Self.pathExtension(ProjectPath.lastComponent(path)) else { return nil }
        if let custom = spec.root["options"]?["fileTypes"]?[ext]?["buildPhase"] { return Self.phaseName(custom) }
        return Self.phases[ext] ?? "resources"
    }

    static func phaseName(_ node: YAMLNode) -> String? {
        if let name = node.string { return name }
        if node.pairs != nil { return node.pairs?.first?.key }
        return nil
    }

    func resources(of target: YAMLNode, targetName: String, notes: inout [String]) -> TargetResources {
        var builder = TargetResourcesBuilder()
        let sources = target["sources"]
        let entries = sources.map { $0.items ?? [$0] } ?? []
        let all = inventory
        for entry in entries {
            guard meter.spend(all.count + 1) else { break }
            let pathNode = entry.string != nil ? entry : entry["path"]
            guard let pathNode, let written = pathNode.string else { continue }
            guard !written.contains("${") else {
                notes.append(
                    "\(pathNode.file):\(pathNode.line): target \(targetName)'s source \(written) names an environment variable that xcodegen "
                        + "expands at generate time; what it holds was not read, so the files it would copy are unknown")
                continue
            }
            if let filters = entry["destinationFilters"]?.stringList, !filters.isEmpty, !filters.contains("iOS") { continue }
            guard let path = spec.resolve(written, from: pathNode) else {
                notes.append(
                    "\(pathNode.file):\(pathNode.line): target \(targetName)'s source \(written) lies outside the linted folder, which iconlint never reads")
                continue
            }
            var isDirectory: ObjCBool = false
            let absolute = index.absolute(path)
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                if entry["optional"]?.bool != true {
                    notes.append(
                        "\(pathNode.file):\(pathNode.line): target \(targetName)'s source \(written) does not exist, so `xcodegen generate` "
                            + "stops there (mark it `optional: true` if a build step writes it); it was linted without it")
                }
                continue
            }
            let ext = Self.pathExtension(ProjectPath.lastComponent(path))
            let type =
                entry["type"]?.string
                ?? (!isDirectory.boolValue || ext != nil ? "file" : spec.root["options"]?["defaultSourceDirectoryType"]?.string ?? "group")
            let phase = entry["buildPhase"].flatMap(Self.phaseName)
            let excludes = (entry["excludes"]?.stringList ?? []).map(XcodeGenGlob.init)
            let includes = (entry["includes"]?.stringList ?? []).map(XcodeGenGlob.init)
            switch type {
            case "folder":
                if phase == nil || phase == "resources" { builder.add(path, to: \.folders) }
            case "syncedFolder":
                builder.add(path, to: \.folders)
                builder.add(path, to: \.synchronizedFolders)
                for item in all where ProjectPath.isInside(item.path, folder: path) && item.path != path {
                    let relative = String(item.path.dropFirst(path.count + 1))
                    if isExcluded(relative, excludes: excludes, includes: includes) {
                        builder.add(item.path, to: \.excluded)
                    } else if item.isFolder {
                        builder.addCompiledBundle(item.path)
                    } else if phase == "sources" || (phase == nil && defaultPhase(item.path) == "sources") {
                        builder.add(item.path, to: \.sources)
                    }
                }
            case "file":
                add(path, phase: phase ?? (infoPlists.contains(path) ? "none" : defaultPhase(path)), to: &builder)
            default:
                var seen: Set<String> = []
                for item in all where ProjectPath.isInside(item.path, folder: path) && item.path != path {
                    let unit = Self.unit(of: item.path, in: path)
                    guard seen.insert(unit).inserted else { continue }
                    let relative = String(unit.dropFirst(path.count + 1))
                    if isExcluded(relative, excludes: excludes, includes: includes) { continue }
                    add(unit, phase: phase ?? (infoPlists.contains(unit) ? "none" : defaultPhase(unit)), to: &builder)
                }
            }
        }
        return builder.resources
    }

    private func add(_ path: String, phase: String?, to builder: inout TargetResourcesBuilder) {
        switch phase {
        case "resources": builder.addFile(path)
        case "sources":
            if let ext = Self.pathExtension(path)?.lowercased(), ["swift", "m", "mm"].contains(ext) { builder.add(path, to: \.sources) }
        default: break
        }
    }

    /// The item XcodeGen adds for a file under a group: the file, or the folder with an
    /// extension (a bundle, a catalog) that holds it. Files in `.lproj` folders are localised
    /// items of their own.
    static func unit(of path: String, in folder: String) -> String {
        let relative = path.dropFirst(folder.count + 1).split(separator: "/")
        var unit = folder
        for (offset, component) in relative.enumerated() {
            unit += "/" + component
            if offset < relative.count - 1, let ext = pathExtension(String(component)), ext != "lproj" { return unit }
        }
        return unit
    }

    /// Excluded when the item or a folder above it matches an exclude, or when includes are
    /// given and neither it nor a folder above it matches one.
    func isExcluded(_ relative: String, excludes: [XcodeGenGlob], includes: [XcodeGenGlob]) -> Bool {
        guard !excludes.isEmpty || !includes.isEmpty else { return false }
        // A table per pattern and folder prefix: pattern length × path length cells each.
        let depth = relative.split(separator: "/").count
        let cells = (excludes + includes).reduce(0) { $0 + $1.length } * relative.count * depth
        guard meter.spend(cells) else { return true }
        return Self.isExcluded(relative, excludes: excludes, includes: includes)
    }

    static func isExcluded(_ relative: String, excludes: [XcodeGenGlob], includes: [XcodeGenGlob]) -> Bool {
        var prefixes: [String] = []
        var current = ""
        for component in relative.split(separator: "/") {
            current = current.isEmpty ? String(component) : current + "/" + component
            prefixes.append(current)
        }
        if prefixes.contains(where: { prefix in excludes.contains { $0.matches(prefix) } }) { return true }
        if !includes.isEmpty, !prefixes.contains(where: { prefix in includes.contains { $0.matches(prefix) } }) { return true }
        return false
    }
}

/// Counts the work of resolving a spec's sources against `limit` steps; once spent, the
/// spec is refused (its bundle contents would be a guess).
final class XcodeGenMeter {
    /// A thousand times a large real spec's sources (files visited and glob table cells).
    static let limit = 200_000_000
    private(set) var used = 0
    var exceeded: Bool { used > Self.limit }

    /// Marks the work as past the limit (a bound elsewhere cut the spec's reading).
    func overflow() { used = Self.limit + 1 }

    /// Takes `steps`; false once the limit is passed.
    func spend(_ steps: Int) -> Bool {
        used = YAMLNode.add(used, steps)
        return !exceeded
    }
}
