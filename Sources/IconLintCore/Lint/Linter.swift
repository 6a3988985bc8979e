import Foundation
import PNGKit

/// What to lint and how.
public struct LintOptions: Sendable {
    /// A project folder, an `.xcodeproj`, or an Info.plist.
    public var path: String
    public var configuration: LintConfiguration
    public var limits: PNGLimits

    /// App icons are at most 1024×1024; lint refuses images past 4096 before decoding them
    /// (an interlaced 16384² image would need gigabytes).
    public static let iconLimits = PNGLimits(maxWidth: 4096, maxHeight: 4096, maxBytes: 4096 * 4096 * 8)

    public init(path: String, configuration: LintConfiguration = LintConfiguration(), limits: PNGLimits = iconLimits) {
        self.path = path
        self.configuration = configuration
        self.limits = limits
    }
}

/// Runs every rule over a project and returns the findings; never prints.
public enum Linter {
    /// Lints one PATH. Throws only for problems with the request itself (path not found).
    public static func lint(_ options: LintOptions) throws(ConfigurationError) -> LintResult {
        let request = try LintRequest(path: options.path)
        let index = FileScanner.scan(root: request.root, excluded: options.configuration.excluded)
        let catalogs = readCatalogs(index)
        let context = LintContext(index: index, catalogs: catalogs, images: ImageFactsCache(limits: options.limits))

        var diagnostics: [Diagnostic] = []
        let discovery = UnitDiscovery(context: context, request: request)
        let units = discovery.units(diagnostics: &diagnostics)
        diagnostics += check(units, context: context)
        let targets = Set(units.map { $0.target ?? $0.plistPath ?? "" }).count
        let final = finalize(diagnostics, units: units, configuration: options.configuration)
        return LintResult(root: request.root, diagnostics: final, appTargetCount: targets)
    }

    static func readCatalogs(_ index: FileIndex) -> [String: AssetCatalog] {
        let paths = index.catalogs
        let read = ConcurrentWork.map(paths) { AssetCatalogReader.read($0, root: index.root) }
        return Dictionary(zip(paths, read), uniquingKeysWith: { a, _ in a })
    }

    /// Runs the rules of each unit: resolve files, load their headers in parallel, check.
    static func check(_ units: [AppUnit], context: LintContext) -> [Diagnostic] {
        var plans: [(sink: FindingSink, plist: InfoPlistChecks?, catalog: CatalogChecks)] = []
        var requests: [(path: String, decode: Bool)] = []
        // Set names some configuration of some app target uses, per catalog: a set used only
        // by the Beta configuration, or by another app target, is not "not included".
        var usedNames: [String: Set<String>] = [:]
        for unit in units {
            var names = Set(unit.settings.alternateNames)
            if let primary = unit.settings.appIconName { names.insert(primary) }
            for path in unit.catalogPaths {
                if unit.settings.includeAllAppIcons {
                    names.formUnion(context.catalogs[path]?.iconSets.map(\.name) ?? [])
                }
                usedNames[path, default: []].formUnion(names)
            }
        }
        for var unit in units {
            var sink = FindingSink(unit: unit)
            var catalogs = unit.catalogPaths.compactMap { context.catalogs[$0] }
            // Icon Composer bundles the target copies count like sets of a catalog.
            let bundles = unit.iconBundlePaths
            if !bundles.isEmpty {
                var loose = AssetCatalog(path: "")
                loose.iconSets = bundles.map(AssetCatalogReader.iconBundle)
                catalogs.append(loose)
            }
            let sources = CatalogIconSources(catalogs: catalogs, settings: unit.settings)
            var plistChecks: InfoPlistChecks?
            if let path = unit.plistPath, !FileManager.default.fileExists(atPath: context.index.absolute(path)) {
                if let actual = caseFoldedMatch(path, root: context.index.root) {
                    sink.emit("path-case-mismatch", "INFOPLIST_FILE names \(path) but the file is \(actual); it works on a default macOS volume but not on a case-sensitive one: make the names match",
                              file: unit.settings.location?.file ?? actual, line: unit.settings.location?.line)
                    unit.plistPath = actual
                    sink.unit = unit
                } else {
                    sink.emit("plist-unreadable", "INFOPLIST_FILE of target \(unit.target ?? "the app") names \(path), which does not exist; fix the build setting or restore the file",
                              file: path)
                    unit.plistPath = nil
                }
            }
            if let path = unit.plistPath {
                switch PlistReader.read(path, root: context.index.root) {
                case .success(let document):
                    var checks = InfoPlistChecks(unit: unit, document: document, context: context, catalogSources: sources)
                    checks.resolve(into: &sink)
                    plistChecks = checks
                case .failure(let problem):
                    sink.emit("plist-unreadable", "\(path) cannot be parsed: \(problem.message); fix the syntax (`plutil -lint \((path as NSString).lastPathComponent)` shows the same error)",
                              file: path, line: problem.line)
                }
            }
            let used = unit.catalogPaths.reduce(into: Set<String>()) { $0.formUnion(usedNames[$1] ?? []) }
            var catalogChecks = CatalogChecks(unit: unit, context: context, sources: sources,
                                              plist: plistChecks, usedNames: used)
            catalogChecks.plan(into: &sink)
            for use in (plistChecks?.uses ?? []) {
                requests.append((context.index.absolute(use.path), true))
            }
            for use in catalogChecks.imageUses {
                requests.append((context.index.absolute(use.path), ImageChecks.needsPixels(use)))
            }
            plans.append((sink, plistChecks, catalogChecks))
        }
        context.images.load(requests)
        var diagnostics: [Diagnostic] = []
        for var plan in plans {
            plan.plist?.checkSizes(into: &plan.sink)
            plan.catalog.checkImages(into: &plan.sink)
            var imageUses = (plan.plist?.uses ?? []).map { use in
                ImageUse(path: use.path, icon: use.declaration.name, role: use.declaration.role, idiom: use.declaration.idiom)
            }
            imageUses += plan.catalog.imageUses
            ImageChecks.check(imageUses, context: context, into: &plan.sink)
            diagnostics += plan.sink.diagnostics
        }
        return diagnostics
    }

