import Foundation

/// Reads an `.xcodeproj` into an `XcodeProject`. Never throws and never stops at the first
/// problem: whatever cannot be read becomes a `ProjectProblem` and the rest is kept.
public enum XcodeProjectReader {
    /// - Parameters:
    ///   - projectPath: the `.xcodeproj` folder, relative to `root` or absolute.
    ///   - root: the folder being linted; every path in the result is relative to it.
    public static func read(projectPath: String, root: String) -> XcodeProject {
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
        switch ProjectFile.read(pbxprojPath, root: absoluteRoot, limit: 256 << 20) {
        case .success(let read):
            data = read
        case .failure(let failure):
            // A workspace may name a project anywhere: only those inside the root are read.
            problems.add(.projectUnreadable, "cannot read project.pbxproj: \(failure)", file: pbxprojFile)
            return result()
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            if let conflict = conflictMarkerLine(in: data) {
                problems.add(.projectUnreadable,
                             "project.pbxproj has unresolved merge conflict markers; resolve the conflict and retry",
                             file: pbxprojFile, line: conflict)
                return result()
            }
            let (message, line) = parseErrorDescription(error)
            problems.add(.projectUnreadable, "project.pbxproj is not a valid property list: \(message)",
                         file: pbxprojFile, line: line)
            return result()
        }
        guard let top = plist as? [String: Any] else {
            problems.add(.projectUnreadable, "project.pbxproj is not a dictionary at the top level", file: pbxprojFile, line: 1)
            return result()
        }
        guard let rawObjects = top["objects"] as? [String: Any] else {
            problems.add(.projectUnreadable, "project.pbxproj has no `objects` dictionary", file: pbxprojFile)
            return result()
        }
        let text = String(decoding: data, as: UTF8.self)
        let locator = PBXLineLocator(text: text, ids: Set(rawObjects.keys))
        let graph = PBXObjectGraph(objects: rawObjects, file: pbxprojFile, locator: locator, problems: problems)
        guard let rootID = top["rootObject"] as? String else {
            problems.add(.projectUnreadable, "project.pbxproj has no `rootObject` string", file: pbxprojFile)
            return result()
        }
        guard let project = graph.objects[rootID], project.isa == "PBXProject" else {
            problems.add(.danglingReference, "`rootObject` \(rootID) is not a PBXProject", file: pbxprojFile)
            return result()
        }
        let context = ProjectContext(graph: graph, project: project, absoluteRoot: absoluteRoot,
                                     absoluteProject: absoluteProject)
        return result(context.targets())
    }

    /// The 1-based line of the first `<<<<<<< ` that git leaves in a conflicted file, the
    /// usual reason a pbxproj stops parsing.
    static func conflictMarkerLine(in data: Data) -> Int? {
        let lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        return lines.firstIndex { $0.hasPrefix("<<<<<<< ") || $0 == "<<<<<<<" }.map { $0 + 1 }
    }

    /// The parser's own message, preferring the OpenStep parser's reason (which names a
    /// line) over the XML parser's, which always complains about the `//` on line 1.
    static func parseErrorDescription(_ error: Error) -> (String, Int?) {
        let nsError = error as NSError
        var message = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        if let reason = openStepReason(nsError.userInfo["kCFPropertyListOldStyleParsingError"]) {
            message = reason
        } else if message.hasPrefix("Unexpected character") {
            message = "syntax error (unbalanced braces, missing `;` or a truncated file)"
        }
        var line: Int?
        if let range = message.range(of: "line ", options: .backwards) {
            line = Int(message[range.upperBound...].prefix { $0.isNumber })
        }
        return (message, line)
    }

    /// The nested OpenStep error is an NSError on macOS but an unbridged CFError on Linux,
    /// whose description is the only way to its text: `... UserInfo={NSDebugDescription=<reason>}`.
    private static func openStepReason(_ value: Any?) -> String? {
        guard let value else { return nil }
        if let error = value as? NSError, let reason = error.userInfo[NSDebugDescriptionErrorKey] as? String {
            return reason
        }
        let description = String(describing: value)
        guard let start = description.range(of: "NSDebugDescription=") else { return nil }
        var reason = description[start.upperBound...]
        if reason.hasSuffix("}") { reason = reason.dropLast() }
        return reason.isEmpty ? nil : String(reason)
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

    static let configurationListKinds: Set<String> = ["XCConfigurationList"]
    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]

    init(graph: PBXObjectGraph, project: PBXObject, absoluteRoot: String, absoluteProject: String) {
        self.graph = graph
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
    }

    func relative(_ absolute: String) -> String { ProjectPath.relative(absolute, to: absoluteRoot) }

    func targets() -> [XcodeTarget] {
        graph.objects(at: "targets", of: project, isa: Self.targetKinds).map(target)
    }

