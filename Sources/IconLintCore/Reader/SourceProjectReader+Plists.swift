import Foundation

/// Apps without a project file: found by their Info.plists, each bundle its app's folder.
extension SourceProjectReader {
    /// Apps found by their Info.plists; each app's bundle is its folder.
    /// `within`: only Info.plists it accepts (none that a project's folder claims).
    func plistDrafts(within: (String) -> Bool) -> [Draft] {
        var found: [(path: String, infoPlist: AppModel.InfoPlist, findings: [Finding])] = []
        let candidates = request.plist.map { [$0] } ?? index.plists.sorted()
        for path in candidates where request.plist != nil || within(path) {
            if path.contains(".bundle/") || path.contains(".xcassets/") { continue }
            // Documentation snippets (`docs/examples/Step-4/Info.plist`) are not apps.
            if request.plist == nil, path.split(separator: "/").contains(where: { Self.documentationFolders.contains($0.lowercased()) }) {
                continue
            }
            var findings: [Finding] = []
            switch PlistReader.read(path, root: index.root) {
            case .success(let document):
                guard request.plist != nil || Self.isAppPlist(document) else { continue }
                found.append((path, .document(document), findings))
            case .failure(let problem):
                // A broken Info.plist of an app is that app's finding; other broken plists are not apps.
                let name = ProjectPath.lastComponent(path)
                guard request.plist != nil || (name == "Info.plist" && !Self.isTestPath(path)) else { continue }
                findings.append(PlistUnreadableRule.unreadable(path: path, problem: problem))
                found.append((path, .unreadable(path: path), findings))
            }
        }
        let folders = found.map { Self.appFolder(of: $0.path) }
        // Each app's area: its folder, less the folders of other apps inside it.
        let areas = FileAreas(index: index, owners: FolderOwners(folders))
        let projects = DotNetAppProject.ProjectLookup()
        return found.enumerated().flatMap { offset, app -> [Draft] in
            let folder = folders[offset]
            let area = areas[folder]
            var draft = Draft(
                identity: .init(project: nil, target: nil, plist: app.path), configurations: [], allConfigurations: [],
                settings: IconBuildSettings(), infoPlist: app.infoPlist,
                bundle: BundleFiles(area: area, copies: { _ in true }),
                catalogPaths: area.catalogs, iconBundles: area.iconBundles,
                findings: app.findings, folder: folder, compiledSources: area.sources)
            guard case .document(let document) = app.infoPlist else { return [draft] }
            // A .NET MAUI app: the build generates the set XSAppIconAssets names.
            let maui = MauiIconSource.find(document, plist: app.path, root: index.root)
            if let maui {
                draft.mauiIcon = maui
                draft.notes.append(maui.note(plist: app.path))
            }
            // A .NET for iOS or Xamarin.iOS app: its .csproj's items and properties are its build settings.
            guard let project = maui?.project ?? DotNetAppProject.iOSProject(for: app.path, root: index.root, lookup: projects) else { return [draft] }
            return DotNetAppProject.drafts(
                from: draft, project: project, plist: document, index: index, bundle: { BundleFiles(area: area, copies: $0) })
        }
    }

    /// Folders whose Info.plists are documentation, not apps.
    static let documentationFolders: Set<String> = ["docs", "doc", "documentation"]

    /// Folder names that hold an app's Info.plist but not its resources (`App/Supporting Files/Info.plist`).
    static let supportFolders: Set<String> = [
        "supporting files", "supportingfiles", "support", "resources", "config", "configs", "configuration",
        "configurations", "info", "plists", "other", "meta",
    ]

    /// The folder an app without a project file owns: its Info.plist's folder, or the one
    /// above when that is a supporting-files folder.
    static func appFolder(of plist: String) -> String {
        var folder = ProjectPath.parentFolder(plist)
        while !folder.isEmpty, supportFolders.contains(ProjectPath.lastComponent(folder).lowercased()) {
            folder = ProjectPath.parentFolder(folder)
        }
        return folder
    }

    static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("UITests") }
    }

    static let iconKeys = ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIconFiles", "CFBundleAlternateIcons"]
    static let appKeys = [
        "LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UIMainStoryboardFile",
        "UILaunchScreen", "UIApplicationSupportsIndirectInputEvents",
    ]

    /// An application's Info.plist (not a test bundle's, an extension's or a service's configuration).
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
