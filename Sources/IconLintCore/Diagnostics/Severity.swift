/// How serious a finding is; the raw value is printed as is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}
