import Foundation
import IconFix
import IconGenerate
import IconLintCore

/// `iconlint fix`: lints, makes every correction that is safe in one transaction, lints
/// again and prints what changed and what is left. The work lives in IconFix.
enum FixCommand: Command {
    static let spec = CommandSpec(
        name: "fix", summary: "Repair what lint reports, where a safe correction exists.",
        usage: ["iconlint fix [PATH] [--dry-run] [--only RULES] [--background COLOR]"],
        arguments: ArgumentSpec("PATH", .files), optionColumn: 23,
        options: [
            OptionSpec(
                "--dry-run",
                help: [
                    "Write nothing: print a unified diff of every text file and a",
                    "line for each image the run would write.",
                ]),
            OptionSpec(
                "--only", value: "RULES", help: ["Correct only these rules (comma-separated; repeatable)."],
                completion: .listOf(CorrectionPlanner.correctableRules.map(\.rawValue))),
            OptionSpec(
                "--background", value: "COLOR",
                help: [
                    "Flatten a transparent 1024 App Store image onto COLOR (#RRGGBB,",
                    "#RGB, white or black); without it that image is left, as no",
                    "colour is guessed.",
                ]),
            OptionSpec(
                "--config", value: "FILE",
                help: [
                    "Use FILE instead of the nearest .iconlint.json (its rules and",
                    "excluded paths apply to both lints).",
                ], completion: .files),
        ],
        blocks: [
            .usage,
            .paragraph(
                [
                    "Lints PATH (default: the current folder), makes every correction the rules offer,",
                    "lints again, and prints what it changed and each finding left with the reason.",
                    "Rules it corrects:",
                ],
                list: HelpList(
                    indent: 2, column: nil, wrapped(CorrectionPlanner.correctableRules.map(\.rawValue)).map { HelpItem($0, []) })),
            .paragraph([
                "New sizes are resized from the icon's largest image with generate's resampler and",
                "never upscaled; Info.plists are edited in place, every other byte kept.",
            ]),
            .options,
            .paragraph([
                "Everything a run writes is one transaction inside PATH's root: all or nothing, no",
                "symbolic link followed; SIGINT/SIGTERM take back what it wrote (exit 130/143). A file",
                "changed on disk since fix read it is not overwritten: the run stops, writing nothing.",
            ]),
            .section(
                "Exit status",
                HelpList(
                    indent: 2, column: nil,
                    [
                        HelpItem("0", ["no errors left after the run (--dry-run: nothing would change)"]),
                        HelpItem("1", ["errors are left after the run (--dry-run: some file would change)"]),
                        HelpItem("2", ["usage error, path not found, no iOS app under PATH, a built app"]),
                        HelpItem("3", ["the run stopped and wrote nothing: a file changed on disk, or a write failed"]),
                        HelpItem("130, 143", ["stopped by SIGINT or SIGTERM; what the run wrote was taken back"]),
                    ])),
        ])

    /// Words joined by ", " in lines of at most 86 characters (a list indented by two).
    static func wrapped(_ words: [String]) -> [String] {
        var lines: [String] = []
        var line = ""
        for (index, word) in words.enumerated() {
            let piece = word + (index < words.count - 1 ? "," : "")
            if line.count + piece.count + 1 > 86, !line.isEmpty {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        return lines + [line]
    }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        guard args.positionals.count <= 1 else { throw CLIError(message: "fix takes one PATH; got \(args.positionals.count)") }
        let path = args.positionals.first ?? "."
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError(message: "path not found: \(path)") }
        var background: RGBColor?
        if let raw = args.value("--background") {
            guard let color = RGBColor(parsing: raw) else { throw CLIError(message: "--background must be #RRGGBB, #RGB, white or black; got '\(raw)'") }
            background = color
        }
        let only: Set<RuleID>
        do {
            only = try LintConfiguration.validate(LintCommand.ruleList(args.all("--only")), source: "--only")
        } catch {
            throw CLIError(message: error.description)
        }
        let correctable = Set(CorrectionPlanner.correctableRules)
        if let other = only.subtracting(correctable).sorted(by: { $0.rawValue < $1.rawValue }).first {
            throw CLIError(
                message:
                    "--only \(other.rawValue): fix has no correction for that rule; it corrects \(correctable.map(\.rawValue).sorted().joined(separator: ", "))"
            )
        }
        let configuration = try LintCommand.loadConfiguration(args, linted: path)
        var options = FixOptions(lint: LintOptions(path: path, configuration: configuration), only: only.isEmpty ? nil : only, background: background)
        options.dryRun = args.flag("--dry-run")
        let outcome: FixOutcome
        do {
            outcome = try Fixer(options: options).run()
        } catch {
            switch error {
            case .request(let message): throw CLIError(message: message)
            case .changed, .write: throw CLIError(message: error.description, status: .stopped)
            }
        }
        Console.out(FixReport.text(outcome, dryRun: options.dryRun))
        if options.dryRun { return outcome.changes.isEmpty ? .success : .failure }
        return outcome.after.errorCount > 0 ? .failure : .success
    }
}
