import Foundation

/// Decides which Info.plists are the app's and builds one unit per app (and configuration).
struct UnitDiscovery {
    let context: LintContext
    let request: LintRequest

    var index: FileIndex { context.index }

    func units(diagnostics: inout [Diagnostic]) -> [AppUnit] {
        if let plist = request.plist {
            var unit = AppUnit()
            unit.plistPath = plist
            unit.catalogPaths = index.catalogs
            unit.iconBundlePaths = index.iconBundles
            return [unit]
        }
        var projects: [String]
        if let project = request.project {
            projects = [project]
        } else if let workspace = request.workspace {
            projects = WorkspaceReader.projects(inWorkspace: workspace, root: index.root)
        } else {
            // Projects a workspace lists outside the scanned folders (e.g. beside the root) too.
            projects = index.projects
            for workspace in index.workspaces where !workspace.contains(".xcodeproj/") {
                projects += WorkspaceReader.projects(inWorkspace: workspace, root: index.root).filter {
                    FileManager.default.fileExists(atPath: index.absolute($0) + "/project.pbxproj")
                }
            }
        }
        // Nothing outside the root, nothing under Pods/ or build output.
        projects = Array(Set(projects)).filter { project in
            !project.hasPrefix("/") && !project.hasPrefix("../")
                && !project.split(separator: "/").contains { FileScanner.skippedFolders.contains(String($0)) }
        }
        if projects.isEmpty { return unitsFromPlists(diagnostics: &diagnostics) }
        var units: [AppUnit] = []
        for path in projects.sorted() {
            let project = XcodeProjectReader.read(projectPath: path, root: index.root)
            diagnostics += project.problems.compactMap(Self.diagnostic)
            for target in project.applicationTargets {
                units += Self.units(for: target, project: project, index: index, diagnostics: &diagnostics)
            }
        }
        return units
    }

    /// A project problem as a finding: an unreadable pbxproj is like an unreadable plist;
    /// broken xcconfig files make the icon settings unreliable.
    static func diagnostic(_ problem: ProjectProblem) -> Diagnostic? {
        switch problem.kind {
        case .projectUnreadable:
            return Diagnostic(rule: "plist-unreadable", severity: .error,
                              message: "\(problem.message); iconlint cannot read the targets' icon settings: fix the file (Xcode reopens a valid project.pbxproj) or resolve the merge conflict",
                              location: problem.location)
        case .xcconfigMissing where isGeneratedConfiguration(problem.message):
            // CocoaPods' and Flutter's xcconfig files exist only after `pod install` / `flutter build`.
            return nil
        case .xcconfigMissing, .xcconfigIncludeCycle, .xcconfigMalformed:
            return Diagnostic(rule: "build-setting-malformed", severity: .warning,
                              message: "\(problem.message); icon build settings from it may be wrong: fix the configuration file",
                              location: problem.location)
        default:
            return nil
        }
    }

    static func isGeneratedConfiguration(_ message: String) -> Bool {
        message.contains("Pods/") || message.contains("Pods-") || message.contains("Generated.xcconfig")
            || message.contains("Carthage/") || message.contains("flutter_export_environment")
    }

    /// One unit per group of configurations with identical icon inputs.
    static func units(for target: XcodeTarget, project: XcodeProject, index: FileIndex,
                      diagnostics: inout [Diagnostic]) -> [AppUnit] {
        var groups: [(key: UnitKey, unit: AppUnit)] = []
        let resources = target.resources
        let allConfigurations = target.configurations.map(\.name)
        for configuration in target.configurations {
            let settings = configuration.settings
            var unit = AppUnit()
            unit.target = target.name
            unit.configurations = [configuration.name]
            unit.allConfigurations = allConfigurations
            unit.plistPath = settings.path("INFOPLIST_FILE")
            unit.settings = iconSettings(settings)
            unit.resources = ResourceScope(isWholeTree: false) { resources.contains($0) }
            unit.catalogPaths = resources.assetCatalogs
            unit.iconBundlePaths = Array(Set(resources.iconBundles + index.iconBundles.filter { resources.contains($0) })).sorted()
            if unit.plistPath == nil, !unit.settings.generateInfoPlist {
                // No Info.plist at all: nothing declares icons but the catalog.
                unit.plistPath = nil
            }
            let key = UnitKey(plist: unit.plistPath, settings: unit.settings.withoutLocation)
            if let existing = groups.firstIndex(where: { $0.key == key }) {
                groups[existing].unit.configurations.append(configuration.name)
            } else {
                groups.append((key, unit))
            }
        }
        return groups.map(\.unit)
    }

