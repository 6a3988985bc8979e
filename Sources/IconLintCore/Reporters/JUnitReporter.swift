/// Format: JUnit XML, `<testsuites><testsuite name="iconlint">` with a `<testcase>` per rule and
/// file (`classname` the file, `name` the rule id) holding a `<failure>` per finding.
///
/// JUnit has no warnings: a test case whose findings are all warnings passes (they are listed in
/// its `<system-out>`), so a job that passes never shows red; with `--strict` (`options.strict`)
/// warnings fail, as the exit code does, with `type="warning"`. A run without findings still has
/// one passing test case, because some CI servers treat a report without test cases as an error.
public enum JUnitReporter: Reporter {
    public static let kind = ReporterKind.junit
    public static let summary = "JUnit XML: a test case per rule and file, for CI test reports."

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let cases = testCases(result.sortedDiagnostics)
        let tests = max(cases.count, 1)
        func fails(_ testCase: TestCase) -> Bool {
            options.strict || testCase.diagnostics.contains { $0.severity == .error }
        }
        let failures = cases.filter(fails).count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"iconlint\" \(counts)>",
            "  <testsuite name=\"iconlint\" \(counts) skipped=\"0\">",
        ]
        if cases.isEmpty {
            let name = "no problems found in \(result.appTargetCount) app target\(result.appTargetCount == 1 ? "" : "s")"
            xml.append("    <testcase classname=\"iconlint\" name=\"\(XMLEscaping.escape(name))\"/>")
        }
        for testCase in cases {
            let file = XMLEscaping.escape(testCase.file)
            xml.append("    <testcase classname=\"\(file)\" name=\"\(XMLEscaping.escape(testCase.rule))\" file=\"\(file)\">")
            guard fails(testCase) else {
                let text = testCase.diagnostics.map(details).joined(separator: "\n")
                xml.append("      <system-out>" + XMLEscaping.escape(text) + "</system-out>")
                xml.append("    </testcase>")
                continue
            }
            for diagnostic in testCase.diagnostics {
                xml.append(
                    "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.escape(diagnostic.message))\">"
                        + XMLEscaping.escape(details(diagnostic)) + "</failure>")
            }
            xml.append("    </testcase>")
        }
        // The reader's notes (checks that were skipped) where CI shows the suite's output.
        if !result.notes.isEmpty {
            xml.append("    <system-out>" + XMLEscaping.escape(result.notes.map { "note: " + $0 }.joined(separator: "\n")) + "</system-out>")
        }
        xml.append("  </testsuite>")
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private struct TestCase {
        let file: String
        let rule: String
        var diagnostics: [Diagnostic]
    }

    /// Findings grouped by file and rule, in report order.
    private static func testCases(_ diagnostics: [Diagnostic]) -> [TestCase] {
        var cases: [TestCase] = []
        var index: [String: [String: Int]] = [:]
        for diagnostic in diagnostics {
            let file = diagnostic.location.file
            if let at = index[file]?[diagnostic.rule.rawValue] {
                cases[at].diagnostics.append(diagnostic)
            } else {
                index[file, default: [:]][diagnostic.rule.rawValue] = cases.count
                cases.append(TestCase(file: file, rule: diagnostic.rule.rawValue, diagnostics: [diagnostic]))
            }
        }
        return cases
    }

    /// The failure's body: where, what, and which target, configuration and icon it concerns.
    private static func details(_ diagnostic: Diagnostic) -> String {
        var location = diagnostic.location.file
        if let line = diagnostic.location.reportedLine {
            location += ":\(line)"
            if let column = diagnostic.location.reportedColumn { location += ":\(column)" }
        }
        var lines = ["\(location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.rawValue)]"]
        let context: [(String, String?)] = [
            ("target", diagnostic.target), ("configuration", diagnostic.configuration), ("icon", diagnostic.icon),
            ("role", diagnostic.role?.rawValue), ("idiom", diagnostic.idiom?.rawValue),
            ("appearance", diagnostic.appearance?.rawValue),
        ]
        for case let (name, value?) in context { lines.append("\(name): \(value)") }
        return lines.joined(separator: "\n")
    }
}
