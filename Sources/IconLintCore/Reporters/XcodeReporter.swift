/// Format: `{path}:{line}:{column}: {error|warning}: {message}[ ({target}, {configurations})] [{rule-id}]`, one line per finding,
/// then `note: iconlint: {note}` per note of the reader (checks that were skipped).
///
/// `path` is absolute (the linted root joined with the file) so Xcode and editors can open it
/// from a Run Script phase or a terminal. An unknown line or column is written as 1: every line
/// then matches the one pattern tools parse, and a click still opens the file at its top.
/// Messages are folded to one line, since each output line is one diagnostic.
public enum XcodeReporter: Reporter {
    public static let kind = ReporterKind.xcode
    public static let summary = "path:line:column: error: message, for Xcode build phases and editors."

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        result.sortedDiagnostics.map { line(for: $0, root: result.root) + "\n" }.joined()
            + result.notes.map { SafeText.line("note: iconlint: " + SafeText.inline($0)) + "\n" }.joined()
    }

    static func line(for diagnostic: Diagnostic, root: String) -> String {
        let path = SafeText.inline(ProjectPath.joinForReport(root, diagnostic.location.file))
        let line = diagnostic.location.reportedLine ?? 1
        let column = diagnostic.location.reportedColumn ?? 1
        // The target and configuration names too: a newline there would start a forged finding.
        let message = SafeText.inline(diagnostic.message + ReportText.scope(diagnostic))
        return SafeText.line("\(path):\(line):\(column): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.rule)]")
    }
}
