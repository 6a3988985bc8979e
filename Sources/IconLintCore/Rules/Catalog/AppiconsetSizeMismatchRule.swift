/// A catalog image whose pixels differ from its slot.
struct AppiconsetSizeMismatchRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetSizeMismatch, severity: .error, section: .assetCatalogs,
        summary: "An image's pixels differ from its slot's size × scale.",
        anchor: "actool \"is W×H but should be N×N\"")

    static let examples: [RuleExample] = [
        RuleExample(
            "512-in-1024-slot", .catalogApp(["AppIcon.appiconset/Contents.json": .json(.singleSizeSet()), "AppIcon.appiconset/AppIcon.png": .png(512, 512)]),
            reports: [.appiconsetSizeMismatch]),
        RuleExample("1024-in-1024-slot", .catalogBaseline, silent: [.appiconsetSizeMismatch]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.slotUses.compactMap { use in
            guard let header = app.facts(use.image.path)?.header, !app.isForeign(header),
                header.width != use.slot.pixels || header.height != use.slot.pixels
            else { return nil }
            return finding(
                "\(use.image.path) is \(header.width)×\(header.height) but the \(use.slot.idiom) \(use.slot.sizeText) slot of \(use.set.name) needs \(use.slot.pixels.pixelText); export it at \(use.slot.pixels.pixelText)",
                image: use.image)
        }
    }
}
