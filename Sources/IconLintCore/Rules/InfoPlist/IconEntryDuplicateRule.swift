/// The same name twice in one CFBundleIconFiles list.
struct IconEntryDuplicateRule: Rule {
    static let description = RuleDescription(
        id: .iconEntryDuplicate, severity: .warning, section: .infoPlist,
        summary: "The same name appears twice in one CFBundleIconFiles array.", builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.entries.filter(\.isDuplicate).map { entry in
            plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(entry.declaration)) lists \"\(entry.entry)\" twice in CFBundleIconFiles; remove the repeated entry",
                at: entry)
        }
    }
}
