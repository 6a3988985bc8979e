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
