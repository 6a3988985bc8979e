import Foundation
import IconLintTestSupport
import IconSupport
import Testing

/// `ShellWords.split`, the one splitter of list build settings and preprocessor flags: the
/// documented cases, then random text split by it and by `sh` itself.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        (#"DEBUG=1 BETA NAME="My App" 'Q=a b'"#, ["DEBUG=1", "BETA", "NAME=My App", "Q=a b"]),
        // Inside single quotes a backslash is literal; the quote after it closes them.
        (#"'a\b' 'c\'d"#, [#"a\b"#, #"c\d"#]),
        // Inside double quotes a backslash escapes only $ ` " \ and a newline.
        (#""a\b" "a\"b" "a\\b" "a\$b""#, [#"a\b"#, #"a"b"#, #"a\b"#, "a$b"]),
        (#"a\ b c\\d \'e"#, ["a b", #"c\d"#, "'e"]),
        ("a\\\nb \"c\\\nd\"", ["ab", "cd"]),
        ("  \t a\t\tb\n c  ", ["a", "b", "c"]),
        (#"'' "" x''y"#, ["", "", "xy"]),
        ("", []),
        // What sh refuses or keeps: a trailing backslash stays, an unclosed quote runs to the end.
        (#"a\"#, [#"a\"#]),
        (#"'a b"#, ["a b"]),
        // A quote followed by a combining mark is still a quote.
        ("'\u{301}x' y", ["\u{301}x", "y"]),
    ])
    func splitsAsTheShellDoes(text: String, words: [String]) {
        #expect(ShellWords.split(text) == words)
    }

    /// Random text from the characters that matter to quoting (no `$`, backquote, glob or
    /// operator, which sh would expand or act on), split by `sh -c 'printf ...'` and by
    /// `ShellWords`: the words must be the same. Text sh refuses (an unclosed quote) is skipped.
    @Test func agreesWithShOnRandomText() throws {
        let pieces = ["a", "b", "é", "e\u{301}", "=", "-", ",", " ", " ", "\t", "'", "'", "\"", "\"", "\\", "\\", "\\\\"]
        var random = SplitMix64(seed: 0x5eed_5e11)
        var compared = 0
        for _ in 0..<300 {
            let text = (0..<(1 + random.below(14))).map { _ in pieces[random.below(pieces.count)] }.joined()
            guard let words = try Self.shellWords(text) else { continue }
            #expect(ShellWords.split(text) == words, "\(Array(text.unicodeScalars))")
            compared += 1
        }
        // Most random texts have balanced quotes; a run that compared few would prove little.
        #expect(compared >= 100, "\(compared) texts compared")
    }

    /// The words `/bin/sh` makes of `text`, or nil when it refuses the text.
    static func shellWords(_ text: String) throws -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A first word `x` tells no words ("[x]" alone) from one empty word ("[x]" and "[]").
        process.arguments = ["-c", "printf '[%s]\\n' x " + text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.first == "[x]", lines.allSatisfy({ $0.hasPrefix("[") && $0.hasSuffix("]") }) else { return nil }
        return lines.dropFirst().map { String($0.dropFirst().dropLast()) }
    }
}
