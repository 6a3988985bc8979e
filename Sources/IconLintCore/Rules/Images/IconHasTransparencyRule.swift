/// An app icon with pixels that are not fully opaque.
struct IconHasTransparencyRule: Rule {
    static let description = RuleDescription(
        id: .iconHasTransparency, severity: .warning, section: .imageFiles,
        summary: "An app icon has pixels that are not fully opaque; iOS fills them with black.",
        rationale:
            "The lowest alpha found is reported; pixels at alpha 250 to 254 (export rounding, invisible over black) are not. Not for `dark` and `tinted` appearance images, where transparency is intended, nor for the App Store image (marketing-icon-alpha).",
        builtProducts: .yes)

    /// Pixels at alpha 250…254 darken by under 2 % over black: invisible, and on real apps
    /// (export rounding at the corners) over 130 warnings of noise in one project.
    static let visibleBelow = 250

    func check(_ app: AppModel) -> [Finding] {
        // The App Store image's transparency is marketing-icon-alpha's: one defect, one finding.
        let marketing = Set(app.imageUses.filter(\.isMarketing).map(\.path))
        return app.distinctImages.compactMap { use, facts in
            guard use.appearance == .any, !marketing.contains(use.path), let minAlpha = facts.minAlpha,
                minAlpha < Self.visibleBelow
            else { return nil }
            return finding(
                "\(use.path) has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); iOS fills them with black: flatten \(use.label) onto an opaque background",
                image: use)
        }
    }
}
