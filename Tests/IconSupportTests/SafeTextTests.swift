import Foundation
import Testing

@testable import IconSupport

/// The documented forms of `SafeText`, kind by kind (ForgedOutputTests runs them end to end).
@Suite struct SafeTextTests {
    /// A case named by a plain label: the test log (a CI log itself) never shows the hostile text.
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var raw: String
        var safe: String
        var testDescription: String { label }

        init(_ label: String, _ raw: String, _ safe: String) {
            self.label = label
            self.raw = raw
            self.safe = safe
        }
    }

    @Test(arguments: [
        Case("ordinary text", "plain text, 100% ordinary: a/b.png", "plain text, 100% ordinary: a/b.png"),
        Case("line breaks", "a\nb\r\nc\rd", "a b c d"),
        Case("OSC title", "\u{1B}]0;title\u{07}", #"\u{1B}]0;title\u{07}"#),
        Case("NUL DEL C1", "nul\u{0} del\u{7F} csi\u{9B} nel\u{85}", #"nul\u{00} del\u{7F} csi\u{9B} nel\u{85}"#),
        Case("tab", "tab\tkept", "tab\tkept"),
        Case("separators and bidi", "ls\u{2028} rlo\u{202E} fsi\u{2068}", #"ls\u{2028} rlo\u{202E} fsi\u{2068}"#),
        Case("logging command", "x ##[add-mask]y", #"x #\u{23}[add-mask]y"#),
        Case("vso command", "##VSO[task.setvariable]", #"#\u{23}VSO[task.setvariable]"#),
        Case("hidden by a zero-width space", "#\u{200B}#[hidden]", "#\u{200B}\\u{23}[hidden]"),
        Case("ordinary hashes", "issue #12 and ## headings", "issue #12 and ## headings"),
        Case("command after a newline", "x\n::error::y", "x ::error::y"),
    ])
    func inlineEscapesControlsFoldsLinesAndNeutralisesCommands(_ test: Case) {
        #expect(SafeText.inline(test.raw) == test.safe)
        // Idempotent: a second pass changes nothing.
        #expect(SafeText.inline(test.safe) == test.safe)
    }

    @Test(arguments: [
        Case("workflow command", "::error::x", #"\u{3A}:error::x"#),
        Case("after whitespace", "   \t::add-mask::x", "   \t" + #"\u{3A}:add-mask::x"#),
        Case("after ideographic space and zero-width space", "\u{3000}\u{200B}::x", "\u{3000}\u{200B}\\u{3A}:x"),
        Case("a mark between the colons", ":\u{301}:x", "\\u{3A}\u{301}:x"),
        Case("an xcode line", "path:1:1: error: m", "path:1:1: error: m"),
        Case("colour first", "\u{1B}[1m::x\u{1B}[0m", "\u{1B}[1m::x\u{1B}[0m"),
    ])
    func lineNeutralisesACommandAtTheStart(_ test: Case) {
        #expect(SafeText.line(test.raw) == test.safe)
    }

    @Test func textMakesEveryLineSafeAndKeepsTheLines() {
        #expect(SafeText.text("wrote a\u{1B}.png\n::x\n  ##[y]") == #"wrote a\u{1B}.png"# + "\n" + #"\u{3A}:x"# + "\n" + #"  #\u{23}[y]"#)
    }

    @Test func workflowCommandsEscapeAsTheRunnerDecodes() {
        #expect(SafeText.workflowData("100%\r\na\nb: c, d") == "100%25%0D%0Aa%0Ab: c, d")
        #expect(SafeText.workflowProperty("100%\r\na\nb: c, d") == "100%25%0D%0Aa%0Ab%3A c%2C d")
        #expect(SafeText.workflowData("\u{1B}]0;t\u{07} ##[add-mask]") == #"\u{1B}]0;t\u{07} #\u{23}[add-mask]"#)
    }

    @Test func jsonIsRewrittenLosslessly() throws {
        let original = "a\u{7F}\u{9B}\u{2028}b ##[add-mask] \\##[x]"
        let encoded = String(decoding: try JSONEncoder().encode([original]), as: UTF8.self)
        let safe = SafeText.json(encoded)
        #expect(!safe.contains("##[") && !safe.unicodeScalars.contains { SafeText.isUnsafe($0) })
        #expect(try JSONDecoder().decode([String].self, from: Data(safe.utf8)) == [original])
        #expect(SafeText.json(#"{"a": "plain"}"#) == #"{"a": "plain"}"#)
    }

    @Test func xmlKeepsWhatItCanAndEscapesTheRest() {
        #expect(SafeText.xml("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(SafeText.xml("1\n2\r\n3\t") == "1&#10;2&#13;&#10;3&#9;")
        #expect(SafeText.xml("x\u{0}\u{1B}\u{FFFF}\u{85}##[y]") == #"x\u{00}\u{1B}\u{FFFF}&#133;#&#35;[y]"#)
    }

    @Test func htmlKeepsLinesButNoCommandStartsOne() {
        #expect(SafeText.html("a <b> & \"q\" 'r'") == "a &lt;b&gt; &amp; &quot;q&quot; &#39;r&#39;")
        #expect(SafeText.html("::first line follows markup\r\n  ::second\r##[third]") == "::first line follows markup\n  &#58;:second\n#&#35;[third]")
        #expect(SafeText.html("\u{1B}[2J\u{0}") == #"\u{1B}[2J\u{00}"#)
    }
}
