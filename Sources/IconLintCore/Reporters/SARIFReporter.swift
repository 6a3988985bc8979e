import Foundation

/// Format: SARIF 2.1.0, one run: `tool.driver` names iconlint and every rule of the catalogue;
/// each result has ruleId, ruleIndex, level, message.text and a location relative to `%SRCROOT%`
/// (the linted root), with a region only when the line is known and never below line 1.
public enum SARIFReporter: Reporter {
    public static let kind = ReporterKind.sarif
    public static let summary = "SARIF 2.1.0, for GitHub code scanning and other static-analysis viewers."

    /// The base every result's artifact URI is relative to.
    public static let rootBaseID = "%SRCROOT%"

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let rules = RuleCatalog.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driver = Driver(name: "iconlint", version: options.toolVersion, rules: rules.map(Rule.init))
        // Code scanning resolves paths against the repository, not `%SRCROOT%`: inside the
        // workspace (GITHUB_WORKSPACE), paths are relative to it and the base is the workspace.
        var base = result.root
        var prefix = ""
        if let workspace = options.workspace, !workspace.isEmpty, let inside = ProjectPath.relativeInside(result.root, to: workspace) {
            base = workspace
            prefix = inside == "." ? "" : inside + "/"
        }
        let run = Run(
            tool: Tool(driver: driver),
            invocations: result.notes.isEmpty
                ? nil
                : [
                    Invocation(
                        executionSuccessful: true,
                        toolExecutionNotifications: result.notes.map { Notification(level: "note", message: Message(text: $0)) })
                ],
            originalUriBaseIds: rootURI(base).map { [rootBaseID: ArtifactLocation(uri: $0, uriBaseId: nil)] },
            results: result.sortedDiagnostics.map { Result($0, ruleIndex: ruleIndex[$0.rule], prefix: prefix) })
        return ReportJSON.encode(Log(runs: [run])) + "\n"
    }

    /// `file:///abs/root/` for an absolute root; a relative root has no URI of its own, and the
    /// consumer resolves `%SRCROOT%` itself.
    static func rootURI(_ root: String) -> String? {
        guard root.hasPrefix("/") else { return nil }
        let folder = root.hasSuffix("/") ? root : root + "/"
        return "file://" + percentEncodedPath(folder)
    }

    /// A path as a URI reference: everything but unreserved characters, sub-delimiters, `@` and
    /// `/` percent-encoded (UTF-8). `:` is encoded too, or `a:b/Info.plist` would read as a scheme.
    static func percentEncodedPath(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            if uriPathBytes.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += (hex.count == 1 ? "%0" : "%") + hex
            }
        }
        return encoded
    }

    private static let uriPathBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@/".utf8)

    // MARK: - The SARIF objects iconlint writes (names as in the specification)

    private struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    private struct Run: Encodable {
        let tool: Tool
        /// The reader's notes (checks that were skipped), as tool execution notifications.
        let invocations: [Invocation]?
        let originalUriBaseIds: [String: ArtifactLocation]?
        let results: [Result]
    }

    private struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }

    private struct Notification: Encodable {
        let level: String
        let message: Message
    }

    private struct Tool: Encodable {
        let driver: Driver
    }

    private struct Driver: Encodable {
        let name: String
        let version: String
        let rules: [Rule]
    }

    private struct Message: Encodable {
        let text: String
    }

    private struct Rule: Encodable {
        let id: String
        let shortDescription: Message
        let fullDescription: Message?
        let defaultConfiguration: Configuration
        let properties: Properties

        struct Configuration: Encodable {
            let level: String
        }

        struct Properties: Encodable {
            let tags: [String]
        }

        init(_ rule: RuleDescription) {
            id = rule.id.rawValue
            shortDescription = Message(text: rule.summary)
            fullDescription = rule.anchor.map { Message(text: "\(rule.summary) Known as: \($0).") }
            defaultConfiguration = Configuration(level: rule.severity.rawValue)
            properties = Properties(tags: [rule.section.rawValue])
        }
    }

    private struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int?
        let level: String
        let message: Message
        let locations: [Location]
        let properties: [String: String]?

        init(_ diagnostic: Diagnostic, ruleIndex: Int?, prefix: String) {
            ruleId = diagnostic.rule.rawValue
            self.ruleIndex = ruleIndex
            level = diagnostic.severity.rawValue
            message = Message(text: diagnostic.message)
            var location = diagnostic.location
            if !location.file.hasPrefix("/") { location.file = prefix + location.file }
            locations = diagnostic.location.file.isEmpty ? [] : [Location(location)]
            let context: [(String, String?)] = [
                ("target", diagnostic.target), ("configuration", diagnostic.configuration), ("icon", diagnostic.icon),
                ("role", diagnostic.role?.rawValue), ("idiom", diagnostic.idiom?.rawValue),
                ("appearance", diagnostic.appearance?.rawValue),
            ]
            let known = Dictionary(uniqueKeysWithValues: context.compactMap { name, value in value.map { (name, $0) } })
            properties = known.isEmpty ? nil : known
        }
    }

    private struct Location: Encodable {
        let physicalLocation: PhysicalLocation

        init(_ location: IconLintCore.Location) {
            // Diagnostics carry root-relative paths; an absolute one becomes a file URI of its own.
            let artifact =
                location.file.hasPrefix("/")
                ? ArtifactLocation(uri: "file://" + percentEncodedPath(location.file), uriBaseId: nil)
                : ArtifactLocation(uri: percentEncodedPath(location.file), uriBaseId: rootBaseID)
            physicalLocation = PhysicalLocation(
                artifactLocation: artifact,
                region: location.reportedLine.map { Region(startLine: $0, startColumn: location.reportedColumn) })
        }
    }

    private struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }

    private struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }

    private struct Region: Encodable {
        let startLine: Int
        let startColumn: Int?
    }
}