    private func target(_ object: PBXObject) -> XcodeTarget {
        let name = graph.string("name", of: object, required: true) ?? object.id
        let productType = graph.string("productType", of: object) ?? ""
        let list = graph.object(at: "buildConfigurationList", of: object, isa: Self.configurationListKinds)
        let configurationObjects = list.map { graph.objects(at: "buildConfigurations", of: $0, isa: ["XCBuildConfiguration"]) } ?? []
        let configurations = configurationObjects.map { configuration($0, targetName: name) }
        let kind = TargetKind(productType: productType)
        let buildsForIOS = configurations.isEmpty || configurations.contains { Self.buildsForIOS($0.settings) }
        return XcodeTarget(name: name, productType: productType,
                           isApplication: (kind == .application || kind == .appClip) && buildsForIOS,
                           configurations: configurations, resources: resources(of: object))
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
        let name = graph.string("name", of: object, required: true) ?? object.id
        let projectLevel = projectConfigurations.first { graph.string("name", of: $0) == name }
            ?? projectConfigurations.first { graph.string("name", of: $0) == defaultConfigurationName }
        var assignments = builtins(target: targetName, configuration: name)
        if let projectLevel {
            assignments += xcconfigAssignments(of: projectLevel)
            assignments += settingAssignments(of: projectLevel, target: nil, configuration: name)
        }
        assignments += xcconfigAssignments(of: object)
        assignments += settingAssignments(of: object, target: targetName, configuration: name)
        return BuildConfiguration(name: name, settings: BuildSettings(
            assignments: assignments, configuration: name, absoluteRoot: absoluteRoot, absoluteProjectFolder: sourceRoot))
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
        var plain: [SettingAssignment] = [], conditional: [SettingAssignment] = []
        let lines = graph.locator.keyLines(inObject: object.id)
        let objectLine = graph.locator.line(ofObject: object.id)
        for key in settings.keys.sorted() {
            let line = lines[key] ?? objectLine
            guard let name = parseSettingName(key) else {
                graph.problems.add(.malformedObject, "build setting name `\(key)` is not valid", file: graph.file, line: line)
                continue
            }
            let value: String
            if let string = settings[key] as? String {
                value = string
            } else if let array = settings[key] as? [Any], let strings = array as? [String] {
                value = joinSettingArray(strings)
            } else {
                graph.problems.add(.malformedObject, "build setting \(key) should be a string or a list of strings",
                                   file: graph.file, line: line)
                continue
            }
            let source = SettingSource.projectFile(location: Location(file: graph.file, line: line), target: target,
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
        if object.fields["baseConfigurationReference"] != nil {
            key = "baseConfigurationReference"
            absolute = graph.object(at: key, of: object, isa: ["PBXFileReference"]).flatMap(elements.path(of:))
        } else if object.fields["baseConfigurationReferenceAnchor"] != nil {
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
        guard let absolute else { return [] }
        guard XCConfigReader.fileExists(absolute) else {
            graph.problems.add(.xcconfigMissing,
                               "configuration \(graph.string("name", of: object) ?? object.id) is based on "
                                + "\(relative(absolute)), which does not exist",
                               file: graph.file, line: graph.locator.line(ofKey: key, inObject: object.id))
            return [BuildSettings.missingConfigurationMarker(relative(absolute), file: graph.file,
                                                             line: graph.locator.line(ofKey: key, inObject: object.id))]
        }
        return xcconfigs.assignments(ofFile: absolute)
    }

    // MARK: - Resources

    private static let buildFileTargets: Set<String> = ["PBXFileReference", "PBXVariantGroup", "PBXGroup",
                                                        "XCVersionGroup", "PBXReferenceProxy"]

    private func resources(of target: PBXObject) -> TargetResources {
        var resources = TargetResourcesBuilder()
        let phases = graph.strings("buildPhases", of: target).compactMap { id -> PBXObject? in
            guard let phase = graph.object(id, isa: nil, from: target, key: "buildPhases") else { return nil }
            return phase.isa == "PBXResourcesBuildPhase" ? phase : nil
        }
        for phase in phases {
            for buildFile in graph.objects(at: "files", of: phase, isa: ["PBXBuildFile"]) {
                // Swift packages' products have `productRef` instead of `fileRef`: nothing on disk.
                guard buildFile.fields["fileRef"] != nil, Self.copiedForIOS(buildFile, graph: graph),
                      let element = graph.object(at: "fileRef", of: buildFile, isa: Self.buildFileTargets) else { continue }
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
        let ownIDs = Set(own.map(\.id))
        let allGroups = graph.objects.values.filter { $0.isa == "PBXFileSystemSynchronizedRootGroup" }.sorted { $0.id < $1.id }
        for group in own {
            guard let folder = elements.path(of: group) else { continue }
            resources.add(relative(folder), to: \.folders)
            resources.add(relative(folder), to: \.synchronizedFolders)
            for path in exceptions(of: group, for: target) {
                resources.add(relative(ProjectPath.normalize(ProjectPath.join(folder, path))), to: \.excluded)
            }
        }
        for group in allGroups where !ownIDs.contains(group.id) {
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
        let sets = graph.objects(at: "exceptions", of: group, isa: [
            "PBXFileSystemSynchronizedBuildFileExceptionSet", "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
        ])
        return sets.filter { $0.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" }
            .filter { set in graph.object(at: "target", of: set, isa: Self.targetKinds)?.id == target.id }
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
