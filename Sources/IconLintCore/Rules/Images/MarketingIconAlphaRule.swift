/// A transparent 1024 App Store image.
struct MarketingIconAlphaRule: Rule {
    static let description = RuleDescription(
        id: .marketingIconAlpha, severity: .error, section: .imageFiles,
        summary: "The primary icon's 1024 App Store image has a pixel that is not fully opaque.",
        rationale:
            "Its `ios-marketing` slot, or the default-appearance 1024 of a single-size set; transparency from an alpha channel or a tRNS chunk. An alpha channel whose every pixel is opaque is not reported: well-known apps ship such catalog images to the App Store every week.",
        anchor: "ITMS-90717", builtProducts: .no)

    func check(_ app: AppModel) -> [Finding] {
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
}
