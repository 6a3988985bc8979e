import Foundation
import PNGKit

/// Runs the rules on an app held in memory, reading nothing from disk: the entry point of
/// the fuzz targets and of their regression tests.
public enum InMemoryLint {
    /// Folder that in-memory projects pretend to live in; nothing is ever read from it.
    static let root = "/iconlint-in-memory"

    /// Lints one app without a project file: `infoPlist` as the bytes of `Info.plist`,
    /// `contentsJSON` (when given) as the Contents.json of `Assets.xcassets/AppIcon.appiconset`,
    /// and `files` as the app's other root-relative paths (loose PNGs and the set's images).
    /// Images are never decoded.
    public static func lint(infoPlist: Data, contentsJSON: Data? = nil, files: [String] = []) -> [Diagnostic] {
        var index = FileIndex(root: root)
        let setPath = "Assets.xcassets/AppIcon.appiconset"
        var catalogs: [AssetCatalog] = []
        var setFiles: [String] = []
        for file in files {
            index.fileCount += 1
            if file.hasPrefix(setPath + "/") {
                setFiles.append(String(file.dropFirst(setPath.count + 1)))
                continue
            }
            let name = ProjectPath.lastComponent(file).lowercased()
            if name.hasSuffix(".png") { index.pngsByName[name, default: []].append(file) }
        }
        if let contentsJSON {
            var set = AppIconSet(
                name: "AppIcon", bareName: "AppIcon", kind: .appiconset, path: setPath,
                contentsPath: setPath + "/Contents.json", slots: [], files: setFiles.sorted(),
                contentsProblem: nil)
            AssetCatalogReader.parseContents(contentsJSON, into: &set)
            catalogs = [AssetCatalog(path: "Assets.xcassets", iconSets: [set])]
        }
        var findings: [Finding] = []
        let infoPlistModel: AppModel.InfoPlist
        switch PlistReader.parse(infoPlist, path: "Info.plist") {
        case .success(let document):
            infoPlistModel = .document(document)
        case .failure(let problem):
            findings.append(PlistUnreadableRule.unparsable(path: "Info.plist", problem: problem))
            infoPlistModel = .unreadable(path: "Info.plist")
        }
        let everything: (String) -> Bool = { _ in true }
        let app = AppModel(
            identity: .init(project: nil, target: nil, plist: "Info.plist"), configurations: [],
            allConfigurations: [], settings: IconBuildSettings(), infoPlist: infoPlistModel,
            bundle: BundleFiles(index: index, area: everything, copies: everything), catalogs: catalogs,
            readingFindings: findings, usage: CatalogUsage(), root: root, images: ImageFactsCache())
        return RuleRunner(configuration: LintConfiguration()).run([app])
    }

    /// Parses a property list (XML, binary or OpenStep, e.g. a project.pbxproj) as the
    /// linter does; returns the top-level keys or the problem's message.
    public static func parsePlist(_ data: Data) -> Result<[String], PlistProblem> {
        PlistReader.parse(data, path: "input").map { $0.root.keys.sorted() }
    }
}
