import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore
@testable import XcodeProjectKit

/// The byte-level OpenStep reader against `PropertyListSerialization`: on every pbxproj of
/// the fixtures, on generated projects and on byte mutations of both, the two must accept
/// with equal values or reject with the same message and line.
@Suite struct XcodeProjectDifferentialTests {
    static let fixturesRoot: String = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return tests.deletingLastPathComponent().appendingPathComponent("Fixtures").path
    }()

    static func fixtureProjects() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: fixturesRoot) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".pbxproj") { found.append(fixturesRoot + "/" + path) }
        }
        return found.sorted()
    }

    @Test func everyFixtureProject() throws {
        let projects = Self.fixtureProjects()
        #expect(projects.count >= 25)
        for path in projects {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(OpenStepPlistCheck.disagreement(data) == nil, "\(path)")
        }
    }

    /// Inputs the `pbxproj-differential` and `pbxproj` fuzz targets kept (Fixtures/Fuzz/TARGET).
    @Test func fuzzFindingsStayAgreed() throws {
        var inputs: [String] = []
        for target in ["pbxproj-differential", "pbxproj"] {
            let folder = Self.fixturesRoot + "/Fuzz/" + target
            inputs += ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
        }
        #expect(!inputs.isEmpty)
        for path in inputs {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(OpenStepPlistCheck.disagreement(data) == nil, "\(path)")
        }
    }

    @Test func brokenFixturesKeepFoundationsMessages() throws {
        let unbalanced = try Data(
            contentsOf: URL(
                fileURLWithPath:
                    Self.fixturesRoot + "/Projects/Broken/Unbalanced.xcodeproj/project.pbxproj"))
        guard case .failure(let error) = OpenStepPlist.parse([UInt8](unbalanced)) else {
            Issue.record("the unbalanced project parsed")
            return
        }
        #expect(error == OpenStepPlist.ParseError(message: "Expected terminating ')' for array at line 14", line: 14))
    }

    /// Small texts where the parsers' corners are: escapes, the strings-file shorthand,
    /// comments, data, nesting, encodings, every error message.
    @Test(arguments: [
        "{a=b;}", "{a=(b,c,);}", "{a=(b c);}", "", " ", "abc", "abc def", "{a;}", "a=b;", "a=b; }", "\"a\" = \"b\"; c = d",
        "{a=b;};", "// c\n{a=b;}", "{a=b;", "{a = \"x\n", "{a=b;a=c;}", "{a=<0a0b>;}", "{a=<0a 0>;}", "{a=<0ag>;}",
        "{a=<0a0b;}", "<0a0b>", "{a=\"\\UD83D\\UDE00\";}", "{a=\"\\UD83D\";}", "{a=\"\\101\\301\\777\\376\";}",
        "{a=\"x\\Uzz12\";}", "{a=\"\\\n\";}", "{a='it''s';}", "{a='x\\'y';}", "{\"a\\\"b\"=c;}", "{a=b;}/*", "{a=b;}//",
        "{a=b;}/", "{/* c */a/*d*/=/*e*/b/*f*/;}", "{a=\"\\", "{a=\"\\\"", "{a=b c;}", "{a==b;}", "{=b;}", "{a=;}",
        "{a=b;}}", "(a,b)", "(", ")", "{", "}", "{a=(", "{a=({b=c;},{d=(e,f);});}", "\r\n{\r\na=\rb;\r}",
        "{a=\u{2028}b;}", "{a=b\u{2029};}", "{é=b;}", "{a=é;}", "{a=\"é\";}", "{a=\"\\é\";}", "{a=\"\\😀\";}",
        "\u{FEFF}{a=b;}", "\u{FEFF}", "{a=\"😀\";}", "{a=b;}\n\n\nx", "x\ny\nz", "{a=<>;}", "{a=< 0a\n0b >;}",
        "{a=b;}\0", "{a\0=b;}", "$:/._-", "{a=\"\\v\\f\\a\\b\\t\\r\\n\";}", "\"unterminated", "'a' 'b'",
    ])
    func cornerCase(_ text: String) {
        #expect(OpenStepPlistCheck.disagreement(Data(text.utf8)) == nil, "\(text.debugDescription)")
    }

    @Test func notUTF8() {
        for bytes: [UInt8] in [
            [0x7B, 0x61, 0x3D, 0x22, 0xFF, 0x22, 0x3B, 0x7D], [0x7B, 0x61, 0x3D, 0x22, 0xC0, 0x80, 0x22, 0x3B, 0x7D],
            [0x7B, 0x61, 0x3D, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3B, 0x7D], [0x7B, 0x61, 0x3D, 0x62, 0x3B, 0x7D, 0x2F, 0x2F, 0xF5],
            [0x7B, 0x61, 0x3D, 0x28, 0xE2, 0x82], [0x7B, 0x61, 0x3D, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x3B, 0x7D],
            // A stray 0xA9 is the one malformed byte CoreFoundation reads (as U+FFFD).
            [0x7B, 0x61, 0x3D, 0x22, 0xA9, 0x22, 0x3B, 0x7D], [0x7B, 0x61, 0x3D, 0xA9, 0x3B, 0x7D],
            [0x7B, 0x61, 0x3D, 0x22, 0x5C, 0xA9, 0x22, 0x3B, 0x7D], [0x7B, 0x61, 0x3D, 0x3C, 0xA9, 0x3E, 0x3B, 0x7D],
            [0x7B, 0x61, 0x3D, 0x22, 0xC3, 0xA9, 0xA9, 0x22, 0x3B, 0x7D], [0x7B, 0x61, 0x3D, 0x22, 0xE2, 0xA9, 0x22, 0x3B, 0x7D],
            [0x7B, 0x61, 0x3D, 0x62, 0x3B, 0x7D, 0x2F, 0x2A, 0xA9, 0x2A, 0x2F],
        ] {
            #expect(OpenStepPlistCheck.disagreement(Data(bytes)) == nil, "\(bytes)")
        }
    }

    @Test func nestingLimit() {
        for depth in [510, 511, 512, 513, 514, 600] {
            let deep = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
            #expect(OpenStepPlistCheck.disagreement(Data(deep.utf8)) == nil, "\(depth)")
            let dictionaries = String(repeating: "{a=", count: depth) + "b" + String(repeating: ";}", count: depth)
            #expect(OpenStepPlistCheck.disagreement(Data(dictionaries.utf8)) == nil, "\(depth)")
        }
    }

    @Test func generatedProjects() {
        var generator = SplitMix64(seed: 0x1C0)
        for index in 0..<300 {
            let text = ProjectTextGenerator.project(objects: 5 + index % 40, using: &generator)
            #expect(OpenStepPlistCheck.disagreement(Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func mutatedProjects() throws {
        var generator = SplitMix64(seed: 0xB17E)
        var sources = try Self.fixtureProjects().prefix(12).map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        for _ in 0..<20 { sources.append(Array(ProjectTextGenerator.project(objects: 8, using: &generator).utf8)) }
        var rejected = 0, mutants = 0
        for source in sources {
            for _ in 0..<60 {
                let mutant = ByteMutator.mutate(source, using: &generator)
                mutants += 1
                if case .failure = OpenStepPlist.parse(mutant) { rejected += 1 }
                #expect(
                    OpenStepPlistCheck.disagreement(Data(mutant)) == nil,
                    "\(String(decoding: mutant, as: UTF8.self).debugDescription)")
            }
        }
        // Both kinds of outcome are exercised.
        #expect(rejected > mutants / 10 && rejected < mutants * 9 / 10)
    }
}

