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

extension IconEntryDuplicateRule: Correctable {
    /// The repeated entries removed from the list, its first occurrences kept in order.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        var seen: Set<[String]> = []
        return plist.entries.filter(\.isDuplicate).compactMap { entry -> Correction? in
            let declaration = entry.declaration
            guard seen.insert(declaration.keyPath).inserted else { return nil }
            let subject = "\(plist.file): \(PlistIconAnalysis.place(declaration)) lists an entry more than once"
            guard let target = declaration.iconFilesTarget else {
                return Correction(
                    rule: Self.description.id, subject: subject,
                    outcome: .left("the top-level CFBundleIconFiles is not edited by fix; remove the repeated entry by hand"))
            }
            var unique: [String] = []
            for file in target.files where !unique.contains(file) { unique.append(file) }
            return Correction(
                rule: Self.description.id, subject: subject,
                outcome: .planned([.plistIconFiles(path: plist.file, change: PlistIconFiles(key: target.key, alternate: target.alternate, files: unique))]))
        }
    }
}
