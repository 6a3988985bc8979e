import Foundation
import Testing

/// Golden files under `Snapshots/` beside this file. `ICONLINT_RECORD_SNAPSHOTS=1` rewrites them
/// (and fails the test, so a recording run is never mistaken for a passing one).
enum Snapshot {
    static let recordVariable = "ICONLINT_RECORD_SNAPSHOTS"

    static func folder(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// Compares `actual` with the stored file after passing both through `normalize`
    /// (e.g. parsing JSON), so only meaningful differences fail.
    static func assertMatches(
        _ actual: String, file name: String, normalize: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder().appendingPathComponent(name)
        if ProcessInfo.processInfo.environment[recordVariable] == "1" {
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(name); run again without \(recordVariable)", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no snapshot \(url.path); record it with \(recordVariable)=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(normalize(actual) == normalize(expected), "differs from Snapshots/\(name)", sourceLocation: sourceLocation)
    }

    /// Compares `actual` with a text file at an absolute path (a fixture's recorded report).
    static func assertText(_ actual: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment[recordVariable] == "1" {
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            Issue.record("recorded \(path); run again without \(recordVariable)", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("no recorded report \(path); record it with \(recordVariable)=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == String(decoding: data, as: UTF8.self), "differs from \(path)", sourceLocation: sourceLocation)
    }

    /// JSON with sorted keys and fixed indentation, whatever the encoder's spacing.
    static func canonicalJSON(_ text: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return "not JSON: " + text }
        return String(decoding: data, as: UTF8.self)
    }
}
