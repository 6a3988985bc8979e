import Foundation
import SourceScan

/// Reads a source tree into one `AppModel` per app and build configuration: Xcode projects
/// (targets, settings, resources) where there are any, else the Info.plists of apps.
struct SourceProjectReader {
    let request: LintRequest
    let index: FileIndex
    let catalogs: [String: AssetCatalog]
    let images: ImageFactsCache

    /// What reading found: the apps, and findings that belong to no app (a project that
    /// cannot be read, a folder that cannot be listed).
    struct Output {
        var apps: [AppModel] = []
        var findings: [Finding] = []
        /// Xcode projects read (for the "nothing to lint" message).
        var projectCount = 0
        /// What reading could not resolve, outside any one app (see `AppModel.readingNotes`).
        var notes: [String] = []
        /// Generators' specs that could not be read (path → why), and those read.
        var unreadableSpecs: [String: String] = [:]
        var readSpecs: Set<String> = []
    }

    /// A draft of an app before the cross-app catalog usage is known.
    struct Draft {
        var identity: AppModel.Identity
        var configurations: [String]
        var allConfigurations: [String]
        var settings: IconBuildSettings
        var infoPlist: AppModel.InfoPlist
        var bundle: BundleFiles
        var catalogPaths: [String]
        var iconBundles: [String]
        var findings: [Finding]
        /// What reading this app could not resolve (see `AppModel.readingNotes`).
        var notes: [String] = []
        /// Root-relative folder the app lives in (its project's folder, or its own), and the
        /// root-relative Swift / Objective-C files it compiles (nil: not known).
        var folder: String
        var compiledSources: [String]?
        /// The target's Run Script phases (a phase may embed alternate icons itself).
        var scriptPhases: [ScriptPhase] = []
        /// The primary icon set a .NET MAUI build generates, when the app is one.
        var mauiIcon: MauiIconSource?
        /// The .NET project whose MSBuild items stand for the icon settings, when the app is one.
        var dotNet: DotNetApp?
        /// The Expo config the app is prebuilt from, when it is one (see `ExpoApp`).
        var expo: ExpoApp?
    }

