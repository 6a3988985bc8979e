/// A transparent 1024 App Store image.
struct MarketingIconAlphaRule: Rule {
    static let description = RuleDescription(
        id: .marketingIconAlpha, severity: .error, section: .imageFiles,
        summary: "The primary icon's 1024 App Store image has a pixel that is not fully opaque.",
        rationale:
            "Its `ios-marketing` slot, or the default-appearance 1024 of a single-size set; transparency from an alpha channel or a tRNS chunk. In a built app, the pixels of the 1024 rendition in Assets.car (the marketing one, else a single-size set's), decoded from LZFSE, LZVN or zlib; a payload that is not decoded (deepmap, palette-img, rle) or is damaged gets a note that the check was not made. An alpha channel whose every pixel is opaque is not reported: well-known apps ship such catalog images to the App Store every week.",
        anchor: "ITMS-90717", builtProducts: .uploads)

    static let examples: [RuleExample] = [
        RuleExample(
            "transparent-1024",
            .catalogApp([
                "AppIcon.appiconset/Contents.json": .json(.singleSizeSet()), "AppIcon.appiconset/AppIcon.png": .png(1024, 1024, alpha: 255, hole: true),
            ]),
            reports: [.marketingIconAlpha]),
        // An RGBA image whose every pixel is opaque ships, as many real apps' do.
        RuleExample(
            "opaque-rgba-1024",
            .catalogApp(["AppIcon.appiconset/Contents.json": .json(.singleSizeSet()), "AppIcon.appiconset/AppIcon.png": .png(1024, 1024, alpha: 255)]),
            silent: [.marketingIconAlpha]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        if let built = app.built {
            guard let set = app.catalogIcons.primarySet, case .success(let alpha)? = built.catalogMarketingAlpha[set.name],
                alpha.transparentPixels > 0
            else {
                return []
            }
            return [
                finding(
                    "\(set.path): the 1024×1024 App Store image has pixels that are not fully opaque (lowest alpha \(alpha.lowest) of 255, \(alpha.transparentPixels) of \(alpha.pixels) pixels below 255); App Store Connect rejects it (ITMS-90717): flatten the set's 1024 image onto an opaque background, save it without alpha and build again",
                    file: built.catalogPath ?? set.path, icon: set.name, role: .primary)
            ]
        }
        var seen: Set<String> = []
        return app.imageUses.compactMap { use in
            guard use.isMarketing, seen.insert(use.path).inserted, let minAlpha = app.facts(use.path)?.minAlpha, minAlpha < 255 else {
                return nil
            }
            return finding(
                "\(use.path) is the 1024×1024 App Store icon and has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); App Store Connect rejects it (ITMS-90717): flatten it onto an opaque background and save it without alpha",
                image: use)
        }
    }

    /// A built app's 1024 App Store rendition whose pixels iconlint does not decode (or that is damaged).
    func notes(_ app: AppModel) -> [String] {
        guard let built = app.built, let set = app.catalogIcons.primarySet,
            set.slots.contains(where: { $0.pixels == 1024 && $0.appearance == .any }),
            case .failure(let problem)? = built.catalogMarketingAlpha[set.name]
        else { return [] }
        return [
            "the transparency of \(set.path)'s 1024 App Store image (ITMS-90717) was not checked: \(problem); lint the project's sources for marketing-icon-alpha"
        ]
    }
}

extension MarketingIconAlphaRule: Correctable {
    /// The 1024 App Store image flattened onto `--background` and written without alpha; no
    /// colour is guessed, so without one the image is left.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil else { return [] }
        var seen: Set<String> = []
        return app.imageUses.compactMap { use in
            guard use.isMarketing, seen.insert(use.path).inserted, let facts = app.facts(use.path), let minAlpha = facts.minAlpha,
                minAlpha < 255, let header = facts.header
            else { return nil }
            let subject = "\(use.path): the 1024×1024 App Store image has transparency"
            guard let background = request.background else {
                return Correction(
                    rule: Self.description.id, subject: subject,
                    outcome: .left("no --background given, and fix guesses no colour: run it again with --background '#RRGGBB'"))
            }
            return Correction(
                rule: Self.description.id, subject: subject + " (flattened onto \(background))",
                outcome: .planned([.newImage(path: use.path, recipe: ImageRecipe(source: use.path, size: header.width, background: background))]))
        }
    }
}
