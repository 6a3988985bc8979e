/// `iconlint completions bash|zsh|fish`: a completion script made from the commands' specs
/// (their options, and what each option's value completes to).
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
        usage: ["iconlint completions SHELL"], arguments: ArgumentSpec("SHELL", .oneOf(Shell.allCases.map(\.rawValue))),
        optionColumn: 0, options: [],
        blocks: [
            .usage,
            .paragraph(
                [
                    "Prints a completion script for SHELL (\(Shell.allCases.map(\.rawValue).joined(separator: ", "))): commands, their options,",
                    "option values (reporters, rule ids, styles, filters) and paths. Try it in the current",
                    "shell with `source <(iconlint completions bash)`; scripts/install installs all three:",
                ],
                list: HelpList(
                    indent: 2, column: 8,
                    [
                        HelpItem("bash", ["share/bash-completion/completions/iconlint"]),
                        HelpItem("zsh", ["share/zsh/site-functions/_iconlint"]),
                        HelpItem("fish", ["share/fish/vendor_completions.d/iconlint.fish"]),
                    ])),
            .paragraph(["Exit status: 0 printed, 2 usage error (an unknown SHELL)."]),
        ])

    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard args.positionals.count == 1 else {
            throw CLIError(message: "completions takes one shell: \(shells)")
        }
        guard let shell = Shell(rawValue: args.positionals[0]) else {
            throw CLIError(message: "completions takes one of \(shells); got '\(args.positionals[0])'")
        }
        let spec = CompletionSpec(commands: CLI.commands)
        switch shell {
        case .bash: Console.out(BashCompletion.script(spec))
        case .zsh: Console.out(ZshCompletion.script(spec))
        case .fish: Console.out(FishCompletion.script(spec))
        }
        return .success
    }
}

/// What completion knows about the command line, from the commands' specs: each command's
/// options with their placeholders and first sentences, and what its arguments are.
struct CompletionSpec {
    enum Values: Equatable {
        /// A flag.
        case none
        /// Any text (a number, a name): nothing to offer.
        case free
        case files
        case directories
        case words([String])
        /// Comma-separated words.
        case list([String])

        /// What a value that completes this way takes.
        init(_ completion: ValueCompletion) {
            switch completion {
            case .none: self = .free
            case .files: self = .files
            case .directories: self = .directories
            case .oneOf(let words): self = .words(words)
            case .listOf(let words): self = .list(words)
            }
        }
    }

    struct Option {
        var names: [String]
        var placeholder: String?
        var summary: String
        var values: Values
        var long: [String] { names.filter { $0.hasPrefix("--") } }
        var short: [String] { names.filter { !$0.hasPrefix("--") } }

        init(_ option: OptionSpec) {
            names = option.names
            placeholder = option.value
            summary = CompletionSpec.sentence(option.item.firstSentence)
            values = option.isFlag ? .none : Values(option.completion)
        }
    }

    struct Command {
        var name: String
        var summary: String
        var options: [Option]
        var arguments: Values
        /// The placeholder of the arguments in the usage (PATH, FILE, SHELL, ...).
        var argumentName: String
        /// Several arguments may be given.
        var repeated: Bool
    }

    /// Every command, `help` last.
    var commands: [Command]
    /// The options of the command line itself (`--help`, `--version`).
    var global: [Option]
    /// `iconlint [PATH...] [options]` lints: the command used when the first word is none.
    var implicit: Command { commands.first { $0.name == "lint" } ?? commands[0] }

    init(commands entries: [CommandEntry]) {
        global = CLI.globalOptions.map(Option.init)
        let help = global.filter { $0.names.contains("--help") }
        commands = entries.map { entry in
            let arguments = entry.spec.arguments
            return Command(
                name: entry.name, summary: Self.sentence(entry.summary), options: entry.spec.options.map(Option.init) + help,
                arguments: arguments.map { Values($0.completion) } ?? .none, argumentName: arguments?.name ?? "",
                repeated: arguments?.repeated ?? false)
        }
        commands.append(
            Command(
                name: "help", summary: CLI.helpCommand.firstSentence, options: [], arguments: .words(entries.map(\.name)),
                argumentName: "COMMAND", repeated: false))
    }

