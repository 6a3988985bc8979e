/// `iconlint generate`: resizes a source image into the icon variants a project needs.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Resize a source image into every icon variant (issue 5)."
    static let help = "Usage: iconlint generate SOURCE... --name NAME --out DIR\n\nNot available yet."

    static func run(_ arguments: [String]) throws -> ExitStatus {
        throw CLIError(message: "generate is not available in this build yet", status: .usage)
    }
}
