/// The same name twice in one CFBundleIconFiles list.
struct IconEntryDuplicateRule: Rule {
    static let description = RuleDescription(
        id: .iconEntryDuplicate, severity: .warning, section: .infoPlist,
        summary: "The same name appears twice in one CFBundleIconFiles array.", builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.entries.filter(\.isDuplicate).map { entry in
            let count = (entry.declaration.files ?? []).filter { $0 == entry.entry }.count
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(entry.declaration)) lists \"\(entry.entry)\" \(count <= 2 ? "twice" : "\(count) times") in CFBundleIconFiles; remove the repeated \(count <= 2 ? "entry" : "entries")",
                at: entry)
        }
    }
}
