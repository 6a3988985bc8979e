import Foundation

/// The PATH argument resolved to a root folder and what to lint in it.
struct LintRequest {
    var root: String

    init(root: String, plist: String) {
        self.root = root
        self.plist = plist
    }
    /// Set when PATH named one .xcodeproj.
    var project: String?
    /// Set when PATH named one Info.plist.
    var plist: String?
    /// Set when PATH named one .xcworkspace: its projects are linted.
    var workspace: String?
    /// Set when PATH named an Info.plist that a project above it builds (INFOPLIST_FILE): only
    /// the targets using it are linted, with their build settings.
    var plistOfProject: String?

    init(path: String) throws(ConfigurationError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw ConfigurationError("path not found: \(path)")
        }
        let name = (absolute as NSString).lastPathComponent
        if isDirectory.boolValue, name.lowercased().hasSuffix(".xcodeproj") {
            root = (absolute as NSString).deletingLastPathComponent
            project = name
        } else if isDirectory.boolValue, name.lowercased().hasSuffix(".xcworkspace") {
            root = (absolute as NSString).deletingLastPathComponent
            workspace = name
        } else if isDirectory.boolValue {
            root = absolute
        } else if name.lowercased().hasSuffix(".plist") {
            root = (absolute as NSString).deletingLastPathComponent
            plist = name
            if let (folder, project, relative) = Self.projectBuilding(plist: absolute) {
                root = folder
                self.project = project
                plist = nil
                plistOfProject = relative
            }
        } else if name == "project.yml" || name == "project.yaml" {
            // An XcodeGen spec: its folder, where the spec is found and read.
            root = (absolute as NSString).deletingLastPathComponent
        } else {
            throw ConfigurationError("\(path) is neither a folder, an .xcodeproj, an Info.plist nor a built app (.app, .ipa, .xcarchive)")
        }
        guard FileManager.default.isReadableFile(atPath: absolute) else {
            throw ConfigurationError("cannot read \(path): permission denied")
        }
    }

    /// The project a few folders above an Info.plist that a target of it builds (its
    /// INFOPLIST_FILE resolves to the file): (its folder, the .xcodeproj, the plist's path
    /// relative to that folder). `iconlint lint $INFOPLIST_FILE` then lints the target as
    /// it builds, with its catalogs and settings, not a bare file.
    static func projectBuilding(plist absolute: String) -> (String, String, String)? {
        var folder = (absolute as NSString).deletingLastPathComponent
        for _ in 0..<4 {
            let relative = String(absolute.dropFirst(folder.count + 1))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.lowercased().hasSuffix(".xcodeproj") {
                guard Self.project(name, in: folder, builds: relative) else { continue }
                return (folder, name, relative)
            }
            if FileManager.default.fileExists(atPath: folder + "/.git") { return nil }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { return nil }
            folder = parent
        }
        return nil
    }

    /// Whether a target of the project in `folder` builds `relative` (INFOPLIST_FILE, as the
    /// project reader resolves it, in some configuration). A project.pbxproj that cannot be
    /// read (a merge conflict) may build it: the project is linted, so that its reading problem
    /// is reported rather than the plist passing alone.
    static func project(_ name: String, in folder: String, builds relative: String) -> Bool {
        let project = XcodeProjectReader.read(projectPath: name, root: folder)
        if project.targets.isEmpty, project.problems.contains(where: { $0.kind == .projectUnreadable }) {
            return FileManager.default.fileExists(atPath: folder + "/" + name + "/project.pbxproj")
        }
        return project.targets.contains { target in
            target.configurations.contains { $0.settings.path("INFOPLIST_FILE") == relative }
        }
    }
}
