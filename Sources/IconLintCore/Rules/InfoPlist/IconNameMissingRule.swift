import Foundation

/// The Info.plist names a catalog icon that the build never compiles as the app icon.
struct IconNameMissingRule: Rule {
    static let description = RuleDescription(
        id: .iconNameMissing, severity: .error, section: .infoPlist,
        summary: "The primary icon is meant to come from an asset catalog, but the build never writes CFBundleIconName for it.",
        rationale:
            "The Info.plist's CFBundlePrimaryIcon → CFBundleIconName names an app icon set of the target's catalog, but ASSETCATALOG_COMPILER_APPICON_NAME is not set, so actool does not compile that set as the app icon and the uploaded bundle has no icon of that name. An app with no icon configured at all gets marketing-icon-missing instead, not a guess that its icon is AppIcon. In a built app (iOS 11 SDK or later): its Assets.car holds app icons but the Info.plist's CFBundlePrimaryIcon has no CFBundleIconName.",
        anchor: "ITMS-90713", builtProducts: .uploads)

    static let examples: [RuleExample] = [
        // The Info.plist names AppIcon but no build setting compiles it (ITMS-90713 on upload).
        RuleExample(
            "no-appicon-setting",
            .xcodeApp(
                settings: [("ASSETCATALOG_COMPILER_APPICON_NAME", nil)], plist: .infoPlist(icons: ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]])),
            reports: [.iconNameMissing]),
        RuleExample(
            "appicon-setting", .xcodeApp(plist: .infoPlist(icons: ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]])), silent: [.iconNameMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        if let built = app.built { return check(app, built: built) }
        guard app.settings.known, !app.settings.incomplete, app.settings.appIconName?.isEmpty ?? true,
            (app.settings.appIconNameRaw ?? "").trimmingCharacters(in: .whitespaces).isEmpty,
            app.settings.infoPlistKeys["CFBundleIconName"] == nil,
            let plist = app.plistIcons,
            let declaration = plist.declarations.first(where: { $0.role == .primary && $0.iconName != nil }),
            let name = declaration.iconName, let set = app.sources.set(named: name), set.isIOS
        else { return [] }
        return [
            plist.finding(
                Self.description.id,
                "CFBundleIconName names \(set.name), but ASSETCATALOG_COMPILER_APPICON_NAME is not set for target \(app.targetName), so actool never compiles \(set.path) as the app icon and App Store Connect rejects the upload (ITMS-90713); set ASSETCATALOG_COMPILER_APPICON_NAME = \(set.name)",
                at: declaration)
        ]
    }

    /// A built app: Assets.car has app icons, and CFBundleIconName does not name the primary.
    private func check(_ app: AppModel, built: BuiltApp) -> [Finding] {
        guard built.catalogChecksApply, !built.catalogUnreadable, let catalog = built.catalogPath, case .document(let document) = app.infoPlist,
            let plist = app.plistIcons, plist.primaryIconName == nil
        else { return [] }
        let icons = app.catalogs.flatMap(\.iconSets).filter { $0.isIOS && !$0.slots.isEmpty }
        guard let first = icons.first else { return [] }
        let names = icons.map(\.name).joined(separator: ", ")
        let line = document.line(["CFBundleIcons", "CFBundlePrimaryIcon"]) ?? document.line(["CFBundleIcons"])
        return [
            finding(
                "\(catalog) holds the app icon\(icons.count == 1 ? "" : "s") \(names), but the Info.plist has no CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName, so App Store Connect rejects the upload (ITMS-90713): build with ASSETCATALOG_COMPILER_APPICON_NAME = \(first.name) (Xcode then writes CFBundleIconName)",
                file: document.path, line: line, role: .primary)
        ]
    }
}
