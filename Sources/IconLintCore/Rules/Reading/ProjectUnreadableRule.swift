/// A project file that cannot be parsed.
struct ProjectUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .projectUnreadable, severity: .error, section: .reading,
        summary: "A project.pbxproj (or workspace) cannot be parsed.",
        rationale:
            "A project file that cannot be parsed (merge-conflict markers, truncation) is reported once, with the line of the first problem, and the Info.plists beside it are then linted as if there were no project file, so the rest of the checks still run."
    )

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }
}
