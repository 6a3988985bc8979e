/// Two app icon sources of one name in the same target.
struct AppiconsetDuplicateNameRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetDuplicateName, severity: .error, section: .assetCatalogs,
        summary: "Two app icon sets of one name reach the same target: which one the build uses is undefined.",
        rationale:
            "An Icon Composer `.icon` beside an `.appiconset` of the same name is not a duplicate: it is Xcode 26's migration path (the `.icon` serves iOS 26, the set older systems)."
    )

    static let examples: [RuleExample] = [
        // Two sets named AppIcon in one catalog: which one the build compiles is not defined.
        RuleExample(
            "two-appicon-sets",
            .catalogBaseline.adding([
                "App/Assets.xcassets/Old/AppIcon.appiconset/Contents.json": .json(.singleSizeSet()),
                "App/Assets.xcassets/Old/AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
            ]),
            reports: [.appiconsetDuplicateName]),
        // A folder that provides a namespace makes the second one Old/AppIcon.
        RuleExample(
            "namespaced-folder",
            .catalogBaseline.adding([
                "App/Assets.xcassets/Old/Contents.json": .json(["properties": ["provides-namespace": true]]),
                "App/Assets.xcassets/Old/AppIcon.appiconset/Contents.json": .json(.singleSizeSet()),
                "App/Assets.xcassets/Old/AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
            ]),
            silent: [.appiconsetDuplicateName]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        var first: [String: AppIconSet] = [:]
        var findings: [Finding] = []
        for set in app.sources.iconSets where set.isIOS && set.kind == .appiconset {
            if let other = first[set.name] {
                findings.append(
                    finding(
                        "two app icon sets are named '\(set.name)': \(other.path) and \(set.path); which one the build uses is undefined: rename or delete one",
                        file: set.path, icon: set.name))
            } else {
                first[set.name] = set
            }
        }
        return findings
    }
}
