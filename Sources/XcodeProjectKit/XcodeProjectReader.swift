import Foundation
import IconSupport

/// Reads an `.xcodeproj` into an `XcodeProject`. Never throws and never stops at the first
/// problem: whatever cannot be read becomes a `ProjectProblem` and the rest is kept.
public enum XcodeProjectReader {
    /// Reads several projects at once, spread over the cores; results in the order of
    /// `projectPaths`, each as `read(projectPath:root:)` gives it.
    public static func read(projectPaths: [String], root: String) -> [XcodeProject] {
        let lint = ExpansionBudget(steps: ExpansionBudget.lintSteps)
        return ConcurrentWork.map(projectPaths) { read(projectPath: $0, root: root, budget: ExpansionBudget(parent: lint)) }
    }

    /// - Parameters:
    ///   - projectPath: the `.xcodeproj` folder, relative to `root` or absolute.
    ///   - root: the folder being linted; every path in the result is relative to it.
    ///   - budget: what expanding the project's build settings may cost (`ExpansionBudget`).
    public static func read(projectPath: String, root: String, budget: ExpansionBudget = ExpansionBudget()) -> XcodeProject {
        let absoluteRoot = ProjectPath.absolute(root)
        let absoluteProject = ProjectPath.normalize(ProjectPath.join(absoluteRoot, projectPath))
        let relativeProject = ProjectPath.relative(absoluteProject, to: absoluteRoot)
        let pbxprojPath = ProjectPath.join(absoluteProject, "project.pbxproj")
        let pbxprojFile = ProjectPath.relative(pbxprojPath, to: absoluteRoot)
        let problems = ProblemCollector()
        func result(_ targets: [XcodeTarget] = []) -> XcodeProject {
            XcodeProject(path: relativeProject, targets: targets, problems: problems.problems)
        }

        let data: Data
        switch ProjectFile.read(pbxprojPath, root: absoluteRoot, limit: OpenStepPlist.byteLimit) {
        case .success(let read):
            data = read
        case .failure(let failure):
            // A workspace may name a project anywhere: only those inside the root are read.
            problems.add(.projectUnreadable, "cannot read project.pbxproj: \(failure)", file: pbxprojFile)
            return result()
        }
        let plist: OpenStepPlist
        switch OpenStepPlist.read(data) {
        case .success(let parsed):
            plist = parsed
        case .failure(let error):
            if let conflict = conflictMarkerLine(in: data) {
                problems.add(
                    .projectUnreadable,
                    "project.pbxproj has unresolved merge-conflict markers; resolve the conflict and retry",
                    file: pbxprojFile, line: conflict)
                return result()
            }
            problems.add(
                .projectUnreadable, "project.pbxproj is not a valid property list: \(error.message)",
                file: pbxprojFile, line: error.line)
            return result()
        }
        guard plist[plist.root].kind == .dictionary else {
            problems.add(.projectUnreadable, "project.pbxproj is not a dictionary at the top level", file: pbxprojFile, line: 1)
            return result()
        }
        guard let objects = plist.value(forKey: "objects", in: plist.root), plist[objects].kind == .dictionary else {
            problems.add(.projectUnreadable, "project.pbxproj has no `objects` dictionary", file: pbxprojFile)
            return result()
        }
        let graph = PBXObjectGraph(plist: plist, objects: objects, file: pbxprojFile, problems: problems)
        guard let rootNode = plist.value(forKey: "rootObject", in: plist.root), let rootID = plist.string(rootNode) else {
            problems.add(.projectUnreadable, "project.pbxproj has no `rootObject` string", file: pbxprojFile)
            return result()
        }
        guard let project = graph.object(withID: rootID), project.isa == "PBXProject" else {
            problems.add(.danglingReference, "`rootObject` \(rootID) is not a PBXProject", file: pbxprojFile)
            return result()
        }
        let context = ProjectContext(
            graph: graph, project: project, absoluteRoot: absoluteRoot,
            absoluteProject: absoluteProject, budget: budget)
        return result(context.targets())
    }