/// Well-formed project.pbxproj texts in Xcode's layout with random content: every kind of
/// string (bare, quoted, escaped, non-ASCII), lists, nested dictionaries, comments and data.
enum ProjectTextGenerator {
    static let isas = [
        "PBXBuildFile", "PBXFileReference", "PBXGroup", "PBXNativeTarget", "XCBuildConfiguration",
        "XCConfigurationList", "PBXResourcesBuildPhase", "PBXSourcesBuildPhase", "PBXVariantGroup",
    ]
    static let words = [
        "Icon@2x.png", "App", "$(inherited)", "\"$(SRCROOT)/App\"", "@executable_path/Frameworks",
        "iphoneos", "1,2", "YES", "<group>", "SOURCE_ROOT", "Grüße", "日本語", "a b", "x;y", "{}", "()",
        "tab\there", "quote\"d", "back\\slash", "line\nbreak", "😀", "", "-", "_/.:$",
    ]

    static func id<G: RandomNumberGenerator>(using generator: inout G) -> String {
        String((0..<24).map { _ in "0123456789ABCDEF".randomElement(using: &generator)! })
    }

    /// A string as Xcode writes it: bare when it can be, quoted and escaped otherwise.
    static func literal<G: RandomNumberGenerator>(_ text: String, using generator: inout G) -> String {
        let bare =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "_$/:.-".utf8.contains(byte)
            }
        if bare, Bool.random(using: &generator) { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += Bool.random(using: &generator) ? "\\n" : "\n"
            case "\t": quoted += Bool.random(using: &generator) ? "\\t" : "\t"
            default:
                if scalar.value > 0x7F, scalar.value <= 0xFFFF, Int.random(in: 0..<4, using: &generator) == 0 {
                    quoted += String(format: "\\U%04x", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    static func value<G: RandomNumberGenerator>(depth: Int, using generator: inout G) -> String {
        switch Int.random(in: 0..<(depth > 2 ? 6 : 9), using: &generator) {
        case 0..<5: return literal(words.randomElement(using: &generator)!, using: &generator)
        case 5:
            return "<"
                + (0..<Int.random(in: 0..<6, using: &generator)).map { _ in String(format: "%02x", Int.random(in: 0..<256, using: &generator)) }.joined(
                    separator: Bool.random(using: &generator) ? " " : "") + ">"
        case 6, 7:
            let elements = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) }
            return "(\n" + elements.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t)"
        default:
            return dictionary(depth: depth + 1, using: &generator)
        }
    }

