/// An alternate app icon set that the build of this configuration does not include.
struct AppiconsetNotIncludedRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetNotIncluded, severity: .error, section: .assetCatalogs,
        summary:
            "An .appiconset other than the primary is neither listed in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES nor covered by INCLUDE_ALL_APPICON_ASSETS = YES.",
        rationale:
            "In every build configuration or in some of them (then the finding names those configurations: a set included in Release only is missing from Debug builds): it never reaches that build, so setAlternateIconName fails. A set that some configuration or another app uses as its primary icon is not an alternate; nor is a set whose alternate the Info.plist provides from loose files, or Xcode's empty template set (no image in any slot). Nor a set that a Run Script phase of the target embeds itself (its script or paths name the set; or they name the catalog and the phase speaks of icons or writes into the product; or its name or script speaks of alternate icons): a note names the phase. The set is still examined as the alternate it would be: its own defects (empty slots, files Contents.json names that are not there, wrong sizes, transparency) are reported with it, not only after it is included. When an .xcconfig that is not in the repository (a git-ignored `#include?` of local overrides) could set ALTERNATE_APPICON_NAMES, INCLUDE_ALL_APPICON_ASSETS or APPICON_NAME, the sets are not judged: a note names them, the setting and the file. In a .NET app (MAUI, .NET for iOS, Xamarin.iOS) the `.csproj`'s `<AlternateAppIcon Include=…>` items and `IncludeAllAppIcons` property stand for those settings, evaluated for every configuration the project declares; a Condition iconlint cannot evaluate leaves the sets unjudged, with a note.",
        anchor: "the modern form of \"icons in Assets do not work\"")

    static let examples: [RuleExample] = [
        // A Dark set no setting compiles: the build leaves it out of the app.
        RuleExample("set-not-compiled", .xcodeApp(sets: ["Dark"]), reports: [.appiconsetNotIncluded]),
        RuleExample(
            "include-all", .xcodeApp(settings: [("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", "YES")], sets: ["Dark"]),
            silent: [.appiconsetNotIncluded]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.notIncluded.map { set in
            // A .NET app: the .csproj's items are what the build passes to actool.
            if let project = app.dotNet?.project {
                return finding(
                    "\(set.path) is an app icon set that no <AlternateAppIcon> item of \(project) names, so the build never includes it and setAlternateIconName(\"\(set.name)\") fails; add <AlternateAppIcon Include=\"\(set.name)\" /> to an ItemGroup of \(project), or set <IncludeAllAppIcons>true</IncludeAllAppIcons>",
                    file: set.path, icon: set.name, role: .alternate)
            }
            return finding(
                "\(set.path) is an app icon set that no build setting of target \(app.targetName) includes, so it never reaches the app and setAlternateIconName(\"\(set.name)\") fails; add \(set.name) to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES\(app.specSettingsPlace) or set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES",
                file: set.path, icon: set.name, role: .alternate)
        }
    }
}

extension AppiconsetNotIncludedRule: Correctable {
    /// The set's name added to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES of every
    /// configuration of the target that lacks it, where the value comes from (the target's
    /// `buildSettings` or its .xcconfig line); see `BuildSettingEdits`.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, app.mauiIcon == nil else { return [] }
        return app.catalogIcons.notIncluded.map { set in
            let subject = "\(set.path): app icon set \(set.name) not in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
            // `"Dark, Light"`: the build looks for "Dark,"; separating the list (build-setting-malformed) is the repair.
            if let raw = app.settings.alternateNamesRaw, raw.contains(where: { $0 == "," || $0 == ";" }) {
                let listed = ShellWords.split(raw).flatMap { $0.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init) }
                if listed.contains(set.name) {
                    return Correction(
                        rule: Self.description.id, subject: subject,
                        outcome: .left("the list names it with a separator other than spaces; build-setting-malformed's correction separates it"))
                }
            }
            guard let change = BuildSettingChange.forApp(app, .includeAlternateIcon(set.name)) else {
                return Correction(rule: Self.description.id, subject: subject, outcome: .left(BuildSettingChange.notEditable(app)))
            }
            return Correction(rule: Self.description.id, subject: subject, outcome: .planned([.buildSettings(change)]))
        }
    }
}