    func read() -> Output {
        var output = Output()
        output.findings = index.problems.map { FolderUnreadableRule.unlistable(path: $0.path, reason: $0.reason) }
        output.notes = index.unusableInputs.map { Self.unusableInputNote($0.path, reason: $0.reason) }
        var drafts: [Draft] = []
        var projects = projectPaths()
        output.projectCount = projects.count
        // Folders whose project was read: their Info.plists belong to its targets (or to none).
        var claimedFolders: [String] = []
        var read = XcodeProjectReader.read(projectPaths: projects, root: index.root)
        // Specs a generator reads from (XcodeGen, Tuist) stand for the projects they would generate.
        if request.project == nil, request.workspace == nil, request.plist == nil {
            addGeneratedProjects(to: &output, projects: &projects, read: &read)
        }
        // Each project's area: its own folder, less folders of projects nested deeper inside it.
        let projectAreas = FileAreas(index: index, owners: FolderOwners(projects.map { ProjectPath.parentFolder($0) }))
        let sourceTree = FolderTree(index.sources)
        for (path, project) in zip(projects, read) {
            var projectFindings: [Finding] = []
            let apps = Set(project.applicationTargets.map(\.name))
            for problem in project.problems {
                // What only targets that are no iOS app met (a Flutter macOS Runner's ephemeral xcconfig) concerns nothing linted.
                if problem.kind == .unresolved, !problem.targets.isEmpty, problem.targets.isDisjoint(with: apps) { continue }
                if problem.kind == .unresolved {
                    output.notes.append("\(problem.location.file): \(problem.message)")
                    continue
                }
                guard let finding = Self.finding(problem) else { continue }
                if problem.kind == .projectUnreadable { output.findings.append(finding) } else { projectFindings.append(finding) }
            }
            // A project that cannot be read claims nothing: the Info.plists beside it are linted
            // as if there were no project file, so the icon defects are still found.
            if project.problems.contains(where: { $0.kind == .projectUnreadable }), project.targets.isEmpty { continue }
            let folder = ProjectPath.parentFolder(path)
            claimedFolders.append(folder)
            for target in project.applicationTargets {
                drafts += self.drafts(for: target, project: path, area: projectAreas[folder], sourceTree: sourceTree, findings: projectFindings)
            }
        }
        // Apps without a project file: the Info.plists no readable project's folder holds.
        let claimed = FolderOwners(claimedFolders)
        // An Info.plist a target names (Tuist's `.file(path: .relativeToRoot(…))`) is that target's, wherever it lies.
        let used = Set(
            drafts.compactMap { draft -> String? in
                if case .document(let document) = draft.infoPlist { return document.path }
                if case .unreadable(let path) = draft.infoPlist { return path }
                return nil
            })
        drafts += plistDrafts(within: { plist in !claimed.holds(plist) && !used.contains(plist) })
        addExpoApps(to: &drafts)
        let usage = Self.usage(of: drafts)
        let scans = sourceScans(drafts)
        output.apps = drafts.enumerated().map { offset, draft in
            // A catalog outside the root is never read: what it holds is unknown (see `CatalogIconSources`).
            var models = draft.catalogPaths.compactMap { path in
                BundleFiles.isOutsideRoot(path) ? AssetCatalog(path: path, isOutsideRoot: true) : catalogs[path]
            }
            if !draft.iconBundles.isEmpty {
                // Icon Composer bundles the target copies count like sets of a catalog.
                var loose = AssetCatalog(path: "")
                loose.iconSets = draft.iconBundles.map(AssetCatalogReader.iconBundle)
                models.append(loose)
            }
            return AppModel(
                identity: draft.identity, configurations: draft.configurations,
                allConfigurations: draft.allConfigurations, settings: draft.settings, infoPlist: draft.infoPlist,
                bundle: draft.bundle, catalogs: models, readingFindings: draft.findings,
                usage: usage[offset], sourceScan: scans[draft.identity], root: index.root, images: images,
                readingNotes: draft.notes + (scans[draft.identity]?.problems ?? []).map(note),
                scriptPhases: draft.scriptPhases, mauiIcon: draft.mauiIcon, dotNet: draft.dotNet, expo: draft.expo)
        }
        return output
    }

    /// Loads the facts the rules need of the apps' images, once for every app: each file is
    /// read once, for all the needs of all its uses.
    static func loadImages(of apps: [AppModel], into images: ImageFactsCache) {
        images.load(
            apps.flatMap { app in
                app.imageUses.map { ImageRequest(app.root + "/" + $0.path, needs: $0.needs) }
                    + (app.expo?.imageRequests ?? []).map { ImageRequest(app.root + "/" + $0.path, needs: $0.needs) }
            })
    }

    /// The projects to read: the one named, a workspace's, or every one under the root
    /// (with those a workspace lists beside them); nothing outside the root or in skipped folders.
    private func projectPaths() -> [String] {
        var projects: [String]
        if let project = request.project {
            projects = [project]
        } else if let workspace = request.workspace {
            projects = WorkspaceReader.projects(inWorkspace: workspace, root: index.root)
        } else if request.plist != nil {
            projects = []
        } else {
            projects = index.projects
            for workspace in index.workspaces where !workspace.contains(".xcodeproj/") {
                projects += WorkspaceReader.projects(inWorkspace: workspace, root: index.root).filter {
                    FileManager.default.fileExists(atPath: index.absolute($0) + "/project.pbxproj")
                }
            }
        }
        return Set(projects).filter { project in
            !project.hasPrefix("/") && !project.hasPrefix("../")
                && !project.split(separator: "/").contains { FileScanner.skippedFolders.contains(String($0)) }
        }.sorted()
    }

    /// The note for a project input the walk never reads (a link out of the root, a FIFO).
    static func unusableInputNote(_ path: String, reason: String) -> String {
        "\(path): not read: it is \(reason), which iconlint never follows, so whatever it would define (an app, its settings, its icons) is not checked; commit the file itself"
    }

