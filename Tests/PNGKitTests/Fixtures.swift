import Foundation
import IconLintTestSupport

/// Locates fixtures from this source file, never from the working directory.
enum Fixtures {
    static let root = Repository.fixtures

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    struct ManifestRow: Sendable, CustomStringConvertible {
        var file: String
        var valid: Bool
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool
        var hasTransparency: Bool
        var note: String
        var description: String { file }
        var path: String { Fixtures.path("pngsuite/\(file)") }
    }

    static let manifest: [ManifestRow] = {
        let text = (try? String(contentsOfFile: path("pngsuite/manifest.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return ManifestRow(
                file: f[0], valid: f[1] == "yes", width: Int(f[2]) ?? -1, height: Int(f[3]) ?? -1,
                bitDepth: Int(f[4]) ?? -1, colorType: Int(f[5]) ?? -1, interlaced: f[6] == "1",
                hasTransparency: f[7] == "yes", note: f.count > 8 ? f[8] : "")
        }
    }()

    static var valid: [ManifestRow] { manifest.filter(\.valid) }
    static var corrupt: [ManifestRow] { manifest.filter { !$0.valid } }
}