    /// The 1-based line of the first merge-conflict marker git leaves in a conflicted file
    /// (`<<<<<<< `, `=======`, `>>>>>>> ` at the start of a line), the usual reason a pbxproj
    /// stops parsing; nil when there is none.
    static func conflictMarkerLine(in data: Data) -> Int? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var line = 1
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var length = end - start
                if length > 0, bytes[start + length - 1] == 0x0D { length -= 1 }
                if isConflictMarker(UnsafeBufferPointer(rebasing: bytes[start..<start + length])) { return line }
                line += 1
                start = end + 1
            }
            return nil
        }
    }

    /// Seven `<`, `=` or `>` alone on a line, or `<` / `>` followed by a space and a label.
    private static func isConflictMarker(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count >= 7, let first = line.first,
            first == UInt8(ascii: "<") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">"),
            line.prefix(7).allSatisfy({ $0 == first })
        else { return false }
        if line.count == 7 { return true }
        return first != UInt8(ascii: "=") && line[7] == UInt8(ascii: " ")
    }
}

/// Everything one read needs, shared by the per-target work.
private struct ProjectContext {
    let graph: PBXObjectGraph
    let project: PBXObject
    let absoluteRoot: String
    let absoluteProject: String
    /// SRCROOT: the folder holding the .xcodeproj.
    let sourceRoot: String
    /// PROJECT_DIR: SRCROOT plus the project's `projectDirPath`.
    let projectFolder: String
    let elements: FileElementPaths
    let xcconfigs: XCConfigReader
    let projectConfigurations: [PBXObject]
    let defaultConfigurationName: String?
    /// Every synchronized folder of the project, by id.
    let synchronizedGroups: [PBXObject]
    /// What expanding the settings of all targets and configurations may cost together.
    let budget: ExpansionBudget

