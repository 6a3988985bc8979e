import Foundation

/// Projects a generator describes instead of a committed `.xcodeproj` (XcodeGen's
/// `project.yml`, Tuist's `Project.swift`), read into the `XcodeProject` the generator would write, so that
/// `SourceProjectReader` builds apps from them exactly as from a project file. Each kind of
/// spec is one case of `read(_:index:budget:)`, dispatched on `ProjectSpec.tool`.
///
/// A folder that holds both a spec and an `.xcodeproj` is linted once, from the
/// `.xcodeproj` (what the build uses); where the spec sets an icon setting differently, a
/// note says so. A spec that cannot be read is reported by the caller as before (exit 2,
/// naming the spec and its generate command), with the reason.
enum GeneratedProjectReader {
    struct Output {
        /// Specs read, each with its project (`XcodeProject.path` is the spec's path).
        var projects: [XcodeProject] = []
        /// Specs that could not be read: spec path → why, one sentence.
        var failures: [String: String] = [:]
        /// Where a spec disagrees with the committed project that wins over it, and what an
        /// unreadable spec's reader noted beyond its reason.
        var notes: [String] = []
    }

    /// Reads every spec of the index that no `.xcodeproj` beside it supersedes.
    /// `committed`: the `.xcodeproj`s read, by path, to compare a superseded spec with.
    static func read(index: FileIndex, committed: [(path: String, project: XcodeProject)]) -> Output {
        var output = Output()
        let specs = index.specs.compactMap { path -> ProjectSpec? in
            let folders = path.split(separator: "/").dropLast().map(String.init)
            guard !folders.contains(where: FileScanner.skippedFolders.contains) else { return nil }
            return ProjectSpec.inFolder(ProjectPath.parentFolder(path), index: index).flatMap { $0.path == path ? $0 : nil }
        }
        let lint = ExpansionBudget(steps: ExpansionBudget.lintSteps)
        for spec in specs {
            let folder = ProjectPath.parentFolder(spec.path)
            let beside = committed.filter { ProjectPath.parentFolder($0.path) == folder }
            switch read(spec, index: index, budget: ExpansionBudget(parent: lint)) {
            case .read(let project) where beside.isEmpty:
                output.projects.append(project)
            case .read(let project):
                output.notes += beside.flatMap {
                    disagreements(spec: spec, project, committed: $0.project, committedPath: $0.path, root: index.root)
                }
            case .unreadable(let reason, let notes) where beside.isEmpty:
                output.failures[spec.path] = reason
                output.notes += notes
            case .unreadable, .noReader:
                break
            }
        }
        return output
    }

    /// What reading one spec gave.
    enum Outcome {
        case read(XcodeProject)
        /// Why the spec cannot be read, one sentence, and what else its reader noted.
        case unreadable(String, notes: [String] = [])
        /// No reader for its tool yet.
        case noReader
    }

    /// One spec read by its tool's reader.
    static func read(_ spec: ProjectSpec, index: FileIndex, budget: ExpansionBudget) -> Outcome {
        switch spec.tool {
        case "XcodeGen":
            switch XcodeGenProjectReader.read(specPath: spec.path, index: index, budget: budget) {
            case .success(let project): return .read(project)
            case .failure(let failure): return .unreadable(failure.message)
            }
        case "Tuist":
            // A `Workspace.swift` only lists projects; each `Project.swift` is read as a spec of its own.
            let folders = spec.path.split(separator: "/").dropLast().map(String.init)
            guard ProjectPath.lastComponent(spec.path) == "Project.swift", !folders.contains(where: TuistProjectReader.ignoredFolders.contains)
            else { return .noReader }
            let read = TuistProjectReader.read(spec.path, index: index)
            guard let project = read.project else {
                return .unreadable(read.notes.first ?? "\(spec.path): it declares no target", notes: read.notes)
            }
            return .read(project)
        default:
            return .noReader
        }
    }

    /// Icon settings on which a spec and the committed project beside it differ, per app target.
    static let comparedSettings = XcodeGenProjectReader.iconSettings

