/// A Contents.json slot naming a file the set lacks.
struct AppiconsetFileMissingRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetFileMissing, severity: .error, section: .assetCatalogs,
        summary: "Contents.json names a file that is not in the set's folder.",
        anchor: "actool \"The file … does not exist\"")

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.missingFiles.map { set, slot in
            finding(
                "\(set.contentsPath) names \"\(slot.filename ?? "")\" for the \(slot.idiom) \(slot.sizeText) slot but \(set.path) has no such file; add the \(slot.pixels.pixelText) PNG or clear the slot",
                file: set.contentsPath, icon: set.name, idiom: Idiom(rawValue: slot.idiom))
        }
    }
}
