/// `iconlint man`: the manual page, as roff, made from the same specs `--help` prints.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man", summary: "Print the manual page (roff), made from these help texts.",
        usage: ["iconlint man"], optionColumn: 0, options: [],
        blocks: [
            .usage,
            .paragraph([
                "Prints iconlint's manual page in roff (the man macros): the overview, then every",
                "command with its options, from the same text as `iconlint --help` and",
                "`iconlint help CMD`. Read it with `iconlint man | man -l -`; scripts/install",
                "installs it as share/man/man1/iconlint.1.",
            ]),
            .paragraph(["Exit status: 0 printed, 2 usage error."]),
        ])

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        guard args.positionals.isEmpty else { throw CLIError(message: "man takes no arguments") }
        Console.out(ManPage.render(overview: CLI.overviewBlocks, commands: CLI.commands))
        return .success
    }
}

/// Renders the command specs' help blocks as a man(7) page. The page is a pure function of
/// the specs: no date, so docs/iconlint.1 changes only when the help does.
enum ManPage {
    static func render(overview: [HelpBlock], commands: [CommandEntry]) -> String {
        var page = Roff()
        page.request("TH", "ICONLINT", "1", "", "iconlint \(CLI.version)", "User Commands")
        // Option names and paths must not be broken at their hyphens.
        page.request("nh")

        page.request("SH", "NAME")
        page.text("iconlint - " + (CLI.tagline.hasSuffix(".") ? String(CLI.tagline.dropLast()) : CLI.tagline))

        page.request("SH", "SYNOPSIS")
        page.request("nf")
        // The overview's shorthand line ("same as `iconlint lint PATH...`") is lint's own usage again.
        var synopsis: [String] = []
        for case .synopsis(let lines) in overview { synopsis += lines.filter { !$0.contains("(same as") } }
        for line in synopsis + commands.flatMap(\.spec.usage) {
            page.synopsisLine(line)
        }
        page.request("fi")

        page.request("SH", "DESCRIPTION")
        page.text("`iconlint` " + CLI.tagline)

        // The overview's sections, in order, each a section of the page; the commands'
        // own pages follow their list.
        for case .section(let heading, let list) in overview {
            page.request("SH", heading.uppercased())
            page.items(list.items)
            guard heading == "Commands" else { continue }
            for command in commands {
                page.request("SS", "iconlint \(command.name)")
                page.blocks(command.spec.resolvedBlocks)
            }
        }
        page.request("SH", "ENVIRONMENT")
        page.items(Self.environment.map { HelpItem($0, [$1]) })
        page.request("SH", "FILES")
        page.items(Self.files.map { HelpItem($0, [$1]) })
        return page.output
    }

    /// What the CLI reads from its environment (each is also described where it acts).
    static let environment = [
        ("NO_COLOR", "When set and not empty, the text report has no colour (also off when stdout is not a terminal, or with TERM=dumb)."),
        ("GITHUB_WORKSPACE", "The repository checkout: github annotations and SARIF paths are made relative to it."),
        (
            "XDG_CACHE_HOME",
            "Where the image-facts cache lives by default (`$XDG_CACHE_HOME/iconlint`, else `~/.cache/iconlint`; `~/Library/Caches/iconlint` on macOS); see `--cache-path` and `--no-cache`."
        ),
    ]

    /// The files the CLI reads besides its arguments.
    static let files = [
        (".iconlint.json", "The configuration nearest above each linted PATH, up to the repository's root (see `--config`)."),
        ("~/.cache/iconlint/", "Image facts kept between runs, so a rerun of an unchanged tree only stats its images."),
    ]
}

/// A man(7) document under construction: requests, escaped text, definition lists.
struct Roff {
    private(set) var output = ""

    mutating func request(_ name: String, _ arguments: String...) {
        output += "." + name
        for argument in arguments {
            output += " \"" + Self.escape(argument).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
        }
        output += "\n"
    }

    /// Prose, filled by the formatter; `code` in backticks is set in bold.
    mutating func text(_ text: String) {
        var pieces = text.components(separatedBy: "`")
        // An unpaired backtick stays a grave accent.
        if pieces.count % 2 == 0 {
            let last = pieces.removeLast()
            pieces[pieces.count - 1] += "`" + last
        }
        // Odd pieces were between backticks.
        let line = pieces.enumerated().map { index, piece in
            index % 2 == 1 ? "\\fB" + Self.escape(piece) + "\\fR" : Self.escape(piece)
        }.joined()
        output += Self.guardControl(line) + "\n"
    }

    /// A synopsis line in no-fill mode: the program name in bold, the rest as written.
    mutating func synopsisLine(_ line: String) {
        let rest = line.hasPrefix("iconlint") ? String(line.dropFirst("iconlint".count)) : line
        output += (line.hasPrefix("iconlint") ? "\\fBiconlint\\fR" : "") + Self.guardControl(Self.escape(rest)) + "\n"
    }

    mutating func blocks(_ blocks: [HelpBlock]) {
        for block in blocks {
            switch block {
            case .synopsis(let lines):
                request("PP")
                request("nf")
                for line in lines { synopsisLine(line) }
                request("fi")
            case .paragraph(let lines, let list):
                request("PP")
                text(lines.joined(separator: " "))
                if let list { items(list.items) }
            case .section(let heading, let list):
                request("PP")
                output += "\\fB" + Self.guardControl(Self.escape(heading)) + "\\fR\n"
                items(list.items)
            // Filled in by CommandSpec.resolvedBlocks.
            case .usage, .options: break
            }
        }
    }

    /// A definition list: `.TP` per item, a nested list indented under its item (`.RS`).
    mutating func items(_ items: [HelpItem]) {
        for item in items {
            request("TP")
            output += term(item.term) + "\n"
            if !item.lines.isEmpty { text(item.text) }
            if let nested = item.list {
                request("RS")
                self.items(nested.items)
                request("RE")
            }
        }
    }

    /// An item's term: option names in bold, their placeholders in italics ("--reporter FORMAT",
    /// "-h, --help"); any other term (a command, an exit status, a value) in bold.
    private func term(_ term: String) -> String {
        let text = term.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let escaped = Self.escape(String(word))
            let isPlaceholder = !word.hasPrefix("-") && word.uppercased() == word && word.contains(where: \.isLetter)
            return isPlaceholder && term.hasPrefix("-") ? "\\fI" + escaped + "\\fR" : "\\fB" + escaped + "\\fR"
        }
        return Self.guardControl(text.joined(separator: " "))
    }

    /// A backslash as `\e`, a backtick as `\(ga`, a hyphen that starts a word (an option) as the minus sign `\-`
    /// so it can be searched and copied, and every non-ASCII character as `\[uXXXX]` so the
    /// page needs no input encoding.
    static func escape(_ text: String) -> String {
        var result = ""
        var previous: Character = " "
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "`": result += "\\(ga"
            case "-" where (previous == " " || previous == "-" || "([`'\"=,|/".contains(previous)): result += "\\-"
            default:
                if character.isASCII {
                    result.append(character)
                } else {
                    for scalar in character.unicodeScalars {
                        result += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
                    }
                }
            }
            previous = character
        }
        return result
    }

    /// A line starting with `.` or `'` would be read as a request: `\&` makes it text.
    static func guardControl(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
