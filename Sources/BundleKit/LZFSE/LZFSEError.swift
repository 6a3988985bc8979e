/// Why an LZFSE or LZVN stream could not be decoded. Each message is one line and names the
/// byte offset (in the stream) where the decoder stopped.
public enum LZFSEError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stream ends inside a block header or payload, or before its end-of-stream marker.
    case truncated(detail: String)
    /// A block magic, frequency table, state, bit count, opcode or match distance the format
    /// does not allow.
    case corrupt(detail: String)
    /// The stream declares or produces more bytes than the caller expects.
    case limitExceeded(detail: String)

    /// A stable name for reports.
    public var kind: String {
        switch self {
        case .truncated: "truncated"
        case .corrupt: "corrupt"
        case .limitExceeded: "too-large"
        }
    }

    public var description: String {
        switch self {
        case .truncated(let detail): "truncated LZFSE stream: \(detail)"
        case .corrupt(let detail): "corrupt LZFSE stream: \(detail)"
        case .limitExceeded(let detail): "LZFSE stream refused: \(detail)"
        }
    }
}
