/// Icon entries of the wrong type.
struct IconEntryMalformedRule: Rule {
    static let description = RuleDescription(
        id: .iconEntryMalformed, severity: .error, section: .infoPlist,
        summary: "An icon entry has the wrong type.",
        rationale:
            "CFBundleIconFiles not an array of strings, or empty for an alternate (an empty primary list is Xcode's default when the catalog provides the primary icon, and is fine; so is anything in a CFBundlePrimaryIcon list that actool rewrites then, such as the `[\"\"]` Xcode's Info.plist editor leaves); UIPrerenderedIcon not a Boolean (e.g. the string \"NO\"); an alternate entry not a dictionary; CFBundleIconName not a string.",
        anchor: "Info.plist Key Reference", builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] { app.plistIcons?.structuralFindings(Self.description.id) ?? [] }
}
