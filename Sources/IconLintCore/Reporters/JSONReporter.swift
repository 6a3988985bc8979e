import Foundation

/// Format: `{"version": 1, "root": …, "diagnostics": [{"rule", "severity", "message", "file", "line",
/// "column", "target", "configuration", "icon", "role", "idiom", "appearance"}], "notes": [String],
/// "summary": {"errors", "warnings"}}`
/// with every key present (unknown values are null), keys sorted, pretty printed.
public enum JSONReporter: Reporter {
    public static let kind = ReporterKind.json
    public static let summary = "One JSON object, stable for scripts (version 1)."

    /// Bumped only when a key changes meaning or disappears; new keys keep the version.
    public static let formatVersion = 1

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let report = Report(
            root: result.root, diagnostics: result.sortedDiagnostics.map(Entry.init), notes: result.notes,
            summary: Summary(errors: result.errorCount, warnings: result.warningCount))
        return ReportJSON.encode(report) + "\n"
    }

    private struct Report: Encodable {
        let version = JSONReporter.formatVersion
        let root: String
        let diagnostics: [Entry]
        /// What the reader wants the user to know besides the findings (an App Store download's skipped checks).
        let notes: [String]
        let summary: Summary
    }

    private struct Summary: Encodable {
        let errors: Int
        let warnings: Int
    }

    /// A diagnostic flattened for scripts; `encode(to:)` writes nil as null, never omits a key.
    private struct Entry: Encodable {
        let diagnostic: Diagnostic

        enum CodingKeys: String, CodingKey {
            case rule, severity, message, file, line, column, target, configuration, icon, role, idiom, appearance
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(diagnostic.rule, forKey: .rule)
            try container.encode(diagnostic.severity, forKey: .severity)
            try container.encode(diagnostic.message, forKey: .message)
            try container.encode(diagnostic.location.file, forKey: .file)
            try encodeOrNull(diagnostic.location.line, .line, in: &container)
            try encodeOrNull(diagnostic.location.column, .column, in: &container)
            try encodeOrNull(diagnostic.target, .target, in: &container)
            try encodeOrNull(diagnostic.configuration, .configuration, in: &container)
            try encodeOrNull(diagnostic.icon, .icon, in: &container)
            try encodeOrNull(diagnostic.role, .role, in: &container)
            try encodeOrNull(diagnostic.idiom, .idiom, in: &container)
            try encodeOrNull(diagnostic.appearance, .appearance, in: &container)
        }

        private func encodeOrNull<T: Encodable>(
            _ value: T?, _ key: CodingKeys,
            in container: inout KeyedEncodingContainer<CodingKeys>
        ) throws {
            if let value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
        }
    }
}

/// JSONEncoder settings shared by the JSON and SARIF reporters; the text as `SafeText.json`
/// makes it safe to print (the parsed strings are unchanged).
enum ReportJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return SafeText.json(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            // Only non-finite floats fail to encode, and no report holds one.
            preconditionFailure("report could not be encoded as JSON: \(error)")
        }
    }
}
