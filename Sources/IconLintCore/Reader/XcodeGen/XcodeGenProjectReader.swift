import Foundation

/// Reads an XcodeGen spec (`project.yml` and its `include:` files) into the `XcodeProject`
/// that `xcodegen generate` would write, as far as icons need it: the targets (sorted by name,
/// as XcodeGen sorts them), their configurations (`configs`, by default Debug and Release)
/// with the build settings of `XcodeGenSettings`, what `XcodeGenSources` puts in the bundle,
/// the Run Script phases (`preBuildScripts`, `postCompileScripts`, `postBuildScripts`), and
/// the Info.plist XcodeGen writes from `info:` (see `generatedInfoPlist`).
///
/// Every setting points at the spec line that sets it (a preset at the target's `type:`).
/// What XcodeGen would expand from its environment (`${VAR}`) is never guessed: the icon
/// settings that depend on it are listed in `BuildConfiguration.unknownSettings`, with a note.
enum XcodeGenProjectReader {
    /// The project, or why the spec cannot be read at all.
    static func read(specPath: String, index: FileIndex, budget: ExpansionBudget) -> Result<XcodeProject, XcodeGenSpec.Failure> {
        let spec: XcodeGenSpec
        switch XcodeGenSpec.load(path: specPath, root: index.root) {
        case .success(let loaded): spec = loaded
        case .failure(let failure): return .failure(failure)
        }
        let problems = ProblemCollector()
        let context = Context(spec: spec, index: index, budget: budget, problems: problems)
        let specs = context.targetSpecs()
        guard specs.count <= maximumTargets else {
            return .failure(.init(message: "\(specPath): it defines more than \(maximumTargets) targets; a real project has a few dozen"))
        }
        let targets = context.targets(specs)
        guard !context.meter.exceeded else {
            return .failure(
                .init(
                    message: "\(specPath): resolving its targets' sources and setting groups takes more than \(XcodeGenMeter.limit) steps "
                        + "(files × globs, or groups that name each other over and over)"))
        }
        var project = XcodeProject(path: specPath, targets: targets, problems: problems.problems)
        project.notes = spec.notes + context.notes.notes
        return .success(project)
    }

    /// A spec with more targets is refused (each target walks the tree's files).
    static let maximumTargets = 2_000

    /// Icon settings whose `${VAR}` references are looked at.
    static let iconSettings = [
        "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", "INFOPLIST_FILE",
    ]

    private struct Context {
        let spec: XcodeGenSpec
        let index: FileIndex
        let budget: ExpansionBudget
        let problems: ProblemCollector
        let settings: XcodeGenSettings
        let xcconfigs: XCConfigReader
        let absoluteRoot: String
        let sourceRoot: String
        /// Notes of the targets, complete sentences with file and line.
        let notes = NoteCollector()
        let meter = XcodeGenMeter()

        init(spec: XcodeGenSpec, index: FileIndex, budget: ExpansionBudget, problems: ProblemCollector) {
            self.spec = spec
            self.index = index
            self.budget = budget
            self.problems = problems
            settings = XcodeGenSettings(spec: spec)
            absoluteRoot = ProjectPath.absolute(index.root)
            sourceRoot = spec.folder.isEmpty ? absoluteRoot : absoluteRoot + "/" + spec.folder
            xcconfigs = XCConfigReader(absoluteRoot: absoluteRoot, problems: problems)
        }

        struct TargetSpec {
            var name: String
            var node: YAMLNode
            var keyLine: Int
            var type: String
            var platform: String
            var destinations: [String]
        }

        func targetSpecs() -> [TargetSpec] {
            let pairs = spec.root["targets"]?.pairs ?? []
            return pairs.compactMap { pair -> TargetSpec? in
                guard pair.value.pairs != nil else { return nil }
                let node = pair.value
                var destinations = node["supportedDestinations"]?.stringList ?? []
                var platform = node["platform"]?.string ?? ""
                if node["supportedDestinations"] != nil, platform.isEmpty { platform = "auto" }
                if destinations.contains("macCatalyst"), !destinations.contains("iOS") { destinations.append("iOS") }
                return TargetSpec(
                    name: node["name"]?.string ?? pair.key, node: node, keyLine: pair.keyLine, type: node["type"]?.string ?? "",
                    platform: platform, destinations: destinations)
            }.sorted { $0.name < $1.name }
        }

