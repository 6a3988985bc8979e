/// A tinted-appearance image with colour.
struct TintedIconNotGrayscaleRule: Rule {
    static let description = RuleDescription(
        id: .tintedIconNotGrayscale, severity: .warning, section: .assetCatalogs,
        summary: "An image in a `tinted` appearance slot has colour; iOS expects a grayscale image for tinting.",
        rationale:
            "Rounding noise is grey, and so is a palette entry used only by fully transparent pixels: a pixel counts as coloured only when its channels (unpremultiplied) differ by more than 8/255, and the image only when over 1 % of its visible pixels are coloured."
    )

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            guard use.appearance == .tinted, facts.hasColor == true else { return nil }
            return finding("\(use.path) fills a tinted-appearance slot but has colour; iOS tints a grayscale image: convert it to grayscale", image: use)
        }
    }
}

extension TintedIconNotGrayscaleRule: Correctable {
    /// The tinted image made grey by luminance in linear light, alpha kept (as `generate --tinted` does).
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil else { return [] }
        return app.distinctImages.compactMap { use, facts in
            guard use.appearance == .tinted, facts.hasColor == true, let header = facts.header else { return nil }
            return Correction(
                rule: Self.description.id, subject: "\(use.path): the tinted image has colour (made grey)",
                outcome: .planned([.newImage(path: use.path, recipe: ImageRecipe(source: use.path, size: header.width, grey: true))]))
        }
    }
}