    private struct UnitKey: Hashable {
        var plist: String?
        var settings: IconBuildSettings
    }

    static let iconSettingNames = ["ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
                                   "INFOPLIST_FILE"]

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
        icon.generateInfoPlist = settings.bool("GENERATE_INFOPLIST_FILE")
        for key in settings.keys where key.hasPrefix("INFOPLIST_KEY_") {
            icon.infoPlistKeys[String(key.dropFirst("INFOPLIST_KEY_".count))] = settings.value(key) ?? ""
        }
        for name in iconSettingNames {
            // A variable set empty on purpose (`ICON_SUFFIX =` outside Beta) is fine; one that is
            // defined nowhere, or a setting that comes out empty altogether, is a mistake.
            let empty = settings.referencesUndefinedVariable(name)
            let undefined = empty.filter { settings.rawValue($0) == nil }
            let wholeIsEmpty = !(settings.rawValue(name) ?? "").trimmingCharacters(in: .whitespaces).isEmpty
                && (settings.value(name) ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            if !undefined.isEmpty {
                icon.emptyExpansions[name] = undefined
            } else if wholeIsEmpty, !empty.isEmpty {
                icon.emptyExpansions[name] = empty
            }
        }
        icon.location = settings.source("ASSETCATALOG_COMPILER_APPICON_NAME")?.location
            ?? settings.source("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")?.location
        return icon
    }

    /// Without a project file: Info.plists that declare an app (CFBundlePackageType APPL) or icons.
    func unitsFromPlists(diagnostics: inout [Diagnostic]) -> [AppUnit] {
        var units: [AppUnit] = []
        for path in index.plists.sorted() {
            let name = (path as NSString).lastPathComponent
            let looksLikeInfo = name.lowercased().contains("info")
            if path.contains(".bundle/") || path.contains(".xcassets/") { continue }
            switch PlistReader.read(path, root: index.root) {
            case .success(let document):
                guard Self.isAppPlist(document) else { continue }
            case .failure:
                // A broken Info.plist is reported (plist-unreadable) by the unit itself.
                guard looksLikeInfo, !Self.isTestPath(path) else { continue }
            }
            var unit = AppUnit()
            unit.plistPath = path
            unit.catalogPaths = index.catalogs
            unit.iconBundlePaths = index.iconBundles
            units.append(unit)
        }
        return units
    }

    static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("UITests") }
    }

    static let iconKeys = ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIconFiles", "CFBundleAlternateIcons"]
    static let appKeys = ["LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UIMainStoryboardFile",
                          "UILaunchScreen", "UIApplicationSupportsIndirectInputEvents"]

    /// An application's Info.plist (not a test bundle's or an extension's).
    static func isAppPlist(_ document: PlistDocument) -> Bool {
        let root = document.root
        if root["NSExtension"] != nil || root["EXAppExtensionAttributes"] != nil { return false }
        if iconKeys.contains(where: { root[$0] != nil }) { return true }
        let type = root["CFBundlePackageType"] as? String
        if type == "APPL" { return true }
        if type == "BNDL" || type == "FMWK" || type == "XPC!" { return false }
        // Xcode templates write $(PRODUCT_BUNDLE_PACKAGE_TYPE); then look for app-only keys.
        return !isTestPath(document.path) && appKeys.contains { root[$0] != nil }
    }
}