    static func dictionary<G: RandomNumberGenerator>(depth: Int, using generator: inout G) -> String {
        let keys = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
            literal(
                [
                    "name", "path", "sourceTree", "PRODUCT_NAME", "INFOPLIST_FILE", "\"SDKROOT[sdk=iphoneos*]\"",
                    "files", "children", "Grüße",
                ].randomElement(using: &generator)!, using: &generator)
        }
        return "{\n" + keys.map { "\t\t\t\t\($0) = \(value(depth: depth, using: &generator));\n" }.joined() + "\t\t\t}"
    }

    static func project<G: RandomNumberGenerator>(objects count: Int, using generator: inout G) -> String {
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        var ids: [String] = []
        for _ in 0..<count {
            let id = id(using: &generator)
            ids.append(id)
            let isa = isas.randomElement(using: &generator)!
            if Bool.random(using: &generator) {
                text += "\t\t\(id) /* \(words.randomElement(using: &generator)!.replacingOccurrences(of: "*/", with: "")) */ = {isa = \(isa); "
                text += "name = \(literal(words.randomElement(using: &generator)!, using: &generator)); };\n"
            } else {
                text += "\t\t\(id) = {\n\t\t\tisa = \(isa);\n"
                text += "\t\t\tbuildSettings = \(dictionary(depth: 1, using: &generator));\n"
                text += "\t\t\tchildren = (\n" + ids.suffix(3).map { "\t\t\t\t\($0) /* x */,\n" }.joined() + "\t\t\t);\n\t\t};\n"
            }
        }
        text += "\t};\n\trootObject = \(ids.first ?? "0");\n}\n"
        return text
    }
}

/// Byte-level damage of the kinds fuzzers and merges produce.
enum ByteMutator {
    static let tokens: [[UInt8]] =
        [
            "{", "}", "(", ")", ";", "=", ",", "\"", "'", "\\", "/*", "*/", "//", "<", ">", "\n", "\r",
            "\\U", "\\7", "<<<<<<< HEAD\n", "=======\n", "é", "\u{2028}",
        ].map { Array($0.utf8) }
        + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0xEF, 0xBB, 0xBF]]

    static func mutate<G: RandomNumberGenerator>(_ source: [UInt8], using generator: inout G) -> [UInt8] {
        var bytes = source
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            guard !bytes.isEmpty else {
                bytes = Array("{".utf8)
                continue
            }
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: at)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1..<64, using: &generator)))
            case 4:
                let length = min(bytes.count - at, Int.random(in: 1..<64, using: &generator))
                let chunk = Array(bytes[at..<(at + length)])
                bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &generator))
            default: bytes.removeSubrange(at...)
            }
        }
        return bytes
    }
}
