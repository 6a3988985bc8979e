import Foundation

/// Format: GitHub Actions workflow commands,
/// `::{error|warning} file={path},line={line},col={column},title={rule-id}::{message}`,
/// escaped as the runner expects; `line` and `col` only when known; then the reader's notes
/// as `::notice title=iconlint::{note}`.
///
/// Annotations attach to a file only when `path` is relative to the repository checkout:
/// with `ReportOptions.workspace` (GITHUB_WORKSPACE) paths inside it are made relative to it,
/// otherwise the path is the linted root joined with the file, as given on the command line.
public enum GitHubReporter: Reporter {
    public static let kind = ReporterKind.github
    public static let summary = "GitHub Actions workflow commands: annotations on the pull request."

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        result.sortedDiagnostics.map { command(for: $0, root: result.root, workspace: options.workspace) + "\n" }.joined()
            // The reader's notes (checks that were skipped) as notices, so a green job says so.
            + result.notes.map { "::notice title=iconlint::\(escapeData($0))\n" }.joined()
    }

    static func command(for diagnostic: Diagnostic, root: String, workspace: String?) -> String {
        var properties: [(String, String)] = []
        if !diagnostic.location.file.isEmpty {
            properties.append(("file", path(of: diagnostic.location.file, root: root, workspace: workspace)))
            if let line = diagnostic.location.reportedLine {
                properties.append(("line", "\(line)"))
                if let column = diagnostic.location.reportedColumn { properties.append(("col", "\(column)")) }
            }
        }
        properties.append(("title", diagnostic.rule.rawValue))
        let list = properties.map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
        return "::\(diagnostic.severity.rawValue) \(list)::\(escapeData(diagnostic.message + ReportText.scope(diagnostic)))"
    }

    static func path(of file: String, root: String, workspace: String?) -> String {
        var path = ProjectPath.joinForReport(root, file)
        if let workspace, !workspace.isEmpty, path.hasPrefix("/"), let inside = ProjectPath.relativeInside(path, to: workspace) {
            path = inside
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// A command's message: `%`, CR and LF percent-encoded, as the runner decodes them
    /// (`SafeText.workflowData`: controls and `##[` neutralised too).
    static func escapeData(_ text: String) -> String { SafeText.workflowData(text) }

    /// A property value: as a message, and `:` and `,` too, which end values.
    static func escapeProperty(_ text: String) -> String { SafeText.workflowProperty(text) }
}
