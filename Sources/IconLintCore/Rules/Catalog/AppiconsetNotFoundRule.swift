/// A build setting that names a set no catalog of the target has.
struct AppiconsetNotFoundRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetNotFound, severity: .error, section: .assetCatalogs,
        summary: "A name in APPICON_NAME or ALTERNATE_APPICON_NAMES has no matching .appiconset (or .icon) in the target's catalogs.",
        rationale:
            "Not for an alternate name when INCLUDE_ALL_APPICON_ASSETS = YES: the build then takes every set there is, and a shipping app has built so for years. Not for a name whose set may be in an asset catalog the target compiles from outside the linted folder, which is never read: a note says it was not checked. Reported at the line that sets the name. In a .NET app, for an `<AlternateAppIcon Include=…>` item of the `.csproj`, and for the primary set named by `XSAppIconAssets` or the `AppIcon` property when no catalog of its `<ImageAsset>` items has it (a .NET MAUI app's primary set is generated from `<MauiIcon>`).",
        anchor: "actool \"None of the input catalogs contained a matching … app icon set named\"; ITMS-90895")

    static let examples: [RuleExample] = [
        RuleExample(
            "light-set-absent", .xcodeApp(settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Dark Light")], sets: ["Dark"]),
            reports: [.appiconsetNotFound]),
        RuleExample(
            "both-sets-present",
            .xcodeApp(settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Dark Light")], sets: ["Dark", "Light"]),
            silent: [.appiconsetNotFound]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        let available = app.sources.iconSets.filter(\.isIOS).map(\.name).sorted()
        let hint =
            available.isEmpty
            ? "the target's asset catalogs have no app icon sets"
            : "sets found: \(available.prefix(8).joined(separator: ", "))\(available.count > 8 ? ", …" : "")"
        // Without a catalog in the target actool never runs: no build error, the app silently has no icon.
        let compilesNoCatalog = !app.catalogs.contains { !$0.path.isEmpty }
        return app.settingSetNames.compactMap { setting, name, role, file, line in
            guard app.sources.set(named: name) == nil, app.sources.set(namedIgnoringCase: name) == nil else { return nil }
            // The set may be in a catalog outside the linted folder, which is never read (a note says so).
            if app.sources.mayBeUnread(name) { return nil }
            // With INCLUDE_ALL_APPICON_ASSETS the build takes every set there is: a listed name
            // without a set does not stop it (a public app has shipped so for years).
            if role == .alternate, app.settings.includeAllAppIcons { return nil }
            // A .NET MAUI app: the primary set is generated from <MauiIcon> (a note says so),
            // and an alternate is named by an <AlternateAppIcon> item of the .csproj.
            if let dotNet = app.dotNet {
                if role == .primary {
                    if app.mauiIcon != nil { return nil }
                    let by = dotNet.primaryNamedBy ?? "the project"
                    let listed = dotNet.listsItems ? " and list its files as <ImageAsset> items of \(dotNet.project)" : ""
                    let found = available.isEmpty ? "the catalogs it compiles have no app icon sets" : hint
                    let outcome =
                        by.hasPrefix("XSAppIconAssets")
                        ? "the build then passes actool no app icon, so the app ships without one"
                        : "the build stops with error E7130 (\"Can't find the AppIcon\")"
                    return finding(
                        "\(by) names '\(name)' but no asset catalog the build of \(dotNet.project) compiles has \(name).appiconset (\(found)); \(outcome): fix the name, or add \(name).appiconset to the app's asset catalog\(listed)",
                        file: file, line: line, icon: name, role: role)
                }
                let project = dotNet.project
                return finding(
                    "<AlternateAppIcon Include=\"\(name)\"> names a set no asset catalog of \(project) has (\(hint)); the build fails with \"None of the input catalogs contained a matching app icon set\": fix the Include to the .appiconset's name without the extension, or add \(name).appiconset to the project's Assets.xcassets",
                    file: file, line: line, icon: name, role: role)
            }
            if compilesNoCatalog {
                return finding(
                    "\(setting) names '\(name)' but target \(app.targetName) compiles no asset catalog, so actool never runs and the app silently ships without \(role == .primary ? "its icon" : "the alternate '\(name)'"); add the .xcassets that holds \(name).appiconset to the target's \(app.isFromSpec ? "sources in \(app.identity.project ?? "the spec")" : "Copy Bundle Resources")",
                    file: file, line: line, icon: name, role: role)
            }
            return finding(
                "\(setting) names '\(name)' but no asset catalog of target \(app.targetName) has \(name).appiconset (\(hint)); actool fails with \"None of the input catalogs contained a matching app icon set\": fix the name or add the set",
                file: file, line: line, icon: name, role: role)
        }
    }
}