    /// A project problem as a finding under its rule; nil for what is no defect.
    static func finding(_ problem: ProjectProblem) -> Finding? {
        switch problem.kind {
        case .projectUnreadable, .workspaceUnreadable:
            return ProjectUnreadableRule.unreadable(problem)
        case .malformedObject, .danglingReference, .groupCycle:
            return ProjectReferenceDanglingRule.dangling(problem)
        case .unresolved:
            // A note, not a finding (read() collects it).
            return nil
        case .xcconfigMissing:
            // Usually generated by a build step (`pod install`, `flutter build`) or kept out of
            // git on purpose; the settings it would define count as unknown, not as wrong.
            return nil
        case .pathCaseMismatch:
            return PathCaseMismatchRule.projectPath(problem)
        case .xcconfigIncludeCycle, .xcconfigMalformed:
            return BuildSettingMalformedRule.configurationFile(problem)
        }
    }

    /// One draft per group of configurations with identical icon inputs.
    private func drafts(
        for target: XcodeTarget, project: String, area: FileAreas.Area, sourceTree: FolderTree,
        findings projectFindings: [Finding]
    ) -> [Draft] {
        let resources = target.resources
        let bundle = BundleFiles(area: area, projectFolder: ProjectPath.parentFolder(project), index: index, resources: resources)
        let iconBundles = Array(Set(resources.iconBundles + index.iconBundles.filter { resources.contains($0) })).sorted()
        let outsideNote = Self.outsideRootNote(
            bundle, catalogs: (resources.assetCatalogs + iconBundles).filter(BundleFiles.isOutsideRoot), project: project,
            target: target.name)
        var groups: [(key: GroupKey, draft: Draft)] = []
        for configuration in target.configurations {
            var settings = Self.iconSettings(configuration.settings)
            var plistPath = configuration.settings.path("INFOPLIST_FILE")
            var notes: [String] = []
            Self.applyUnknownSettings(configuration.unknownSettings, to: &settings, plist: &plistPath, notes: &notes)
            let unresolved = configuration.settings.unresolvedKeys
            if !unresolved.isEmpty {
                settings.incomplete = true
                notes.append(Self.unresolvedNote(unresolved, project: project, target: target.name, configuration: configuration.name))
            }
            var findings = projectFindings
            if let path = plistPath, target.generatedInfoPlists[path] == nil, !FileManager.default.fileExists(atPath: index.absolute(path)) {
                if let actual = caseFoldedMatch(path, root: index.root) {
                    findings.append(
                        PathCaseMismatchRule.infoPlistFile(
                            named: path, actual: actual, location: Location(file: settings.location?.file ?? actual, line: settings.location?.line)))
                    plistPath = actual
                } else {
                    findings.append(PlistUnreadableRule.missing(path: path, target: target.name))
                    plistPath = nil
                }
            }
            let key = GroupKey(plist: plistPath, settings: settings.withoutLocation)
            if let existing = groups.firstIndex(where: { $0.key == key }) {
                groups[existing].draft.configurations.append(configuration.name)
                groups[existing].draft.notes += notes
                continue
            }
            // A generator (XcodeGen's `info:`, Tuist's `.extendingDefault`) may write the Info.plist itself.
            let infoPlist =
                plistPath.map { path in
                    target.generatedInfoPlists[path].map { .document($0) }
                        ?? readPlist(path, settings: settings, scripts: target.scriptOutputs, findings: &findings, notes: &notes)
                } ?? .none
            groups.append(
                (
                    key,
                    Draft(
                        identity: .init(project: project, target: target.name, plist: nil),
                        configurations: [configuration.name],
                        allConfigurations: target.configurations.map(\.name), settings: settings,
                        infoPlist: infoPlist, bundle: bundle, catalogPaths: resources.assetCatalogs,
                        iconBundles: iconBundles, findings: findings, notes: (outsideNote.map { [$0] } ?? []) + notes,
                        folder: ProjectPath.parentFolder(project),
                        compiledSources: compiledSources(resources, sourceTree: sourceTree), scriptPhases: target.scriptPhases)
                ))
        }
        return groups.map(\.draft)
    }

