import Foundation
import Testing

@testable import IconLintCore

/// PATH naming an Info.plist: the project above it is found by reading it (a target whose
/// INFOPLIST_FILE resolves to the file), not by the path's bytes appearing in project.pbxproj.
@Suite("An Info.plist's project")
struct LintRequestTests {
    /// A scratch copy of the Example project whose pbxproj never spells `Sunrise/Info.plist`:
    /// the target's INFOPLIST_FILE comes from its xcconfig alone.
    static func exampleWithoutTheFileReference() throws -> String {
        let folder = try AppScopeTests.assemble(["Example": "Example"])
        let pbxproj = folder + "/Example/Sunrise.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        #expect(text.contains("path = Sunrise/Info.plist;"))
        try text.replacingOccurrences(of: "path = Sunrise/Info.plist;", with: "path = Info.plist;")
            .write(toFile: pbxproj, atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aTargetWhoseXcconfigNamesThePlistIsItsProject() throws {
        let folder = try Self.exampleWithoutTheFileReference()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let request = try LintRequest(path: folder + "/Example/Sunrise/Info.plist")
        #expect(request.project == "Sunrise.xcodeproj")
        #expect(request.plistOfProject == "Sunrise/Info.plist")
        let hits = try Linter.lint(LintOptions(path: folder + "/Example/Sunrise/Info.plist")).diagnostics
        #expect(!hits.isEmpty && hits.allSatisfy { $0.target == "Sunrise" }, "\(hits.map(\.message))")
    }

    @Test func aPlistNoTargetBuildsIsLintedAlone() throws {
        let folder = try Self.exampleWithoutTheFileReference()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Example/Stray", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/Example/Sunrise/Info.plist", toPath: folder + "/Example/Stray/Info.plist")
        let request = try LintRequest(path: folder + "/Example/Stray/Info.plist")
        #expect(request.project == nil && request.plist == "Info.plist")
        #expect(request.root.hasSuffix("/Example/Stray"))
    }
}
