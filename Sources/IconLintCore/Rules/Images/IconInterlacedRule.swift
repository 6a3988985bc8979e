/// An Adam7-interlaced icon (opt-in).
struct IconInterlacedRule: Rule {
    static let description = RuleDescription(
        id: .iconInterlaced, severity: .warning, optIn: true, section: .imageFiles,
        summary: "The icon is an Adam7-interlaced PNG.",
        rationale:
            "Off unless enabled in the configuration (`\"opt_in\": [\"icon-interlaced\"]`): iOS loads interlaced PNGs and actool re-encodes catalog images, and on one large real project it fired 413 times with no effect on the app.",
        builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample("adam7", .baseline.replacing("App/Icons/Dark@3x.png", .png(180, 180, interlace: true)), reports: [.iconInterlaced]),
        RuleExample("not-interlaced", .baseline, silent: [.iconInterlaced]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            guard let header = facts.header, header.interlaced else { return nil }
            return finding(
                "\(use.path) is an Adam7-interlaced PNG; save \(use.label) without interlacing (e.g. `pngcrush -n`, or uncheck \"Interlaced\" when exporting)",
                image: use)
        }
    }
}
