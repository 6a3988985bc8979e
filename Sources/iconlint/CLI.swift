import Foundation
import IconLintCore

/// Exit codes, documented in `--help` and the README.
enum ExitStatus: Int32 {
    /// Success: no errors (lint), every file decoded (inspect), everything written (generate).
    case success = 0
    /// Lint found errors (or warnings with --strict); inspect or generate failed on some file.
    case failure = 1
    /// Usage error, path not found, unreadable config.
    case usage = 2
}

/// A command-line error: printed as one line to stderr with the given exit status.
struct CLIError: Error {
    var message: String
    var status: ExitStatus = .usage
}

/// A subcommand: its name, its help text, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var help: String { get }
    static func run(_ arguments: [String]) throws -> ExitStatus
}

/// A command in the registry (a value, so the list needs no existential metatypes).
struct CommandEntry: Sendable {
    var name: String
    var summary: String
    var help: String
    var run: @Sendable ([String]) throws -> ExitStatus

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        help = C.help
        run = C.run
    }
}

enum CLI {
    static let version = "0.1.0"
    static let commands: [CommandEntry] = [
        CommandEntry(LintCommand.self), CommandEntry(InspectCommand.self),
        CommandEntry(GenerateCommand.self), CommandEntry(RulesCommand.self),
    ]

    static func run(_ arguments: [String]) -> ExitStatus {
        do {
            return try dispatch(arguments)
        } catch let error as CLIError {
            Console.error("iconlint: \(error.message)")
            return error.status
        } catch {
            Console.error("iconlint: \(error)")
            return .failure
        }
    }

    static func dispatch(_ arguments: [String]) throws -> ExitStatus {
        guard let first = arguments.first else { return try LintCommand.run([]) }
        switch first {
        case "-h", "--help":
            Console.out(overview)
            return .success
        case "--version", "version":
            Console.out("iconlint \(version)")
            return .success
        case "help":
            guard arguments.count > 1 else {
                Console.out(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                throw CLIError(message: "unknown command '\(arguments[1])'; commands: \(commands.map(\.name).joined(separator: ", "))")
            }
            Console.out(command.help)
            return .success
        default:
            if let command = commands.first(where: { $0.name == first }) {
                let rest = Array(arguments.dropFirst())
                if rest.contains("-h") || rest.contains("--help") {
                    Console.out(command.help)
                    return .success
                }
                return try command.run(rest)
            }
            // `iconlint PATH` and `iconlint --reporter json` mean lint.
            return try LintCommand.run(arguments)
        }
    }

    static var overview: String {
        let list = commands.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.summary)" }
            .joined(separator: "\n")
        return """
            iconlint \(version): checks the app icons of iOS projects before they ship.

            Usage: iconlint <command> [options]
                   iconlint [PATH...]            (same as `iconlint lint PATH...`)

            Commands:
            \(list)
              help CMD  Show a command's options.

            Exit status:
              0  success (lint: no errors; warnings allowed)
              1  lint found errors (or warnings with --strict); a file could not be read or written
              2  usage error, path not found, unreadable config

            Options: --help, --version
            """
    }
}

/// Writes to stdout and stderr; the only place that prints.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// True when stdout is a terminal and NO_COLOR is unset.
    static var useColor: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
}
