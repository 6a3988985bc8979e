/// An icon file that is not a PNG.
struct IconNotPNGRule: Rule {
    static let description = RuleDescription(
        id: .iconNotPNG, severity: .error, section: .imageFiles,
        summary: "The file is not a PNG (a JPEG renamed `.png`, an empty file, Apple's CgBI variant taken from a built app).",
        rationale:
            "A loose icon file that is not a PNG fails the upload (ITMS-90022 \"in .png format\"); a JPEG named `.jpg` in an app icon set is Xcode's warning \"does not have a valid extension\" instead, and its message says that. A Git LFS pointer (a clone or CI checkout that did not fetch the LFS content) is named as one, with `git lfs pull`.",
        anchor: "ITMS-90022 \"in .png format\"", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample("jpeg-named-png", .baseline.replacing("App/Icons/Dark@2x.png", .jpeg), reports: [.iconNotPNG]),
        RuleExample("png", .baseline, silent: [.iconNotPNG]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            if let error = facts.error, error.isGitLFSPointer {
                return finding(
                    "\(use.path) is a Git LFS pointer, not the PNG: the checkout did not fetch its Git LFS content, so \(use.label) cannot be checked and a build would copy the pointer; run `git lfs pull` (in CI, check out with LFS, e.g. actions/checkout with `lfs: true`)",
                    image: use)
            }
            if case .notPNG(let detail)? = facts.error {
                // A `.jpg` that says what it is, in an app icon set: actool's concern, not the
                // upload's loose-file check (ITMS-90022 names loose PNGs).
                if Self.isNamedJPEG(use.path), use.path.contains(".appiconset/") {
                    return finding(
                        "\(use.path) is not a PNG (\(detail)); an app icon set takes PNG images only (Xcode warns that the set \"references a file … but that file does not have a valid extension\"): export \(use.label) as PNG and name the .png file in Contents.json",
                        image: use)
                }
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

    /// A name ending in `.jpg` or `.jpeg`, in any letter case.
    static func isNamedJPEG(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".jpg") || name.hasSuffix(".jpeg")
    }
}
