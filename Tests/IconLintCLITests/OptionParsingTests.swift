import Foundation
import Testing

/// The parser knows an option's kind from the same declaration the help prints: every option
/// the help shows with a placeholder takes a value, every other one is a flag.
@Suite("Options as the help declares them")
struct OptionParsingTests {
    /// `--reporter FORMAT` → ("--reporter", "FORMAT"); `--strict` → ("--strict", nil).
    static func options(inHelp help: String) -> [(name: String, placeholder: String?)] {
        guard let section = help.range(of: "\nOptions:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").prefix { !$0.isEmpty }.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count == 2, trimmed.hasPrefix("--") else { return nil }
            let term = trimmed.components(separatedBy: "  ")[0].split(separator: " ").map(String.init)
            return (term[0], term.count > 1 ? term[1] : nil)
        }
    }

    /// The commands `iconlint --help` lists (a new command is checked without a test edit).
    static func commands() throws -> [String] {
        let overview = try CLI.run(["--help"]).stdout
        guard let section = overview.range(of: "\nCommands:\n") else { return [] }
        return overview[section.upperBound...].split(separator: "\n").prefix { !$0.isEmpty }.compactMap { line in
            line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
    }

    @Test func valuedOptionsNeedAValueAndFlagsTakeNone() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let commands = try Self.commands()
        #expect(Set(["lint", "inspect", "generate", "rules", "completions", "man"]).isSubset(of: commands), "\(commands)")
        var checked = 0
        for command in commands {
            checked += try Self.check(command, in: folder)
        }
        // lint, generate, inspect and rules alone have 33.
        #expect(checked >= 33)
    }

    /// Checks each option of `command`'s help; returns how many there were.
    static func check(_ command: String, in folder: String) throws -> Int {
        let options = Self.options(inHelp: try CLI.run(["help", command]).stdout)
        for (name, placeholder) in options {
            // Last on the line, a valued option has nothing to take; `=x` is refused by a flag.
            let output = try CLI.run(placeholder == nil ? [command, name + "=x"] : [command, name], in: folder)
            let expected = placeholder == nil ? "iconlint: \(name) takes no value\n" : "iconlint: \(name) needs a value\n"
            #expect(output.status == 2, "\(command) \(name)")
            #expect(output.stderr == expected, "\(command) \(name): \(output.stderr)")
        }
        return options.count
    }

    /// `--name=value` and `--name value` are one option; a short name only where declared.
    @Test func bothValueFormsAndTheGlobalShortHelp() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["rules", "--json"], ["inspect", "--max-size=0", "x.png"], ["inspect", "--max-size", "0", "x.png"]] {
            let output = try CLI.run(arguments, in: folder)
            #expect(!output.stderr.contains("unknown option"), "\(arguments): \(output.stderr)")
        }
        let maxSize = try CLI.run(["inspect", "--max-size=0", "x.png"], in: folder)
        #expect(maxSize.stderr == "iconlint: --max-size must be a positive number; got '0'\n")
        #expect(try CLI.run(["lint", "-h"]).stdout == (try CLI.run(["help", "lint"]).stdout))
        let short = try CLI.run(["rules", "-j"], in: folder)
        #expect(short.status == 2 && short.stderr == "iconlint: unknown option '-j' for rules; see `iconlint help rules`\n")
    }
}
