/// A project object that names no object, has the wrong type, or contains itself.
struct ProjectReferenceDanglingRule: Rule {
    static let description = RuleDescription(
        id: .projectReferenceDangling, severity: .warning, section: .reading,
        summary: "A project object refers to an object that does not exist, has the wrong type, or contains itself.",
        rationale:
            "The reader works around it and keeps every target it can, but what the target copies may then be incomplete: Xcode shows such files in red or drops them. Fix the project (remove and re-add the file in Xcode)."
    )

    static let examples: [RuleExample] = [
        // The resources phase names an object the project does not have.
        RuleExample(
            "unknown-build-file",
            .xcodeBaseline.editingText(ExampleTree.projectFile) { text in
                let phase = text.range(of: "PBXResourcesBuildPhase")!
                let files = text.range(of: "files = (", range: phase.upperBound..<text.endIndex)!
                text.insert(contentsOf: "\n\t\t\t\tDEADBEEFDEADBEEFDEADBEEF,", at: files.upperBound)
            },
            reports: [.projectReferenceDangling]),
        RuleExample("every-reference-resolves", .xcodeApp(), silent: [.projectReferenceDangling]),
    ]

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }

    /// A project object the project reader had to work around (malformed, dangling, a group cycle).
    static func dangling(_ problem: ProjectProblem) -> Finding {
        Finding(
            rule: description.id, message: "\(problem.message); what the target copies may be incomplete: remove and re-add the file in Xcode",
            location: problem.location)
    }
}
