import Foundation
import Testing

@testable import IconLintCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One fixed result with awkward text (quotes, `<`, `&`, `%`, newlines, commas, colons,
/// non-ASCII, a space in the root) that every reporter must carry through intact.
enum ReporterFixture {
    static let root = "/Users/ci/My Apps/Démo"
    /// `root` as the SARIF base URI spells it.
    static let rootURI = "file:///Users/ci/My%20Apps/D%C3%A9mo/"

    static let diagnostics: [Diagnostic] = [
        Diagnostic(
            rule: .iconNameHasSuffix, severity: .warning,
            message: "Entry \"Icon@2x.png\" hides Icon@3x.png: list \"Icon\", not \"Icon@2x.png\".",
            location: Location(file: "Demo/Info.plist", line: 22, column: 5),
            target: "Demo", icon: "Icon", role: .primary, idiom: .iphone),
        Diagnostic(
            rule: .iconFileMissing, severity: .error,
            message: "CFBundleIconFiles entry \"Dark\" of icon 'Dark' resolves to no PNG; add Dark@2x.png and Dark@3x.png to the target.",
            location: Location(file: "Demo/Info.plist", line: 14),
            target: "Demo", configurations: ["Release"], icon: "Dark", role: .alternate, idiom: .iphone),
        Diagnostic(
            rule: .iconHasTransparency, severity: .warning,
            message: "Lowest alpha is 0 (pixel 0,0); iOS fills transparent pixels with black.",
            location: Location(file: "Demo/Assets.xcassets/AppIcon.appiconset/Icon 1024 <beta> & co.png"),
            target: "Demo", icon: "AppIcon", role: .primary, idiom: .iosMarketing, appearance: .any),
        Diagnostic(
            rule: .contentsJSONMalformed, severity: .error,
            message: "Contents.json is not valid JSON (100% broken):\nunexpected '}' at line 3\r\nFix the file or recreate the set in Xcode.",
            location: Location(file: "Demo/Assets.xcassets/Ünïcødé.appiconset/Contents.json", line: 3, column: 0),
            target: "Demo", icon: "Ünïcødé", role: .alternate, idiom: .universal, appearance: .dark),
        Diagnostic(
            rule: .plistUnreadable, severity: .error,
            message: "Cannot parse: <key> without <string> before \"unterminated\" — line 0.",
            location: Location(file: "Other, Inc/Info.plist", line: 0)),
    ]

    static let result = LintResult(root: root, diagnostics: diagnostics, appTargetCount: 2)
    static let options = ReportOptions(color: false, toolVersion: "1.2.3")

    /// Machine-specific paths replaced by `$ROOT`, as snapshots store them.
    static func placeholders(_ text: String) -> String {
        text.replacingOccurrences(of: rootURI, with: "$ROOT/").replacingOccurrences(of: root, with: "$ROOT")
    }
}

@Suite struct ReporterTests {
    // MARK: Golden files

    @Test(arguments: ReporterKind.allCases)
    func matchesGoldenFile(_ kind: ReporterKind) throws {
        let output = ReporterFixture.placeholders(kind.render(ReporterFixture.result, options: ReporterFixture.options))
        let parsed = kind == .json || kind == .sarif
        try Snapshot.assertMatches(
            output, file: "\(kind.rawValue).\(kind.fileExtension)",
            normalize: parsed ? Snapshot.canonicalJSON : { $0 })
    }

    @Test func everyKindHasAReporterOfThatKind() {
        for kind in ReporterKind.allCases {
            #expect(kind.reporter.kind == kind)
            #expect(!kind.summary.isEmpty)
        }
    }

    @Test(arguments: ReporterKind.allCases)
    func sameInputGivesSameOutputWhateverTheInputOrder(_ kind: ReporterKind) {
        var shuffled = ReporterFixture.result
        shuffled.diagnostics.reverse()
        #expect(
            kind.render(shuffled, options: ReporterFixture.options)
                == kind.render(ReporterFixture.result, options: ReporterFixture.options))
    }

    @Test(arguments: ReporterKind.allCases)
    func findingsEqualInReportOrderStillHaveOneOrder(_ kind: ReporterKind) {
        let base = Diagnostic(rule: .iconFileMissing, severity: .error, message: "same", location: Location(file: "a", line: 3))
        var otherTarget = base
        otherTarget.target = "Widget"
        var otherColumn = base
        otherColumn.location.column = 7
        let ties = [base, otherTarget, otherColumn, base.with(severity: .warning)]
        let forward = kind.render(LintResult(root: "/r", diagnostics: ties, appTargetCount: 2), options: ReportOptions())
        let backward = kind.render(LintResult(root: "/r", diagnostics: ties.reversed(), appTargetCount: 2), options: ReportOptions())
        #expect(forward == backward)
    }

    // MARK: text

    @Test(arguments: [
        (0, 0, 2, "No problems found in 2 app targets."),
        (0, 0, 1, "No problems found in 1 app target."),
        (0, 0, 0, "No app targets found; nothing to lint."),
        (1, 0, 1, "1 error in 1 app target."),
        (2, 1, 1, "2 errors, 1 warning in 1 app target."),
        (0, 3, 4, "3 warnings in 4 app targets."),
        (1, 1, 0, "1 error, 1 warning; no app targets found."),
    ])
    func textSummaryCountsInSingularAndPlural(errors: Int, warnings: Int, targets: Int, expected: String) {
        let diagnostics =
            (0..<errors).map { diagnostic(.error, line: $0 + 1) }
            + (0..<warnings).map { diagnostic(.warning, line: $0 + 1) }
        let result = LintResult(root: "/r", diagnostics: diagnostics, appTargetCount: targets)
        #expect(TextReporter.summaryLine(result) == expected)
        let lines = TextReporter.render(result, options: ReportOptions()).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().last.map(String.init) == expected)
    }

    @Test func textHasNoEscapeSequencesWithoutColour() {
        let output = TextReporter.render(ReporterFixture.result, options: ReportOptions(color: false))
        #expect(!output.contains("\u{1B}"))
        let empty = TextReporter.render(LintResult(root: "/r", diagnostics: [], appTargetCount: 1), options: ReportOptions(color: false))
        #expect(empty == "No problems found in 1 app target.\n")
    }

    @Test func textIsColouredOnlyWhenAsked() {
        let output = TextReporter.render(ReporterFixture.result, options: ReportOptions(color: true))
        #expect(output.contains("\u{1B}[1;31merror\u{1B}[0m"))
        #expect(output.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain == TextReporter.render(ReporterFixture.result, options: ReportOptions(color: false)))
    }

    @Test func textKeepsControlCharactersInMessagesOffTheTerminal() {
        let result = LintResult(
            root: "/r",
            diagnostics: [
                Diagnostic(rule: .iconCorrupt, severity: .error, message: "bad \u{1B}[2Jchunk\u{7}", location: Location(file: "a.png"))
            ], appTargetCount: 1)
        let output = TextReporter.render(result, options: ReportOptions(color: false))
        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("\u{7}"))
        #expect(output.contains(#"bad \u{1B}[2Jchunk\u{07}"#))
    }

    // MARK: json

    @Test func jsonWritesEveryKeyWithExplicitNulls() throws {
        let object = try jsonObject(JSONReporter.render(ReporterFixture.result, options: ReporterFixture.options))
        #expect(object["version"] as? Int == 1)
        #expect(object["root"] as? String == ReporterFixture.root)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == ReporterFixture.diagnostics.count)
        let keys: Set = [
            "rule", "severity", "message", "file", "line", "column", "target", "configuration", "icon",
            "role", "idiom", "appearance",
        ]
        for entry in diagnostics { #expect(Set(entry.keys) == keys) }
        let unreadable = try #require(diagnostics.first { $0["rule"] as? String == "plist-unreadable" })
        for key in ["column", "target", "configuration", "icon", "role", "idiom", "appearance"] {
            #expect(unreadable[key] is NSNull, "\(key) should be null")
        }
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 3)
        #expect(summary["warnings"] as? Int == 2)
    }

    @Test func jsonCarriesMessagesAndRawValuesUnchanged() throws {
        let object = try jsonObject(JSONReporter.render(ReporterFixture.result, options: ReporterFixture.options))
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let sorted = ReporterFixture.diagnostics.sorted(by: Diagnostic.reportOrder)
        #expect(diagnostics.map { $0["message"] as? String } == sorted.map(\.message))
        #expect(diagnostics.map { $0["file"] as? String } == sorted.map(\.location.file))
        #expect(diagnostics.compactMap { $0["idiom"] as? String }.contains("ios-marketing"))
    }

    // MARK: sarif

    @Test func sarifNeverHasAStartLineBelowOneAndNoRegionWithoutALine() throws {
        let run = try sarifRun(ReporterFixture.result)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == ReporterFixture.diagnostics.count)
        for result in results {
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let uri = try #require(artifact["uri"] as? String)
            if uri.hasSuffix(".png") {
                #expect(physical["region"] == nil)
                continue
            }
            let region = try #require(physical["region"] as? [String: Any])
            #expect(try #require(region["startLine"] as? Int) >= 1)
            if let column = region["startColumn"] as? Int { #expect(column >= 1) }
        }
    }

    @Test func sarifListsEveryRuleAndIndexesResultsIntoThatList() throws {
        let run = try sarifRun(ReporterFixture.result)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "iconlint")
        #expect(driver["version"] as? String == "1.2.3")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == RuleCatalog.all.map(\.id.rawValue))
        for (rule, description) in zip(rules, RuleCatalog.all) {
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == description.severity.rawValue)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == description.summary)
        }
        for result in try #require(run["results"] as? [[String: Any]]) {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(["error", "warning"].contains(result["level"] as? String))
        }
        let bases = try #require(run["originalUriBaseIds"] as? [String: Any])
        #expect((bases["%SRCROOT%"] as? [String: Any])?["uri"] as? String == ReporterFixture.rootURI)
    }

    @Test func sarifEncodesPathsAsURIReferences() {
        #expect(SARIFReporter.percentEncodedPath("My App/Ünï,a:b.png") == "My%20App/%C3%9Cn%C3%AF,a%3Ab.png")
        #expect(SARIFReporter.rootURI("relative/root") == nil)
        #expect(SARIFReporter.rootURI("/a b/") == "file:///a%20b/")
    }

    // MARK: junit

    @Test func junitIsWellFormedAndKeepsMessagesIntact() throws {
        var strict = ReporterFixture.options
        strict.strict = true
        let xml = JUnitReporter.render(ReporterFixture.result, options: strict)
        let document = try XMLSummary(xml)
        #expect(document.failureMessages.sorted() == ReporterFixture.diagnostics.map(\.message).sorted())
        // A test case per rule and file.
        #expect(document.testCases == 5)
    }

    @Test func junitWarningsPassUnlessStrict() throws {
        // A job that passes (warnings only) must not show red; with --strict the warnings fail, as the exit code does.
        let relaxed = ReporterKind.junit.render(ReporterFixture.result)
        let errorCases = Set(ReporterFixture.diagnostics.filter { $0.severity == .error }.map { "\($0.location.file)|\($0.rule)" }).count
        #expect(relaxed.contains("failures=\"\(errorCases)\""))
        #expect(relaxed.contains("<system-out>"))
        #expect(!relaxed.contains("<failure type=\"warning\""))
        let strict = ReporterKind.junit.render(ReporterFixture.result, options: ReportOptions(strict: true))
        #expect(strict.contains("<failure type=\"warning\""))
        #expect(!strict.contains("<system-out>"))
    }

    @Test func junitOfACleanRunIsWellFormedWithOnePassingTestCase() throws {
        let xml = JUnitReporter.render(LintResult(root: "/r", diagnostics: [], appTargetCount: 2), options: ReportOptions())
        let document = try XMLSummary(xml)
        #expect(document.testCases == 1)
        #expect(document.failureMessages.isEmpty)
    }

    @Test func xmlEscapingCoversMarkupLineBreaksAndForbiddenCharacters() {
        #expect(XMLEscaping.escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(XMLEscaping.escape("1\n2\r\n3\t") == "1&#10;2&#13;&#10;3&#9;")
        // What XML 1.0 cannot hold is shown escaped; what it can (DEL, C1) is a character reference.
        #expect(XMLEscaping.escape("x\u{0}\u{1B}y\u{FFFE}é") == #"x\u{00}\u{1B}y\u{FFFE}é"#)
        #expect(XMLEscaping.escape("\u{7F}\u{9B}##[x]") == "&#127;&#155;#&#35;[x]")
    }

    // MARK: github

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("100%", "100%25", "100%25"),
        ("a\nb\r\nc\rd", "a%0Ab%0D%0Ac%0Dd", "a%0Ab%0D%0Ac%0Dd"),
        ("x: y, z", "x: y, z", "x%3A y%2C z"),
        ("%0A", "%250A", "%250A"),
    ])
    func githubEscapesMessagesAndProperties(raw: String, data: String, property: String) {
        #expect(GitHubReporter.escapeData(raw) == data)
        #expect(GitHubReporter.escapeProperty(raw) == property)
    }

    @Test func githubCommandsAreOneLineEach() {
        let output = GitHubReporter.render(ReporterFixture.result, options: ReporterFixture.options)
        let lines = output.split(separator: "\n")
        #expect(lines.count == ReporterFixture.diagnostics.count)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
        #expect(!output.contains("\r"))
    }

    @Test func githubPathsAreRelativeToTheWorkspace() {
        let inside = GitHubReporter.path(of: "App/Info.plist", root: "/home/runner/work/r/r/ios", workspace: "/home/runner/work/r/r/")
        #expect(inside == "ios/App/Info.plist")
        let outside = GitHubReporter.path(of: "App/Info.plist", root: "/elsewhere", workspace: "/home/runner/work/r/r")
        #expect(outside == "/elsewhere/App/Info.plist")
        #expect(GitHubReporter.path(of: "App/Info.plist", root: "./ios", workspace: nil) == "ios/App/Info.plist")
        #expect(GitHubReporter.path(of: "App/Info.plist", root: ".", workspace: nil) == "App/Info.plist")
    }

    @Test func githubOmitsLineAndColumnWhenUnknown() {
        let command = GitHubReporter.command(for: diagnostic(.warning, line: nil), root: "/r", workspace: "/r")
        #expect(command == "::warning file=a.png,title=icon-has-transparency::message")
    }

    // MARK: xcode

    @Test func xcodeLinesUseAbsolutePathsAndLineOneWhenUnknown() {
        let line = XcodeReporter.line(for: diagnostic(.warning, line: nil), root: "/r/")
        #expect(line == "/r/a.png:1:1: warning: message [icon-has-transparency]")
        let output = XcodeReporter.render(ReporterFixture.result, options: ReporterFixture.options)
        #expect(output.split(separator: "\n").count == ReporterFixture.diagnostics.count)
        #expect(output.split(separator: "\n").allSatisfy { $0.hasPrefix(Substring(ReporterFixture.root + "/")) })
    }

    // MARK: Every reporter on an empty result

    @Test(arguments: ReporterKind.allCases)
    func emptyResultGivesValidOutput(_ kind: ReporterKind) throws {
        let output = kind.render(LintResult(root: "/r", diagnostics: [], appTargetCount: 0), options: ReportOptions())
        switch kind {
        case .text: #expect(output == "No app targets found; nothing to lint.\n")
        case .xcode, .github: #expect(output.isEmpty)
        case .json: #expect((try jsonObject(output)["diagnostics"] as? [Any])?.isEmpty == true)
        case .sarif: #expect((try sarifRun(LintResult(root: "/r", diagnostics: [], appTargetCount: 0))["results"] as? [Any])?.isEmpty == true)
        case .junit: _ = try XMLSummary(output)
        case .html: #expect(output.contains("No app targets found; nothing to lint.") && output.hasSuffix("</html>\n"))
        }
    }

    // MARK: Helpers

    private func diagnostic(_ severity: Severity, line: Int?) -> Diagnostic {
        Diagnostic(rule: .iconHasTransparency, severity: severity, message: "message", location: Location(file: "a.png", line: line))
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func sarifRun(_ result: LintResult) throws -> [String: Any] {
        let log = try jsonObject(SARIFReporter.render(result, options: ReporterFixture.options))
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        return try #require(runs.first)
    }
}

/// What the JUnit tests need from a parsed document; parsing fails on XML that is not well-formed.
private final class XMLSummary: NSObject, XMLParserDelegate {
    var testCases = 0
    var failureMessages: [String] = []

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw Malformed(description: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        if elementName == "testcase" { testCases += 1 }
        if elementName == "failure", let message = attributeDict["message"] { failureMessages.append(message) }
    }
}
