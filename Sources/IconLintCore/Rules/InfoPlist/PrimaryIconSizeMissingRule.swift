/// A primary icon from loose files without the home-screen sizes.
struct PrimaryIconSizeMissingRule: Rule {
    static let description = RuleDescription(
        id: .primaryIconSizeMissing, severity: .error, section: .infoPlist,
        summary: "The primary icon, from files or from the asset catalog, lacks 120 px (iPhone) or 152/167 px (iPad).",
        rationale: "For a primary icon from an asset catalog, the set's empty slots are appiconset-slot-missing.",
        anchor: "ITMS-90022 / ITMS-90023")

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons, !plist.primaryFromCatalog else { return [] }
        return plist.handWritten.filter { $0.declaration.role == .primary }.compactMap { declaration, entries in
            guard entries.contains(where: { !$0.uses.isEmpty }) else { return nil }
            let sizes = PlistIconAnalysis.sizes(of: entries, in: app)
            // iPhone: 120 is what App Store Connect requires (ITMS-90022); 180 is recommended.
            let required = declaration.idiom == .ipad ? IconGeometry.homeScreen(.ipad).map(\.pixels) : [IconGeometry.homeScreen(.iphone)[0].pixels]
            let missing = required.filter { !sizes.contains($0) }
            guard !missing.isEmpty else { return nil }
            let have = sizes.isEmpty ? "none of the right size" : sizes.pixelList
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(declaration)) lacks \(missing.pixelList) (found \(have)); App Store Connect refuses the upload (ITMS-90022/90023): add the missing sizes or move the primary icon to an app icon set",
                at: declaration)
        }
    }
}
