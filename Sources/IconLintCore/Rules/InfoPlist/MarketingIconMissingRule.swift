/// An app with no 1024 App Store icon from any catalog.
struct MarketingIconMissingRule: Rule {
    static let description = RuleDescription(
        id: .marketingIconMissing, severity: .error, section: .infoPlist,
        summary: "The app has no 1024×1024 App Store icon from an asset catalog.",
        rationale:
            "No catalog set or `.icon` provides its primary icon: the primary comes from loose files only, or nothing is configured. App Store Connect rejects the upload. A set that exists but lacks its 1024 slot is appiconset-slot-missing; a setting that names no set is appiconset-not-found.",
        anchor: "ITMS-90704")

    func check(_ app: AppModel) -> [Finding] {
        guard !app.settings.incomplete, app.catalogIcons.primarySet == nil else { return [] }
        // What an unreadable Info.plist configures is unknown: plist-unreadable says so.
        if case .unreadable = app.infoPlist { return [] }
        // CFBundleIconName naming a set the build does not compile is icon-name-missing's.
        if let name = app.plistIcons?.declarations.first(where: { $0.role == .primary && $0.iconName != nil })?.iconName,
            app.sources.set(named: name)?.isIOS == true
        {
            return []
        }
        // A name that names nothing is appiconset-not-found's (or, empty by expansion, build-setting-malformed's).
        if let name = app.settings.appIconName, !name.isEmpty { return [] }
        if !(app.settings.appIconNameRaw ?? "").trimmingCharacters(in: .whitespaces).isEmpty { return [] }
        let (file, line) = app.settingsLocation
        let catalogs = app.catalogs.filter { !$0.path.isEmpty }
        let hint =
            catalogs.isEmpty
            ? "add an asset catalog with an app icon set to the app (`iconlint generate SOURCE --name AppIcon --out PATH/Assets.xcassets`) and set ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon"
            : "add an app icon set with a 1024×1024 image to \(catalogs[0].path) and set ASSETCATALOG_COMPILER_APPICON_NAME to its name"
        return [
            finding(
                "\(app.identity.target.map { "target " + $0 } ?? "the app of " + (app.plistPath ?? ".")) has no 1024×1024 App Store icon: no asset catalog set or .icon provides its primary icon, so App Store Connect rejects the upload (ITMS-90704); \(hint)",
                file: file, line: line, role: .primary)
        ]
    }
}
