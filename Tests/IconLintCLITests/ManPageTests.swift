import Foundation
import IconLintTestSupport
import Testing

/// `iconlint man` and docs/iconlint.1: the manual page made from the help texts.
@Suite("Manual page")
struct ManPageTests {
    static let committed = ShellTools.repository + "/docs/iconlint.1"

    @Test func committedPageIsCurrent() throws {
        let page = try CLI.run(["man"])
        #expect(page.status == 0, "\(page.stderr)")
        // Regenerate with `scripts/iconlint man > docs/iconlint.1` (or ICONLINT_RECORD_SNAPSHOTS=1).
        try Golden.assertText(page.stdout, at: Self.committed, name: "docs/iconlint.1")
    }

    /// groff with every warning on: nothing to say, and the rendered page holds every command,
    /// every option of every command's help, and every exit status.
    @Test func pageRendersWithoutWarningsAndHoldsEveryOption() throws {
        guard let groff = ShellTools.groff else { return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/iconlint.1"
        try Data(try CLI.run(["man"]).stdout.utf8).write(to: URL(fileURLWithPath: page))
        let check = try CLI.run(["-ww", "-z", "-man", page], program: groff)
        #expect(check.status == 0)
        #expect(check.stderr.isEmpty, "groff warnings: \(check.stderr)")
        // Plain text, one long line per paragraph, so no option is hyphenated or wrapped apart.
        let rendered = try CLI.run(["-man", "-Tutf8", "-P-cbou", "-rLL=400n", page], program: groff)
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        // The page's minus signs are U+2212 under -Tutf8; read them back as hyphens.
        let text = rendered.stdout.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS"] {
            #expect(text.contains("\n" + section + "\n"), "section \(section)")
        }
        for command in ["lint", "inspect", "generate", "rules", "completions", "man"] {
            #expect(text.contains("iconlint \(command)\n"), "subsection for \(command)")
            let help = try CLI.run(["help", command]).stdout
            for option in CompletionTests.optionNames(inHelp: help) {
                #expect(text.contains(option), "\(command) \(option)")
            }
            // The description (the paragraph after the usage) is in the page, word for word.
            let description = help.components(separatedBy: "\n\n").dropFirst().first ?? ""
            #expect(!description.isEmpty)
            #expect(Self.words(text).contains(Self.words(description)), "\(command)'s description")
        }
        for status in ["0", "1", "2", "130, 143"] {
            #expect(text.contains("\n       \(status) ") || text.contains("\n       \(status)\n"), "exit status \(status)")
        }
    }

    /// The words of a text, one space apart, without backticks (the page sets them in bold).
    static func words(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Text the man macros would read as requests or escapes is escaped: a help line starting
    /// with a period, backslashes, non-ASCII characters.
    @Test func escapesRoffSyntax() throws {
        let page = try CLI.run(["man"]).stdout
        for line in page.split(separator: "\n") where line.hasPrefix(".") {
            let request = line.dropFirst().prefix { $0 != " " }
            #expect(["TH", "nh", "SH", "SS", "PP", "TP", "RS", "RE", "IP", "nf", "fi"].contains(String(request)), "\(line)")
        }
        let ascii = page.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "non-ASCII characters are written as \\[uXXXX]")
        // generate's help has "CFBundleAlternateIcons → NAME".
        #expect(page.contains("CFBundleAlternateIcons \\[u2192] NAME"))
    }
}