    static func disagreements(
        spec: ProjectSpec, _ generated: XcodeProject, committed: XcodeProject, committedPath: String, root: String
    ) -> [String] {
        var notes: [String] = []
        for target in generated.applicationTargets {
            guard let other = committed.target(named: target.name) else { continue }
            // (setting, spec's value, project's value) → configurations, in first-seen order.
            var differing: [String: [String]] = [:]
            var order: [String] = []
            for configuration in target.configurations {
                guard let otherConfiguration = other.configuration(named: configuration.name) else { continue }
                for key in comparedSettings where configuration.unknownSettings[key] == nil {
                    let mine = comparable(configuration.settings, key)
                    let theirs = comparable(otherConfiguration.settings, key)
                    guard mine != theirs else { continue }
                    let text = "\(key) is \(mine.map { "\"\($0)\"" } ?? "unset") (the project has \(theirs.map { "\"\($0)\"" } ?? "it unset"))"
                    if differing[text] == nil { order.append(text) }
                    differing[text, default: []].append(configuration.name)
                }
            }
            let all = target.configurations.map(\.name)
            var differences = order.map { text in
                let configurations = differing[text] ?? []
                return configurations == all ? text : text + " in " + configurations.joined(separator: ", ")
            }
            for (path, document) in target.generatedInfoPlists {
                let icons = ["CFBundleIcons", "CFBundleIcons~ipad"]
                guard icons.contains(where: { document.root[$0] != nil }) else { continue }
                let plist = other.configurations.first?.settings.path("INFOPLIST_FILE")
                let committedDocument = plist.flatMap { try? PlistReader.read($0, root: root).get() }
                let differs = icons.contains { key in
                    !NSDictionary(dictionary: [key: document.root[key] ?? ""]).isEqual(to: [key: committedDocument?.root[key] ?? ""])
                }
                if differs { differences.append("\(spec.infoPlistSource) declares CFBundleIcons for \(path) differently from the committed plist") }
            }
            guard !differences.isEmpty else { continue }
            let shown = differences.prefix(4).joined(separator: "; ") + (differences.count > 4 ? "; and \(differences.count - 4) more" : "")
            notes.append(
                "\(spec.path): target \(target.name) differs from \(committedPath) beside it: \(shown); \(committedPath) was linted "
                    + "(the build uses it): run `\(spec.command)` if the spec is the one kept up to date")
        }
        return notes
    }

    /// A setting's value for comparison: expanded, trimmed, lists normalised; nil when unset.
    private static func comparable(_ settings: BuildSettings, _ key: String) -> String? {
        if key == "INFOPLIST_FILE" { return settings.path(key) }
        if key == "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS" { return settings.rawValue(key) == nil ? nil : settings.bool(key) ? "YES" : "NO" }
        guard let value = settings.value(key) else { return nil }
        let words = ShellWords.split(value)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}

extension SourceProjectReader {
    /// Adds the projects of the specs no committed `.xcodeproj` supersedes to `projects`
    /// (paths) and `read` (projects), and what reading every spec gave to `output`.
    func addGeneratedProjects(to output: inout Output, projects: inout [String], read: inout [XcodeProject]) {
        let generated = GeneratedProjectReader.read(index: index, committed: Array(zip(projects, read)))
        projects += generated.projects.map(\.path)
        read += generated.projects
        output.projectCount = projects.count
        output.notes += generated.notes + generated.projects.flatMap(\.notes)
        output.unreadableSpecs = generated.failures
        output.readSpecs = Set(generated.projects.map(\.path))
    }

    /// Settings a generator fills in at generate time (`BuildConfiguration.unknownSettings`)
    /// are unknown, not unset: their values are dropped, the settings marked incomplete (so no
    /// rule reports an absence they could fill), and each note kept.
    static func applyUnknownSettings(
        _ unknown: [String: String], to settings: inout IconBuildSettings, plist: inout String?, notes: inout [String]
    ) {
        guard !unknown.isEmpty else { return }
        settings.incomplete = true
        for key in unknown.keys.sorted() {
            switch key {
            case "ASSETCATALOG_COMPILER_APPICON_NAME":
                settings.appIconName = nil
                settings.appIconNameRaw = nil
            case "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES":
                settings.alternateNames = []
                settings.alternateNamesRaw = nil
            case "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS":
                settings.includeAllAppIcons = false
            case "INFOPLIST_FILE":
                plist = nil
            default:
                break
            }
            settings.emptyExpansions[key] = nil
            if let note = unknown[key], !note.isEmpty { notes.append(note) }
        }
    }
}
