import Foundation
import PNGKit

/// Runs the Info.plist and app icon set rules on bytes held in memory, reading nothing from
/// disk: the entry point of the fuzz targets and of their regression tests.
public enum InMemoryLint {
    /// Folder that in-memory projects pretend to live in; nothing is ever read from it.
    static let root = "/iconlint-in-memory"

    /// Lints one app: `infoPlist` as the bytes of `Info.plist`, `contentsJSON` (when given) as
    /// the Contents.json of `Assets.xcassets/AppIcon.appiconset`, and `files` as the project's
    /// other root-relative paths (loose PNGs and the set's images). Images are never decoded.
    public static func lint(infoPlist: Data, contentsJSON: Data? = nil, files: [String] = []) -> [Diagnostic] {
        var index = FileIndex(root: root)
        let setPath = "Assets.xcassets/AppIcon.appiconset"
        var catalogs: [String: AssetCatalog] = [:]
        var setFiles: [String] = []
        for file in files {
            index.fileCount += 1
            if file.hasPrefix(setPath + "/") {
                setFiles.append(String(file.dropFirst(setPath.count + 1)))
                continue
            }
            let name = (file as NSString).lastPathComponent.lowercased()
            if name.hasSuffix(".png") { index.pngsByName[name, default: []].append(file) }
        }
        if let contentsJSON {
            index.catalogs = ["Assets.xcassets"]
            var set = AppIconSet(name: "AppIcon", bareName: "AppIcon", kind: .appiconset, path: setPath,
                                 contentsPath: setPath + "/Contents.json", slots: [], files: setFiles.sorted(),
                                 contentsProblem: nil)
            AssetCatalogReader.parseContents(contentsJSON, into: &set)
            catalogs["Assets.xcassets"] = AssetCatalog(path: "Assets.xcassets", iconSets: [set])
        }
        let context = LintContext(index: index, catalogs: catalogs, images: ImageFactsCache())
        var unit = AppUnit()
        unit.plistPath = "Info.plist"
        unit.catalogPaths = index.catalogs
        var sink = FindingSink(unit: unit)
        let sources = CatalogIconSources(catalogs: Array(catalogs.values), settings: unit.settings)
        var plistChecks: InfoPlistChecks?
        switch PlistReader.parse(infoPlist, path: "Info.plist") {
        case .success(let document):
            _ = UnitDiscovery.isAppPlist(document)
            var checks = InfoPlistChecks(unit: unit, document: document, context: context, catalogSources: sources)
            checks.resolve(into: &sink)
            plistChecks = checks
        case .failure(let problem):
            sink.emit("plist-unreadable", "Info.plist cannot be parsed: \(problem.message)", file: "Info.plist", line: problem.line)
        }
        var catalogChecks = CatalogChecks(unit: unit, context: context, sources: sources, plist: plistChecks)
        catalogChecks.plan(into: &sink)
        plistChecks?.checkSizes(into: &sink)
        catalogChecks.checkImages(into: &sink)
        var uses = (plistChecks?.uses ?? []).map { use in
            ImageUse(path: use.path, icon: use.declaration.name, role: use.declaration.role, idiom: use.declaration.idiom)
        }
        uses += catalogChecks.imageUses
        ImageChecks.check(uses, context: context, into: &sink)
        return Linter.finalize(sink.diagnostics, units: [unit], configuration: LintConfiguration())
    }

    /// Parses a property list (XML, binary or OpenStep, e.g. a project.pbxproj) as the
    /// linter does; returns the top-level keys or the problem's message.
    public static func parsePlist(_ data: Data) -> Result<[String], PlistProblem> {
        PlistReader.parse(data, path: "input").map { $0.root.keys.sorted() }
    }
}
