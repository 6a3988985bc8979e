/// A tinted-appearance image with colour.
struct TintedIconNotGrayscaleRule: Rule {
    static let description = RuleDescription(
        id: .tintedIconNotGrayscale, severity: .warning, section: .assetCatalogs,
        summary: "An image in a `tinted` appearance slot has colour; iOS expects a grayscale image for tinting.",
        rationale:
            "Rounding noise is grey, and so is a palette entry used only by fully transparent pixels: a pixel counts as coloured only when its channels (unpremultiplied) differ by more than 8/255, and the image only when over 1 % of its visible pixels are coloured."
    )

    static let examples: [RuleExample] = [
        RuleExample("red-tinted-image", appearances(tinted: .png(1024, 1024, color: [200, 30, 30])), reports: [.tintedIconNotGrayscale]),
        // Transparency in dark and tinted images is intended; a gray tinted image is right.
        RuleExample("gray-tinted-image", appearances(tinted: .png(1024, 1024, color: [128], gray: true)), silent: [.tintedIconNotGrayscale]),
        // One coloured file in the dark and the tinted slot: judged as the tinted image too, not
        // only as the dark one its first slot makes it.
        RuleExample(
            "shared-with-the-dark-slot",
            .catalogApp([
                "AppIcon.appiconset/Contents.json": .json(.singleSizeSet(dark: "Dark.png", tinted: "Dark.png")),
                "AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
                "AppIcon.appiconset/Dark.png": .png(1024, 1024, color: [200, 30, 30]),
            ]), reports: [.tintedIconNotGrayscale]),
    ]

    /// A single-size set with a dark (transparent-cornered) and a tinted image.
    private static func appearances(tinted: ExampleFile) -> ExampleTree {
        .catalogApp([
            "AppIcon.appiconset/Contents.json": .json(.singleSizeSet(dark: "Dark.png", tinted: "Tinted.png")),
            "AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
            "AppIcon.appiconset/Dark.png": .png(1024, 1024, color: [10, 10, 10], alpha: 255, hole: true),
            "AppIcon.appiconset/Tinted.png": tinted,
        ])
    }

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages(appearance: .tinted).compactMap { use, facts in
            guard facts.hasColor == true else { return nil }
            return finding("\(use.path) fills a tinted-appearance slot but has colour; iOS tints a grayscale image: convert it to grayscale", image: use)
        }
    }
}

extension TintedIconNotGrayscaleRule: Correctable {
    /// The tinted image made grey by luminance in linear light, alpha kept (as `generate --tinted` does).
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil else { return [] }
        // A file a light or dark slot also names would turn grey there too: left for a person.
        let sharedPaths = Set(app.imageUses.filter { $0.appearance != .tinted }.map(\.path))
        return app.distinctImages(appearance: .tinted).compactMap { use, facts in
            guard facts.hasColor == true, let header = facts.header else { return nil }
            if sharedPaths.contains(use.path) {
                return Correction(
                    rule: Self.description.id, subject: "\(use.path): the tinted image has colour",
                    outcome: .left(
                        "the same file is also a light or dark image of the app, which making it grey would change: give the tinted slot a file of its own, then run fix again"
                    ))
            }
            return Correction(
                rule: Self.description.id, subject: "\(use.path): the tinted image has colour (made grey)",
                outcome: .planned([.newImage(path: use.path, recipe: ImageRecipe(source: use.path, size: header.width, grey: true))]))
        }
    }
}