        func targets(_ specs: [TargetSpec]) -> [XcodeTarget] {
            let platforms = specs.map(\.platform)
            return specs.map { target(for: $0, platforms: platforms) }
        }

        // MARK: One target

        private func target(for target: TargetSpec, platforms: [String]) -> XcodeTarget {
            var notes: [String] = []
            let productType = target.type.isEmpty ? "" : "com.apple.product-type." + target.type
            let infoPath = infoPlistPath(target)
            let searched = infoPath == nil ? searchedInfoPlist(target) : nil
            var configurations: [BuildConfiguration] = []
            var plistPaths: Set<String> = []
            for config in settings.configs {
                let configuration = self.configuration(target, config: config, platforms: platforms, info: infoPath, searched: searched)
                if let plist = configuration.settings.path("INFOPLIST_FILE") { plistPaths.insert(plist) }
                configurations.append(configuration)
            }
            let sources = XcodeGenSources(spec: spec, index: index, infoPlists: plistPaths, meter: meter)
            let resources = sources.resources(of: target.node, targetName: target.name, notes: &notes)
            var result = XcodeTarget(
                name: target.name, productType: productType, isApplication: false, configurations: configurations,
                resources: resources, scriptPhases: scriptPhases(target.node))
            result.isApplication =
                (result.kind == .application || result.kind == .appClip) && configurations.contains { Self.buildsForIOS($0.settings) }
            result.scriptOutputs = scriptOutputs(result.scriptPhases)
            if result.isApplication, let info = target.node["info"], let path = infoPath {
                result.generatedInfoPlists[path.path] = XcodeGenInfoPlist.document(info, type: target.type, spec: spec)
                if let note = XcodeGenInfoPlist.overwriteNote(info, plist: path.path, target: target.name, root: index.root) { notes.append(note) }
            }
            notes += Self.ignoredKeyNotes(target, resources: result.resources, spec: spec)
            for note in notes { self.notes.add(note) }
            return result
        }

        /// What xcodegen silently ignores but reads like an icon input: icon settings written
        /// beside `base`/`configs`/`groups` (then only those count), and a `resources:` list,
        /// which is no XcodeGen key, naming a catalog or image no source brings in.
        static func ignoredKeyNotes(_ target: TargetSpec, resources: TargetResources, spec: XcodeGenSpec) -> [String] {
            var notes: [String] = []
            for settings in [target.node["settings"], spec.root["settings"]].compactMap({ $0 }) {
                guard settings["base"] != nil || settings["configs"] != nil || settings["groups"] != nil else { continue }
                for pair in settings.pairs ?? [] where XcodeGenProjectReader.iconSettings.contains(pair.key) {
                    notes.append(
                        "\(pair.value.file):\(pair.keyLine): \(pair.key) sits beside `base`, `configs` or `groups`, where xcodegen ignores "
                            + "plain settings, so the generated project does not set it: move it under `base`")
                }
            }
            for entry in target.node["resources"].map({ $0.items ?? [$0] }) ?? [] {
                let node = entry.string != nil ? entry : entry["path"]
                guard let node, let written = node.string, let path = spec.resolve(written, from: node) else { continue }
                let lowered = path.lowercased()
                guard lowered.hasSuffix(".xcassets") || lowered.hasSuffix(".icon") || lowered.hasSuffix(".png") else { continue }
                let covered =
                    resources.files.contains(path) || resources.assetCatalogs.contains(path) || resources.iconBundles.contains(path)
                    || resources.folders.contains { ProjectPath.isInside(path, folder: $0) }
                guard !covered else { continue }
                notes.append(
                    "\(node.file):\(node.line): target \(target.name) lists \(written) under `resources:`, which is not an XcodeGen key "
                        + "(xcodegen ignores it), and no `sources` entry brings it in, so the generated target does not copy it: add it to `sources`")
            }
            return notes
        }

        /// `info.path`, root-relative, with where it is written.
        private func infoPlistPath(_ target: TargetSpec) -> (path: String, location: Location)? {
            guard let node = target.node["info"]?["path"], let written = node.string, let path = spec.resolve(written, from: node) else { return nil }
            return (path, Location(file: node.file, line: node.line))
        }

