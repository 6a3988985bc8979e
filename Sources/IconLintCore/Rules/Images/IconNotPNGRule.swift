/// An icon file that is not a PNG.
struct IconNotPNGRule: Rule {
    static let description = RuleDescription(
        id: .iconNotPNG, severity: .error, section: .imageFiles,
        summary: "The file is not a PNG (a JPEG renamed `.png`, an empty file, Apple's CgBI variant taken from a built app).",
        anchor: "ITMS-90022 \"in .png format\"", builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            if case .notPNG(let detail)? = facts.error {
                return finding(
                    "\(use.path) is not a PNG (\(detail)); export \(use.label) as PNG: iOS icons and App Store Connect accept only PNG (ITMS-90022)", image: use
                )
            }
            if let header = facts.header, app.isForeign(header) {
                return finding(
                    "\(use.path) is Apple's CgBI (\"iPhone-optimised\") variant, taken from a built app, not a standard PNG; replace it with the original PNG",
                    image: use)
            }
            return nil
        }
    }
}
