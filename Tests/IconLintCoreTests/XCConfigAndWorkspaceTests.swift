import Foundation
import Testing

@testable import IconLintCore
@testable import XcodeProjectKit

/// A fresh folder under the system temporary directory, filled with `files` (path → text).
private func scratchFolder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("iconlint-project-tests-\(UUID().uuidString)")
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder.path
}

@Suite struct XCConfigReaderTests {
    func read(_ files: [String: String], _ start: String) throws -> ([SettingAssignment], [ProjectProblem]) {
        let root = try scratchFolder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let problems = ProblemCollector()
        let reader = XCConfigReader(absoluteRoot: root, problems: problems)
        return (reader.assignments(ofFile: ProjectPath.join(root, start)), problems.problems)
    }

    @Test func syntax() throws {
        let (assignments, problems) = try read(
            [
                "A.xcconfig": "// comment\r\nA = 1;\r\n  B=two words ; \r\nURL = https://example.com\r\n"
                    + "LIST = one \\\n  two \\\n  three\nEMPTY =\nC[sdk=iphoneos*][config=Release] = c // trailing\n"
            ], "A.xcconfig")
        #expect(problems == [])
        #expect(assignments.map(\.key) == ["A", "B", "URL", "LIST", "EMPTY", "C"])
        #expect(assignments.map(\.value) == ["1", "two words", "https:", "one two three", "", "c"])
        #expect(assignments.map { $0.source.location?.line } == [2, 3, 4, 5, 8, 9])
        #expect(
            assignments.last?.conditions == [
                SettingCondition(name: "sdk", pattern: "iphoneos*"),
                SettingCondition(name: "config", pattern: "Release"),
            ])
    }

    @Test func includesAreRelativeToTheIncludingFile() throws {
        let (assignments, problems) = try read(
            [
                "Config/App.xcconfig": "#include \"Shared/Base.xcconfig\"\n# include \"Shared/Base.xcconfig\"\nAPP = 1\n",
                "Config/Shared/Base.xcconfig": "#include? \"Missing.xcconfig\"\n#include \"../Leaf.xcconfig\"\nBASE = 1\n",
                "Config/Leaf.xcconfig": "LEAF = 1\n",
            ], "Config/App.xcconfig")
        // Including the same file twice (a diamond) is no cycle. The missing optional include
        // leaves a marker, and one note: what it would define is unknown.
        #expect(problems.map(\.kind) == [.unresolved])
        #expect(problems.first?.message.hasPrefix("line 1: #include? \"Missing.xcconfig\" names Config/Shared/Missing.xcconfig") == true)
        let settings = assignments.filter { $0.key != BuildSettings.missingConfigurationKey }
        #expect(settings.map(\.key) == ["LEAF", "BASE", "LEAF", "BASE", "APP"])
        #expect(settings.first?.source == .xcconfig(location: Location(file: "Config/Leaf.xcconfig", line: 1)))
        #expect(
            assignments.filter { $0.key == BuildSettings.missingConfigurationKey }.map(\.value)
                == ["Config/Shared/Missing.xcconfig", "Config/Shared/Missing.xcconfig"])
    }

    @Test func badLinesAreProblemsWithLines() throws {
        let (assignments, problems) = try read(
            [
                "A.xcconfig": "OK = 1\n#import \"x\"\n= nothing\n#include \"Gone.xcconfig\"\n#include\nSELF = $(SELF)\n#include \"A.xcconfig\"\n"
            ], "A.xcconfig")
        #expect(assignments.map(\.key).filter { $0 != BuildSettings.missingConfigurationKey } == ["OK", "SELF"])
        #expect(
            problems.map(\.kind) == [
                .xcconfigMalformed, .xcconfigMalformed, .xcconfigMissing, .unresolved, .xcconfigMalformed,
                .xcconfigIncludeCycle,
            ])
        #expect(problems.map(\.location.line) == [2, 3, 4, 4, 5, 7])
        #expect(problems.allSatisfy { $0.location.file == "A.xcconfig" })
    }

    @Test func notUTF8() throws {
        let root = try scratchFolder([:])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data([0x41, 0x20, 0x3D, 0x20, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: ProjectPath.join(root, "B.xcconfig")))
        let problems = ProblemCollector()
        let assignments = XCConfigReader(absoluteRoot: root, problems: problems).assignments(ofFile: ProjectPath.join(root, "B.xcconfig"))
        #expect(assignments.isEmpty)
        #expect(problems.problems.map(\.kind) == [.xcconfigMalformed])
    }
}

@Suite struct WorkspaceReaderTests {
    @Test func groupsContainersAndAbsolutePaths() throws {
        let root = try scratchFolder([
            "App.xcworkspace/contents.xcworkspacedata": """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/App.xcodeproj"></FileRef>
               <Group location = "group:Libraries" name = "Libraries">
                  <FileRef location = "group:Kit/Kit.xcodeproj"></FileRef>
                  <Group name = "Virtual">
                     <FileRef location = "group:Deep.xcodeproj"></FileRef>
                  </Group>
               </Group>
               <Group location = "container:Tools" name = "Tools">
                  <FileRef location = "container:Tools/Gen.xcodeproj"></FileRef>
                  <FileRef location = "group:README.md"></FileRef>
               </Group>
               <FileRef location = "absolute:/opt/Shared/Shared.xcodeproj"></FileRef>
               <FileRef location = "developer:Platforms/Thing.xcodeproj"></FileRef>
               <FileRef location = "group:App/App.xcodeproj"></FileRef>
            </Workspace>
            """
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let workspace = WorkspaceReader.read(workspacePath: "App.xcworkspace", root: root)
        #expect(workspace.problems == [])
        #expect(
            workspace.projects == [
                "App/App.xcodeproj", "Libraries/Kit/Kit.xcodeproj", "Libraries/Deep.xcodeproj", "Tools/Gen.xcodeproj",
                ProjectPath.relative("/opt/Shared/Shared.xcodeproj", to: ProjectPath.absolute(root)),
            ])
    }

    @Test func malformedWorkspaces() throws {
        let root = try scratchFolder([
            "Bad.xcworkspace/contents.xcworkspacedata": "<Workspace>\n<FileRef location = \"group:A.xcodeproj\">\n</Workspace>",
            "Odd.xcworkspace/contents.xcworkspacedata":
                "<Workspace>\n<FileRef location = \"weird:A.xcodeproj\"/>\n<FileRef location = \"B.xcodeproj\"/>\n</Workspace>",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bad = WorkspaceReader.read(workspacePath: "Bad.xcworkspace", root: root)
        #expect(bad.problems.map(\.kind) == [.workspaceUnreadable])
        #expect(bad.problems.first?.location.file == "Bad.xcworkspace/contents.xcworkspacedata")
        let odd = WorkspaceReader.read(workspacePath: "Odd.xcworkspace", root: root)
        #expect(odd.projects == [])
        #expect(odd.problems.map(\.location.line) == [2, 3])
        let missing = WorkspaceReader.read(workspacePath: "None.xcworkspace", root: root)
        #expect(missing.problems.map(\.kind) == [.workspaceUnreadable])
    }
}
