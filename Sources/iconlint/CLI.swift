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
    /// fix stopped before writing: a file changed on disk, or the write failed and was taken back.
    case stopped = 3
}

/// A command-line error: printed as one line to stderr with the given exit status.
struct CLIError: Error {
    var message: String
    var status: ExitStatus = .usage
}

/// A subcommand: its spec (name, options, help) and what it does. See OptionSpec.swift for
/// how a command and its options are declared.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: [String]) throws -> ExitStatus
}

/// A command in the registry (a value, so the list needs no existential metatypes).
struct CommandEntry: Sendable {
    var spec: CommandSpec
    var run: @Sendable ([String]) throws -> ExitStatus

    init<C: Command>(_ command: C.Type) {
        spec = C.spec
        run = C.run
    }

    var name: String { spec.name }
    var summary: String { spec.summary }
    var help: String { spec.help }
}

enum CLI {
    static let version = "0.1.0"
    static let commands: [CommandEntry] = [
        CommandEntry(LintCommand.self), CommandEntry(InspectCommand.self),
        CommandEntry(GenerateCommand.self), CommandEntry(FixCommand.self), CommandEntry(RulesCommand.self),
        CommandEntry(CompletionsCommand.self), CommandEntry(ManCommand.self), CommandEntry(AddCommand.self),
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
        try requireCurrentFolder(arguments)
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
                throw unknownCommand(arguments[1])
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
            // `iconlint PATH` and `iconlint --reporter json` mean lint; a word that is neither a
            // command nor a path is a mistyped command.
            if !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first) { throw unknownCommand(first) }
            return try LintCommand.run(arguments)
        }
    }

    /// Commands that read or write paths resolve them from the current folder; when that folder
    /// was deleted (or is not searchable), getcwd fails and no relative path means anything, so
    /// the run stops with one line instead of working from an empty path.
    static func requireCurrentFolder(_ arguments: [String]) throws {
        let pathFree: Set<String> = ["-h", "--help", "--version", "version", "help", "rules", "completions", "man"]
        if let first = arguments.first, pathFree.contains(first) { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) == nil else { return }
        throw CLIError(
            message:
                "the current folder cannot be read (\(String(cString: strerror(errno)))): it was deleted, moved or is not searchable; "
                + "cd to a folder that exists and run again",
            status: .usage)
    }

    /// "unknown command 'lnt'; did you mean 'lint'?", or the list of commands when none is near.
    static func unknownCommand(_ word: String) -> CLIError {
        let names = commands.map(\.name) + ["help", "version"]
        let nearest = names.map { ($0, editDistance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let (name, distance) = nearest, distance <= max(2, name.count / 2) {
            return CLIError(message: "unknown command '\(word)'; did you mean '\(name)'? (a PATH to lint must exist)")
        }
        return CLIError(message: "unknown command '\(word)'; commands: \(commands.map(\.name).joined(separator: ", ")) (a PATH to lint must exist)")
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// What the overview's first line says iconlint does (the man page's NAME too).
    static let tagline = "checks the app icons of iOS projects before they ship."

    /// The options of the command line itself.
    static let globalOptions = [
        OptionSpec("--help", short: "-h", help: ["Show this help; after a command (or as `iconlint help CMD`), that command's."]),
        OptionSpec("--version", help: ["Print the version."]),
    ]

    /// The overview's row for `help CMD` (a word of the command line, not a command).
    static let helpCommand = HelpItem("help CMD", ["Show a command's options."])

    /// `iconlint --help`, as blocks (the man page is made from them too).
    static var overviewBlocks: [HelpBlock] {
        // Two spaces at least between a name and its summary (the man page reads them apart there).
        let width = max(commands.map(\.name.count).max() ?? 0, helpCommand.term.count) + 2
        let list = commands.map { HelpItem($0.name, [$0.summary]) } + [helpCommand]
        return [
            .paragraph(["iconlint \(version): \(tagline)"]),
            .synopsis(["iconlint <command> [options]", "iconlint [PATH...]            (same as `iconlint lint PATH...`)"]),
            .section("Commands", HelpList(indent: 2, column: 2 + width, list)),
            .section("Options", HelpList(indent: 2, column: 14, globalOptions.map(\.item))),
            .section(
                "Exit status",
                HelpList(
                    indent: 2, column: nil,
                    [
                        HelpItem("0", ["success (lint: no errors; warnings allowed)"]),
                        HelpItem("1", ["lint found errors (or warnings with --strict); a file could not be read or written"]),
                        HelpItem("2", ["usage error, path not found, unreadable config, stdout cannot be written"]),
                        HelpItem("3", ["fix stopped and wrote nothing (a file changed on disk, a write failed)"]),
                        HelpItem("130, 143", ["stopped by SIGINT or SIGTERM; what the run wrote was taken back"]),
                    ])),
        ]
    }

    static var overview: String { HelpText.render(overviewBlocks) }
}

/// Writes to stdout and stderr; the only place that prints. Plain `write(2)` calls: a
/// stdout that cannot be written (a full disk, /dev/full, a closed descriptor) is reported
/// once on stderr and makes the run exit 2, never a trap.
enum Console {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var outputFailure: Int32?

    /// The errno of the first failed write to stdout, if any.
    static var failure: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return outputFailure
    }

    /// Text for stdout with a final newline, as given: iconlint's own text (help, listings),
    /// or text a `SafeText` function made safe (a name from a file never comes here raw).
    static func out(_ text: String) {
        raw(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Text for stdout exactly as given (a report, already safe: every reporter uses `SafeText`).
    static func raw(_ line: String) {
        guard !line.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        guard outputFailure == nil else { return }
        if let code = Descriptor.write(Array(line.utf8), to: STDOUT_FILENO) {
            outputFailure = code
            _ = Descriptor.write(
                Array("iconlint: cannot write to standard output: \(String(cString: strerror(code)))\n".utf8),
                to: STDERR_FILENO)
        }
    }

    /// One line on stderr: names in messages come from files, so it goes through `SafeText`
    /// (controls escaped, line breaks folded, CI commands neutralised); CI logs read stderr too.
    static func error(_ text: String) {
        var message = text
        if message.hasSuffix("\n") { message.removeLast() }
        // Nowhere left to report a failure to write stderr.
        _ = Descriptor.write(Array((SafeText.line(SafeText.inline(message)) + "\n").utf8), to: STDERR_FILENO)
    }

    /// A progress line redrawn in place on stderr; nil ends it.
    static func progress(_ text: String?) {
        _ = Descriptor.write(Array((text.map { "\r" + SafeText.line(SafeText.inline($0)) } ?? "\n").utf8), to: STDERR_FILENO)
    }

    /// Colour for a terminal: stdout is one, NO_COLOR is unset or empty (no-color.org), and
    /// TERM is not `dumb`.
    static var useColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) != 0 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
