import Foundation
import IconLintTestSupport
import Testing

/// The lint core sits below the generator: it reaches the resampler (for the html report's
/// thumbnails) through IconResample, never through IconGenerate.
@Suite("Module graph")
struct ModuleGraphTests {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// The dependencies Package.swift lists for `target`.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(target)\"") })
        let list = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        return list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
    }

    /// Modules the Swift files under `Sources/<target>` import.
    static func imports(in target: String) throws -> Set<String> {
        let folder = Self.sources.appendingPathComponent(target)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[..<index].allSatisfy({ $0.hasPrefix("@") }) {
                    found.insert(String(words[index + 1]))
                }
            }
        }
        return found
    }

    @Test func theLintCoreDoesNotDependOnTheGenerator() throws {
        let core = try Self.dependencies(of: "IconLintCore")
        #expect(core.contains("IconResample") && !core.contains("IconGenerate"), "\(core)")
        #expect(!(try Self.imports(in: "IconLintCore")).contains("IconGenerate"))
        #expect(!(try Self.dependencies(of: "IconResample")).contains("IconGenerate"))
    }

    /// The source scan stands on IconSupport alone: the lint core uses it, never the reverse.
    @Test func theSourceScanStandsOnIconSupportAlone() throws {
        #expect(try Self.dependencies(of: "SourceScan") == ["IconSupport"])
        #expect(try Self.imports(in: "SourceScan") == ["Foundation", "IconSupport"])
        #expect(try Self.dependencies(of: "IconLintCore").contains("SourceScan"))
    }
}
