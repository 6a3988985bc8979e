/// Why a compiled asset catalog (`Assets.car`) could not be read. Each message is one line.
public enum CARError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case io(path: String, reason: String)
    /// Not a BOM store (no "BOMStore" header).
    case notBOM(detail: String)
    /// A BOM store that is not an asset catalog (no CARHEADER, KEYFORMAT or RENDITIONS).
    case notCAR(detail: String)
    /// An offset, length or record that does not fit the file.
    case corrupt(detail: String)
    /// A B-tree whose pages lead back to a page already visited.
    case cyclicTree(name: String)
    /// A count or size above the reader's limits (absurd rendition sizes, too many pages).
    case limitExceeded(detail: String)

    /// A stable name for reports.
    public var kind: String {
        switch self {
        case .io: "io"
        case .notBOM: "not-bom"
        case .notCAR: "not-car"
        case .corrupt, .cyclicTree: "corrupt"
        case .limitExceeded: "too-large"
        }
    }

    public var description: String {
        switch self {
        case .io(let path, let reason): "cannot read \(path): \(reason)"
        case .notBOM(let detail): "not a compiled asset catalog (Assets.car): \(detail)"
        case .notCAR(let detail): "a BOM file but not a compiled asset catalog: \(detail)"
        case .corrupt(let detail): "corrupt asset catalog: \(detail)"
        case .cyclicTree(let name): "corrupt asset catalog: the \(name) B-tree's pages form a cycle"
        case .limitExceeded(let detail): "asset catalog refused: \(detail)"
        }
    }
}
