import Foundation

/// A scratch folder per test under the temporary directory (never $HOME), removed when the
/// last reference goes or by `remove()`.
public final class ScratchFolder {
    public let path: String

    /// A fresh folder named `iconlint-<label>-<uuid>`.
    public init(_ label: String = "test") throws {
        path = NSTemporaryDirectory() + "iconlint-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { remove() }

    public var url: URL { URL(fileURLWithPath: path) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Writes `bytes` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
