/// The output formats of `iconlint lint --reporter`; the raw value is the option's value.
public enum ReporterKind: String, Sendable, CaseIterable {
    case text
    case json
    case xcode
    case github
    case junit
    case sarif
    case html

    /// The reporter that renders this format.
    public var reporter: any Reporter.Type {
        switch self {
        case .text: TextReporter.self
        case .json: JSONReporter.self
        case .xcode: XcodeReporter.self
        case .github: GitHubReporter.self
        case .junit: JUnitReporter.self
        case .sarif: SARIFReporter.self
        case .html: HTMLReporter.self
        }
    }

    /// One line for `--help`.
    public var summary: String { reporter.summary }

    /// The usual extension of a file holding this format (`--output report.sarif`).
    public var fileExtension: String {
        switch self {
        case .text, .xcode, .github: "txt"
        case .json: "json"
        case .junit: "xml"
        case .sarif: "sarif"
        case .html: "html"
        }
    }

    /// The whole report. Not empty text ends with a newline: write it as it is.
    public func render(_ result: LintResult, options: ReportOptions = ReportOptions()) -> String {
        reporter.render(result, options: options)
    }
}

/// What a reporter needs besides the result; every reporter ignores what it does not use.
public struct ReportOptions: Sendable, Equatable {
    /// ANSI colour in `text`. The CLI sets it only when stdout is a terminal and NO_COLOR is unset.
    public var color: Bool
    /// iconlint's version, named in SARIF's `tool.driver.version`.
    public var toolVersion: String
    /// `github` and `sarif`: the repository checkout (the CLI passes GITHUB_WORKSPACE). Paths
    /// inside it are made relative to it, as annotations and code scanning resolve them;
    /// without it, `github` joins the linted root with the file and `sarif` is root-relative.
    public var workspace: String?
    /// `--strict`: warnings fail too (`junit` marks them as failures only then).
    public var strict: Bool

    public init(color: Bool = false, toolVersion: String = "0.0.0", workspace: String? = nil, strict: Bool = false) {
        self.color = color
        self.toolVersion = toolVersion
        self.workspace = workspace
        self.strict = strict
    }
}

/// Turns a lint result into text. Stateless: the same result and options give the same text.
public protocol Reporter {
    static var kind: ReporterKind { get }
    /// One line for `--help`.
    static var summary: String { get }
    static func render(_ result: LintResult, options: ReportOptions) -> String
}

extension Location {
    /// The line as reporters show it: never below 1 (a 0 from a faulty rule would mislead).
    var reportedLine: Int? { line.map { max($0, 1) } }
    /// The column as reporters show it, only with a line, never below 1.
    var reportedColumn: Int? { line == nil ? nil : column.map { max($0, 1) } }
}

extension LintResult {
    /// The diagnostics in report order (file, line, rule, message); findings equal in those
    /// are ordered by their other fields, so the output never depends on the input order.
    var sortedDiagnostics: [Diagnostic] {
        diagnostics.sorted { a, b in
            if Diagnostic.reportOrder(a, b) { return true }
            if Diagnostic.reportOrder(b, a) { return false }
            if (a.location.column ?? 0) != (b.location.column ?? 0) { return (a.location.column ?? 0) < (b.location.column ?? 0) }
            return tieBreak(a).lexicographicallyPrecedes(tieBreak(b))
        }
    }

    private func tieBreak(_ d: Diagnostic) -> [String] {
        [
            d.location.line.map(String.init) ?? "", d.severity.rawValue, d.target ?? "", d.configuration ?? "",
            d.icon ?? "", d.role?.rawValue ?? "", d.idiom?.rawValue ?? "", d.appearance?.rawValue ?? "",
        ]
    }
}

extension ReportText {
    /// ` (Target, Debug, Beta)` for a finding that holds only in some configurations, else "".
    /// Raw: each reporter passes it through its own kind of `SafeText`.
    static func scope(_ diagnostic: Diagnostic) -> String {
        guard let configuration = diagnostic.configuration else { return "" }
        return " (\(diagnostic.target.map { "\($0), " } ?? "")\(configuration))"
    }
}
