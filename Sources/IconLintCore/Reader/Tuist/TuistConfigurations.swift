import Foundation

// The build settings of one Tuist target in one configuration, in the order Xcode resolves
// the project Tuist writes: Xcode's builtins < project xcconfig < project settings (base,
// then the configuration's) < target xcconfig < target settings (Tuist's defaults for the
// product, base, the configuration's). Tuist writes its defaults into the target's own
// settings, so with `.recommended` its `ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon`
// outranks a target xcconfig; `.essential` and `.none` write no icon setting.

extension TuistManifest {
    /// What one target's configurations are built from.
    struct TargetContext {
        var name: String
        var project: String
        var isApp: Bool
        var platform: Platform
        var plist: TuistInfoPlist
        var origin: ManifestOrigin
        var projectSettings: TuistSettings
        var targetSettings: TuistSettings
    }

    func configuration(_ target: TargetContext, name: String, isRelease: Bool) -> BuildConfiguration {
        let projectLevel = target.projectSettings.configuration(name)
        let targetLevel = target.targetSettings.configuration(name)
        var assignments = builtins(target: target.name, project: target.project, configuration: name)
        // Which icon settings end up unknown: a later known value hides an unknown one below it.
        var known = TuistSettingsDictionary()
        var xcconfigSets: Set<String> = []
        if let xcconfig = projectLevel?.xcconfig {
            let read = self.xcconfig(xcconfig)
            assignments += read
            xcconfigSets.formUnion(read.map(\.key))
        }
        for level in [target.projectSettings.base, projectLevel?.settings].compactMap({ $0 }) {
            assignments += self.assignments(level, target: nil, configuration: name)
            known.merge(level)
        }
        if let xcconfig = targetLevel?.xcconfig {
            let read = self.xcconfig(xcconfig)
            assignments += read
            for key in Set(read.map(\.key)) { known.unknown[key] = nil }
            xcconfigSets.formUnion(read.map(\.key))
        }
        assignments += defaults(target, configuration: name)
        for level in [target.targetSettings.base, targetLevel?.settings].compactMap({ $0 }) {
            assignments += self.assignments(level, target: target.name, configuration: name)
            known.merge(level)
        }
        var unread = tuistIconSettingNames.filter { known.unknown[$0] != nil }
        // One note per reason, naming every setting it leaves unknown.
        var reasons: [(why: ManifestUnknown, keys: [String])] = []
        for key in unread {
            guard let why = known.unknown[key] else { continue }
            if let at = reasons.firstIndex(where: { $0.why.reason == why.reason && $0.why.origin == why.origin }) {
                reasons[at].keys.append(key)
            } else {
                reasons.append((why, [key]))
            }
        }
        for (why, keys) in reasons {
            let subject = keys.count == 1 ? "\(keys[0]) is" : "\(keys.dropLast().joined(separator: ", ")) and \(keys.last!) are"
            note(why, consequence: "so target \(target.name)'s \(subject) unknown, and the checks that need \(keys.count == 1 ? "it" : "them") were not run")
        }
        if target.projectSettings.unknown != nil || target.targetSettings.unknown != nil {
            unread = tuistIconSettingNames
        }
        switch target.plist {
        case .file(let file):
            let relative = ProjectPath.relative(index.absolute(file), to: index.absolute(folder))
            assignments.append(
                SettingAssignment(
                    key: "INFOPLIST_FILE", conditions: [], value: relative,
                    source: .projectFile(location: target.origin.location, target: target.name, configuration: name)))
        case .unknown:
            unread.append("INFOPLIST_FILE")
        case .generated:
            // Where `tuist generate` writes it; the build reads the document the manifest gives.
            assignments.append(
                SettingAssignment(
                    key: "INFOPLIST_FILE", conditions: [], value: "Derived/InfoPlists/\(target.name)-Info.plist",
                    source: .projectFile(location: target.origin.location, target: target.name, configuration: name)))
        }
        // What is unknown is unset: no default or lower value stands in for it.
        let dropped = Set(unread)
        assignments.removeAll { dropped.contains($0.key) && $0.source != .builtin }
        var configuration = BuildConfiguration(
            name: name,
            settings: BuildSettings(
                assignments: assignments, configuration: name, absoluteRoot: index.root, absoluteProjectFolder: index.absolute(folder)))
        // Their notes are among the manifest's problems already (see `note(_:consequence:)`).
        configuration.unknownSettings = Dictionary(unread.map { ($0, "") }, uniquingKeysWith: { first, _ in first })
        _ = isRelease
        return configuration
    }

