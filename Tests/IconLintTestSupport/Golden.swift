import Foundation
import Testing

/// Record-or-compare for every recorded file (reports, goldens, generated docs, seeds):
/// `ICONLINT_RECORD_SNAPSHOTS=1` rewrites the file and fails the test, so a recording run is
/// never mistaken for a passing one; otherwise the file must hold exactly what was made.
public enum Golden {
    public static let recordVariable = "ICONLINT_RECORD_SNAPSHOTS"

    /// Whether this run records instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Compares `actual` with the text file at `path` after passing both through `normalize`
    /// (e.g. parsing JSON), so only meaningful differences fail. `name` is how messages call it.
    public static func assertText(
        _ actual: String, at path: String, name: String? = nil, normalize: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let stored = try recordOrRead(Data(actual.utf8), at: path, name: name, sourceLocation: sourceLocation) else { return }
        let expected = String(decoding: stored, as: UTF8.self)
        #expect(normalize(actual) == normalize(expected), "differs from \(name ?? path)", sourceLocation: sourceLocation)
    }

    /// Compares `actual` with the bytes of the file at `path`.
    public static func assertBytes(
        _ actual: [UInt8], at path: String, name: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let stored = try recordOrRead(Data(actual), at: path, name: name, sourceLocation: sourceLocation) else { return }
        #expect([UInt8](stored) == actual, "differs from \(name ?? path)", sourceLocation: sourceLocation)
    }

    /// Records `data` (and returns nil) when recording; else the stored bytes, or nil after
    /// recording an issue when there are none.
    private static func recordOrRead(_ data: Data, at path: String, name: String?, sourceLocation: SourceLocation) throws -> Data? {
        let url = URL(fileURLWithPath: path)
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            Issue.record("recorded \(name ?? path); run again without \(recordVariable)", sourceLocation: sourceLocation)
            return nil
        }
        guard let stored = FileManager.default.contents(atPath: path) else {
            Issue.record("no recorded \(name ?? path); record it with \(recordVariable)=1", sourceLocation: sourceLocation)
            return nil
        }
        return stored
    }
}
