// The command line, declared once.
//
// Every option of every command is one `OptionSpec` in its command's `CommandSpec` (which
// commands have an option = the specs that list it). From these values, and nothing else:
//   - `Arguments(_:spec:)` knows which options are flags and which take a value;
//   - `HelpText` prints `--help` / `iconlint help CMD`;
//   - `ManPage` writes the roff page (docs/iconlint.1);
//   - `CompletionSpec` (CompletionsCommand.swift) feeds the bash, zsh and fish scripts, with
//     each option's `completion` telling what its value completes to.
//
// Adding a command (e.g. `iconlint fix`) and its options:
//   1. `enum FixCommand: Command` with `static let spec = CommandSpec(name: "fix", summary: "...",
//      usage: ["iconlint fix [PATH...] [options]"], arguments: ArgumentSpec("PATH", .files, repeated: true),
//      optionColumn: 20, options: [OptionSpec("--dry-run", help: ["..."]),
//      OptionSpec("--only", value: "RULES", help: ["..."], completion: .listOf(ruleIDs))],
//      blocks: [.usage, .paragraph([...]), .options, .section("Exit status", HelpList(...))])`, and its `run`.
//   2. In `run`: `let args = try Arguments(arguments, spec: spec)`, then `args.flag("--dry-run")`,
//      `args.value("--only")`, `args.all("--only")`, `args.choice(...)`.
//   3. Append `CommandEntry(FixCommand.self)` to `CLI.commands`.
//   4. Rerecord docs/iconlint.1 (`ICONLINT_RECORD_SNAPSHOTS=1 swift test --filter ManPageTests`, then
//      again without it), and add the command to the lists in CompletionTests and ManPageTests.
// Help, man page, completions and the parser then know the command; no other code changes
// (OptionParsingTests checks every command --help lists).

/// One option: its names, the value it takes, its help and what completes its value.
struct OptionSpec: Sendable, Equatable {
    /// `--reporter`.
    var name: String
    /// `-h`, for the few options that have one.
    var short: String?
    /// The value's placeholder in the help (`FORMAT`, `DIR`); nil for a flag.
    var value: String?
    /// The description's lines, hard-wrapped as printed at the option list's description column.
    var help: [String]
    /// A list printed after the description (a choice per line: reporters, styles).
    var list: HelpList?
    /// What the value completes to (ignored for a flag).
    var completion: ValueCompletion

    init(
        _ name: String, short: String? = nil, value: String? = nil, help: [String], list: HelpList? = nil,
        completion: ValueCompletion = .none
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.list = list
        self.completion = completion
    }

    /// Every name, short first (`-h`, `--help`).
    var names: [String] { (short.map { [$0] } ?? []) + [name] }
    /// Takes no value.
    var isFlag: Bool { value == nil }

    /// The term in the help: `--reporter FORMAT`, `-h, --help`.
    var term: String {
        let long = value.map { "\(name) \($0)" } ?? name
        return short.map { "\($0), \(long)" } ?? long
    }

    /// As an item of the help's option list.
    var item: HelpItem { HelpItem(term, help, list: list) }
}

/// What an option's value (or a command's arguments) completes to.
enum ValueCompletion: Sendable, Equatable {
    /// Any text (a number, a name): nothing to offer.
    case none
    case files
    case directories
    case oneOf([String])
    /// Comma-separated words, each one of these.
    case listOf([String])
}

/// A command's positional arguments: their placeholder in the usage (PATH, FILE, SHELL) and
/// what they complete to; `repeated` when several may be given.
struct ArgumentSpec: Sendable, Equatable {
    var name: String
    var completion: ValueCompletion
    var repeated: Bool

    init(_ name: String, _ completion: ValueCompletion, repeated: Bool = false) {
        self.name = name
        self.completion = completion
        self.repeated = repeated
    }
}

/// A command: its name and summary, its options, and the help around them, in print order.
struct CommandSpec: Sendable {
    var name: String
    /// One line for the overview's command list.
    var summary: String
    /// The synopsis lines (the first follows `Usage: `).
    var usage: [String]
    var arguments: ArgumentSpec?
    /// Where the option list's descriptions start; a longer term goes on a line of its own.
    var optionColumn: Int
    var options: [OptionSpec]
    /// The help, in order; `.options` is where the option list goes.
    var blocks: [HelpBlock]

    /// The help as `iconlint help NAME` prints it.
    var help: String { HelpText.render(resolvedBlocks) }

    /// The blocks with `.usage` and `.options` filled in.
    var resolvedBlocks: [HelpBlock] { blocks.map(resolved) }

    private func resolved(_ block: HelpBlock) -> HelpBlock {
        switch block {
        case .usage: .synopsis(usage)
        case .options: .section("Options", optionList)
        default: block
        }
    }

    /// The option list as printed.
    var optionList: HelpList { HelpList(indent: 2, column: optionColumn, options.map(\.item)) }
}

/// A term and its description, in a list of the help.
struct HelpItem: Sendable, Equatable {
    var term: String
    /// Hard-wrapped lines at the list's description column.
    var lines: [String]
    /// A nested list after the lines.
    var list: HelpList?

    init(_ term: String, _ lines: [String], list: HelpList? = nil) {
        self.term = term
        self.lines = lines
        self.list = list
    }

    /// The description's prose on one line (a nested list left out).
    var text: String { lines.joined(separator: " ") }

    /// The first sentence of the description (a completion's one-line hint): up to the first
    /// ". " or "; " outside parentheses, brackets and braces ("e.g. " ends none).
    var firstSentence: String {
        let text = Array(self.text)
        var depth = 0
        for index in text.indices {
            let character = text[index]
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth = max(depth - 1, 0) }
            guard depth == 0, character == "." || character == ";", index + 1 < text.count, text[index + 1] == " " else { continue }
            let word = text[..<index].reversed().prefix { $0 != " " }
            if character == "." && word.contains(".") { continue }
            return String(text[..<index])
        }
        return text.last == "." ? String(text.dropLast()) : String(text)
    }
}

/// Items printed with their terms at `indent` and descriptions at `column` (nil: two spaces
/// after each term).
struct HelpList: Sendable, Equatable {
    var indent: Int
    var column: Int?
    var items: [HelpItem]

    init(indent: Int, column: Int?, _ items: [HelpItem]) {
        self.indent = indent
        self.column = column
        self.items = items
    }
}

/// A part of a help text; blocks are printed a blank line apart.
enum HelpBlock: Sendable, Equatable {
    /// The command's own `usage` (in a `CommandSpec`).
    case usage
    /// Synopsis lines: `Usage: ` before the first, the others under it.
    case synopsis([String])
    /// Hard-wrapped lines at column 0, and a list right under them (no blank line between).
    case paragraph([String], list: HelpList? = nil)
    /// `Heading:` and its list.
    case section(String, HelpList)
    /// The command's options (in a `CommandSpec`): `Options:` and one item per option.
    case options
}
