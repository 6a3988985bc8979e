/// A project file that cannot be parsed.
struct ProjectUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .projectUnreadable, severity: .error, section: .reading,
        summary: "A project.pbxproj (or workspace) cannot be parsed.",
        rationale:
            "A project file that cannot be parsed (merge-conflict markers, truncation) is reported once, with the line of the first problem, and the Info.plists beside it are then linted as if there were no project file, so the rest of the checks still run. A binary project.pbxproj (Xcode writes text) is sized before it is read, as a binary Info.plist is (see plist-unreadable), and refused past the same bound."
    )

    static let examples: [RuleExample] = [
        // Merge-conflict markers left in project.pbxproj (seen on a real app's main branch).
        RuleExample(
            "merge-conflict",
            .xcodeBaseline.editingText(ExampleTree.projectFile) { text in
                let line = text.range(of: "\tobjectVersion = 56;\n")!
                text.replaceSubrange(line, with: "<<<<<<< HEAD\n\tobjectVersion = 56;\n=======\n\tobjectVersion = 60;\n>>>>>>> feature\n")
            },
            reports: [.projectUnreadable]),
        RuleExample("parses", .xcodeApp(), silent: [.projectUnreadable]),
    ]

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }

    /// A project.pbxproj or workspace that the project reader could not parse.
    static func unreadable(_ problem: ProjectProblem) -> Finding {
        Finding(
            rule: description.id,
            message:
                "\(problem.message); until it parses, its targets' icon settings are unknown and the Info.plists beside it are linted without them",
            location: problem.location)
    }

    /// An Expo config (app.json, app.config.js) with a syntax error.
    static func expoConfigUnreadable(path: String, problem: String, line: Int?) -> Finding {
        Finding(
            rule: description.id,
            message: "\(path) cannot be read: \(problem); npx expo prebuild stops on it too, so no icon it names was checked: fix the file",
            location: Location(file: path, line: line))
    }
}
