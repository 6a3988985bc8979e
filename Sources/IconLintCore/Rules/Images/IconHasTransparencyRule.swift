/// An app icon with pixels that are not fully opaque.
struct IconHasTransparencyRule: Rule {
    static let description = RuleDescription(
        id: .iconHasTransparency, severity: .warning, section: .imageFiles,
        summary: "An app icon has pixels that are not fully opaque; iOS fills them with black.",
        rationale: "The lowest alpha found is reported. Not for `dark` and `tinted` appearance images, where transparency is intended, nor for the App Store image (marketing-icon-alpha).")

    func check(_ app: AppModel) -> [Finding] {
        // The App Store image's transparency is marketing-icon-alpha's: one defect, one finding.
        let marketing = Set(app.imageUses.filter(\.isMarketing).map(\.path))
        return app.distinctImages.compactMap { use, facts in
            guard use.appearance == .any, !marketing.contains(use.path), let minAlpha = facts.minAlpha, minAlpha < 255 else { return nil }
            return finding("\(use.path) has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); iOS fills them with black: flatten \(use.label) onto an opaque background", image: use)
        }
    }
}