    /// The note for the PNGs, folders, asset catalogs and `.icon` bundles a target copies from
    /// outside the linted root, which are never read; nil when there are none.
    static func outsideRootNote(_ bundle: BundleFiles, catalogs: [String] = [], project: String, target: String) -> String? {
        let outside = bundle.outsideRoot + bundle.outsideFolders.map { $0 + "/" } + catalogs
        guard !outside.isEmpty else { return nil }
        let shown = outside.prefix(8).joined(separator: ", ") + (outside.count > 8 ? " and \(outside.count - 8) more" : "")
        let what = catalogs.isEmpty ? "the icon entries they would satisfy" : "the icon entries and app icon sets they would provide"
        return
            "\(project): target \(target) copies \(shown), not read: \(outside.count == 1 ? "it lies" : "they lie") outside the linted folder, which iconlint never reads, so \(what) are not checked; lint a folder that contains them"
    }

    /// What the target compiles: its Compile Sources phase, and the sources on disk in its
    /// synchronized folders (less their membership exceptions).
    private func compiledSources(_ resources: TargetResources, sourceTree: FolderTree) -> [String] {
        let synchronized = resources.synchronizedFolders
        guard !synchronized.isEmpty else { return resources.sources }
        let found = Set(synchronized.flatMap { sourceTree.files(under: $0) }).filter { file in
            !resources.excluded.contains { ProjectPath.isWithin(file, folder: $0) }
        }
        return Array(Set(resources.sources + found)).sorted()
    }

    private struct GroupKey: Hashable {
        var plist: String?
        var settings: IconBuildSettings
    }

    /// Reads an Info.plist as the build would (after the preprocessor where the settings ask for it).
    private func readPlist(
        _ path: String, settings: IconBuildSettings, scripts: [XcodeTarget.ScriptOutput], findings: inout [Finding],
        notes: inout [String]
    ) -> AppModel.InfoPlist {
        let read =
            settings.preprocessInfoPlist
            ? preprocessedPlist(path, settings: settings, scripts: scripts, notes: &notes) : PlistReader.read(path, root: index.root)
        switch read {
        case .success(let document):
            return .document(document)
        case .failure(let problem):
            findings.append(PlistUnreadableRule.unreadable(path: path, problem: problem))
            return .unreadable(path: path)
        }
    }

    static let iconSettingNames = [
        "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
        "INFOPLIST_FILE",
    ]

    /// The settings that decide which sets are compiled, and in which role.
    static let settingsMissingFilesCouldSet = [
        "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS",
    ]

