/// How serious a finding is; the raw value is printed as is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// Where a finding is: a file relative to the linted root, 1-based line and column when known.
public struct Location: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
}
