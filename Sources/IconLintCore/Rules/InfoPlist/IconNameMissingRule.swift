import Foundation

/// The Info.plist names a catalog icon that the build never compiles as the app icon.
struct IconNameMissingRule: Rule {
    static let description = RuleDescription(
        id: .iconNameMissing, severity: .error, section: .infoPlist,
        summary: "The primary icon is meant to come from an asset catalog, but the build never writes CFBundleIconName for it.",
        rationale:
            "The Info.plist's CFBundlePrimaryIcon → CFBundleIconName names an app icon set of the target's catalog, but ASSETCATALOG_COMPILER_APPICON_NAME is not set, so actool does not compile that set as the app icon and the uploaded bundle has no icon of that name. An app with no icon configured at all gets marketing-icon-missing instead, not a guess that its icon is AppIcon.",
        anchor: "ITMS-90713")

    func check(_ app: AppModel) -> [Finding] {
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
}
