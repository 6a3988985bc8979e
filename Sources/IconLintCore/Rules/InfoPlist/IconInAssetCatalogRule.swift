/// An Info.plist entry whose files live only inside an asset catalog.
struct IconInAssetCatalogRule: Rule {
    static let description = RuleDescription(
        id: .iconInAssetCatalog, severity: .error, section: .infoPlist,
        summary: "A CFBundleIconFiles entry is found only inside an .xcassets folder, where the Info.plist lookup never reaches it.",
        rationale:
            "As an .imageset (or an app icon set the build does not include). Not when loose files resolve the entry (an imageset that shares the name, e.g. a preview picture, is fine), nor when an included .appiconset of that name provides it.",
        anchor: "the classic \"alternate icon does not change\" pitfall")

    static let examples: [RuleExample] = [
        // The alternate's files sit in an imageset: the Info.plist lookup never reaches them.
        RuleExample(
            "alternate-in-imageset",
            .baseline.removing("App/Icons/Dark@2x.png", "App/Icons/Dark@3x.png").adding([
                "App/Assets.xcassets/Dark.imageset/Contents.json": .json(
                    .contents([
                        ["filename": "Dark@2x.png", "idiom": "universal", "scale": "2x"],
                        ["filename": "Dark@3x.png", "idiom": "universal", "scale": "3x"],
                    ])),
                "App/Assets.xcassets/Dark.imageset/Dark@2x.png": .png(120, 120),
                "App/Assets.xcassets/Dark.imageset/Dark@3x.png": .png(180, 180),
            ]),
            reports: [.iconInAssetCatalog]),
        // Loose files resolve it; an imageset of the same name (a preview picture) is fine.
        RuleExample(
            "preview-imageset-beside-loose-files",
            .baseline.adding([
                "App/Assets.xcassets/Dark.imageset/Contents.json": .json(
                    .contents([["filename": "DarkPreview.png", "idiom": "universal", "scale": "1x"]])),
                "App/Assets.xcassets/Dark.imageset/DarkPreview.png": .png(60, 60),
            ]),
            silent: [.iconInAssetCatalog]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.entries.compactMap { entry in
            guard entry.isUnresolved, entry.besideBundle.isEmpty, let hit = entry.catalogHit else { return nil }
            let wanted = IconFileName.suggestedFiles(for: entry.entry, idiom: entry.declaration.idiom)
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(entry.declaration)): \"\(entry.entry)\" exists only in the asset catalog as \(hit), where the Info.plist lookup never reaches it, so the icon does not change; put \(wanted) next to the app's other resources outside the .xcassets\(hit.hasSuffix(".appiconset") ? ", or add the set to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES" : "")",
                at: entry)
        }
    }
}
