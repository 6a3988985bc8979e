/// Icon entries of the wrong type.
struct IconEntryMalformedRule: Rule {
    static let description = RuleDescription(
        id: .iconEntryMalformed, severity: .error, section: .infoPlist,
        summary: "An icon entry has the wrong type.",
        rationale:
            "CFBundleIconFiles not an array of strings, or empty for an alternate (an empty primary list is Xcode's default when the catalog provides the primary icon, and is fine; so is anything in a CFBundlePrimaryIcon list that actool rewrites then, such as the `[\"\"]` Xcode's Info.plist editor leaves); UIPrerenderedIcon not a Boolean (e.g. the string \"NO\"); an alternate entry not a dictionary, or with neither CFBundleIconFiles nor CFBundleIconName; CFBundleIconName not a string. An alternate that names its icon only by CFBundleIconName is fine when the build compiles that app icon set (actool writes such entries itself; a key other than the set's name gets a note), and an error when no set of that name is compiled or exists (App Store Connect: ITMS-90895 \"Missing Icon\").",
        anchor: "Info.plist Key Reference", builtProducts: .yes)

    static let examples: [RuleExample] = [
        // UIPrerenderedIcon written as the string "NO" instead of a boolean.
        RuleExample(
            "string-for-boolean", .baseline.editingPlist { $0["CFBundleIcons"] = .icons(prerendered: "NO") },
            reports: [.iconEntryMalformed]),
        RuleExample("well-typed", .baseline, silent: [.iconEntryMalformed]),
    ]

    func check(_ app: AppModel) -> [Finding] { app.plistIcons?.structuralFindings(Self.description.id) ?? [] }
}