    /// A one-line hint: no trailing period or colon.
    static func sentence(_ text: String) -> String {
        var text = text
        while text.hasSuffix(".") || text.hasSuffix(":") { text.removeLast() }
        return text
    }
}

/// Quoting for the scripts: every value the generators print goes through these.
enum ShellQuote {
    /// POSIX single quotes (bash, zsh): `'` becomes `'\''`.
    static func single(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// fish single quotes: only `\` and `'` are escaped.
    static func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

/// bash: one function, `_iconlint`, that needs nothing but bash (not the bash-completion package).
enum BashCompletion {
    static func script(_ spec: CompletionSpec) -> String {
        let names = spec.commands.map(\.name)
        let commandPattern = names.joined(separator: " | ")
        var values: [String] = []
        var options: [String] = []
        var arguments: [String] = []
        for command in spec.commands {
            var optionWords = command.options.flatMap(\.names)
            if command.name == spec.implicit.name {
                // At the first word, lint's options and the global ones both apply.
                optionWords += spec.global.flatMap(\.names).filter { !optionWords.contains($0) }
            }
            options.append("    \(command.name)) echo \(ShellQuote.single(optionWords.joined(separator: " "))) ;;")
            for option in command.options where option.values != .none {
                let patterns = option.names.map { ShellQuote.single("\(command.name) \($0)") }.joined(separator: " | ")
                values.append("    \(patterns)) \(reply(option.values, word: "$3")) ;;")
            }
            if command.arguments != .none {
                arguments.append("    \(command.name)) \(reply(command.arguments, word: "$2")) ;;")
            }
        }
        return """
            # bash completion for iconlint \(CLI.version), generated by `iconlint completions bash`.
            # Try it with `source <(iconlint completions bash)`; scripts/install saves it as
            # share/bash-completion/completions/iconlint, where bash-completion finds it.

            # COMPREPLY from standard input, one candidate a line (a file name's spaces are kept).
            _iconlint_reply() {
                COMPREPLY=()
                local line
                while IFS= read -r line; do COMPREPLY+=("$line"); done
            }

            # Completes the item after the last comma of $1, a comma-separated list of the other arguments.
            _iconlint_list() {
                local word=$1 head="" choice
                shift
                [[ $word == *,* ]] && head=${word%,*},
                COMPREPLY=()
                for choice in "$@"; do
                    [[ $choice == "${word##*,}"* ]] && COMPREPLY+=("$head$choice")
                done
            }

            # Files, or folders with -d, that complete $2 (or $1 without -d).
            _iconlint_files() {
                local kind=-f
                [[ $1 == -d ]] && kind=-d && shift
                _iconlint_reply < <(compgen "$kind" -- "$1")
                compopt -o filenames 2>/dev/null
                return 0
            }

            # COMPREPLY for the value of option $2 of command $1 that completes $3; status 1 when
            # $2 takes no value.
            _iconlint_values() {
                case "$1 $2" in
            \(values.joined(separator: "\n"))
                *) return 1 ;;
                esac
                return 0
            }

            # The options of command $1.
            _iconlint_options() {
                case "$1" in
            \(options.joined(separator: "\n"))
                esac
            }

            # COMPREPLY for the arguments of command $1 that complete $2.
            _iconlint_arguments() {
                COMPREPLY=()
                case "$1" in
            \(arguments.joined(separator: "\n"))
                esac
            }

            _iconlint() {
                local cword=$COMP_CWORD word=${COMP_WORDS[COMP_CWORD]} command=\(spec.implicit.name) first=1 option="" prefix=""
                # The command is the first word; without one, `iconlint [PATH...] [options]` lints.
                case "${COMP_WORDS[1]}" in
                \(commandPattern)) ((cword > 1)) && command=${COMP_WORDS[1]} && first=2 ;;
                esac
                # An option's value: `--reporter j`, or `--reporter=j` as one word or as three
                # (readline splits words at '=').
                local previous=${COMP_WORDS[cword - 1]}
                if [[ $word == --*=* ]]; then
                    option=${word%%=*} prefix=${word%%=*}= word=${word#*=}
                elif [[ $word == = ]] && ((cword > first)); then
                    option=$previous word=""
                elif [[ $previous == = ]] && ((cword > first + 1)); then
                    option=${COMP_WORDS[cword - 2]}
                elif ((cword > first)); then
                    option=$previous
                fi
                if [[ $option == -* ]] && _iconlint_values "$command" "$option" "$word"; then
                    [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
                    return 0
                fi
                if [[ $word == -* ]]; then
                    _iconlint_reply < <(compgen -W "$(_iconlint_options "$command")" -- "$word")
                elif ((cword == 1)); then
                    _iconlint_reply < <(compgen -W \(ShellQuote.single(names.joined(separator: " "))) -- "$word"; compgen -f -- "$word")
                    compopt -o filenames 2>/dev/null
                else
                    _iconlint_arguments "$command" "$word"
                fi
                return 0
            }

            complete -F _iconlint iconlint
            """
    }

    /// The shell code that fills COMPREPLY with `values` completing `word`.
    private static func reply(_ values: CompletionSpec.Values, word: String) -> String {
        switch values {
        case .none, .free: "COMPREPLY=()"
        case .files: "_iconlint_files \"\(word)\""
        case .directories: "_iconlint_files -d \"\(word)\""
        case .words(let words): "_iconlint_reply < <(compgen -W \(ShellQuote.single(words.joined(separator: " "))) -- \"\(word)\")"
        case .list(let words): "_iconlint_list \"\(word)\" \(words.map(ShellQuote.single).joined(separator: " "))"
        }
    }
}

/// zsh: `_arguments` specs per command, with each option's first sentence as its description.
enum ZshCompletion {
    static func script(_ spec: CompletionSpec) -> String {
        var functions: [String] = []
        for command in spec.commands {
            var specs = optionSpecs(command.options)
            if command.name == spec.implicit.name {
                // At the first word: lint's options and --version (--help is one of lint's).
                let global = spec.global.filter { !$0.names.contains("--help") }
                functions.append(function("_iconlint_top", specs: specs + optionSpecs(global)))
            }
            if command.arguments != .none {
                let repeated = command.repeated ? "*" : "1"
                specs.append(ShellQuote.single("\(repeated):\(command.argumentName):\(action(command.arguments))"))
            }
            functions.append(function("_iconlint_\(command.name)", specs: specs))
        }
        let described = spec.commands.map { "        " + ShellQuote.single("\($0.name):\($0.summary)") }
        return """
            #compdef iconlint
            # zsh completion for iconlint \(CLI.version), generated by `iconlint completions zsh`.
            # scripts/install saves it as share/zsh/site-functions/_iconlint (a folder on $fpath);
            # in a running shell with compinit loaded, `source <(iconlint completions zsh)` works too.

            \(functions.joined(separator: "\n\n"))

            _iconlint() {
                local -a commands
                commands=(
            \(described.joined(separator: "\n"))
                )
                # The command is the first word; without one, `iconlint [PATH...] [options]` lints.
                if ((CURRENT > 2)) && ((${+functions[_iconlint_${words[2]}]})) && [[ ${words[2]} != top ]]; then
                    local command=${words[2]}
                    shift words
                    ((CURRENT--))
                    _iconlint_$command
                elif ((CURRENT == 2)) && [[ $PREFIX != -* ]]; then
                    local ret=1
                    _describe -t commands 'iconlint command' commands && ret=0
                    _files && ret=0
                    return ret
                else
                    _iconlint_top
                fi
            }

            if [[ $funcstack[1] == _iconlint ]]; then
                # Autoloaded from $fpath: this file is the body of _iconlint's first call.
                _iconlint "$@"
            else
                compdef _iconlint iconlint
            fi
            """
    }

    private static func optionSpecs(_ options: [CompletionSpec.Option]) -> [String] {
        options.flatMap { option in option.names.map { optionSpec($0, option) } }
    }

    private static func function(_ name: String, specs: [String]) -> String {
        guard !specs.isEmpty else { return "\(name)() {\n    _message 'no arguments'\n}" }
        return "\(name)() {\n    _arguments -s -S \\\n" + specs.map { "        " + $0 }.joined(separator: " \\\n") + "\n}"
    }

    /// `--reporter=[Report format]:FORMAT:(text json)`: `=` lets the value follow as the next
    /// word or after '='.
    private static func optionSpec(_ name: String, _ option: CompletionSpec.Option) -> String {
        let description = "[" + escapeDescription(option.summary) + "]"
        guard option.values != .none else { return ShellQuote.single(name + description) }
        let equals = name.hasPrefix("--") ? "=" : ""
        return ShellQuote.single(name + equals + description + ":" + (option.placeholder ?? "value") + ":" + action(option.values))
    }

    private static func action(_ values: CompletionSpec.Values) -> String {
        switch values {
        case .none, .free: " "
        case .files: "_files"
        case .directories: "_files -/"
        case .words(let words): "(" + words.map(escapeWord).joined(separator: " ") + ")"
        case .list(let words): "_values -s , value " + words.map(escapeWord).joined(separator: " ")
        }
    }

    /// Brackets and backslashes would end or bend an `_arguments` description.
    private static func escapeDescription(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A value in `(a b)` or `_values`: anything but letters, digits, `-`, `_`, `.` backslashed.
    private static func escapeWord(_ word: String) -> String {
        var result = ""
        for character in word {
            if !(character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// fish: `complete` lines guarded by the command the line is in.
enum FishCompletion {
    static func script(_ spec: CompletionSpec) -> String {
        var lines: [String] = []
        let names = spec.commands.map(\.name).joined(separator: " ")
        for command in spec.commands {
            lines.append("complete -c iconlint -n '__iconlint_in top' -a \(command.name) -d \(ShellQuote.fish(command.summary))")
        }
        for command in spec.commands {
            // lint's options also apply at the first word (`iconlint --strict`).
            let scope = command.name == spec.implicit.name ? "top \(command.name)" : command.name
            for option in command.options { lines.append(optionLine(option, scope: scope)) }
            switch command.arguments {
            case .none, .free: break
            case .files: lines.append("complete -c iconlint -n '__iconlint_in \(scope)' -F")
            case .directories: lines.append("complete -c iconlint -n '__iconlint_in \(scope)' -a '(__fish_complete_directories)'")
            case .words(let words), .list(let words):
                lines.append("complete -c iconlint -n '__iconlint_in \(scope)' -a \(ShellQuote.fish(words.joined(separator: " ")))")
            }
        }
        for option in spec.global where !option.names.contains("--help") { lines.append(optionLine(option, scope: "top")) }
        return """
            # fish completion for iconlint \(CLI.version), generated by `iconlint completions fish`.
            # scripts/install saves it as share/fish/vendor_completions.d/iconlint.fish; try it with
            # `iconlint completions fish | source`.

            # The command the line is in: the first word when it is one, `top` at the first word,
            # else lint (`iconlint [PATH...] [options]` lints).
            function __iconlint_command
                set -l words (commandline -opc)
                if test (count $words) -lt 2
                    echo top
                else if contains -- $words[2] \(names)
                    echo $words[2]
                else
                    echo lint
                end
            end

            function __iconlint_in
                contains -- (__iconlint_command) $argv
            end

            # The items of a comma-separated list: the token up to its last comma, then each choice.
            function __iconlint_list
                set -l head (string replace -r -- '[^,]*$' '' (string replace -r -- '^--[^=]*=' '' (commandline -ct)))
                for choice in $argv
                    echo $head$choice
                end
            end

            complete -c iconlint -f
            \(lines.joined(separator: "\n"))
            """
    }

    private static func optionLine(_ option: CompletionSpec.Option, scope: String) -> String {
        var line = "complete -c iconlint -n '__iconlint_in \(scope)'"
        for name in option.long { line += " -l \(name.dropFirst(2))" }
        for name in option.short { line += " -s \(name.dropFirst(1))" }
        switch option.values {
        case .none: break
        case .free: line += " -x"
        case .files: line += " -r -F"
        case .directories: line += " -x -a '(__fish_complete_directories)'"
        case .words(let words): line += " -x -a " + ShellQuote.fish(words.joined(separator: " "))
        case .list(let words): line += " -x -a " + ShellQuote.fish("(__iconlint_list " + words.joined(separator: " ") + ")")
        }
        return line + " -d " + ShellQuote.fish(option.summary)
    }
}
