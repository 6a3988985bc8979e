/// The same name twice in one CFBundleIconFiles list.
struct IconEntryDuplicateRule: Rule {
    static let description = RuleDescription(
        id: .iconEntryDuplicate, severity: .warning, section: .infoPlist,
        summary: "The same name appears twice in one CFBundleIconFiles array.", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample(
            "file-listed-twice", .baseline.editingPlist { $0["CFBundleIcons"] = .icons(alternates: [("Dark", ["Dark", "Dark"])]) },
            reports: [.iconEntryDuplicate]),
        RuleExample("each-file-once", .baseline, silent: [.iconEntryDuplicate]),
    ]

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
