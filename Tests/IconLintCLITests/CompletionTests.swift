import Foundation
import IconLintCore
import Testing

/// `iconlint completions SHELL`: each script is loaded into its real shell and asked to complete.
@Suite("Shell completions")
struct CompletionTests {
    /// A folder to complete paths in: `Example/`, `Examples.txt`, `notes.md`.
    static func pathsFolder() throws -> String {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Example", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/Examples.txt"))
        try Data().write(to: URL(fileURLWithPath: folder + "/notes.md"))
        return folder
    }

    /// The shells' own files (fish writes its settings and history) go under the test's folder.
    static func environment(_ folder: String) -> [String: String] {
        [
            "HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/home/.config", "XDG_DATA_HOME": folder + "/home/.local/share",
            "XDG_CACHE_HOME": folder + "/home/.cache",
        ]
    }

    static func script(_ shell: String, in folder: String) throws -> String {
        let output = try CLI.run(["completions", shell])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        let path = folder + "/completion.\(shell)"
        try Data(output.stdout.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let reporters = Set(ReporterKind.allCases.map(\.rawValue))
    static let rules = Set(RuleCatalog.all.map(\.id.rawValue))
    static let commands: Set<String> = ["lint", "inspect", "generate", "fix", "rules", "completions", "man", "help"]

    /// Command line (the last word is the one completed) and the candidates expected.
    static let cases: [(words: [String], expected: Set<String>)] = [
        (["iconlint", "lint", "--rep"], ["--reporter"]),
        (["iconlint", "lint", "--reporter", ""], reporters),
        (["iconlint", "--reporter", "j"], reporters.filter { $0.hasPrefix("j") }),
        (["iconlint", "lint", "--disable", "icon-file-m"], rules.filter { $0.hasPrefix("icon-file-m") }),
        (
            ["iconlint", "lint", "--only", "icon-file-missing,icon-en"],
            Set(rules.filter { $0.hasPrefix("icon-en") }.map { "icon-file-missing," + $0 })
        ),
        (["iconlint", "completions", ""], ["bash", "zsh", "fish"]),
        (["iconlint", "help", ""], commands.subtracting(["help"])),
        (["iconlint", "lint", "Exa"], ["Example", "Examples.txt"]),
        (["iconlint", "inspect", "no"], ["notes.md"]),
        (["iconlint", "lint", "--cache-path", "Ex"], ["Example"]),
        (["iconlint", "lint", "--max-size", ""], []),
        (["iconlint", "generate", "--style", "app"], ["appiconset"]),
        (["iconlint", "rules", "--"], ["--json", "--markdown", "--help"]),
    ]

    @Test func bashCompletesCommandsOptionsValuesAndPaths() throws {
        let bash = try #require(ShellTools.bash)
        let folder = try Self.pathsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try Self.script("bash", in: folder)
        #expect(try CLI.run(["-n", script], program: bash).status == 0)
        var cases = Self.cases
        cases += [
            // At the first word: commands, files, and lint's options (`iconlint --strict` lints).
            (["iconlint", "l"], ["lint"]),
            (["iconlint", "Exa"], ["Example", "Examples.txt"]),
            (["iconlint", "--str"], ["--strict"]),
            (["iconlint", "--vers"], ["--version"]),
            // `--reporter=j` as one word, and as readline splits it at '='.
            (["iconlint", "lint", "--reporter=j"], Set(Self.reporters.filter { $0.hasPrefix("j") }.map { "--reporter=" + $0 })),
            (["iconlint", "lint", "--reporter", "=", "x"], ["xcode"]),
        ]
        for (words, expected) in cases {
            let array = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let program = """
                source \(script) || exit 9
                complete -p iconlint >/dev/null || exit 8
                COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
                _iconlint
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let output = try CLI.run(["-c", program], in: folder, environment: Self.environment(folder), program: bash)
            #expect(output.status == 0, "\(words): \(output.stderr)")
            #expect(Self.candidates(output.stdout) == expected, "\(words)")
        }
    }

    @Test func zshCompletesThroughItsCompletionSystem() throws {
        guard let zsh = ShellTools.zsh else { return }
        let folder = try Self.pathsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try Self.script("zsh", in: folder)
        #expect(try CLI.run(["-n", script], program: zsh).status == 0, "zsh -n")
        // As installed: a file named _iconlint in a folder on $fpath, found by compinit.
        let functions = folder + "/site-functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: script, toPath: functions + "/_iconlint")
        // An interactive zsh on a pseudo-terminal (zpty) types each line and TAB; compadd is
        // wrapped to write every candidate the completion offers to a file per line, and TAB
        // is bound to a widget that completes and then says so on the terminal, which the
        // driver waits for before the next line.
        let driver = folder + "/query.zsh"
        try Data(
            """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'PROMPT= RPROMPT= ; fpath=('$1' $fpath); autoload -U compinit; compinit -u -D'
            zpty -w z 'compadd() { local -a m; builtin compadd -O m "$@"; print -r -l -- $m >>$found; builtin compadd "$@" }'
            zpty -w z 'complete-and-say() { zle complete-word; print -r -- "END:$found:" >/dev/tty }'
            zpty -w z 'zle -N complete-and-say; bindkey "^I" complete-and-say; print -r -- "READY""."'
            zpty -r z reply '*READY.*'
            shift
            n=0
            for line in "$@"; do
                n=$((n + 1))
                zpty -w z "found=found.$n"
                zpty -w -n z "$line"$'\\t'
                zpty -r z reply "*END:found.$n:*"
                zpty -w -n z $'\\C-u'
            done
            zpty -d z
            """.utf8
        ).write(to: URL(fileURLWithPath: driver))
        let cases = Self.cases + [(["iconlint", "lint", "--reporter=j"], Self.reporters.filter { $0.hasPrefix("j") })]
        // zpty has no timeout of its own: `timeout` ends a shell that never answers.
        guard let timeout = ShellTools.find("timeout") ?? ShellTools.find("gtimeout") else {
            FileHandle.standardError.write(Data("note: no timeout(1) here; zsh's completion queries are skipped\n".utf8))
            return
        }
        let output = try CLI.run(
            ["60", zsh, "-f", driver, functions] + cases.map { $0.words.joined(separator: " ") }, in: folder,
            environment: Self.environment(folder), program: timeout)
        #expect(output.status == 0, "\(output.stderr)")
        for (index, (words, expected)) in cases.enumerated() {
            let offered = Self.candidates((try? String(contentsOfFile: folder + "/found.\(index + 1)", encoding: .utf8)) ?? "")
            // zsh shows what it adds; `--only a,b` adds the item after the comma.
            let expectedHere = Set(expected.map { $0.split(separator: ",").last.map(String.init) ?? $0 })
            #expect(offered == expectedHere, "\(words)")
        }
    }

    @Test func fishCompletesWithCompleteC() throws {
        guard let fish = ShellTools.fish else { return }
        let folder = try Self.pathsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try Self.script("fish", in: folder)
        #expect(try CLI.run(["-n", script], environment: Self.environment(folder), program: fish).status == 0, "fish -n")
        let only = Set(Self.rules.filter { $0.hasPrefix("icon-en") }.map { "--only=icon-file-missing," + $0 })
        let cases = Self.cases + [(["iconlint", "--only=icon-file-missing,icon-en"], only)]
        for (words, expected) in cases {
            let line = words.joined(separator: " ").replacingOccurrences(of: "'", with: "\\'")
            let output = try CLI.run(
                ["-c", "source \(script); complete -C '\(line)'"], in: folder, environment: Self.environment(folder), program: fish)
            #expect(output.status == 0, "\(words): \(output.stderr)")
            // fish prints "candidate<TAB>description" and a folder with its slash.
            let offered = Set(
                Self.candidates(output.stdout).map { line in
                    let candidate = line.split(separator: "\t").first.map(String.init) ?? ""
                    return candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
                })
            #expect(offered == expected, "\(words)")
        }
    }

    @Test func unknownShellIsAUsageError() throws {
        for arguments in [["completions", "tcsh"], ["completions"], ["completions", "bash", "zsh"], ["man", "extra"]] {
            let output = try CLI.run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.hasPrefix("iconlint: "), "\(arguments)")
            #expect(output.stderr.split(separator: "\n").count == 1, "one line: \(output.stderr)")
        }
    }

    /// What the completions offer comes from the help; the help must list only options the
    /// commands accept (and the completions must offer each).
    @Test func everyOptionInTheHelpIsAcceptedAndCompleted() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bash = try CLI.run(["completions", "bash"]).stdout
        for command in Self.commands.subtracting(["help"]) {
            let help = try CLI.run(["help", command]).stdout
            let options = Self.optionNames(inHelp: help)
            #expect(!options.isEmpty || command == "man" || command == "completions", "\(command) lists options")
            for option in options {
                // In an empty folder: every command stops early, but never at an unknown option.
                let output = try CLI.run([command, option], in: folder)
                #expect(!output.stderr.contains("unknown option"), "\(command) \(option): \(output.stderr)")
                let completed = [" \(option) ", " \(option)'", "'\(option) "].contains { bash.contains($0) }
                #expect(completed, "\(command) \(option) completed")
            }
        }
    }

    /// `  --reporter FORMAT   Report format`: the options an Options section names.
    static func optionNames(inHelp help: String) -> [String] {
        guard let section = help.range(of: "\nOptions:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").prefix { !$0.isEmpty }.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count == 2, trimmed.hasPrefix("--") else { return nil }
            return String(trimmed.prefix { $0 != " " })
        }
    }

    static func candidates(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    }
}
