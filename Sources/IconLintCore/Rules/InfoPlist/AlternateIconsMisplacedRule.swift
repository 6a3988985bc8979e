/// CFBundleAlternateIcons (or CFBundlePrimaryIcon) in the wrong place.
struct AlternateIconsMisplacedRule: Rule {
    static let description = RuleDescription(
        id: .alternateIconsMisplaced, severity: .error, section: .infoPlist,
        summary:
            "CFBundleAlternateIcons is not directly inside CFBundleIcons or CFBundleIcons~ipad, or CFBundlePrimaryIcon sits inside CFBundleAlternateIcons.",
        rationale:
            "iOS looks for alternates only at CFBundleIcons → CFBundleAlternateIcons (and the ~ipad twin); anywhere else (top level, inside CFBundlePrimaryIcon, …) setAlternateIconName fails.",
        anchor: "runtime \"iconName not found in CFBundleAlternateIcons entry\"", builtProducts: .yes)

    static let examples: [RuleExample] = [
        // CFBundleAlternateIcons at the top level of the Info.plist, outside CFBundleIcons.
        RuleExample(
            "top-level-alternates",
            .baseline.editingPlist { plist in
                plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]]
                plist["CFBundleAlternateIcons"] = ["Dark": ["CFBundleIconFiles": ["Dark"]]]
            },
            reports: [.alternateIconsMisplaced]),
        RuleExample("inside-cfbundleicons", .baseline, silent: [.alternateIconsMisplaced]),
    ]

    func check(_ app: AppModel) -> [Finding] { app.plistIcons?.structuralFindings(Self.description.id) ?? [] }
}
