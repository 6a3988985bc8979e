import Foundation
import IconLintTestSupport
import Testing

/// The lint core sits below the generator: it reaches the resampler (for the html report's
/// thumbnails) through IconResample, never through IconGenerate. The readers split out of it
/// (PlistKit, XcodeProjectKit) sit below it.
@Suite("Module graph")
struct ModuleGraphTests {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// Package.swift with each `.target(` call's white space closed up, so a declaration reads
    /// `.target(name: "X", dependencies: [...` however it is wrapped.
    static func manifest() throws -> String {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return text.replacingOccurrences(of: #"\.target\(\s+name:"#, with: ".target(name:", options: .regularExpression)
            .replacingOccurrences(of: #"(\.target\(name: "[A-Za-z]+",)\s+dependencies:"#, with: "$1 dependencies:", options: .regularExpression)
    }

    /// The dependencies Package.swift lists for `target`.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try Self.manifest()
        // The target's declaration, then its dependency list, which may span lines.
        let declaration = try #require(manifest.range(of: ".target(name: \"\(target)\""))
        let rest = manifest[declaration.upperBound...]
        let end = rest.range(of: ".target(")?.lowerBound ?? rest.endIndex
        guard let open = rest[..<end].range(of: "dependencies: [") else { return [] }
        let list = try #require(rest[open.upperBound...].split(separator: "]", omittingEmptySubsequences: false).first)
        return list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty }
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
        let below = try Self.closure(of: "IconLintCore")
        #expect(below.isSuperset(of: Self.kits.keys) && !below.contains("IconGenerate"), "\(below.sorted())")
    }

    /// The modules split out of the lint core, each with all it may depend on: they sit below
    /// IconLintCore and know nothing of lint, fix or generate.
    static let kits: [String: Set<String>] = ["PlistKit": ["IconSupport"], "XcodeProjectKit": ["PlistKit", "IconSupport"]]

    @Test(arguments: kits.keys.sorted())
    func aKitUsesOnlyWhatIsBelowIt(kit: String) throws {
        let allowed = try #require(Self.kits[kit])
        #expect(Set(try Self.dependencies(of: kit)) == allowed)
        let imports = try Self.imports(in: kit)
        #expect(imports.subtracting(["Foundation", "FoundationXML"]) == allowed, "\(imports.sorted())")
        #expect(try Self.dependencies(of: "IconLintCore").contains(kit))
    }

    /// Every target `target` depends on, directly or not (a target without a dependency list,
    /// such as a system library, ends the walk).
    static func closure(of target: String) throws -> Set<String> {
        let manifest = try Self.manifest()
        var found: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            guard manifest.contains(".target(name: \"\(next)\", dependencies:") else { continue }
            for dependency in try dependencies(of: next) where found.insert(dependency).inserted {
                pending.append(dependency)
            }
        }
        return found
    }

    /// The source scan stands on IconSupport alone: the lint core uses it, never the reverse.
    @Test func theSourceScanStandsOnIconSupportAlone() throws {
        #expect(try Self.dependencies(of: "SourceScan") == ["IconSupport"])
        #expect(try Self.imports(in: "SourceScan") == ["Foundation", "IconSupport"])
        #expect(try Self.dependencies(of: "IconLintCore").contains("SourceScan"))
    }
}
