/// The primary icon listed among the alternates.
struct AlternateIsPrimaryRule: Rule {
    static let description = RuleDescription(
        id: .alternateIsPrimary, severity: .warning, section: .assetCatalogs,
        summary: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists the primary icon's own name.")

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