    static let configurationListKinds: Set<String> = ["XCConfigurationList"]
    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]

    init(graph: PBXObjectGraph, project: PBXObject, absoluteRoot: String, absoluteProject: String, budget: ExpansionBudget) {
        self.graph = graph
        self.budget = budget
        self.project = project
        self.absoluteRoot = absoluteRoot
        self.absoluteProject = absoluteProject
        sourceRoot = ProjectPath.parent(absoluteProject)
        projectFolder = ProjectPath.normalize(ProjectPath.join(sourceRoot, graph.string("projectDirPath", of: project) ?? ""))
        let mainGroup = graph.object(at: "mainGroup", of: project, isa: FileElementPaths.groupKinds)
        elements = FileElementPaths(graph: graph, mainGroup: mainGroup, projectFolder: projectFolder, sourceRoot: sourceRoot)
        xcconfigs = XCConfigReader(absoluteRoot: absoluteRoot, problems: graph.problems)
        let list = graph.object(at: "buildConfigurationList", of: project, isa: Self.configurationListKinds)
        projectConfigurations = list.map { graph.objects(at: "buildConfigurations", of: $0, isa: ["XCBuildConfiguration"]) } ?? []
        defaultConfigurationName = list.flatMap { graph.string("defaultConfigurationName", of: $0) }
        synchronizedGroups = graph.objects(withISA: "PBXFileSystemSynchronizedRootGroup").map { (graph.id(of: $0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    func relative(_ absolute: String) -> String { ProjectPath.relative(absolute, to: absoluteRoot) }

    func targets() -> [XcodeTarget] {
        let objects = graph.objects(at: "targets", of: project, isa: Self.targetKinds)
        var targets = objects.map { object in
            graph.problems.reading(target: graph.string("name", of: object) ?? graph.id(of: object)) { target(object) }
        }
        let own = targets.map(\.scriptOutputs)
        let indices = Dictionary(objects.enumerated().map { (graph.id(of: $0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        for (index, object) in objects.enumerated() {
            for dependency in dependencies(of: object, indices: indices) where dependency != index {
                targets[index].scriptOutputs += own[dependency].map { .init(phase: $0.phase, path: $0.path, dependency: targets[dependency].name) }
            }
        }
        return targets
    }

    /// The targets of this project a target depends on, directly or through others, in order
    /// (a dependency on another project's target is not followed).
    private func dependencies(of target: PBXObject, indices: [String: Int]) -> [Int] {
        var found: [Int] = []
        var pending = [target]
        while let next = pending.popLast(), found.count < indices.count {
            for link in graph.objects(at: "dependencies", of: next, isa: ["PBXTargetDependency"]) {
                guard let object = graph.object(at: "target", of: link, isa: Self.targetKinds, required: false),
                    let index = indices[graph.id(of: object)], !found.contains(index)
                else { continue }
                found.append(index)
                pending.append(object)
            }
        }
        return found
    }

    private func target(_ object: PBXObject) -> XcodeTarget {
        let name = graph.string("name", of: object, required: true) ?? graph.id(of: object)
        let productType = graph.string("productType", of: object) ?? ""
        let list = graph.object(at: "buildConfigurationList", of: object, isa: Self.configurationListKinds)
        let configurationObjects = list.map { graph.objects(at: "buildConfigurations", of: $0, isa: ["XCBuildConfiguration"]) } ?? []
        let configurations = configurationObjects.map { configuration($0, targetName: name) }
        let kind = TargetKind(productType: productType)
        let buildsForIOS = configurations.isEmpty || configurations.contains { Self.buildsForIOS($0.settings) }
        var target = XcodeTarget(
            name: name, productType: productType,
            isApplication: (kind == .application || kind == .appClip) && buildsForIOS,
            configurations: configurations, resources: resources(of: object), scriptPhases: scriptPhases(of: object))
        target.scriptOutputs = scriptOutputs(of: target.scriptPhases)
        return target
    }

    /// The target's Run Script phases, as written.
    private func scriptPhases(of target: PBXObject) -> [ScriptPhase] {
        graph.objects(at: "buildPhases", of: target, isa: nil).filter { $0.isa == "PBXShellScriptBuildPhase" }.map { phase in
            ScriptPhase(
                name: graph.string("name", of: phase), script: graph.string("shellScript", of: phase) ?? "",
                inputPaths: graph.strings("inputPaths", of: phase), outputPaths: graph.strings("outputPaths", of: phase),
                fileLists: graph.strings("inputFileListPaths", of: phase) + graph.strings("outputFileListPaths", of: phase),
                location: Location(file: graph.file, line: graph.line(phase)))
        }
    }

    /// The outputs of the target's Run Script phases; a path under SRCROOT is made root-relative.
    private func scriptOutputs(of phases: [ScriptPhase]) -> [XcodeTarget.ScriptOutput] {
        var outputs: [XcodeTarget.ScriptOutput] = []
        for phase in phases {
            let name = phase.name ?? "Run Script"
            for written in phase.outputPaths.prefix(256) {
                var path = written
                for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
                    for form in ["$(\(variable))/", "${\(variable)}/", "$\(variable)/"] where path.hasPrefix(form) {
                        path = relative(ProjectPath.normalize(ProjectPath.join(sourceRoot, String(path.dropFirst(form.count)))))
                    }
                }
                outputs.append(.init(phase: name, path: path))
            }
        }
        return outputs
    }

    static func buildsForIOS(_ settings: BuildSettings) -> Bool {
        let sdk = settings.value("SDKROOT")?.trimmingCharacters(in: .whitespaces) ?? ""
        if sdk.hasPrefix("iphoneos") { return true }
        let platforms = settings.list("SUPPORTED_PLATFORMS")
        if platforms.contains(where: { $0.hasPrefix("iphoneos") }) { return true }
        return platforms.isEmpty && (sdk.isEmpty || sdk == "auto")
    }

    // MARK: - Build settings

    private func configuration(_ object: PBXObject, targetName: String) -> BuildConfiguration {
        let name = graph.string("name", of: object, required: true) ?? graph.id(of: object)
        let projectLevel =
            projectConfigurations.first { graph.string("name", of: $0) == name }
            ?? projectConfigurations.first { graph.string("name", of: $0) == defaultConfigurationName }
        var assignments = builtins(target: targetName, configuration: name)
        if let projectLevel {
            assignments += xcconfigAssignments(of: projectLevel)
            assignments += settingAssignments(of: projectLevel, target: nil, configuration: name)
        }
        assignments += xcconfigAssignments(of: object)
        assignments += settingAssignments(of: object, target: targetName, configuration: name)
        return BuildConfiguration(
            name: name,
            settings: BuildSettings(
                assignments: assignments, configuration: name, absoluteRoot: absoluteRoot, absoluteProjectFolder: sourceRoot,
                budget: budget))
    }

    private func builtins(target: String, configuration: String) -> [SettingAssignment] {
        let projectName = ProjectPath.lastComponent(absoluteProject)
        let values: [(String, String)] = [
            ("SRCROOT", sourceRoot), ("SOURCE_ROOT", sourceRoot), ("PROJECT_DIR", projectFolder),
            ("PROJECT_FILE_PATH", absoluteProject),
            ("PROJECT_NAME", projectName.hasSuffix(".xcodeproj") ? String(projectName.dropLast(".xcodeproj".count)) : projectName),
            ("PROJECT", "$(PROJECT_NAME)"), ("TARGET_NAME", target), ("TARGETNAME", target),
            ("PRODUCT_NAME", "$(TARGET_NAME)"), ("CONFIGURATION", configuration),
            ("PLATFORM_NAME", "iphoneos"), ("SDK_NAME", BuildSettings.sdkNames[1]), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
            ("CURRENT_ARCH", "arm64"), ("ARCHS", "arm64"), ("ACTION", "build"),
        ]
        return values.map { SettingAssignment(key: $0.0, conditions: [], value: $0.1, source: .builtin) }
    }

    /// The `buildSettings` dictionary: plain keys first, conditional ones after (so a
    /// matching condition wins within one level), each group sorted.
    private func settingAssignments(of object: PBXObject, target: String?, configuration: String) -> [SettingAssignment] {
        guard let settings = graph.dictionary("buildSettings", of: object) else { return [] }
        let plist = graph.plist
        var plain: [SettingAssignment] = [], conditional: [SettingAssignment] = []
        // A key written twice: the later one counts, as in CoreFoundation's dictionary.
        var entries: [String: (key: Int32, value: Int32)] = [:]
        for entry in plist.pairs(settings) {
            guard let key = plist.string(entry.key) else { continue }
            entries[key] = entry
        }
        for key in entries.keys.sorted() {
            let entry = entries[key]!
            let line = graph.line(ofKeyNode: entry.key, in: object)
            guard let name = parseSettingName(key) else {
                graph.problems.add(.malformedObject, "build setting name `\(key)` is not valid", file: graph.file, line: line)
                continue
            }
            let value: String
            if let string = plist.string(entry.value) {
                value = string
            } else if plist[entry.value].kind == .array, plist.elements(entry.value).allSatisfy(plist.isString) {
                value = joinSettingArray(plist.elements(entry.value).map { plist.string($0)! })
            } else {
                graph.problems.add(
                    .malformedObject, "build setting \(key) should be a string or a list of strings",
                    file: graph.file, line: line)
                continue
            }
            let source = SettingSource.projectFile(
                location: Location(file: graph.file, line: line), target: target,
                configuration: configuration)
            let assignment = SettingAssignment(key: name.key, conditions: name.conditions, value: value, source: source)
            if name.conditions.isEmpty { plain.append(assignment) } else { conditional.append(assignment) }
        }
        return plain + conditional
    }

    /// Settings of the configuration's xcconfig: `baseConfigurationReference`, or in
    /// Xcode 16 projects `baseConfigurationReferenceAnchor` (a synchronized folder) plus
    /// `baseConfigurationReferenceRelativePath`.
    private func xcconfigAssignments(of object: PBXObject) -> [SettingAssignment] {
        let absolute: String?
        let key: String
        if graph.has("baseConfigurationReference", object) {
            key = "baseConfigurationReference"
            absolute = graph.object(at: key, of: object, isa: ["PBXFileReference"]).flatMap(elements.path(of:))
        } else if graph.has("baseConfigurationReferenceAnchor", object) {
            key = "baseConfigurationReferenceAnchor"
            let anchor = graph.object(at: key, of: object, isa: FileElementPaths.groupKinds.union(["PBXFileSystemSynchronizedRootGroup"]))
            let relativePath = graph.string("baseConfigurationReferenceRelativePath", of: object, required: true)
            if let folder = anchor.flatMap(elements.path(of:)), let relativePath {
                absolute = ProjectPath.normalize(ProjectPath.join(folder, relativePath))
            } else {
                absolute = nil
            }
        } else {
            return []
        }
        guard var absolute else { return [] }
        if let actual = xcconfigs.caseFolded(
            absolute, as: "configuration \(graph.string("name", of: object) ?? graph.id(of: object)) is based on", file: graph.file,
            line: graph.line(object, key))
        {
            absolute = actual
        }
        guard XCConfigReader.fileExists(absolute) else {
            graph.problems.add(
                .xcconfigMissing,
                "configuration \(graph.string("name", of: object) ?? graph.id(of: object)) is based on "
                    + "\(relative(absolute)), which does not exist",
                file: graph.file, line: graph.line(object, key))
            // One note for every configuration based on it.
            xcconfigs.noteMissing(absolute, as: "a build configuration is based on", file: graph.file, line: nil)
            return [
                BuildSettings.missingConfigurationMarker(
                    relative(absolute), file: graph.file,
                    line: graph.line(object, key))
            ]
        }
        return xcconfigs.assignments(ofFile: absolute)
    }

    // MARK: - Resources

    /// Sources whose calls to setAlternateIconName are read.
    private static let codeExtensions: Set<String> = ["swift", "m", "mm"]

    private static let buildFileTargets: Set<String> = [
        "PBXFileReference", "PBXVariantGroup", "PBXGroup",
        "XCVersionGroup", "PBXReferenceProxy",
    ]

    private func resources(of target: PBXObject) -> TargetResources {
        var resources = TargetResourcesBuilder()
        let phases = graph.objects(at: "buildPhases", of: target, isa: nil).filter { $0.isa == "PBXResourcesBuildPhase" }
        for phase in phases {
            for buildFile in graph.objects(at: "files", of: phase, isa: ["PBXBuildFile"]) {
                // Swift packages' products have `productRef` instead of `fileRef`: nothing on disk.
                guard graph.has("fileRef", buildFile), Self.copiedForIOS(buildFile, graph: graph),
                    let element = graph.object(at: "fileRef", of: buildFile, isa: Self.buildFileTargets)
                else { continue }
                if element.isa == "PBXVariantGroup" {
                    for child in graph.objects(at: "children", of: element, isa: ["PBXFileReference"]) {
                        if let path = elements.path(of: child) { resources.addFile(relative(path)) }
                    }
                    continue
                }
                guard let path = elements.path(of: element) else { continue }
                let type = graph.string("lastKnownFileType", of: element) ?? graph.string("explicitFileType", of: element)
                // A folder reference is copied with everything in it; groups never reach this phase in
                // practice, and a version group (.xcdatamodeld) is one compiled item, so both count as files.
                if type == "folder" {
                    resources.add(relative(path), to: \.folders)
                } else {
                    resources.addFile(relative(path))
                }
            }
        }
        for phase in graph.objects(at: "buildPhases", of: target, isa: nil) where phase.isa == "PBXSourcesBuildPhase" {
            for buildFile in graph.objects(at: "files", of: phase, isa: ["PBXBuildFile"]) {
                // Core Data models (version groups) and intent definitions (variant groups) compile
                // too; only Swift and Objective-C files matter here.
                guard graph.has("fileRef", buildFile), Self.copiedForIOS(buildFile, graph: graph),
                    let element = graph.object(at: "fileRef", of: buildFile, isa: Self.buildFileTargets),
                    element.isa == "PBXFileReference", let path = elements.path(of: element),
                    let ext = ProjectPath.lastComponent(path).split(separator: ".").last,
                    Self.codeExtensions.contains(ext.lowercased())
                else { continue }
                resources.add(relative(path), to: \.sources)
            }
        }
        synchronizedFolders(of: target, into: &resources)
        return resources.resources
    }

    /// A build file limited to other platforms (`platformFilter = maccatalyst;`,
    /// `platformFilters = (macos, );`) is not copied into the iOS app.
    static func copiedForIOS(_ buildFile: PBXObject, graph: PBXObjectGraph) -> Bool {
        var filters = graph.strings("platformFilters", of: buildFile)
        if let single = graph.string("platformFilter", of: buildFile) { filters.append(single) }
        return filters.isEmpty || filters.contains("ios")
    }

    /// Xcode 16 synchronized folders: the target's own ones (minus its membership
    /// exceptions), and files that other targets' folders hand to this target through an
    /// exception set naming it.
    private func synchronizedFolders(of target: PBXObject, into resources: inout TargetResourcesBuilder) {
        let own = graph.objects(at: "fileSystemSynchronizedGroups", of: target, isa: ["PBXFileSystemSynchronizedRootGroup"])
        let ownIDs = Set(own.map(\.ordinal))
        let allGroups = synchronizedGroups
        for group in own {
            guard let folder = elements.path(of: group) else { continue }
            resources.add(relative(folder), to: \.folders)
            resources.add(relative(folder), to: \.synchronizedFolders)
            for path in exceptions(of: group, for: target) {
                resources.add(relative(ProjectPath.normalize(ProjectPath.join(folder, path))), to: \.excluded)
            }
        }
        for group in allGroups where !ownIDs.contains(group.ordinal) {
            guard let folder = elements.path(of: group) else { continue }
            for path in exceptions(of: group, for: target) {
                resources.addFile(relative(ProjectPath.normalize(ProjectPath.join(folder, path))))
            }
        }
        for folder in resources.resources.synchronizedFolders {
            for bundle in compiledBundles(under: folder, excluded: resources.resources.excluded) {
                resources.addCompiledBundle(bundle)
            }
        }
    }

    /// `membershipExceptions` of the group's build-file exception sets that name this target.
    private func exceptions(of group: PBXObject, for target: PBXObject) -> [String] {
        let sets = graph.objects(
            at: "exceptions", of: group,
            isa: [
                "PBXFileSystemSynchronizedBuildFileExceptionSet", "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
            ])
        return sets.filter { $0.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" }
            .filter { set in graph.object(at: "target", of: set, isa: Self.targetKinds)?.ordinal == target.ordinal }
            .flatMap { graph.strings("membershipExceptions", of: $0) }
    }

    /// `.xcassets` and `.icon` folders on disk under a root-relative folder, not descending into them.
    private func compiledBundles(under folder: String, excluded: [String]) -> [String] {
        let absolute = ProjectPath.join(absoluteRoot, folder)
        guard let enumerator = FileManager.default.enumerator(atPath: absolute) else { return [] }
        var bundles: [String] = []
        while let entry = enumerator.nextObject() as? String {
            guard TargetResources.isCompiledBundle(entry) else { continue }
            enumerator.skipDescendants()
            let path = ProjectPath.normalize(ProjectPath.join(folder, entry))
            if !excluded.contains(where: { ProjectPath.isInside(path, folder: $0) }) { bundles.append(path) }
        }
        return bundles.sorted()
    }
}