    /// Merges findings that hold in several configurations, applies the configuration, sorts.
    static func finalize(_ diagnostics: [Diagnostic], units: [AppUnit], configuration: LintConfiguration) -> [Diagnostic] {
        var allConfigurations: [String: Set<String>] = [:]
        for unit in units { allConfigurations[unit.target ?? "", default: []].formUnion(unit.allConfigurations) }
        var merged: [Diagnostic: Set<String>] = [:]
        var order: [Diagnostic] = []
        for diagnostic in diagnostics {
            var key = diagnostic
            key.configuration = nil
            let configurations = Set((diagnostic.configuration ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
            if merged[key] == nil { order.append(key) }
            merged[key, default: []].formUnion(configurations)
        }
        var result: [Diagnostic] = []
        for key in order {
            var diagnostic = key
            let configurations = merged[key] ?? []
            let all = allConfigurations[key.target ?? ""] ?? []
            if !configurations.isEmpty, configurations != all {
                diagnostic.configuration = configurations.sorted().joined(separator: ", ")
            }
            if let applied = configuration.apply(diagnostic) { result.append(applied) }
        }
        return result.sorted(by: Diagnostic.reportOrder)
    }
}

/// The real path of `relative` when it exists under another letter case, else nil.
func caseFoldedMatch(_ relative: String, root: String) -> String? {
    // Only inside the root: `../../etc/PASSWD` must not list folders outside it.
    guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else { return nil }
    var resolved: [String] = []
    for component in relative.split(separator: "/").map(String.init) {
        let folder = ([root] + resolved).joined(separator: "/")
        if FileManager.default.fileExists(atPath: folder + "/" + component) {
            resolved.append(component)
            continue
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
              let match = names.first(where: { $0.lowercased() == component.lowercased() }) else { return nil }
        resolved.append(match)
    }
    return resolved.joined(separator: "/")
}

/// The PATH argument resolved to a root folder and what to lint in it.
struct LintRequest {
    var root: String
    /// Set when PATH named one .xcodeproj.
    var project: String?
    /// Set when PATH named one Info.plist.
    var plist: String?
    /// Set when PATH named one .xcworkspace: its projects are linted.
    var workspace: String?

    init(path: String) throws(ConfigurationError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw ConfigurationError("path not found: \(path)")
        }
        let name = (absolute as NSString).lastPathComponent
        if isDirectory.boolValue, name.lowercased().hasSuffix(".xcodeproj") {
            root = (absolute as NSString).deletingLastPathComponent
            project = name
        } else if isDirectory.boolValue, name.lowercased().hasSuffix(".xcworkspace") {
            root = (absolute as NSString).deletingLastPathComponent
            workspace = name
        } else if isDirectory.boolValue {
            root = absolute
        } else if name.lowercased().hasSuffix(".plist") {
            root = (absolute as NSString).deletingLastPathComponent
            plist = name
        } else {
            throw ConfigurationError("\(path) is neither a folder, an .xcodeproj nor an Info.plist")
        }
        guard FileManager.default.isReadableFile(atPath: absolute) else {
            throw ConfigurationError("cannot read \(path): permission denied")
        }
    }
}