    /// Tuist's default target settings that bear on icons, written at the target's line.
    private func defaults(_ target: TargetContext, configuration: String) -> [SettingAssignment] {
        var values: [(String, String)] = []
        if !target.platform.family.isEmpty {
            values.append(("TARGETED_DEVICE_FAMILY", target.platform.family.map(String.init).joined(separator: ",")))
        }
        let defaults = target.targetSettings.unknown == nil ? target.targetSettings.defaults : target.projectSettings.defaults
        switch defaults {
        case .recommended(let excluded):
            if target.platform.isIOS { values.append(("SDKROOT", "iphoneos")) }
            if target.isApp, !excluded.contains("ASSETCATALOG_COMPILER_APPICON_NAME") {
                values.append(("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"))
            }
            values.removeAll { excluded.contains($0.0) }
        case .essential:
            if target.platform.isIOS { values.append(("SDKROOT", "iphoneos")) }
        case .none:
            values.removeAll { $0.0 != "TARGETED_DEVICE_FAMILY" }
        }
        return values.map { key, value in
            SettingAssignment(
                key: key, conditions: [], value: value,
                source: .projectFile(location: target.origin.location, target: target.name, configuration: configuration))
        }
    }

    private func assignments(_ dictionary: TuistSettingsDictionary, target: String?, configuration: String) -> [SettingAssignment] {
        dictionary.entries.compactMap { entry in
            guard let name = parseSettingName(entry.key) else {
                problems.add(.unresolved, "line \(entry.origin.line): build setting name `\(entry.key)` is not valid, not read", file: entry.origin.file)
                return nil
            }
            return SettingAssignment(
                key: name.key, conditions: name.conditions, value: entry.value,
                source: .projectFile(location: entry.origin.location, target: target, configuration: configuration))
        }
    }

    private func xcconfig(_ file: (path: String, origin: ManifestOrigin)) -> [SettingAssignment] {
        let absolute = index.absolute(file.path)
        guard XCConfigReader.fileExists(absolute) else {
            problems.add(.xcconfigMissing, "line \(file.origin.line): the xcconfig \(file.path) does not exist", file: file.origin.file)
            return [BuildSettings.missingConfigurationMarker(file.path, file: file.origin.file, line: file.origin.line)]
        }
        return XCConfigReader(absoluteRoot: index.root, problems: problems).assignments(ofFile: absolute)
    }

    private func builtins(target: String, project: String, configuration: String) -> [SettingAssignment] {
        let sourceRoot = index.absolute(folder)
        let values: [(String, String)] = [
            ("SRCROOT", sourceRoot), ("SOURCE_ROOT", sourceRoot), ("PROJECT_DIR", sourceRoot), ("PROJECT_NAME", project),
            ("PROJECT", "$(PROJECT_NAME)"), ("TARGET_NAME", target), ("TARGETNAME", target), ("PRODUCT_NAME", "$(TARGET_NAME)"),
            ("CONFIGURATION", configuration), ("PLATFORM_NAME", "iphoneos"), ("SDK_NAME", BuildSettings.sdkNames[1]),
            ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"), ("CURRENT_ARCH", "arm64"), ("ARCHS", "arm64"), ("ACTION", "build"),
        ]
        return values.map { SettingAssignment(key: $0.0, conditions: [], value: $0.1, source: .builtin) }
    }
}
