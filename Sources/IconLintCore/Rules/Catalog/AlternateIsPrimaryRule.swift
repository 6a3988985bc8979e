/// The primary icon listed among the alternates.
struct AlternateIsPrimaryRule: Rule {
    static let description = RuleDescription(
        id: .alternateIsPrimary, severity: .warning, section: .assetCatalogs,
        summary: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists the primary icon's own name.")

    static let examples: [RuleExample] = [
        RuleExample(
            "primary-listed-as-alternate",
            .xcodeApp(settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "AppIcon Dark")], sets: ["Dark"]),
            reports: [.alternateIsPrimary]),
        RuleExample(
            "alternates-only", .xcodeApp(settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Dark")], sets: ["Dark"]),
            silent: [.alternateIsPrimary]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard app.settings.known, let primary = app.settings.appIconName, !primary.isEmpty,
            app.settings.alternateNames.contains(primary)
        else { return [] }
        let (file, line) = app.settingsLocation
        return [
            finding(
                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists \(primary), the primary icon itself; remove it from the alternates",
                file: file, line: line, icon: primary, role: .primary)
        ]
    }
}
