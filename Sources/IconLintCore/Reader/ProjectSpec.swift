import Foundation

/// A project generator's spec (XcodeGen's `project.yml`, Tuist's `Project.swift` or
/// `Workspace.swift`) standing where a repository commits no `.xcodeproj`. A spec that
/// `GeneratedProjectReader` cannot read leaves the app it describes without build settings.
struct ProjectSpec: Equatable {
    /// Root-relative path of the spec file.
    var path: String
    /// The generator, for messages: "XcodeGen", "Tuist".
    var tool: String
    /// The command that writes the .xcodeproj.
    var command: String

    /// Where the spec writes an Info.plist's properties, for notes.
    var infoPlistSource: String { tool == "Tuist" ? "infoPlist: .extendingDefault(with:)" : "info.properties" }

    /// A larger manifest is not recognised (none comes near it).
    private static let readLimit = 1 << 20

    /// The spec in `folder` (root-relative, "" for the root), if there is one: a
    /// `project.yml`/`project.yaml` with a `targets:` key, or a `Project.swift` or
    /// `Workspace.swift` that imports ProjectDescription.
    static func inFolder(_ folder: String, index: FileIndex) -> ProjectSpec? {
        let join = { (name: String) in folder.isEmpty ? name : folder + "/" + name }
        for name in ["project.yml", "project.yaml"] {
            if let text = read(join(name), index: index),
                text.split(whereSeparator: \.isNewline).contains(where: { $0.hasPrefix("targets:") })
            {
                return ProjectSpec(path: join(name), tool: "XcodeGen", command: "xcodegen generate")
            }
        }
        for name in ["Project.swift", "Workspace.swift"] {
            if let text = read(join(name), index: index), text.contains("import ProjectDescription") {
                return ProjectSpec(path: join(name), tool: "Tuist", command: "tuist generate")
            }
        }
        return nil
    }

    /// The spec that describes the app whose Info.plist is `plist`: one in its folder or a
    /// folder above it (up to the root) that holds no `.xcodeproj` of its own.
    static func describing(_ plist: String, index: FileIndex) -> ProjectSpec? {
        var folder = ProjectPath.parentFolder(plist)
        while true {
            if let spec = inFolder(folder, index: index) {
                let hasProject = index.projects.contains { folder.isEmpty || ProjectPath.isWithin($0, folder: folder) }
                return hasProject ? nil : spec
            }
            if folder.isEmpty { return nil }
            folder = ProjectPath.parentFolder(folder)
        }
    }

    /// A spec at the root, or any Tuist manifest the walk found (for "nothing to lint").
    static func anywhere(_ index: FileIndex) -> ProjectSpec? {
        if let spec = inFolder("", index: index) { return spec }
        for path in index.specs.sorted() where ["Project.swift", "Workspace.swift"].contains(ProjectPath.lastComponent(path)) {
            if let spec = inFolder(ProjectPath.parentFolder(path), index: index) { return spec }
        }
        return nil
    }

    /// `reason`: why iconlint could not read the spec itself (a reader exists for its tool).
    func notGeneratedMessage(linting path: String, app plist: String, reason: String? = nil) -> String {
        let why = Self.cannotRead(reason)
        return "\(ReportText.singleLine(path)): \(self.path) (\(tool)) describes the app of \(plist), but no .xcodeproj is generated "
            + "yet\(why), so its build settings are unknown: run `\(command)` first, then lint again"
    }

    /// " and iconlint cannot read it (why)" when a reader tried the spec and failed, else "":
    /// the one shape in which every exit-2 line about a spec gives the reason.
    static func cannotRead(_ reason: String?) -> String {
        reason.map { " and iconlint cannot read it (\(ReportText.singleLine($0)))" } ?? ""
    }

    private static func read(_ relative: String, index: FileIndex) -> String? {
        guard case .success(let data) = ProjectFile.read(index.absolute(relative), root: index.root, limit: readLimit) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }
}
