import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore
@testable import XcodeProjectKit

/// The pbxproj and xcconfig byte editors: exact bytes on small real-shaped files, and the
/// differential check (the edited file parses and only the intended values differ) on every
/// fixture project, on generated projects and on mutations of both.
@Suite struct ProjectEditTests {
    static let key = BuildSettingEdits.alternateNamesKey

    /// A target configuration as Xcode 15 writes it.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tAA0000000000000000000001 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        \t\t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
        \t\t\t\tINFOPLIST_FILE = App/Info.plist;
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"@executable_path/Frameworks",
        \t\t\t\t);
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tAA0000000000000000000002 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t};
        \trootObject = AA0000000000000000000003;
        }

        """

    func editor(_ text: String = Self.project) throws -> PBXSettingsEditor {
        try PBXSettingsEditor(bytes: Array(text.utf8), file: "App.xcodeproj/project.pbxproj")
    }

    func applied(_ edit: ByteEdit, _ text: String = Self.project) throws -> String {
        String(decoding: try ByteEdit.apply([edit], to: Array(text.utf8)), as: UTF8.self)
    }

    @Test func insertsASortedLineIndentedAsItsNeighbours() throws {
        let editor = try editor()
        let debug = editor.allSettingsDictionaries()[0]
        let result = try applied(try editor.insert(key: Self.key, value: "Blue", into: debug))
        #expect(
            result
                == Self.project.replacingOccurrences(
                    of: "\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME",
                    with: "\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;\n\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME"))
        // After every key: a line after the last pair.
        let last = try applied(try editor.insert(key: "ZZZ_SETTING", value: "a-b", into: debug))
        #expect(last.contains("\t\t\t\t);\n\t\t\t\tZZZ_SETTING = \"a-b\";\n\t\t\t};"))
        // An empty dictionary gets the line inside its braces, one level deeper.
        let release = editor.allSettingsDictionaries()[1]
        let empty = try applied(try editor.insert(key: Self.key, value: "Blue Red", into: release))
        #expect(empty.contains("buildSettings = {\n\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Red\";\n\t\t\t};"))
    }

    @Test func appendsToStringsAndLists() throws {
        let text = Self.project.replacingOccurrences(
            of: "\t\t\t\tINFOPLIST_FILE", with: "\t\t\t\t\(Self.key) = \"Midnight Neon\";\n\t\t\t\tINFOPLIST_FILE")
        let editor = try editor(text)
        let debug = editor.allSettingsDictionaries()[0]
        let entry = try #require(editor.entry(of: Self.key, line: nil, in: debug))
        #expect(try applied(try editor.append("Blue", to: entry.value), text).contains("\(Self.key) = \"Midnight Neon Blue\";"))
        let list = try #require(editor.entries(of: "LD_RUNPATH_SEARCH_PATHS", in: debug).first)
        #expect(
            try applied(try editor.append("x-y", to: list.value), text)
                .contains("\t\t\t\t\t\"@executable_path/Frameworks\",\n\t\t\t\t\t\"x-y\",\n\t\t\t\t);"))
        let inline = "{objects = {A = {isa = XCBuildConfiguration; buildSettings = {K = (a, b);}; };}; }"
        let small = try self.editor(inline)
        let value = try #require(small.entries(of: "K", in: small.allSettingsDictionaries()[0]).first)
        #expect(try applied(try small.append("c", to: value.value), inline).contains("K = (a, b, c);"))
    }

    @Test func separatesListsWithSpaces() throws {
        let text = Self.project.replacingOccurrences(
            of: "\t\t\t\tINFOPLIST_FILE", with: "\t\t\t\t\(Self.key) = \"og, joy;neon\";\n\t\t\t\tINFOPLIST_FILE")
        let editor = try editor(text)
        let entry = try #require(editor.entry(of: Self.key, line: nil, in: editor.allSettingsDictionaries()[0]))
        let edits = try editor.separatedWithSpaces(entry.value)
        #expect(String(decoding: try ByteEdit.apply(edits, to: Array(text.utf8)), as: UTF8.self).contains("\(Self.key) = \"og joy neon\";"))
        let list = "{objects = {A = {isa = XCBuildConfiguration; buildSettings = {\(Self.key) = (\"og,joy\", neon);}; };}; }"
        let listEditor = try self.editor(list)
        let value = try #require(listEditor.entries(of: Self.key, in: listEditor.allSettingsDictionaries()[0]).first)
        let fixed = try ByteEdit.apply(try listEditor.separatedWithSpaces(value.value), to: Array(list.utf8))
        #expect(String(decoding: fixed, as: UTF8.self).contains("\(Self.key) = (og, joy, neon);"))
    }

    @Test func editsAnXCConfigLineInPlace() throws {
        let text = "// Icons\n\(Self.key) = Midnight // the night set\n\(Self.key)[sdk=iphoneos*] = Midnight;\r\nOTHER = 1\n"
        let editor = try XCConfigEditor(bytes: Array(text.utf8), file: "Config/App.xcconfig")
        #expect(
            try applied(try editor.append("Aurora", line: 2, key: Self.key), text)
                == text.replacingOccurrences(of: "= Midnight //", with: "= Midnight Aurora //"))
        #expect(
            try applied(try editor.append("Aurora", line: 3, key: Self.key), text)
                == text.replacingOccurrences(of: "= Midnight;", with: "= Midnight Aurora;"))
        #expect(throws: ProjectEditError.self) { try editor.append("Aurora", line: 4, key: Self.key) }
        let empty = try XCConfigEditor(bytes: Array("\(Self.key) =\n".utf8), file: "a.xcconfig")
        #expect(try applied(try empty.append("Aurora", line: 1, key: Self.key), "\(Self.key) =\n") == "\(Self.key) = Aurora\n")
        let continued = try XCConfigEditor(bytes: Array("\(Self.key) = A \\\n B\n".utf8), file: "a.xcconfig")
        #expect(throws: ProjectEditError.self) { try continued.append("C", line: 1, key: Self.key) }
        // A line that continues the value above is no assignment of its own, even when it looks like one.
        let folded = try XCConfigEditor(bytes: Array("A = x \\\nB = y\n".utf8), file: "a.xcconfig")
        #expect(throws: ProjectEditError.self) { try folded.append("C", line: 2, key: "B") }
    }

    @Test func quotesAsXcodeDoes() {
        #expect(OpenStepText.string("AppIcon") == "AppIcon")
        #expect(OpenStepText.string("App/Info.plist") == "App/Info.plist")
        #expect(OpenStepText.string("AppIcon-Beta") == "\"AppIcon-Beta\"")
        #expect(OpenStepText.string("$(inherited) Blue") == "\"$(inherited) Blue\"")
        #expect(OpenStepText.string("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
        #expect(OpenStepText.string("") == "\"\"")
    }

    // MARK: - Differential

    static func fixtureProjects() -> [[UInt8]] {
        XcodeProjectDifferentialTests.fixtureProjects().compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    }

    /// Generated projects with the icon setting in some dictionaries, in every form a value takes.
    static func generated(_ count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        let values = ["Blue", "\"Blue Red\"", "\"og, joy\"", "(\n\t\t\t\t\tBlue,\n\t\t\t\t\t\"Red;\",\n\t\t\t\t)", "()", "\"\"", "\"$(inherited)\""]
        return (0..<count).map { index in
            var text = ProjectTextGenerator.project(objects: 5 + index % 30, using: &generator)
            while let range = text.range(of: "PRODUCT_NAME = ") {
                let value = values[generator.below(values.count)]
                let end = text[range.upperBound...].firstIndex(of: ";")!
                text.replaceSubrange(range.lowerBound..<end, with: "\(Self.key) = \(value)")
            }
            return Array(text.utf8)
        }
    }

    @Test func everyFixtureProjectEditsCleanly() {
        let projects = Self.fixtureProjects()
        #expect(projects.count >= 25)
        var dictionaries = 0
        for bytes in projects {
            dictionaries += (try? PBXSettingsEditor(bytes: bytes, file: "p"))?.allSettingsDictionaries().count ?? 0
            #expect(ProjectEditCheck.disagreement(Data(bytes)) == nil, "\(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        #expect(dictionaries > 100)
    }

    @Test func generatedProjectsEditCleanly() {
        for bytes in Self.generated(300, seed: 0xADD23) {
            #expect(ProjectEditCheck.disagreement(Data(bytes)) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func mutatedProjectsEditCleanly() {
        var generator = SplitMix64(seed: 0xED17)
        let sources = Self.fixtureProjects().prefix(12) + Self.generated(20, seed: 7)
        var parsed = 0
        for source in sources {
            for _ in 0..<40 {
                let mutant = ByteMutator.mutate(source, using: &generator)
                if case .success = OpenStepPlist.parse(mutant) { parsed += 1 }
                #expect(ProjectEditCheck.disagreement(Data(mutant)) == nil, "\(String(decoding: mutant, as: UTF8.self).debugDescription)")
            }
        }
        #expect(parsed > 50)
    }

    /// The check itself catches an edit that changes another value.
    @Test func checkSeesAnUnintendedChange() {
        let original = Array(Self.project.utf8)
        let changed = Array(Self.project.replacingOccurrences(of: "App/Info.plist", with: "App/Other.plist").utf8)
        #expect(ProjectEditCheck.unintendedDifference(original: original, edited: changed, keys: [Self.key]) != nil)
        let intended = Array(
            Self.project.replacingOccurrences(of: "\t\t\t};\n\t\t\tname = Release", with: "\t\t\t\t\(Self.key) = A;\n\t\t\t};\n\t\t\tname = Release").utf8)
        #expect(ProjectEditCheck.unintendedDifference(original: original, edited: intended, keys: [Self.key]) == nil)
    }
}

/// The xcconfig editor against the xcconfig reader: every line of every fixture .xcconfig (and
/// of mutations of them) that the editor takes gets a word, and the reader then sees exactly
/// one value change (that line's, by the word), every other assignment and every problem as before.
@Suite struct XCConfigEditDifferentialTests {
    static func fixtureConfigs() -> [[UInt8]] {
        let root = XcodeProjectDifferentialTests.fixturesRoot
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [[UInt8]] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".xcconfig"), let data = FileManager.default.contents(atPath: root + "/" + path) { found.append([UInt8](data)) }
        }
        return found
    }

    /// The assignments and problems the reader finds in `bytes` (written to a scratch file).
    static func read(_ bytes: [UInt8], in scratch: ScratchFolder) throws -> (values: [String], problems: [String]) {
        let path = try scratch.write("a.xcconfig", bytes)
        let problems = ProblemCollector()
        let reader = XCConfigReader(absoluteRoot: scratch.path, problems: problems)
        let assignments = reader.assignments(ofFile: path)
        return (
            assignments.map { "\($0.key)\($0.conditions.map { "[\($0.name)=\($0.pattern)]" }.joined()) = \($0.value) @\($0.source.location?.line ?? 0)" },
            problems.problems.map(\.message)
        )
    }

    static func check(_ bytes: [UInt8], scratch: ScratchFolder) throws -> Int {
        guard let editor = try? XCConfigEditor(bytes: bytes, file: "a.xcconfig") else { return 0 }
        let before = try read(bytes, in: scratch)
        var edits = 0
        for line in 1...XCConfigReader.lineRanges(bytes).count {
            guard let found = try? editor.assignment(line: line), let edit = try? editor.append("IconLintCheck", line: line, key: found.key)
            else { continue }
            let after = try read(try ByteEdit.apply([edit], to: bytes), in: scratch)
            edits += 1
            #expect(after.problems == before.problems, "line \(line) of \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let changed = zip(before.values, after.values).filter { $0 != $1 }
            // A line the reader folds into the one above (after a `\`) is no assignment of its own.
            guard after.values.count == before.values.count, changed.count <= 1 else {
                Issue.record("line \(line): \(changed) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                continue
            }
            if let (old, new) = changed.first {
                let lineTag = " @\(line)"
                #expect(old.hasSuffix(lineTag) && new.hasSuffix(lineTag), "\(old) → \(new)")
                let oldValue = old.dropLast(lineTag.count), newValue = new.dropLast(lineTag.count)
                #expect(newValue == oldValue + (oldValue.hasSuffix("= ") ? "" : " ") + "IconLintCheck", "\(old) → \(new)")
            }
        }
        return edits
    }

    @Test func fixtureConfigs() throws {
        let scratch = try ScratchFolder("xcconfig-edit")
        let configs = Self.fixtureConfigs()
        #expect(configs.count >= 10)
        var edits = 0
        for bytes in configs { edits += try Self.check(bytes, scratch: scratch) }
        #expect(edits >= 30)
    }

    @Test func mutatedConfigs() throws {
        let scratch = try ScratchFolder("xcconfig-mutants")
        var generator = SplitMix64(seed: 0xC0F16)
        let tokens = ["=", "[", "]", "//", ";", "\\", "\n", "\r\n", " ", "#include \"x.xcconfig\"\n", "$(inherited)", "[sdk=iphoneos*]", "é"]
        for source in Self.fixtureConfigs().prefix(10) {
            for _ in 0..<25 {
                var bytes = source
                for _ in 0..<(1 + generator.below(3)) where !bytes.isEmpty {
                    let at = generator.below(bytes.count)
                    if generator.below(2) == 0 {
                        bytes.remove(at: at)
                    } else {
                        bytes.insert(contentsOf: Array(tokens[generator.below(tokens.count)].utf8), at: at)
                    }
                }
                _ = try Self.check(bytes, scratch: scratch)
            }
        }
    }
}
