import Foundation
import IconLintCore
import Testing

/// Each app sees only its own files: a folder holding several apps gives each exactly the
/// findings it gets alone, and nothing elsewhere in the repository satisfies an app.
@Suite("One model per app")
struct AppScopeTests {
    /// A scratch folder assembled from rules' examples: `layout` maps a folder inside it to a project.
    static func assemble(_ layout: [String: TestProject]) throws -> String {
        let folder = NSTemporaryDirectory() + "iconlint-scope-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (place, project) in layout { try project.write(at: folder + "/" + place) }
        return folder
    }

    /// A finding as "rule|file|line|message", with `prefix` taken off paths so that an app linted
    /// inside a larger folder compares with the same app linted alone.
    static func lines(_ result: LintResult, strippingPrefix prefix: String = "") -> [String] {
        result.diagnostics.map { diagnostic in
            var file = diagnostic.location.file
            if !prefix.isEmpty, file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
            let message = prefix.isEmpty ? diagnostic.message : diagnostic.message.replacingOccurrences(of: prefix, with: "")
            return "\(diagnostic.rule)|\(diagnostic.severity)|\(file)|\(diagnostic.location.line ?? 0)|\(message)"
        }.sorted()
    }

    static func lint(_ path: String) throws(ConfigurationError) -> LintResult { try Linter.lint(LintOptions(path: path)) }

    @Test(
        "apps side by side get exactly their own findings",
        arguments: [[String: TestProject]]([
            // Without project files (XcodeGen / Tuist repositories commit none): X lacks its
            // alternate's files, Y has files of the same name.
            ["X": .example(.iconFileMissing, "alternate-files-gone"), "Y": .example(.iconFileMissing, "files-present")],
            // Several .xcodeproj under one root, with targets of the same name.
            ["A": .example(.iconFileNotInTarget, "not-copied"), "B": .example(.iconFileNotInTarget, "copied")],
            // A project app beside an app without one.
            ["A": .example(.appiconsetNotIncluded, "set-not-compiled"), "X": .example(.iconSizeMismatch, "2x-not-two-thirds")],
        ]))
    func eachAppAsIfAlone(_ layout: [String: TestProject]) throws {
        let folder = try Self.assemble(layout)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let together = try Self.lint(folder)
        #expect(together.appTargetCount == layout.count, "\(together.diagnostics.map(\.message))")
        var expected: [String] = []
        for place in layout.keys.sorted() {
            let alone = try Self.lint(folder + "/" + place)
            expected += Self.lines(alone).map { line in
                // Put the app's folder back in front of the file (the third field).
                var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                fields[2] = place + "/" + fields[2]
                return fields.joined(separator: "|")
            }
        }
        let actual = Self.lines(together).map { line -> String in
            // Messages name paths from the root: compare them without the app's folder.
            var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let place = String(fields[2].prefix { $0 != "/" })
            fields[4] = fields[4].replacingOccurrences(of: place + "/", with: "")
            return fields.joined(separator: "|")
        }
        #expect(actual.sorted() == expected.sorted())
    }

