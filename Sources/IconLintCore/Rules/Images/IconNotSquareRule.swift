/// An icon whose width and height differ.
struct IconNotSquareRule: Rule {
    static let description = RuleDescription(
        id: .iconNotSquare, severity: .error, section: .imageFiles,
        summary: "The icon's width and height differ.", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample("180-by-170", .baseline.replacing("App/Icons/Dark@3x.png", .png(180, 170)), reports: [.iconNotSquare]),
        RuleExample("square", .baseline, silent: [.iconNotSquare]),
        RuleExample(
            "built-not-square", BuiltAppExample.looseIcons.mutating { $0.files["AppIcon76x76@2x~ipad.png"] = .cgbi(152, 150) },
            reports: [.iconNotSquare]),
        RuleExample("built", BuiltAppExample.looseIcons, silent: [.iconNotSquare]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            guard let header = facts.header, !app.isForeign(header), header.width != header.height else { return nil }
            return finding(
                "\(use.path) is \(header.width)×\(header.height); \(use.label) must be square: crop or pad it to a square and export each size again",
                image: use)
        }
    }
}
