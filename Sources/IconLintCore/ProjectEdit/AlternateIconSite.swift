import Foundation

/// How an app declares its alternate icons: app icon sets in an asset catalog named by
/// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, or loose PNGs named by Info.plist entries.
public enum AlternateIconRoute: String, Sendable, CaseIterable {
    case catalog
    case plist
}

/// Where `iconlint add` puts a new alternate icon of one app target: read from the project as
/// lint reads it (every configuration of the target taken together).
public struct AlternateIconSite: Sendable {
    /// Absolute root the paths are relative to.
    public var root: String
    /// Root-relative `.xcodeproj`.
    public var project: String
    public var target: String
    /// Root-relative Info.plist (nil when the target generates it).
    public var plist: String?
    public var runsOnIPad: Bool
    /// The route the app already uses, and why that one.
    public var route: AlternateIconRoute
    public var routeReason: String
    /// The catalog that holds the primary icon set (else the first the target compiles).
    public var catalog: String?
    /// The folder the app's Info.plist icon files are in (else the Info.plist's folder).
    public var iconFolder: String?
    /// The icon files of the Info.plist found in `iconFolder`, root-relative.
    public var iconFiles: [String]
    /// Icon names the app already uses: catalog sets, alternates of either route.
    public var takenNames: Set<String>
    /// What the target copies, to check that new loose files will be in the bundle.
    public var resources: TargetResources

    /// The app targets under `path` (a folder or an `.xcodeproj`), each once.
    public static func read(_ path: String) throws(ConfigurationError) -> [AlternateIconSite] {
        let request = try LintRequest(path: path)
        let index = FileScanner.scan(root: request.root)
        let catalogs = AssetCatalogReader.read(catalogsOf: index)
        let images = ImageFactsCache(limits: LintOptions.iconLimits)
        let read = SourceProjectReader(request: request, index: index, catalogs: catalogs, images: images).read()
        var sites: [AlternateIconSite] = []
        var projects: [String: XcodeProject] = [:]
        for app in read.apps {
            guard let project = app.identity.project, project.lowercased().hasSuffix(".xcodeproj"), let target = app.identity.target,
                !sites.contains(where: { $0.project == project && $0.target == target })
            else { continue }
            if projects[project] == nil { projects[project] = XcodeProjectReader.read(projectPath: project, root: request.root) }
            guard let resources = projects[project]?.target(named: target)?.resources else { continue }
            sites.append(site(app, project: project, target: target, root: request.root, resources: resources))
        }
        return sites
    }

    static func site(_ app: AppModel, project: String, target: String, root: String, resources: TargetResources) -> AlternateIconSite {
        let declarations = app.plistIcons?.declarationsWithEntries ?? []
        let plistAlternates = declarations.filter { $0.declaration.role == .alternate }
        let catalogAlternates = app.catalogIcons.compiled.filter { $0.role == .alternate }
        let route: AlternateIconRoute
        let reason: String
        if let first = plistAlternates.first {
            route = .plist
            reason = "its alternate icon \(first.declaration.name) is declared in \(app.plistPath ?? "the Info.plist")"
        } else if let first = catalogAlternates.first {
            route = .catalog
            reason = "its alternate icon \(first.set.name) is an app icon set in \(ProjectPath.parentFolder(first.set.path))"
        } else if let primary = app.catalogIcons.primarySet {
            route = .catalog
            reason = "its primary icon is the app icon set \(primary.path)"
        } else if declarations.contains(where: { !($0.declaration.files ?? []).isEmpty }) {
            route = .plist
            reason = "its primary icon's files are listed in \(app.plistPath ?? "the Info.plist")"
        } else {
            route = resources.assetCatalogs.isEmpty ? .plist : .catalog
            reason = resources.assetCatalogs.isEmpty ? "it compiles no asset catalog" : "it compiles an asset catalog"
        }
        let uses =
            declarations.filter { $0.declaration.role == .alternate }.flatMap(\.entries).flatMap(\.uses)
            + declarations.flatMap(\.entries).flatMap(\.uses)
        let iconFolder = uses.first.map { ProjectPath.parentFolder($0.path) } ?? app.plistPath.map(ProjectPath.parentFolder)
        var taken = Set(app.settings.alternateNames)
        taken.formUnion(declarations.map(\.declaration.name))
        taken.formUnion(app.catalogs.flatMap(\.iconSets).map(\.name))
        return AlternateIconSite(
            root: root, project: project, target: target, plist: app.plistPath, runsOnIPad: app.runsOnIPad,
            route: route, routeReason: reason,
            catalog: app.catalogIcons.primarySet.map { ProjectPath.parentFolder($0.path) } ?? resources.assetCatalogs.first,
            iconFolder: iconFolder, iconFiles: uses.map(\.path).filter { ProjectPath.parentFolder($0) == iconFolder }.uniquedPaths(),
            takenNames: taken, resources: resources)
    }
}

extension Array where Element == String {
    /// The paths in order, each once.
    fileprivate func uniquedPaths() -> [String] {
        var seen: Set<String> = []
        return filter { seen.insert($0).inserted }
    }
}
