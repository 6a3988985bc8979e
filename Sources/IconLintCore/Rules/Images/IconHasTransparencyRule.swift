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

    static let examples: [RuleExample] = [
        RuleExample(
            "transparent-corner", .baseline.replacing("App/Icons/Dark@3x.png", .png(180, 180, alpha: 255, hole: true)),
            reports: [.iconHasTransparency]),
        // An alpha channel whose pixels are all opaque is fine.
        RuleExample(
            "opaque-alpha-channel", .baseline.replacing("App/Icons/Dark@3x.png", .png(180, 180, alpha: 255)),
            silent: [.iconHasTransparency]),
        RuleExample(
            "built-transparent-corner",
            BuiltAppExample.looseIcons.mutating { $0.files["AppIcon60x60@2x.png"] = .cgbi(120, 120, transparentCorner: true) },
            reports: [.iconHasTransparency]),
        RuleExample("built", BuiltAppExample.looseIcons, silent: [.iconHasTransparency]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        // The App Store image's transparency is marketing-icon-alpha's: one defect, one finding.
        let marketing = Set(app.imageUses.filter(\.isMarketing).map(\.path))
        return app.distinctImages(appearance: .any).compactMap { use, facts in
            guard !marketing.contains(use.path), let minAlpha = facts.minAlpha,
                minAlpha < Self.visibleBelow
            else { return nil }
            return finding(
                "\(use.path) has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); iOS fills them with black: flatten \(use.label) onto an opaque background",
                image: use)
        }
    }
}