        /// The first Info.plist under the target's sources (XcodeGen's fallback for INFOPLIST_FILE).
        private func searchedInfoPlist(_ target: TargetSpec) -> (path: String, location: Location)? {
            let entries = target.node["sources"].map { $0.items ?? [$0] } ?? []
            for entry in entries {
                let node = entry.string != nil ? entry : entry["path"]
                guard let node, let written = node.string, let path = spec.resolve(written, from: node) else { continue }
                let location = Location(file: node.file, line: node.line)
                if ProjectPath.lastComponent(path) == "Info.plist", index.plists.contains(path) { return (path, location) }
                if let found = index.plists.sorted().first(where: {
                    ProjectPath.isInside($0, folder: path) && ProjectPath.lastComponent($0) == "Info.plist"
                }) {
                    return (found, location)
                }
            }
            return nil
        }

        private func configuration(
            _ target: TargetSpec, config: (name: String, type: String?), platforms: [String], info: (path: String, location: Location)?,
            searched: (path: String, location: Location)?
        ) -> BuildConfiguration {
            let projectXcconfig = xcconfig(spec.root["configFiles"]?[config.name], configuration: config.name)
            let targetXcconfig = xcconfig(target.node["configFiles"]?[config.name], configuration: config.name)
            let projectKeys = Set(projectXcconfig.filter(\.conditions.isEmpty).map(\.key))
            let targetKeys = Set(targetXcconfig.filter(\.conditions.isEmpty).map(\.key))
            let projectLevel = settings.projectLevelWithState(
                config: config, platforms: platforms, xcconfigKeys: settings.projectPresets ? projectKeys : [])
            var targetLevel = settings.targetLevel(
                target.node, name: target.name, type: target.type, platform: target.platform, destinations: target.destinations,
                config: config, xcconfigKeys: projectKeys.union(targetKeys))
            let projectAssignments = projectLevel.assignments
            if targetLevel.value("INFOPLIST_FILE") == nil, let chosen = info ?? searched {
                targetLevel.set("INFOPLIST_FILE", relativeToSpec(chosen.path), at: chosen.location)
            }
            if targetLevel.truncated || projectLevel.truncated { meter.overflow() }
            let assignments =
                builtins(target: target.name, configuration: config.name) + projectXcconfig + projectAssignments + targetXcconfig + targetLevel.assignments
            let built = BuildSettings(
                assignments: assignments, configuration: config.name, absoluteRoot: absoluteRoot, absoluteProjectFolder: sourceRoot,
                budget: budget)
            var configuration = BuildConfiguration(name: config.name, settings: built)
            for key in XcodeGenProjectReader.iconSettings {
                let variables = environmentVariables(key, in: built)
                guard !variables.isEmpty else { continue }
                let location = built.source(key)?.location
                configuration.unknownSettings[key] =
                    "\(location?.file ?? spec.path)\(location?.line.map { ":\($0)" } ?? ""): target \(target.name): "
                    + "\(key) uses \(variables.map { "${\($0)}" }.joined(separator: ", ")), which no build setting defines, so "
                    + "xcodegen takes \(variables.count == 1 ? "it" : "them") from its environment at generate time: its value is "
                    + "unknown, so the checks that need it were not run; lint the generated project for them"
            }
            return configuration
        }

        /// `${NAME}` references (direct, or through the variables the value refers to) that no
        /// build setting of the configuration defines: XcodeGen replaces those from its environment.
        private func environmentVariables(_ key: String, in settings: BuildSettings) -> [String] {
            var found: [String] = []
            var pending = [key]
            var seen: Set<String> = [key]
            while let name = pending.popLast(), seen.count < 64 {
                guard let raw = settings.rawValue(name) else { continue }
                for reference in XcodeGenTargetResolution.references(raw) {
                    if settings.rawValue(reference) == nil {
                        if !found.contains(reference) { found.append(reference) }
                    } else if seen.insert(reference).inserted {
                        pending.append(reference)
                    }
                }
                for reference in Self.parenReferences(raw) where settings.rawValue(reference) != nil && seen.insert(reference).inserted {
                    pending.append(reference)
                }
            }
            return found
        }

