/// `iconlint lint [PATH...]`: checks a project's icons and gates CI on the result.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check a project's app icons (the default command)."
    static let help = "Usage: iconlint lint [PATH...]\n\nNot available yet."

    static func run(_ arguments: [String]) throws -> ExitStatus {
        throw CLIError(message: "lint is not available in this build yet", status: .usage)
    }
}
