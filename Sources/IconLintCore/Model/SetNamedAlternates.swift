import Foundation

/// Alternates that name their icon only by CFBundleIconName (`Golden = {CFBundleIconName =
/// AppIconGolden}`, no CFBundleIconFiles), judged by what the build compiles.
///
/// actool writes such entries itself for the alternate sets it compiles, iOS draws them from
/// Assets.car by that name, and App Store Connect checks them against the catalog (ITMS-90895
/// "references asset … No such asset is present in the asset catalog"). So the entry is fine
/// when its set is compiled, and an error when it is not, or when there is no such set. A key
/// other than the set's own name (`Golden` for AppIconGolden) is a shape actool never writes:
/// a note says iOS's lookup by CFBundleIconName alone was not confirmed for it.
struct SetNamedAlternates {
    private(set) var problems: [PlistIconAnalysis.Problem] = []
    private(set) var notes: [String] = []

    init(declarations: [IconDeclaration], file: String, settings: IconBuildSettings, sources: CatalogIconSources, isBuilt: Bool) {
        for declaration in declarations where declaration.namedOnlyBySet {
            guard let setName = declaration.iconName else { continue }
            judge(declaration, setName: setName, file: file, settings: settings, sources: sources, isBuilt: isBuilt)
        }
    }

    private mutating func judge(
        _ declaration: IconDeclaration, setName: String, file: String, settings: IconBuildSettings, sources: CatalogIconSources,
        isBuilt: Bool
    ) {
        let place = "alternate icon '\(declaration.name)' in \(declaration.containerKey)"
        let only = "names its icon only by CFBundleIconName \"\(setName)\""
        let fails =
            "so the app holds no icon of that name and setAlternateIconName(\"\(declaration.name)\") fails "
            + "(App Store Connect: ITMS-90895 \"Missing Icon\")"
        guard let set = sources.set(named: setName) else {
            let catalogs = isBuilt ? "the app's Assets.car" : "the target's asset catalogs"
            report(
                declaration,
                "\(place) \(only), but \(catalogs) hold no app icon set of that name, \(fails); create the set \(setName), correct the name, or list the icon's files in CFBundleIconFiles"
            )
            return
        }
        if isBuilt || sources.isIncluded(set.name) {
            if declaration.name != set.name, declaration.name != set.bareName {
                notes.append(
                    "\(file): \(place) \(only), a set the build compiles; actool writes such entries under the set's own name, so whether iOS finds it under '\(declaration.name)' by CFBundleIconName alone was not checked"
                )
            }
            return
        }
        // Whether a setting iconlint could not read compiles it is unknown: say so, do not guess.
        let deciding = ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"]
        if !settings.known || deciding.contains(where: { settings.unknownSettings[$0] != nil }) {
            let why =
                settings.known
                ? "\(deciding.compactMap { settings.unknownSettings[$0] }.first ?? "an xcconfig"), which is not in the repository, could compile it"
                : "without a project file the build settings that compile it are unknown"
            notes.append("\(file): \(place) \(only); whether the build compiles \(set.name) was not checked: \(why)")
            return
        }
        report(
            declaration,
            "\(place) \(only), an app icon set that no build setting compiles, \(fails); add \(set.name) to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES (or set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES), or list the icon's files in CFBundleIconFiles"
        )
    }

    private mutating func report(_ declaration: IconDeclaration, _ message: String) {
        problems.append(
            PlistIconAnalysis.Problem(
                rule: .iconEntryMalformed, message: message, keyPath: declaration.keyPath, icon: declaration.name, role: .alternate,
                idiom: declaration.idiom))
    }
}
