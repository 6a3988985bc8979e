/// Text helpers for messages and reports read on a terminal or parsed line by line; what
/// makes names from files safe to print is `SafeText` (IconSupport), for every reporter.
public enum ReportText {
    /// One line: CR LF, CR and LF each become a single space.
    public static func singleLine(_ text: String) -> String { lines(text).joined(separator: " ") }

    /// The text split at CR LF, CR and LF.
    public static func lines(_ text: String) -> [String] { SafeText.splitLines(text) }
}