        private static func parenReferences(_ text: String) -> [String] {
            var names: [String] = []
            var rest = Substring(text)
            while let open = rest.range(of: "$("), let close = rest[open.upperBound...].firstIndex(of: ")") {
                names.append(String(rest[open.upperBound..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return names
        }

        /// A root-relative path as the generated project's INFOPLIST_FILE writes it (from SRCROOT).
        private func relativeToSpec(_ path: String) -> String {
            spec.folder.isEmpty ? path : ProjectPath.relative(absoluteRoot + "/" + path, to: sourceRoot)
        }

        private func xcconfig(_ node: YAMLNode?, configuration: String) -> [SettingAssignment] {
            guard let node, let written = node.string else { return [] }
            guard !written.contains("${") else {
                notes.add(
                    "\(node.file):\(node.line): configFiles \(configuration) names \(written) through an environment variable that xcodegen "
                        + "expands at generate time; it was not read, so what it sets is unknown")
                return [BuildSettings.missingConfigurationMarker(written, file: node.file, line: node.line)]
            }
            guard let path = spec.resolve(written, from: node) else { return [] }
            let absolute = absoluteRoot + "/" + path
            guard XCConfigReader.fileExists(absolute) else {
                xcconfigs.noteMissing(absolute, as: "configFiles of \(spec.path) names", file: node.file, line: node.line)
                return [BuildSettings.missingConfigurationMarker(path, file: node.file, line: node.line)]
            }
            return xcconfigs.assignments(ofFile: absolute)
        }

        private func builtins(target: String, configuration: String) -> [SettingAssignment] {
            let name = spec.root["name"]?.string ?? ProjectPath.lastComponent(spec.folder.isEmpty ? absoluteRoot : spec.folder)
            let values: [(String, String)] = [
                ("SRCROOT", sourceRoot), ("SOURCE_ROOT", sourceRoot), ("PROJECT_DIR", sourceRoot),
                ("PROJECT_FILE_PATH", sourceRoot + "/" + name + ".xcodeproj"), ("PROJECT_NAME", name), ("PROJECT", "$(PROJECT_NAME)"),
                ("TARGET_NAME", target), ("TARGETNAME", target), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("CONFIGURATION", configuration),
                ("PLATFORM_NAME", "iphoneos"), ("SDK_NAME", BuildSettings.sdkNames[1]), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
                ("CURRENT_ARCH", "arm64"), ("ARCHS", "arm64"), ("ACTION", "build"),
            ]
            return values.map { SettingAssignment(key: $0.0, conditions: [], value: $0.1, source: .builtin) }
        }

        static func buildsForIOS(_ settings: BuildSettings) -> Bool {
            let sdk = settings.value("SDKROOT")?.trimmingCharacters(in: .whitespaces) ?? ""
            if sdk.hasPrefix("iphoneos") { return true }
            let platforms = settings.list("SUPPORTED_PLATFORMS")
            if platforms.contains(where: { $0.hasPrefix("iphoneos") }) { return true }
            return platforms.isEmpty && (sdk.isEmpty || sdk == "auto")
        }

        // MARK: Scripts

        private func scriptPhases(_ target: YAMLNode) -> [ScriptPhase] {
            let keys = ["preBuildScripts", "prebuildScripts", "postCompileScripts", "postBuildScripts"]
            return keys.flatMap { key in
                (target[key]?.items ?? []).compactMap { item -> ScriptPhase? in
                    guard item.pairs != nil else { return nil }
                    let script = item["script"]?.string ?? item["path"]?.string.map { "\"\($0)\"" } ?? ""
                    return ScriptPhase(
                        name: item["name"]?.string, script: script, inputPaths: item["inputFiles"]?.stringList ?? [],
                        outputPaths: item["outputFiles"]?.stringList ?? [],
                        fileLists: (item["inputFileLists"]?.stringList ?? []) + (item["outputFileLists"]?.stringList ?? []),
                        location: Location(file: item.file, line: item.line))
                }
            }
        }

        private func scriptOutputs(_ phases: [ScriptPhase]) -> [XcodeTarget.ScriptOutput] {
            var outputs: [XcodeTarget.ScriptOutput] = []
            for phase in phases {
                for written in phase.outputPaths.prefix(256) {
                    var path = written
                    for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
                        for form in ["$(\(variable))/", "${\(variable)}/", "$\(variable)/"] where path.hasPrefix(form) {
                            let rest = String(path.dropFirst(form.count))
                            path = ProjectPath.relative(ProjectPath.normalize(sourceRoot + "/" + rest), to: absoluteRoot)
                        }
                    }
                    outputs.append(.init(phase: phase.name ?? "Run Script", path: path))
                }
            }
            return outputs
        }
    }
}

/// Collects notes once each, in first-seen order; local to one read.
final class NoteCollector {
    private(set) var notes: [String] = []

    func add(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }
}