    static func iconSettings(_ settings: BuildSettings) -> IconBuildSettings {
        var icon = IconBuildSettings()
        icon.known = true
        icon.appIconName = settings.value("ASSETCATALOG_COMPILER_APPICON_NAME")?.trimmingCharacters(in: .whitespaces)
        icon.alternateNamesRaw = settings.value("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
        icon.alternateNames = settings.list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
        icon.includeAllAppIcons = settings.bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS")
        if let family = settings.value("TARGETED_DEVICE_FAMILY") {
            icon.deviceFamily = family.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) }
        } else {
            icon.deviceFamily = [1]
        }
        icon.appIconNameRaw = settings.rawValue("ASSETCATALOG_COMPILER_APPICON_NAME")
        // CocoaPods' files never hold icon settings; any other missing xcconfig might, but only
        // one read after a setting's own assignment (or its variables') can change it.
        let missing = settings.missingConfigurationFiles.contains { !ProjectPath.isGeneratedByCocoaPods($0) }
        for name in settingsMissingFilesCouldSet {
            if let file = settings.missingFile(couldSet: name, ignoring: ProjectPath.isGeneratedByCocoaPods) { icon.unknownSettings[name] = file }
        }
        icon.incomplete = !icon.unknownSettings.isEmpty
        icon.generateInfoPlist = settings.bool("GENERATE_INFOPLIST_FILE")
        icon.preprocessInfoPlist = settings.bool("INFOPLIST_PREPROCESS")
        icon.preprocessorDefinitions = settings.value("INFOPLIST_PREPROCESSOR_DEFINITIONS") ?? ""
        icon.prefixHeader = settings.path("INFOPLIST_PREFIX_HEADER")
        if !settings.referencesUndefinedVariable("INFOPLIST_PREFIX_HEADER").isEmpty {
            icon.prefixHeaderAsWritten = settings.rawValue("INFOPLIST_PREFIX_HEADER")
        }
        icon.preprocessorFlags = InfoPlistPreprocessor.OtherFlags(settings.value("INFOPLIST_OTHER_PREPROCESSOR_FLAGS") ?? "")
        // -I folders are taken from the project's folder (SRCROOT), as the build's working directory.
        icon.preprocessorIncludeFolders = icon.preprocessorFlags.includeFolders.map { folder in
            ProjectPath.relative(ProjectPath.normalize(ProjectPath.join(settings.absoluteProjectFolder, folder)), to: settings.absoluteRoot)
        }
        for key in settings.keys where key.hasPrefix("INFOPLIST_KEY_") {
            icon.infoPlistKeys[String(key.dropFirst("INFOPLIST_KEY_".count))] = settings.value(key) ?? ""
        }
        // A setting whose expansion ran out of budget is unknown: what depends on it is not judged.
        if !settings.unresolvedKeys.isEmpty { icon.incomplete = true }
        for name in iconSettingNames where !icon.incomplete && !missing {
            // A variable set empty on purpose (`ICON_SUFFIX =` outside Beta) is fine; one that is
            // defined nowhere, or a setting that comes out empty altogether, is a mistake.
            let empty = settings.referencesUndefinedVariable(name)
            let undefined = empty.filter { settings.rawValue($0) == nil }
            let wholeIsEmpty =
                !(settings.rawValue(name) ?? "").trimmingCharacters(in: .whitespaces).isEmpty
                && (settings.value(name) ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            if !undefined.isEmpty {
                icon.emptyExpansions[name] = undefined
            } else if wholeIsEmpty, !empty.isEmpty {
                icon.emptyExpansions[name] = empty
            }
        }
        icon.location =
            settings.source("ASSETCATALOG_COMPILER_APPICON_NAME")?.location
            ?? settings.source("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")?.location
        // Findings about the alternate names point at their own line, not APPICON_NAME's.
        icon.alternateNamesLocation = settings.source("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")?.location
        return icon
    }

    /// The note for settings of one configuration that could not be expanded.
    static func unresolvedNote(
        _ unresolved: [(key: String, reason: ExpansionFailure)], project: String, target: String, configuration: String
    ) -> String {
        let names = unresolved.map(\.key)
        let reason =
            unresolved.contains { $0.reason == .steps }
            ? "expanding \(names.count == 1 ? "it" : "them") takes more work than iconlint allows (\(ExpansionBudget.settingSteps) "
                + "steps per setting, \(ExpansionBudget.projectSteps) per project, \(ExpansionBudget.lintSteps) per run; settings "
                + "that refer to each other over and over, like `V1 = $(V0)$(V0)`, take that)"
            : "\(names.count == 1 ? "its" : "their") references nest more than \(BuildSettings.maximumDepth) deep"
        // Thousands of INFOPLIST_KEY_* settings can run out: the note names the first few.
        let listed = names.count > 8 ? names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more" : names.joined(separator: ", ")
        let subject = names.count == 1 ? "build setting \(names[0]) is" : "build settings \(listed) are"
        return "\(project): target \(target) (\(configuration)): \(subject) unknown: \(reason), so the checks that need "
            + "\(names.count == 1 ? "it" : "them") were not run; simplify those settings"
    }

