import Foundation
import Testing

@testable import IconLintCore

/// What the byte-level project reader adds to the model: lines taken from the parse,
/// merge-conflict markers, ids written twice, text that is not UTF-8, and reading many
/// projects at once.
@Suite struct XcodeProjectByteReaderTests {
    static func scratch(_ files: [String: [UInt8]]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iconlint-bytes-\(UUID().uuidString)")
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return folder.path
    }

    /// A one-target project; `extra` is spliced into the objects, `settings` into the target's Release settings.
    static func project(settings: String = "", extra: String = "", groupChildren: String = "") -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAA0000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = AA0000000000000000000002;
        \t\t\tmainGroup = AA0000000000000000000003;
        \t\t\ttargets = (
        \t\t\t\tAA0000000000000000000004 /* App */,
        \t\t\t);
        \t\t};
        \t\tAA0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (); };
        \t\tAA0000000000000000000003 = {isa = PBXGroup; children = (\(groupChildren)); sourceTree = "<group>"; };
        \t\tAA0000000000000000000004 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = AA0000000000000000000005;
        \t\t\tname = App;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tAA0000000000000000000005 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000006, ); };
        \t\tAA0000000000000000000006 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = "App/Info.plist";
        \t\t\t\t"SDKROOT[sdk=iphoneos*]" = iphoneos;
        \(settings)\t\t\t};
        \t\t\tname = Release;
        \t\t};
        \(extra)\t};
        \trootObject = AA0000000000000000000001;
        }

        """
    }

    static func read(_ text: String) throws -> XcodeProject {
        try read(Array(text.utf8))
    }

    static func read(_ bytes: [UInt8]) throws -> XcodeProject {
        let root = try scratch(["App.xcodeproj/project.pbxproj": bytes])
        defer { try? FileManager.default.removeItem(atPath: root) }
        return XcodeProjectReader.read(projectPath: "App.xcodeproj", root: root)
    }

    @Test func settingLinesComeFromTheParse() throws {
        let project = try Self.read(Self.project(settings: "\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = (\n\t\t\t\t\tAppIcon,\n\t\t\t\t);\n"))
        #expect(project.problems == [])
        let settings = try #require(project.targets.first?.configuration(named: "Release")).settings
        let file = "App.xcodeproj/project.pbxproj"
        #expect(settings.source("INFOPLIST_FILE")?.location == Location(file: file, line: 24))
        #expect(settings.source("ASSETCATALOG_COMPILER_APPICON_NAME")?.location == Location(file: file, line: 26))
        #expect(settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(settings.value("SDKROOT") == "iphoneos")
    }

    @Test func problemsPointAtTheKeyOrTheObject() throws {
        let project = try Self.read(
            Self.project(
                extra: "\t\tAA0000000000000000000007 = {isa = PBXFileReference; path = (a); sourceTree = \"<group>\"; };\n"
                    + "\t\tAA0000000000000000000008 = 5;\n",
                groupChildren: "AA0000000000000000000007, AA00000000000000000000FF, "))
        let summary = project.problems.map { "\($0.kind.rawValue):\($0.location.line ?? 0)" }
        #expect(Set(summary) == ["malformed-object:29", "malformed-object:30", "dangling-reference:13"], "\(project.problems)")
    }

    @Test(arguments: [
        ("<<<<<<< HEAD\n", 9), ("=======\n", 9), (">>>>>>> feature/icons\n", 9), ("<<<<<<<\n", 9),
    ])
    func mergeConflictMarkers(marker: String, line: Int) throws {
        var lines = Self.project().components(separatedBy: "\n")
        lines.insert(String(marker.dropLast()), at: line - 1)
        let project = try Self.read(lines.joined(separator: "\n"))
        #expect(project.problems.count == 1)
        #expect(project.problems.first?.kind == .projectUnreadable)
        #expect(project.problems.first?.location.line == line)
        #expect(project.problems.first?.message.contains("merge-conflict markers") == true)
        #expect(project.targets.isEmpty)
    }

    @Test func markersInsideAStringAreNoConflict() throws {
        let script = "\t\tAA0000000000000000000009 = {isa = PBXShellScriptBuildPhase; shellScript = \"echo\n=======\necho\n\"; };\n"
        let project = try Self.read(Self.project(extra: script))
        #expect(project.problems == [])
        #expect(project.targets.map(\.name) == ["App"])
    }

    @Test func otherSyntaxErrorsAreNotCalledConflicts() throws {
        let project = try Self.read(Self.project().replacingOccurrences(of: "name = App;", with: "name = App"))
        #expect(project.problems.map(\.kind) == [.projectUnreadable])
        #expect(project.problems.first?.message == "project.pbxproj is not a valid property list: Missing ';' on line 18")
        #expect(project.problems.first?.location.line == 18)
    }

    @Test func notUTF8() throws {
        var bytes = Array(Self.project().utf8)
        bytes.insert(0xFF, at: bytes.count - 10)
        let project = try Self.read(bytes)
        #expect(project.problems.map(\.message) == ["project.pbxproj is not a valid property list: Conversion of string failed."])
        #expect(project.problems.first?.location.line == nil)
    }

    @Test func anIDWrittenTwiceIsItsLastDefinition() throws {
        // The first definition of the target is malformed, the second one counts.
        let text = Self.project().replacingOccurrences(
            of: "\t\tAA0000000000000000000004 /* App */ = {",
            with: "\t\tAA0000000000000000000004 = 7;\n\t\tAA0000000000000000000004 /* App */ = {")
        let project = try Self.read(text)
        #expect(project.problems == [])
        #expect(project.targets.map(\.name) == ["App"])
        // And the other way round: a good definition replaced by a broken one.
        let broken = Self.project(extra: "\t\tAA0000000000000000000004 = 7;\n")
        let read = try Self.read(broken)
        #expect(read.problems.map(\.kind).contains(.malformedObject))
        #expect(read.targets.isEmpty)
    }

    @Test func manyProjectsAtOnceAsOneByOne() throws {
        let root = projectFixture("Broken")
        let names = ["Dangling.xcodeproj", "WrongTypes.xcodeproj", "Conflict.xcodeproj", "IncludeCycle.xcodeproj", "Nowhere.xcodeproj"]
        let together = XcodeProjectReader.read(projectPaths: names, root: root)
        #expect(together.map(\.path) == names)
        for (name, project) in zip(names, together) {
            let alone = XcodeProjectReader.read(projectPath: name, root: root)
            #expect(project.problems == alone.problems)
            #expect(project.targets.map(\.name) == alone.targets.map(\.name))
        }
    }
}
