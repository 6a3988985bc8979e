import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore

/// `BuildSettingEdits` on real-shaped projects: the edit lands in the file the winning value
/// comes from (pbxproj, xcconfig, through `#include`, beside an `[sdk=]` conditional), the
/// result reads as intended, and the findings it answers are gone.
@Suite struct BuildSettingEditsTests {
    static let key = BuildSettingEdits.alternateNamesKey

    /// A copy of a fixture folder in a scratch folder.
    static func copy(_ fixture: String, into scratch: ScratchFolder) throws -> String {
        let path = scratch.file("project")
        try FileManager.default.copyItem(atPath: Repository.fixtures.appendingPathComponent(fixture).path, toPath: path)
        return path
    }

    static func write(_ edits: [TextFileEdit], root: String) throws {
        for edit in edits { try Data(edit.edited).write(to: URL(fileURLWithPath: root + "/" + edit.path)) }
    }

    static func names(_ root: String, project: String, target: String) -> [String: [String]] {
        let read = XcodeProjectReader.read(projectPath: project, root: root)
        return Dictionary(
            uniqueKeysWithValues: read.target(named: target)!.configurations.map { ($0.name, $0.settings.list(key)) })
    }

    @Test func separatorsFixedWhereWrittenAndTheFindingGoes() throws {
        let scratch = try ScratchFolder("separators")
        let root = try TestProject.example(.buildSettingMalformed, "comma-separated").write(at: scratch.file("project"))
        let before = try Linter.lint(LintOptions(path: root))
        #expect(before.diagnostics.contains { $0.rule == .buildSettingMalformed })
        let edits = try BuildSettingEdits.separatingAlternateNames(target: "App", project: "App.xcodeproj", root: root)
        #expect(edits.map(\.path) == ["App.xcodeproj/project.pbxproj"])
        let text = String(decoding: edits[0].edited, as: UTF8.self)
        #expect(text.components(separatedBy: "\(Self.key) = \"Dark Light\";").count == 3)
        #expect(ProjectEditCheck.unintendedDifference(original: edits[0].original, edited: edits[0].edited, keys: [Self.key]) == nil)
        try Self.write(edits, root: root)
        let after = try Linter.lint(LintOptions(path: root))
        #expect(!after.diagnostics.contains { $0.rule == .buildSettingMalformed })
        #expect(Self.names(root, project: "App.xcodeproj", target: "App").values.allSatisfy { $0 == ["Dark", "Light"] })
        // Nothing left to fix: no edit.
        #expect(try BuildSettingEdits.separatingAlternateNames(target: "App", project: "App.xcodeproj", root: root).isEmpty)
    }

