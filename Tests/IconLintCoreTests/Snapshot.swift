import Foundation
import IconLintTestSupport
import Testing

/// Golden files under `Snapshots/` beside this file, recorded and compared through `Golden`
/// (`ICONLINT_RECORD_SNAPSHOTS=1` rewrites them and fails the test).
enum Snapshot {
    static func folder(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// Compares `actual` with the stored file after passing both through `normalize`
    /// (e.g. parsing JSON), so only meaningful differences fail.
    static func assertMatches(
        _ actual: String, file name: String, normalize: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try Golden.assertText(
            actual, at: folder().appendingPathComponent(name).path, name: "Snapshots/\(name)", normalize: normalize,
            sourceLocation: sourceLocation)
    }

    /// Compares `actual` with a text file at an absolute path (a fixture's recorded report).
    static func assertText(_ actual: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.assertText(actual, at: path, sourceLocation: sourceLocation)
    }

    /// JSON with sorted keys and fixed indentation, whatever the encoder's spacing.
    static func canonicalJSON(_ text: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return "not JSON: " + text }
        return String(decoding: data, as: UTF8.self)
    }
}
