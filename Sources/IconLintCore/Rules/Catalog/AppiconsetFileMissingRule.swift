/// A Contents.json slot naming a file the set lacks.
struct AppiconsetFileMissingRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetFileMissing, severity: .error, section: .assetCatalogs,
        summary: "Contents.json names a file that is not in the set's folder.",
        anchor: "actool \"The file … does not exist\"")

    static let examples: [RuleExample] = [
        RuleExample(
            "named-file-absent", .catalogApp(["AppIcon.appiconset/Contents.json": .json(.singleSizeSet("Icon-1024.png"))]),
            reports: [.appiconsetFileMissing]),
        RuleExample(
            "named-file-present",
            .catalogApp([
                "AppIcon.appiconset/Contents.json": .json(.singleSizeSet("Icon-1024.png")),
                "AppIcon.appiconset/Icon-1024.png": .png(1024, 1024),
            ]),
            silent: [.appiconsetFileMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.missingFiles.map { set, slot in
            finding(
                "\(set.contentsPath) names \"\(slot.filename ?? "")\" for the \(slot.idiom) \(slot.sizeText) slot but \(set.path) has no such file; add the \(slot.pixels.pixelText) PNG or clear the slot",
                file: set.contentsPath, icon: set.name, idiom: Idiom(rawValue: slot.idiom))
        }
    }
}
