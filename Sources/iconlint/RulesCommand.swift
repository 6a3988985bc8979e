import IconLintCore

/// `iconlint rules [--json]`: the rule catalogue, from the rules' own metadata.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules", summary: "List every rule with its id, default severity and summary.",
        usage: ["iconlint rules [--json]"], optionColumn: 14,
        options: [
            OptionSpec(
                "--json",
                help: [
                    #"A JSON array of {"id", "severity", "device_severity", "opt_in","#,
                    #""section", "summary", "rationale", "anchor"}."#,
                ]),
            OptionSpec("--markdown", help: ["The rule reference (docs/rules.md) as Markdown."]),
        ],
        blocks: [
            .usage,
            .paragraph([
                "Lists every lint rule: id (use it with --disable, --only and .iconlint.json),",
                "default severity, and when it fires.",
            ]),
            .options,
        ])

    struct Row: Encodable {
        var id: String
        var severity: String
        var deviceSeverity: String?
        var optIn: Bool
        var section: String
        var summary: String
        var rationale: String
        var anchor: String?

        enum CodingKeys: String, CodingKey {
            case id, severity, section, summary, rationale, anchor
            case deviceSeverity = "device_severity", optIn = "opt_in"
        }

        // Every key always present (null when empty), so consumers need not guess.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(severity, forKey: .severity)
            try container.encode(deviceSeverity, forKey: .deviceSeverity)
            try container.encode(optIn, forKey: .optIn)
            try container.encode(section, forKey: .section)
            try container.encode(summary, forKey: .summary)
            try container.encode(rationale, forKey: .rationale)
            try container.encode(anchor, forKey: .anchor)
        }
    }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        guard args.positionals.isEmpty else { throw CLIError(message: "rules takes no arguments") }
        if args.flag("--json") {
            Console.out(
                JSONOutput.encode(
                    RuleCatalog.all.map {
                        Row(
                            id: $0.id.rawValue, severity: $0.severity.rawValue, deviceSeverity: $0.deviceSeverity?.rawValue,
                            optIn: $0.optIn, section: $0.section.rawValue, summary: $0.summary, rationale: $0.rationale, anchor: $0.anchor)
                    }))
            return .success
        }
        if args.flag("--markdown") {
            Console.out(RuleReference.markdown())
            return .success
        }
        let width = RuleCatalog.all.map(\.id.rawValue.count).max() ?? 0
        var lines: [String] = []
        for section in RuleDescription.Section.allCases {
            lines.append(section.rawValue)
            for rule in RuleCatalog.all where rule.section == section {
                let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.severityText.padding(toLength: 8, withPad: " ", startingAt: 0)
                lines.append("  \(id)  \(severity) \(rule.summary)")
            }
            lines.append("")
        }
        Console.out(SafeText.text(lines.joined(separator: "\n")))
        return .success
    }
}
