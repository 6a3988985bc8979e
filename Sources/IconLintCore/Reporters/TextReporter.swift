/// Format: per file a header line `{file}`, then `  {line}[:{column}]: {severity}: {message}[ ({target}, {configurations})] [{rule-id}]`
/// (no location when the line is unknown), a blank line, and a summary line at the end.
public enum TextReporter: Reporter {
    public static let kind = ReporterKind.text
    public static let summary = "Findings grouped by file, for people (the default)."

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let style = Style(enabled: options.color)
        var lines: [String] = []
        var currentFile: String?
        for diagnostic in result.sortedDiagnostics {
            if diagnostic.location.file != currentFile {
                if currentFile != nil { lines.append("") }
                currentFile = diagnostic.location.file
                let header = diagnostic.location.file.isEmpty ? "(no file)" : diagnostic.location.file
                lines.append(style.header(SafeText.inline(header)))
            }
            lines.append(contentsOf: entry(diagnostic, style: style))
        }
        if !lines.isEmpty { lines.append("") }
        for note in result.notes { lines.append(style.dim("note: " + SafeText.inline(note))) }
        lines.append(style.summary(summaryLine(result), errors: result.errorCount, warnings: result.warningCount))
        // A line that starts with `::` (a header, a message's later line) is a CI command no more.
        return lines.map(SafeText.line).joined(separator: "\n") + "\n"
    }

    /// `2 errors, 1 warning in 1 app target`, or `No problems found in 2 app targets.`
    public static func summaryLine(_ result: LintResult) -> String {
        let errors = result.errorCount
        let warnings = result.warningCount
        let targets = result.appTargetCount
        var counts: [String] = []
        if errors > 0 { counts.append(count(errors, "error")) }
        if warnings > 0 { counts.append(count(warnings, "warning")) }
        if counts.isEmpty {
            return targets == 0 ? "No app targets found; nothing to lint." : "No problems found in \(count(targets, "app target"))."
        }
        let found = counts.joined(separator: ", ")
        return targets == 0 ? "\(found); no app targets found." : "\(found) in \(count(targets, "app target"))."
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The finding's line; later lines of a multi-line message are indented below it.
    private static func entry(_ diagnostic: Diagnostic, style: Style) -> [String] {
        var location = ""
        if let line = diagnostic.location.reportedLine {
            location = "\(line)"
            if let column = diagnostic.location.reportedColumn { location += ":\(column)" }
            location = style.dim(location) + ": "
        }
        var messageLines = ReportText.lines(diagnostic.message).map(SafeText.inline)
        let first = messageLines.removeFirst()
        // Findings that hold only in some configurations say which: Release is what ships.
        let scope = diagnostic.configuration == nil ? "" : style.dim(SafeText.inline(ReportText.scope(diagnostic)))
        let head = "  \(location)\(style.severity(diagnostic.severity)): \(first)\(scope) \(style.dim("[\(diagnostic.rule)]"))"
        return [head] + messageLines.map { "      " + $0 }
    }

    /// ANSI SGR sequences, or plain text when colour is off.
    private struct Style {
        let enabled: Bool

        func header(_ text: String) -> String { wrap(text, "1;4") }
        func dim(_ text: String) -> String { wrap(text, "2") }

        func severity(_ severity: Severity) -> String {
            wrap(severity.rawValue, severity == .error ? "1;31" : "1;33")
        }

        func summary(_ text: String, errors: Int, warnings: Int) -> String {
            wrap(text, errors > 0 ? "1;31" : warnings > 0 ? "1;33" : "1;32")
        }

        private func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }
}
