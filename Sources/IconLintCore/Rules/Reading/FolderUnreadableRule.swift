/// A folder of the project that cannot be listed.
struct FolderUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .folderUnreadable, severity: .warning, section: .reading,
        summary: "A folder under the linted path cannot be listed, so its files were not seen.",
        rationale: "Icon files inside it count as missing; fix its permissions (or exclude it) so the lint sees the whole app.")

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }
}
