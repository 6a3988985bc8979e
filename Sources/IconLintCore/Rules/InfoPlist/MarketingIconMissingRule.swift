/// An app with no 1024 App Store icon from any catalog.
struct MarketingIconMissingRule: Rule {
    static let description = RuleDescription(
        id: .marketingIconMissing, severity: .error, section: .infoPlist,
        summary: "The app has no 1024×1024 App Store icon from an asset catalog.",
        rationale:
            "No catalog set or `.icon` provides its primary icon: the primary comes from loose files only, or nothing is configured. App Store Connect rejects the upload. A set that exists but lacks its 1024 slot is appiconset-slot-missing; a setting that names no set is appiconset-not-found. Not for a .NET MAUI app whose Info.plist's XSAppIconAssets names the set the build generates from the .csproj's `<MauiIcon>`: a note says the primary icon was not checked. In a built app (iOS 11 SDK or later): the icon CFBundleIconName names has no 1024 rendition in Assets.car (App Store, or a single-size set's phone or pad 1024), or the app has no catalog icon at all.",
        anchor: "ITMS-90704", builtProducts: .uploads)

    static let examples: [RuleExample] = [
        RuleExample(
            "no-appicon-setting", .xcodeApp(settings: [("ASSETCATALOG_COMPILER_APPICON_NAME", nil)]), reports: [.marketingIconMissing]),
        RuleExample("appicon-compiled", .xcodeApp(), silent: [.marketingIconMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        if let built = app.built { return check(app, built: built) }
        guard !app.settings.incomplete, app.catalogIcons.primarySet == nil else { return [] }
        // A .NET MAUI build generates the set from the project's <MauiIcon>: a note says it was not checked.
        if app.mauiIcon != nil { return [] }
        // Expo's prebuild writes the set from the config: expo-icon-missing judges what it names.
        if app.isExpoGenerated { return [] }
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
        if let dotNet = app.dotNet {
            // A .NET for iOS or Xamarin.iOS app names its set in XSAppIconAssets or <AppIcon>, compiled from <ImageAsset> items.
            let catalog = catalogs.first?.path ?? "Assets.xcassets"
            let hint =
                "add an app icon set with a 1024×1024 image to \(catalog)\(dotNet.listsItems ? " (with <ImageAsset> items for its files in \(dotNet.project))" : "") and name it in <AppIcon>NAME</AppIcon> of \(dotNet.project)"
            return [
                finding(
                    "the app of \(app.plistPath ?? ".") has no 1024×1024 App Store icon: nothing names a primary app icon set the build compiles, so App Store Connect rejects the upload (ITMS-90704); \(hint)",
                    file: file, line: line, role: .primary)
            ]
        }
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

    /// A built app: the primary icon's renditions in Assets.car include no 1024.
    private func check(_ app: AppModel, built: BuiltApp) -> [Finding] {
        guard built.catalogChecksApply, !built.catalogUnreadable, case .document(let document) = app.infoPlist else { return [] }
        let primaryName = app.plistIcons?.primaryIconName
        let problem: String
        var fix = "give the app icon set a 1024×1024 image and build again"
        if let set = app.catalogIcons.primarySet {
            guard !set.slots.contains(where: { $0.pixels == 1024 && $0.appearance == .any }) else { return [] }
            problem = "\(set.path) has no 1024×1024 App Store image (renditions: \(Self.sizes(set)))"
        } else if let primaryName {
            problem =
                built.catalogPath.map { "CFBundleIconName names \(primaryName), but \($0) holds no app icon of that name" }
                ?? "CFBundleIconName names \(primaryName), but the app has no Assets.car"
        } else if app.catalogs.flatMap(\.iconSets).contains(where: { $0.isIOS && !$0.slots.isEmpty }) {
            return []  // icon-name-missing: the catalog has the icon, the Info.plist does not name it.
        } else {
            problem = "the app has no icon from an asset catalog (no app icon in an Assets.car, no CFBundleIconName)"
            fix =
                "add an app icon set with a 1024×1024 image to the app's asset catalog (`iconlint generate SOURCE --name AppIcon --out PATH/Assets.xcassets`), set ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon and build again"
        }
        return [
            finding(
                "\(problem), so App Store Connect rejects the upload (ITMS-90704)\(built.thinningNote): \(fix)",
                file: built.catalogPath ?? document.path, line: built.catalogPath == nil ? document.line(["CFBundleIcons"]) : nil,
                icon: primaryName, role: .primary)
        ]
    }

    /// "120, 180 px (iphone)" style list of a compiled set's renditions.
    static func sizes(_ set: AppIconSet) -> String {
        let byIdiom = Dictionary(grouping: set.slots.filter { $0.appearance == .any }, by: \.idiom)
        return byIdiom.keys.sorted().map { idiom in
            "\(byIdiom[idiom, default: []].map(\.pixels).sorted().map(String.init).joined(separator: ", ")) px \(idiom)"
        }.joined(separator: "; ")
    }
}
