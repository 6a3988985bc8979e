/// A configuration or usage problem: one line, exit status 2.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
