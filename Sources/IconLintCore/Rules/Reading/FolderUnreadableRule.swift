/// A folder of the project that cannot be listed.
struct FolderUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .folderUnreadable, severity: .warning, section: .reading,
        summary: "A folder under the linted path cannot be listed, so its files were not seen.",
        rationale: "Icon files inside it count as missing; fix its permissions (or exclude it) so the lint sees the whole app.")

    static let examples: [RuleExample] = [
        // A folder git can hold is always listable; one that is not needs permissions git does not
        // keep (IconLintCLITests covers it, run without root).
        RuleExample("every-folder-listable", .baseline, silent: [.folderUnreadable])
    ]

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }

    /// The finding the file walk's reader reports for a folder it could not list.
    static func unlistable(path: String, reason: String) -> Finding {
        Finding(
            rule: description.id, message: "\(path): \(reason); icon files inside it were not seen: fix its permissions or exclude it",
            location: Location(file: path))
    }
}