    @Test func aStrayCopyElsewhereNeverSatisfiesAnApp() throws {
        // The app lacks Dark's files; an old copy of the art sits under docs/.
        let folder = try Self.assemble([
            "App": .example(.iconFileMissing, "alternate-files-gone", folder: "App"),
            "docs/old-design": .example(.iconFileMissing, "files-present", folder: "App/Icons"),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.lint(folder)
        #expect(
            result.diagnostics.contains { $0.rule == .iconFileMissing && $0.icon == "Dark" },
            "\(result.diagnostics.map(\.message))")
        #expect(!result.diagnostics.contains { $0.message.contains("docs/") }, "\(result.diagnostics.map(\.message))")
    }

    /// An icon that is a link out of the project, or a FIFO, is named as what it is: "add the
    /// file" would send the user looking for a file that seems to be there.
    @Test(arguments: ["link", "fifo"])
    func anIconThatIsNoFileIsNamedAsWhatItIs(_ kind: String) throws {
        let folder = try Self.assemble(["App": .example(.iconFileMissing, "files-present", folder: "App")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let icon = try #require(
            FileManager.default.subpathsOfDirectory(atPath: folder).first { $0.hasSuffix("@2x.png") && $0.contains("Dark") })
        try FileManager.default.removeItem(atPath: folder + "/" + icon)
        try FileManager.default.removeItem(atPath: folder + "/" + icon.replacingOccurrences(of: "@2x", with: "@3x"))
        if kind == "link" {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + icon, withDestinationPath: "/etc/hostname")
        } else {
            #expect(mkfifo(folder + "/" + icon, 0o600) == 0)
        }
        let result = try Self.lint(folder)
        let reason = kind == "link" ? "a symbolic link that leads outside the linted folder" : "a FIFO, not a file"
        #expect(
            result.diagnostics.contains { $0.rule == .iconFileMissing && $0.message.contains(icon) && $0.message.contains(reason) },
            "\(result.diagnostics.map(\.message))")
    }

    @Test func anotherProjectsFileIsNotThisTargetsFile() throws {
        // Project A does not copy its Dark files; project B (same target name) has them in its
        // target. A's finding must point at A's own files, never at B's.
        let folder = try Self.assemble([
            "A": .example(.iconFileNotInTarget, "not-copied"),
            "B": .example(.iconFileNotInTarget, "copied"),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.lint(folder)
        let hits = result.diagnostics.filter { $0.rule == .iconFileNotInTarget }
        #expect(hits.count == 2)
        #expect(hits.allSatisfy { $0.location.file.hasPrefix("A/") && !$0.message.contains("B/") })
        #expect(result.appTargetCount == 2, "two targets named App in two projects are two apps")
    }

    @Test func aFolderWithoutAnAppIsAnErrorOfUse() throws {
        let folder = try Self.assemble(["android": .example(.iconFileMissing, "alternate-files-gone")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Empty", withIntermediateDirectories: true)
        #expect(throws: ConfigurationError.self) { try Self.lint(folder + "/Empty") }
        do {
            _ = try Self.lint(folder)
            Issue.record("a folder whose only app is under a skipped folder linted as clean")
        } catch {
            #expect(error.description.hasPrefix("no iOS app found under"), "\(error.description)")
            #expect(error.description.contains("skipped android"), "\(error.description)")
        }
    }

    @Test func aProjectGeneratorsSpecIsReadOrNamed() throws {
        let folder = try Self.assemble([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An XcodeGen spec is read as the project it generates: its app, findings at its lines.
        try Data("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/project.yml"))
        let result = try Self.lint(folder)
        #expect(result.appTargetCount == 1)
        #expect(result.diagnostics.contains { $0.location.file == "project.yml" }, "\(result.diagnostics.map(\.message))")
        // One that does not parse is named, with why and its generate command.
        try Data("name: App\ntargets:\n  App: [unclosed\n".utf8).write(to: URL(fileURLWithPath: folder + "/project.yml"))
        do {
            _ = try Self.lint(folder)
            Issue.record("an XcodeGen repository whose spec does not parse linted as clean")
        } catch {
            #expect(
                error.description.contains("project.yml") && error.description.contains("not valid YAML")
                    && error.description.contains("xcodegen generate"), "\(error.description)")
        }
    }

    @Test func supportingFilesFolderBelongsToTheAppAbove() throws {
        // `App/Supporting Files/Info.plist` with the icons in `App/Icons`: one app, its folder `App`.
        let folder = try Self.assemble(["App": .example(.iconFileMissing, "files-present", folder: "App")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App/Supporting Files", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/App/Info.plist", toPath: folder + "/App/Supporting Files/Info.plist")
        let result = try Self.lint(folder)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }
}
