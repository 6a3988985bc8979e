import Foundation
import Testing

@testable import IconLintCore

/// Takes the Classic fixture apart field by field: every field of every kind of object gets
/// a value of the wrong type, and every object id a dangling one. The reader must return (no crash,
/// no hang) and say something about it. The mutated projects are written as XML plists,
/// which PropertyListSerialization reads like OpenStep.
@Suite struct XcodeProjectRobustnessTests {
    static let classic = projectFixture("Classic")

    static func objects() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: classic + "/Classic.xcodeproj/project.pbxproj"))
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(plist as? [String: Any])
    }

    /// Writes the plist as `<scratch>/Mutant.xcodeproj/project.pbxproj` beside copies of nothing else:
    /// files on disk are not needed for the reader to resolve paths.
    static func read(_ plist: [String: Any], in folder: URL) throws -> XcodeProject {
        let project = folder.appendingPathComponent("Mutant.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: project.appendingPathComponent("project.pbxproj"))
        return XcodeProjectReader.read(projectPath: "Mutant.xcodeproj", root: folder.path)
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iconlint-mutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A value of another type than `value`.
    static func wrongType(for value: Any) -> Any {
        if value is String { return ["a", ["nested": "dict"]] as [Any] }
        if value is [Any] { return "not a list" }
        return ["unexpected", "array"]
    }

    @Test func everyFieldWithTheWrongType() throws {
        let top = try Self.objects()
        let objects = try #require(top["objects"] as? [String: Any])
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = Set(try Self.read(top, in: folder).problems)
        // Fields the reader always relies on: a wrong type there must add a problem. Others (the
        // files of a Sources phase, the file type of a Swift file) are rightly never looked at.
        let checked: [String: Set<String>] = [
            "PBXProject": ["targets", "mainGroup", "buildConfigurationList"],
            "PBXNativeTarget": ["name", "productType", "buildPhases", "buildConfigurationList"],
            "XCConfigurationList": ["buildConfigurations"],
            "XCBuildConfiguration": ["name", "buildSettings", "baseConfigurationReference"],
            "PBXResourcesBuildPhase": ["files"],
            "PBXGroup": ["children", "path", "sourceTree"],
            "PBXVariantGroup": ["children"],
            "PBXFileReference": ["path", "sourceTree"],
        ]
        var mutants = 0
        // One mutant per (isa, field) pair: objects of one isa share their code path.
        var seen: Set<String> = []
        for id in objects.keys.sorted() {
            guard let fields = objects[id] as? [String: Any] else { continue }
            for key in fields.keys.sorted() where key != "isa" {
                guard seen.insert("\(fields["isa"] ?? "") \(key)").inserted else { continue }
                var mutated = fields
                mutated[key] = Self.wrongType(for: fields[key] as Any)
                var copy = objects
                copy[id] = mutated
                var plist = top
                plist["objects"] = copy
                let project = try Self.read(plist, in: folder)
                mutants += 1
                let isa = fields["isa"] as? String ?? ""
                if checked[isa]?.contains(key) == true {
                    #expect(Set(project.problems) != baseline, "no problem reported for \(key) of \(isa) \(id)")
                }
            }
        }
        #expect(mutants > 50)
    }

    @Test func everyReferenceDangling() throws {
        let top = try Self.objects()
        let objects = try #require(top["objects"] as? [String: Any])
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Removing each object in turn leaves every reference to it dangling.
        for id in objects.keys.sorted() {
            var copy = objects
            copy.removeValue(forKey: id)
            var plist = top
            plist["objects"] = copy
            let project = try Self.read(plist, in: folder)
            // Every object of the fixture is referenced by another one (or is the root).
            #expect(!project.problems.isEmpty, "removing \(id) went unnoticed")
        }
    }

    @Test func groupThatContainsTheMainGroup() throws {
        let top = try Self.objects()
        var objects = try #require(top["objects"] as? [String: Any])
        let rootID = try #require(top["rootObject"] as? String)
        let project = try #require(objects[rootID] as? [String: Any])
        let mainGroup = try #require(project["mainGroup"] as? String)
        // Every group lists the main group as a child: the walk must stop.
        for (id, value) in objects {
            guard var fields = value as? [String: Any], fields["isa"] as? String == "PBXGroup",
                var children = fields["children"] as? [Any]
            else { continue }
            children.append(mainGroup)
            fields["children"] = children
            objects[id] = fields
        }
        var plist = top
        plist["objects"] = objects
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try Self.read(plist, in: folder)
        #expect(read.problems.contains { $0.kind == .groupCycle })
        #expect(read.targets.count == 3)
    }

    @Test func notADictionaryAtAll() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("List.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        for text in [
            "(a, b)", "{ objects = (); }", "{ objects = {}; rootObject = X; }", "{ objects = { X = { isa = PBXGroup; }; }; rootObject = X; }",
            "{ objects = {}; }",
        ] {
            try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
            let read = XcodeProjectReader.read(projectPath: "List.xcodeproj", root: folder.path)
            #expect(read.targets.isEmpty)
            #expect(read.problems.count == 1, "\(text)")
        }
    }
}