    @Test func addsToTheXCConfigTheValueComesFrom() throws {
        let scratch = try ScratchFolder("xcconfig")
        let root = try Self.copy("Example", into: scratch)
        let edits = try BuildSettingEdits.addingAlternateIconName("Aurora", target: "Sunrise", project: "Sunrise.xcodeproj", root: root)
        #expect(edits.map(\.path) == ["Config/Sunrise.xcconfig"])
        #expect(edits[0].changes == ["Sunrise (Debug, Beta, Release): \(Self.key) += Aurora (Config/Sunrise.xcconfig, line 6)"])
        let original = String(decoding: edits[0].original, as: UTF8.self)
        #expect(
            String(decoding: edits[0].edited, as: UTF8.self)
                == original.replacingOccurrences(of: "\(Self.key) = Midnight\n", with: "\(Self.key) = Midnight Aurora\n"))
        try Self.write(edits, root: root)
        #expect(Self.names(root, project: "Sunrise.xcodeproj", target: "Sunrise").values.allSatisfy { $0 == ["Midnight", "Aurora"] })
        #expect(try BuildSettingEdits.addingAlternateIconName("Aurora", target: "Sunrise", project: "Sunrise.xcodeproj", root: root).isEmpty)
    }

    /// The value through an `#include`, a conditional beside the plain line, and a configuration
    /// whose xcconfig does not set it (the target's buildSettings gets the line there).
    @Test func followsIncludesAndConditionals() throws {
        let scratch = try ScratchFolder("includes")
        let root = try Self.copy("Example", into: scratch)
        let config = root + "/Config/Sunrise.xcconfig"
        var text = try String(contentsOfFile: config, encoding: .utf8)
        text = text.replacingOccurrences(of: "\(Self.key) = Midnight\n", with: "#include \"Icons.xcconfig\"\n")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let icons = "// Alternate icons\n\(Self.key) = Midnight\n\(Self.key)[sdk=iphoneos*] = Midnight // device builds\n"
        try icons.write(toFile: root + "/Config/Icons.xcconfig", atomically: true, encoding: .utf8)
        let edits = try BuildSettingEdits.addingAlternateIconName("Aurora", target: "Sunrise", project: "Sunrise.xcodeproj", root: root)
        #expect(edits.map(\.path) == ["Config/Icons.xcconfig"])
        #expect(
            String(decoding: edits[0].edited, as: UTF8.self)
                == "// Alternate icons\n\(Self.key) = Midnight Aurora\n\(Self.key)[sdk=iphoneos*] = Midnight Aurora // device builds\n")
    }

    /// An xcconfig another target reads too is left alone: the target inherits its value and adds.
    @Test func aSharedXCConfigStaysAsItIs() throws {
        let scratch = try ScratchFolder("shared")
        let root = try Self.copy("Example", into: scratch)
        let pbxproj = root + "/Sunrise.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        // The widget's configurations are based on the app's xcconfig as well.
        try text.replacingOccurrences(
            of: "baseConfigurationReference = 00000007000000000000002F;", with: "baseConfigurationReference = 000000070000000000000017;"
        ).write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let edits = try BuildSettingEdits.addingAlternateIconName("Aurora", target: "Sunrise", project: "Sunrise.xcodeproj", root: root)
        #expect(edits.map(\.path) == ["Sunrise.xcodeproj/project.pbxproj"])
        let edited = String(decoding: edits[0].edited, as: UTF8.self)
        #expect(edited.components(separatedBy: "\(Self.key) = \"$(inherited) Aurora\";").count == 4)
        #expect(ProjectEditCheck.unintendedDifference(original: edits[0].original, edited: edits[0].edited, keys: [Self.key]) == nil)
        try Self.write(edits, root: root)
        #expect(Self.names(root, project: "Sunrise.xcodeproj", target: "Sunrise").values.allSatisfy { $0 == ["Midnight", "Aurora"] })
        #expect(Self.names(root, project: "Sunrise.xcodeproj", target: "SunriseWidget").values.allSatisfy { $0 == ["Midnight"] })
    }

    @Test func insertsIntoTheTargetWhenNothingSetsIt() throws {
        let scratch = try ScratchFolder("insert")
        let root = try Self.copy("Add/CatalogPhone", into: scratch)
        let edits = try BuildSettingEdits.addingAlternateIconName("Aurora", target: "App", project: "App.xcodeproj", root: root)
        #expect(edits.count == 1 && edits[0].changes.count == 2)
        #expect(ProjectEditCheck.unintendedDifference(original: edits[0].original, edited: edits[0].edited, keys: [Self.key]) == nil)
        try Self.write(edits, root: root)
        #expect(Self.names(root, project: "App.xcodeproj", target: "App") == ["Debug": ["Aurora"], "Release": ["Aurora"]])
        // The test target is untouched: its configurations still have no such setting.
        #expect(Self.names(root, project: "App.xcodeproj", target: "AppTests").values.allSatisfy { $0.isEmpty })
        #expect(throws: ProjectEditError.self) {
            try BuildSettingEdits.addingAlternateIconName("A, B", target: "App", project: "App.xcodeproj", root: root)
        }
    }
}
