/// A CFBundleIconFiles entry that reaches no file of the bundle.
struct IconFileMissingRule: Rule {
    static let description = RuleDescription(
        id: .iconFileMissing, severity: .error, section: .infoPlist,
        summary: "A CFBundleIconFiles entry resolves to no PNG the build copies, and no included app icon set provides it.",
        rationale:
            "When an asset catalog provides the primary icon, actool writes CFBundlePrimaryIcon → CFBundleIconFiles of CFBundleIcons and CFBundleIcons~ipad into the built Info.plist, so no rule looks at those lists (the top-level CFBundleIconFiles of iOS 4 is not rewritten). An entry ending in a device modifier (`Dark~ipad`) is a base name: iOS appends the scale to it (`Dark~ipad@2x.png`); when only `Dark@2x~ipad.png` is there, whether iOS finds it is not known, and a note says the entry was not checked. In a built app every entry must name files the bundle holds (App Store Connect looks them up), unless its CFBundleIconName names an icon of the app's Assets.car, which is where iOS 11 and later draw it from. When several files match an entry's name, the one the target copies is the match; a same-named file outside every target (old design art, a copy under docs/) is never the icon. Not checked (a note says so): an entry of a preprocessed Info.plist that uses a name an `#include` or prefix header missing from the repository could define (`SEASONAL_ICON`), and one that a set of a catalog the target compiles from outside the linted folder could provide.",
        anchor: "ITMS-90032 \"Invalid Image Path\"", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample(
            "alternate-files-gone", .baseline.removing("App/Icons/Dark@2x.png", "App/Icons/Dark@3x.png"),
            reports: [.iconFileMissing]),
        RuleExample("files-present", .baseline, silent: [.iconFileMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.entries.filter { entry in
            entry.isUnresolved && entry.besideBundle.isEmpty && entry.catalogHit == nil
                && !(entry.declaration.role == .primary && plist.primaryFromCatalog && app.built == nil)
                // In a built app, an icon whose CFBundleIconName names an icon of its Assets.car
                // is drawn from the catalog (iOS 11+); whether actool also wrote loose copies of
                // an alternate is not something to fail a build on.
                && !(app.built != nil && entry.declaration.iconName.flatMap { app.sources.set(named: $0) } != nil)
        }.map { entry in
            let tried = IconFileName.suggestedFiles(for: entry.entry, idiom: entry.declaration.idiom)
            if let (path, reason) = entry.unusable.first {
                return plist.finding(
                    Self.description.id,
                    "\(PlistIconAnalysis.place(entry.declaration)): CFBundleIconFiles entry \"\(entry.entry)\" would be \(path), but that is \(reason), so it is never read (nor copied as an icon): put the PNG file itself there",
                    at: entry)
            }
            if app.built != nil {
                return plist.finding(
                    Self.description.id,
                    "\(PlistIconAnalysis.place(entry.declaration)): CFBundleIconFiles entry \"\(entry.entry)\" matches no PNG at the top level of the app (looked for \(tried)); the icon cannot be found on the device\(app.built?.uploadChecksSkipped == nil ? " and App Store Connect rejects the upload (ITMS-90032)" : ""): fix the entry or the target's icon files and build again",
                    at: entry)
            }
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(entry.declaration)): CFBundleIconFiles entry \"\(entry.entry)\" matches no PNG \(app.identity.target.map { "that target \($0) copies into the bundle" } ?? "in the app's folder") (looked for \(tried)); add the files to the app target outside Assets.xcassets, or fix the entry's spelling",
                at: entry)
        }
    }
}
