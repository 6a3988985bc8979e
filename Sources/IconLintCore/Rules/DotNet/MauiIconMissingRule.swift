/// A .NET MAUI project's `<MauiIcon>` names an image that is not there.
struct MauiIconMissingRule: Rule {
    static let description = RuleDescription(
        id: .mauiIconMissing, severity: .error, section: .assetCatalogs,
        summary: "The image a .NET MAUI project's `<MauiIcon Include=… ForegroundFile=…>` names does not exist.",
        rationale:
            "The MAUI build generates the primary app icon set (with its 1024) from that image, so a missing file stops the build. Only the first `<MauiIcon>` whose Condition holds for the iOS Release build counts (MSBuild uses the first); a path with a wildcard or an MSBuild property is not checked. Reported at the .csproj line.",
        anchor: "Resizetizer \"Unable to find background file\" (dotnet/maui#10380)")

    static let examples: [RuleExample] = [
        // The <MauiIcon> foreground image is not in the repository: the build stops on it.
        RuleExample("foreground-absent", .mauiApp(), reports: [.mauiIconMissing]),
        RuleExample(
            "foreground-present",
            .mauiApp(files: [
                "Resources/AppIcon/appiconfg.svg": .text(
                    ##"<svg xmlns="http://www.w3.org/2000/svg" width="456" height="456"><circle cx="228" cy="228" r="120" fill="#FFFFFF"/></svg>"##
                        + "\n")
            ]),
            silent: [.mauiIconMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.readingFindings.filter { $0.rule == Self.description.id }
    }
}
