/// A file in a set's folder that no slot names.
struct AppiconsetUnassignedChildRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetUnassignedChild, severity: .warning, section: .assetCatalogs,
        summary: "A file sits in the set's folder but no slot names it.",
        anchor: "actool \"has an unassigned child\"")

    static let examples: [RuleExample] = [
        // An image left in the set folder that no slot names.
        RuleExample(
            "stray-image", .catalogBaseline.replacing("App/Assets.xcassets/AppIcon.appiconset/AppIcon-old.png", .png(1024, 1024)),
            reports: [.appiconsetUnassignedChild]),
        RuleExample("every-image-assigned", .catalogBaseline, silent: [.appiconsetUnassignedChild]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.examined.flatMap { set, _ -> [Finding] in
            // With a broken Contents.json every file looks unassigned: that is one problem, reported once.
            guard set.kind == .appiconset, set.contentsProblem == nil else { return [] }
            let named = Set(set.slots.compactMap(\.filename).map { $0.lowercased() })
            return set.files.filter { !named.contains($0.lowercased()) && !$0.hasPrefix(".") }.map { file in
                finding(
                    "\(set.path)/\(file) is in the app icon set but no slot of Contents.json names it; assign it to a slot in the asset catalog editor or delete it",
                    file: set.path + "/" + file, icon: set.name)
            }
        }
    }
}
