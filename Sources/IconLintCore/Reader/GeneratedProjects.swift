import Foundation

extension ProjectSpec {
    /// The projects that generators' specs describe in folders holding no `.xcodeproj`
    /// (Tuist's `Project.swift`), each read from its spec, and notes: what a spec could not
    /// be read for, and, where a committed `.xcodeproj` stands beside a spec (the `.xcodeproj`
    /// is what is linted), where the spec disagrees with it on an icon setting.
    static func generatedProjects(index: FileIndex, committed: [(path: String, project: XcodeProject)]) -> (
        projects: [XcodeProject], notes: [String]
    ) {
        var projects: [XcodeProject] = []
        var notes: [String] = []
        for manifest in TuistProjectReader.manifests(index) {
            let folder = ProjectPath.parentFolder(manifest)
            let beside = committed.filter { ProjectPath.parentFolder($0.path) == folder }
            let read = TuistProjectReader.read(manifest, index: index)
            if beside.isEmpty {
                // A project read keeps its notes as problems (SourceProjectReader reports them).
                if let project = read.project { projects.append(project) } else { notes += read.notes }
                continue
            }
            guard let described = read.project else { continue }
            for (path, project) in beside {
                notes += TuistDisagreement.notes(manifest: described, committed: project, projectPath: path, index: index)
            }
        }
        return (projects, notes)
    }
}

/// Where a Tuist manifest and the `.xcodeproj` committed beside it disagree on the icon settings of a target.
enum TuistDisagreement {
    static func notes(manifest: XcodeProject, committed: XcodeProject, projectPath: String, index: FileIndex) -> [String] {
        var notes: [String] = []
        for target in manifest.applicationTargets {
            guard let other = committed.target(named: target.name) else { continue }
            // Setting → (manifest's value, project's value) → configurations.
            var differences: [(what: String, configurations: [String])] = []
            func record(_ what: String, _ configuration: String) {
                if let at = differences.firstIndex(where: { $0.what == what }) {
                    differences[at].configurations.append(configuration)
                } else {
                    differences.append((what, [configuration]))
                }
            }
            for configuration in target.configurations {
                guard let counterpart = other.configuration(named: configuration.name) else { continue }
                let mine = SourceProjectReader.iconSettings(configuration.settings)
                let theirs = SourceProjectReader.iconSettings(counterpart.settings)
                let unread = Set(configuration.unreadSettings)
                let pairs: [(String, String, String)] = [
                    ("ASSETCATALOG_COMPILER_APPICON_NAME", mine.appIconName ?? "", theirs.appIconName ?? ""),
                    ("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", mine.alternateNames.joined(separator: " "), theirs.alternateNames.joined(separator: " ")),
                    ("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", mine.includeAllAppIcons ? "YES" : "NO", theirs.includeAllAppIcons ? "YES" : "NO"),
                ]
                for (name, left, right) in pairs where left != right && !unread.contains(name) {
                    record("\(name) is \"\(left)\" in the manifest but \"\(right)\" in \(projectPath)", configuration.name)
                }
                if let generated = target.generatedInfoPlist, let file = counterpart.settings.path("INFOPLIST_FILE"),
                    case .success(let document) = PlistReader.read(file, root: index.root)
                {
                    let left = generated.root["CFBundleIcons"].map { NSDictionary(dictionary: ["v": $0]) }
                    let right = document.root["CFBundleIcons"].map { NSDictionary(dictionary: ["v": $0]) }
                    if left != right { record("CFBundleIcons differs between the manifest's Info.plist and \(file)", configuration.name) }
                }
            }
            let all = target.configurations.count
            let described = differences.prefix(4).map { difference in
                difference.what + (difference.configurations.count == all ? "" : " (\(difference.configurations.joined(separator: ", ")))")
            }
            guard !differences.isEmpty else { continue }
            notes.append(
                "\(manifest.path): target \(target.name): \(described.joined(separator: "; ")); the committed "
                    + "\(projectPath) is what is linted: if the manifest is the truth, run `tuist generate` and lint again")
        }
        return notes
    }
}
