import Foundation
@_spi(Testing) import IconFix
import IconGenerate
import IconLintCore
import IconLintTestSupport
import Testing

/// `fix` on projects shaped like real ones: each correction's findings disappear while every
/// other file stays byte-identical; each refusal leaves the tree as it was. The printed
/// output of each run (and of its --dry-run) is recorded in Goldens/.
@Suite struct FixFixtureTests {
    /// Where a case's project comes from: a folder under Fixtures/, or an example of the
    /// case's rule (in the rule's file).
    enum Project: Sendable {
        case fixture(String)
        case example(String)
    }

    /// A project, the rule whose findings `fix` must remove, and the options it runs with.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var project: Project
        var rule: RuleID
        var background: RGBColor? = nil
        var description: String { name }
    }

    static let corrections: [Case] = [
        Case(name: "alternate-sizes", project: .fixture("Fix/alternate-sizes"), rule: .alternateIconSizeMissing),
        Case(name: "primary-sizes", project: .example("no-2x"), rule: .primaryIconSizeMissing),
        Case(name: "catalog-slots", project: .fixture("Fix/catalog-slots"), rule: .appiconsetSlotMissing),
        Case(name: "ipad-alternate", project: .example("universal-app-iphone-alternates"), rule: .ipadAlternateMissing),
        Case(
            name: "marketing-alpha", project: .example("transparent-1024"), rule: .marketingIconAlpha,
            background: RGBColor(red: 255, green: 255, blue: 255)),
        Case(name: "tinted-grey", project: .example("red-tinted-image"), rule: .tintedIconNotGrayscale),
        Case(name: "entry-duplicate", project: .example("file-listed-twice"), rule: .iconEntryDuplicate),
        Case(name: "name-suffix", project: .example("scale-in-name"), rule: .iconNameHasSuffix),
        Case(name: "alternate-conflict", project: .example("plist-and-catalog"), rule: .alternateIconConflict),
        Case(name: "modifier-order", project: .example("device-before-scale"), rule: .iconModifierOrder),
        Case(name: "set-included", project: .example("set-not-compiled"), rule: .appiconsetNotIncluded),
        Case(name: "setting-separators", project: .example("comma-separated"), rule: .buildSettingMalformed),
    ]

    /// Refusals: the finding stays, nothing is written, the reason is printed.
    static let refusals: [Case] = [
        Case(name: "refused-too-small", project: .example("no-3x"), rule: .alternateIconSizeMissing),
        Case(name: "refused-catalog-too-small", project: .example("empty-marketing-slot"), rule: .appiconsetSlotMissing),
        Case(name: "refused-no-background", project: .example("transparent-1024"), rule: .marketingIconAlpha),
    ]

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// A fresh copy of a fixture in a scratch folder.
    static func copy(_ fixture: String) throws -> (ScratchFolder, String) {
        let scratch = try ScratchFolder("fix")
        let path = scratch.file("project")
        try FileManager.default.copyItem(atPath: Repository.fixtures.appendingPathComponent(fixture).path, toPath: path)
        return (scratch, path)
    }

    /// The example `name` of `rule`, written into a scratch folder.
    static func example(_ rule: RuleID, _ name: String) throws -> (ScratchFolder, String) {
        let scratch = try ScratchFolder("fix")
        return (scratch, try RuleCatalog.writeExample(rule, name, at: scratch.file("project")))
    }

    /// A case's project in a scratch folder.
    static func project(_ testCase: Case) throws -> (ScratchFolder, String) {
        switch testCase.project {
        case .fixture(let fixture): return try copy(fixture)
        case .example(let name): return try example(testCase.rule, name)
        }
    }

    /// Every file below `folder` (hidden ones too) with its bytes.
    static func tree(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            result[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return result
    }

    static func fixer(_ path: String, _ testCase: Case, dryRun: Bool = false) -> Fixer {
        var options = FixOptions(lint: LintOptions(path: path), background: testCase.background)
        options.dryRun = dryRun
        return Fixer(options: options)
    }

    @Test(arguments: corrections)
    func correctionRemovesItsFindingsAndNothingElseChanges(_ testCase: Case) throws {
        let (scratch, path) = try Self.project(testCase)
        defer { scratch.remove() }
        let before = Self.tree(path)
        let lintBefore = try Linter.lint(LintOptions(path: path))
        #expect(lintBefore.diagnostics.contains { $0.rule == testCase.rule }, "the fixture must trigger \(testCase.rule.rawValue)")

        let dry = try Self.fixer(path, testCase, dryRun: true).run()
        #expect(Self.tree(path) == before, "--dry-run wrote something")
        try Golden.assertText(FixReport.text(dry, dryRun: true), at: Self.goldens.appendingPathComponent("\(testCase.name).dry-run.txt").path)

        let outcome = try Self.fixer(path, testCase).run()
        try Golden.assertText(FixReport.text(outcome, dryRun: false), at: Self.goldens.appendingPathComponent("\(testCase.name).txt").path)
        #expect(!outcome.applied.isEmpty)
        #expect(!outcome.after.diagnostics.contains { $0.rule == testCase.rule }, "\(testCase.rule.rawValue) is still reported")
        #expect(outcome.after.diagnostics.count < lintBefore.diagnostics.count)

        let after = Self.tree(path)
        let changed = Set(outcome.changes.map(\.path))
        let renamed = Set(
            outcome.changes.compactMap { change -> String? in
                if case .rename(let from) = change.kind { return from }
                return nil
            })
        #expect(!changed.isEmpty)
        for (file, bytes) in before where !changed.contains(file) && !renamed.contains(file) {
            #expect(after[file] == bytes, "\(file) changed though no correction names it")
        }
        #expect(Set(after.keys) == Set(before.keys).subtracting(renamed).union(changed), "files appeared or went that no correction names")
        for file in changed { #expect(after[file] != before[file], "\(file) is listed as changed but is not") }

        // Fixing the result again changes nothing.
        let again = try Self.fixer(path, testCase).run()
        #expect(again.changes.isEmpty)
        #expect(Self.tree(path) == after)
    }

    @Test(arguments: refusals)
    func refusalLeavesTheTreeAndSaysWhy(_ testCase: Case) throws {
        let (scratch, path) = try Self.project(testCase)
        defer { scratch.remove() }
        let before = Self.tree(path)
        let outcome = try Self.fixer(path, testCase).run()
        try Golden.assertText(FixReport.text(outcome, dryRun: false), at: Self.goldens.appendingPathComponent("\(testCase.name).txt").path)
        #expect(outcome.changes.isEmpty)
        #expect(outcome.left.contains { $0.correction.rule == testCase.rule })
        #expect(outcome.after.diagnostics.contains { $0.rule == testCase.rule })
        #expect(Self.tree(path) == before)
    }

    /// A project with nothing to fix: the tree stays byte-identical.
    @Test func nothingToFixChangesNothing() throws {
        let (scratch, path) = try Self.example(.ipadAlternateMissing, "ipad-alternates-declared")
        defer { scratch.remove() }
        let before = Self.tree(path)
        let outcome = try Self.fixer(path, Self.corrections[0]).run()
        #expect(outcome.changes.isEmpty && outcome.applied.isEmpty && outcome.left.isEmpty)
        #expect(outcome.after.diagnostics.isEmpty)
        #expect(FixReport.text(outcome, dryRun: false) == "nothing to fix")
        #expect(Self.tree(path) == before)
    }

    /// A file the configuration excludes is never written, even when a correction would.
    @Test func excludedPathsAreNotWritten() throws {
        let (scratch, path) = try Self.example(.tintedIconNotGrayscale, "red-tinted-image")
        defer { scratch.remove() }
        let before = Self.tree(path)
        var configuration = LintConfiguration()
        configuration.excluded = [PathPattern("App/Assets.xcassets/**")]
        let outcome = try Fixer(options: FixOptions(lint: LintOptions(path: path, configuration: configuration))).run()
        #expect(outcome.changes.isEmpty)
        #expect(outcome.left.map(\.reason) == ["it would write App/Assets.xcassets/AppIcon.appiconset/Tinted.png, which the configuration excludes"])
        #expect(Self.tree(path) == before)
    }

    /// The Info.plist changes after fix read it and before it writes: nothing is written,
    /// the run stops naming the file, and the other file stays as it was.
    @Test func fileChangedDuringTheRunStopsIt() throws {
        let (scratch, path) = try Self.example(.ipadAlternateMissing, "universal-app-iphone-alternates")
        defer { scratch.remove() }
        let before = Self.tree(path)
        let fixer = Self.fixer(path, Self.corrections[3])
        let plist = path + "/App/Info.plist"
        let edited = Array((String(decoding: before["App/Info.plist"]!, as: UTF8.self) + "<!-- edited -->\n").utf8)
        fixer.beforeWrite = { FileManager.default.createFile(atPath: plist, contents: Data(edited)) }
        #expect(throws: FixError.changed(path: "App/Info.plist")) { try fixer.run() }
        var expected = before
        expected["App/Info.plist"] = Data(edited)
        #expect(Self.tree(path) == expected)
    }

    /// A tinted slot whose file a dark slot names too: making it grey would change the dark
    /// icon, so the correction is left with the reason and nothing is written.
    @Test func aTintedFileAnotherSlotSharesIsLeft() throws {
        let (scratch, path) = try Self.example(.tintedIconNotGrayscale, "red-tinted-image")
        defer { scratch.remove() }
        let contents = path + "/App/Assets.xcassets/AppIcon.appiconset/Contents.json"
        let set = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: contents))) as? [String: Any])
        var images = try #require(set["images"] as? [[String: Any]])
        images[1]["filename"] = "Tinted.png"
        // The tinted entry first, so the image's first use is the tinted one (the rule reports it).
        images = [images[2], images[0], images[1]]
        var edited = set
        edited["images"] = images
        try JSONSerialization.data(withJSONObject: edited, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: contents))
        let before = Self.tree(path)
        let outcome = try Self.fixer(path, Self.corrections[5]).run()
        #expect(outcome.applied.isEmpty)
        #expect(outcome.left.contains { $0.1.contains("also a light or dark image") })
        #expect(Self.tree(path) == before)
    }

    /// What lint refuses to judge, fix does not repair: an XcodeGen spec it cannot read beside
    /// an app with missing sizes stops the run before anything is written (exit 2 in the CLI).
    @Test func aProjectLintRefusesIsNotTouched() throws {
        let (scratch, path) = try Self.copy("Fix/alternate-sizes")
        defer { scratch.remove() }
        try Data("name: App\ntargets: [\n".utf8).write(to: URL(fileURLWithPath: path + "/project.yml"))
        for entry in try FileManager.default.contentsOfDirectory(atPath: path) where entry.hasSuffix(".xcodeproj") {
            try FileManager.default.removeItem(atPath: path + "/" + entry)
        }
        let before = Self.tree(path)
        #expect(throws: (any Error).self) { try Linter.lint(LintOptions(path: path)) }
        let fixer = Self.fixer(path, Self.corrections[0])
        #expect(throws: FixError.self) { try fixer.run() }
        #expect(Self.tree(path) == before)
    }

    /// A source image replaced by a link out of the tree after planning: the run stops and
    /// nothing is written through it.
    @Test func linkAppearingDuringTheRunStopsIt() throws {
        let (scratch, path) = try Self.example(.tintedIconNotGrayscale, "red-tinted-image")
        defer { scratch.remove() }
        let outside = scratch.file("outside.png")
        let tinted = path + "/App/Assets.xcassets/AppIcon.appiconset/Tinted.png"
        try FileManager.default.copyItem(atPath: tinted, toPath: outside)
        let original = FileManager.default.contents(atPath: tinted)
        let fixer = Self.fixer(path, Self.corrections[5])
        fixer.beforeWrite = {
            try? FileManager.default.removeItem(atPath: tinted)
            try? FileManager.default.createSymbolicLink(atPath: tinted, withDestinationPath: outside)
        }
        #expect(throws: FixError.self) { try fixer.run() }
        #expect(FileManager.default.contents(atPath: outside) == original, "the file behind the link was written")
    }
}
