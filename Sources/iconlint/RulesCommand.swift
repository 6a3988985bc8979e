import IconLintCore

/// `iconlint rules [--json]`: the rule catalogue, from the rules' own metadata.
enum RulesCommand: Command {
    static let name = "rules"
    static let summary = "List every rule with its id, default severity and summary."
    static let help = """
        Usage: iconlint rules [--json]

        Lists every lint rule: id (use it with --disable, --only and .iconlint.json),
        default severity, and when it fires.

        Options:
          --json  A JSON array of {"id", "severity", "section", "summary", "anchor"}.
        """

    struct Row: Encodable {
        var id: String
        var severity: String
        var section: String
        var summary: String
        var anchor: String?
    }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, command: name, flags: ["--json"], options: [])
        guard args.positionals.isEmpty else { throw CLIError(message: "rules takes no arguments") }
        if args.flag("--json") {
            Console.out(JSONOutput.encode(RuleCatalog.all.map {
                Row(id: $0.id, severity: $0.severity.rawValue, section: $0.section.rawValue, summary: $0.summary, anchor: $0.anchor)
            }))
            return .success
        }
        let width = RuleCatalog.all.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for section in RuleDescription.Section.allCases {
            lines.append(section.rawValue)
            for rule in RuleCatalog.all where rule.section == section {
                let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                lines.append("  \(id)  \(severity) \(rule.summary)")
            }
            lines.append("")
        }
        Console.out(lines.joined(separator: "\n"))
        return .success
    }
}