    // MARK: The app's code

    /// What each app's code passes to setAlternateIconName: its compiled Swift and Objective-C
    /// files, and the Flutter or JavaScript package that holds its folder. One scan per app,
    /// whatever its configurations; apps in parallel.
    /// Nothing outside the root is read: a Compile Sources entry `../x.swift` or `/x.swift`,
    /// or a link in a Flutter or JavaScript tree that leads out, becomes a note instead.
    private func sourceScans(_ drafts: [Draft]) -> [AppModel.Identity: SourceScanResult] {
        var files: [AppModel.Identity: [String]] = [:]
        var walkProblems: [AppModel.Identity: [SourceScanProblem]] = [:]
        var order: [AppModel.Identity] = []
        for draft in drafts where files[draft.identity] == nil {
            var list = (draft.compiledSources ?? []).map(index.absolute)
            for (kind, folder) in AlternateIconSourceFiles.enclosingPackages(of: index.absolute(draft.folder), within: index.root) {
                let found = AlternateIconSourceFiles.sources(of: kind, in: folder, root: index.root)
                list += found.files
                walkProblems[draft.identity, default: []] += found.problems
            }
            guard draft.compiledSources != nil || !list.isEmpty else { continue }
            files[draft.identity] = list
            order.append(draft.identity)
        }
        // One budget for the whole run's code, whatever the number of apps.
        let budget = ScanBudget()
        let results = ConcurrentWork.map(order) { identity in
            var result = AlternateIconSourceScanner.scan(files: files[identity] ?? [], root: index.root, budget: budget)
            result.problems = (walkProblems[identity] ?? []) + result.problems
            return result
        }
        return Dictionary(zip(order, results), uniquingKeysWith: { a, _ in a })
    }

    /// A scan problem as a reading note, naming the file as the project does (root-relative,
    /// `../` for a file outside).
    private func note(_ problem: SourceScanProblem) -> String {
        let root = index.root + "/"
        let path = problem.path.hasPrefix(root) ? String(problem.path.dropFirst(root.count)) : problem.path
        return "\(path): \(problem.message)"
    }

    // MARK: Catalog usage across apps

    /// For each draft: the set names used as a primary anywhere, and as alternates by other apps.
    /// The run's tables are shared by every draft; each keeps only the names no other app uses.
    private static func usage(of drafts: [Draft]) -> [CatalogUsage] {
        var primaries: [String: Set<String>] = [:]
        var alternatesByApp: [AppModel.Identity: [String: Set<String>]] = [:]
        for draft in drafts where draft.settings.known {
            for catalog in draft.catalogPaths {
                if let name = draft.settings.appIconName, !name.isEmpty { primaries[catalog, default: []].insert(name) }
                alternatesByApp[draft.identity, default: [:]][catalog, default: []]
                    .formUnion(draft.settings.includeAllAppIcons ? ["*"] : draft.settings.alternateNames)
            }
        }
        // Catalog → name → how many apps compile it as an alternate.
        var users: [String: [String: Int]] = [:]
        var alternates: [String: Set<String>] = [:]
        for byCatalog in alternatesByApp.values {
            for (catalog, names) in byCatalog {
                alternates[catalog, default: []].formUnion(names)
                for name in names { users[catalog, default: [:]][name, default: 0] += 1 }
            }
        }
        return drafts.map { draft in
            var usage = CatalogUsage()
            usage.primaries = primaries
            usage.alternates = alternates
            for (catalog, names) in alternatesByApp[draft.identity] ?? [:] {
                usage.ownAlternates[catalog] = names.filter { users[catalog]?[$0] == 1 }
            }
            return usage
        }
    }
}

extension ProjectPath {
    /// The folder a root-relative path is in ("" at the root).
    static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

extension ProjectPath {
    /// Whether a root-relative path lies in `folder` ("" is the root).
    static func isWithin(_ path: String, folder: String) -> Bool {
        folder.isEmpty || isInside(path, folder: folder)
    }
}
