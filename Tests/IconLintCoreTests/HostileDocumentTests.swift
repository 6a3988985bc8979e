import Foundation
import IconLintTestSupport
import PNGKit
import Testing

@testable import IconLintCore

/// Documents of the wrong shape, through the same in-memory entry point the fuzz targets use:
/// every key the rules read, given every wrong type, is a finding and never a crash.
@Suite("Hostile documents")
struct HostileDocumentTests {
    static let fixtures = Repository.fixtures

    /// One value of each plist type.
    nonisolated(unsafe) static let wrongValues: [(name: String, value: Any)] = [
        ("string", "AppIcon"), ("number", 42), ("Boolean", true), ("array", ["x", 1]),
        ("dictionary", ["k": "v"]), ("date", Date(timeIntervalSince1970: 0)), ("data", Data([0, 1, 2])),
    ]

    static func xml(_ root: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }

    static func app(_ icons: [String: Any]) -> [String: Any] {
        var root: [String: Any] = ["CFBundlePackageType": "APPL", "UIDeviceFamily": [1, 2]]
        root.merge(icons) { $1 }
        return root
    }

    /// Where a value sits in the plist, and the text its finding must name.
    struct Place: Sendable, CustomStringConvertible {
        var description: String
        var expectedFragment: String
        var build: @Sendable (Any) -> [String: Any]
    }

    static let places: [Place] = [
        Place(description: "CFBundleIcons", expectedFragment: "CFBundleIcons is a") { app(["CFBundleIcons": $0]) },
        Place(description: "CFBundleIcons~ipad", expectedFragment: "CFBundleIcons~ipad is a") { app(["CFBundleIcons~ipad": $0]) },
        Place(description: "CFBundlePrimaryIcon", expectedFragment: "CFBundleIcons → CFBundlePrimaryIcon is a") {
            app(["CFBundleIcons": ["CFBundlePrimaryIcon": $0]])
        },
        Place(description: "CFBundleAlternateIcons", expectedFragment: "CFBundleAlternateIcons is a") {
            app(["CFBundleIcons": ["CFBundleAlternateIcons": $0]])
        },
        Place(description: "an alternate's entry", expectedFragment: "CFBundleAlternateIcons → Dark is a") {
            app(["CFBundleIcons": ["CFBundleAlternateIcons": ["Dark": $0]]])
        },
        Place(description: "CFBundleIconFiles", expectedFragment: "CFBundleIconFiles of alternate icon 'Dark' is a") {
            app(["CFBundleIcons": ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": $0]]]])
        },
        Place(description: "an item of CFBundleIconFiles", expectedFragment: "item 0 of CFBundleIcons → CFBundleAlternateIcons → Dark → CFBundleIconFiles") {
            app(["CFBundleIcons": ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": [$0]]]]])
        },
        Place(description: "CFBundleIconName", expectedFragment: "CFBundleIconName of the primary icon in CFBundleIcons is a") {
            app(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": $0, "CFBundleIconFiles": ["AppIcon60x60"]]]])
        },
        Place(description: "UIPrerenderedIcon", expectedFragment: "UIPrerenderedIcon of the primary icon in CFBundleIcons is") {
            app(["CFBundleIcons": ["CFBundlePrimaryIcon": ["UIPrerenderedIcon": $0, "CFBundleIconFiles": ["AppIcon60x60"]]]])
        },
        Place(description: "top-level CFBundleIconFiles", expectedFragment: "CFBundleIconFiles of primary icon is a") {
            app(["CFBundleIconFiles": $0])
        },
        // Read but not reported on: a wrong type there must only not crash.
        Place(description: "UIDeviceFamily", expectedFragment: "") { app(["UIDeviceFamily": $0]) },
        Place(description: "CFBundlePackageType", expectedFragment: "") { ["CFBundlePackageType": $0] },
    ]

    /// What a correct value at `place` is, so it is left out of the wrong ones.
    static func isRightType(_ value: Any, at place: Place) -> Bool {
        switch place.description {
        case "CFBundleIcons", "CFBundleIcons~ipad", "CFBundlePrimaryIcon", "CFBundleAlternateIcons", "an alternate's entry":
            return value is [String: Any]
        case "CFBundleIconFiles", "top-level CFBundleIconFiles": return value is [Any] && (value as? [Any])?.first is String
        case "an item of CFBundleIconFiles", "CFBundleIconName", "CFBundlePackageType": return value is String
        case "UIPrerenderedIcon": return PlistReader.isBoolean(value)
        default: return false
        }
    }

    @Test(arguments: places)
    func everyWrongTypeIsAFinding(_ place: Place) throws {
        for (typeName, value) in Self.wrongValues where !Self.isRightType(value, at: place) {
            let diagnostics = InMemoryLint.lint(infoPlist: try Self.xml(place.build(value)), files: ["App/AppIcon60x60@2x.png"])
            guard !place.expectedFragment.isEmpty else { continue }
            let malformed = diagnostics.filter { $0.rule == .iconEntryMalformed }
            #expect(
                malformed.contains { $0.message.contains(place.expectedFragment) },
                "\(place) as \(typeName): \(diagnostics.map(\.message))")
            #expect(malformed.allSatisfy { !$0.message.contains("\n") && $0.location.line.map { $0 >= 1 } ?? true })
        }
    }

    struct ContentsCase: Sendable, CustomStringConvertible {
        var description: String
        var json: String
        /// A fragment of the contents-json-malformed message, or nil when the set reads fine.
        var expected: String?
    }

    static let contentsCases: [ContentsCase] = [
        ContentsCase(description: "top level array", json: "[1, 2]", expected: "must be a JSON object"),
        ContentsCase(description: "images is a string", json: #"{"images": "AppIcon.png"}"#, expected: #"has no "images" array"#),
        ContentsCase(description: "image is a number", json: #"{"images": [7]}"#, expected: "images[0] is not an object"),
        ContentsCase(
            description: "size is a number", json: #"{"images": [{"idiom": "iphone", "size": 60, "scale": "2x", "filename": "a.png"}]}"#,
            expected: #"images[0] has a bad "size" 60"#),
        ContentsCase(
            description: "size is huge", json: #"{"images": [{"idiom": "iphone", "size": "1e308x1e308", "scale": "2x"}]}"#,
            expected: #"has a bad "size""#),
        ContentsCase(
            description: "scale is a number", json: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": 2}]}"#,
            expected: #"has a bad "scale" 2"#),
        ContentsCase(
            description: "filename is an array", json: #"{"images": [{"idiom": "universal", "size": "1024x1024", "filename": ["a.png"]}]}"#,
            expected: #"has a "filename" that is not a string"#),
        ContentsCase(
            description: "filename escapes", json: #"{"images": [{"idiom": "universal", "size": "1024x1024", "filename": "../../etc/passwd"}]}"#,
            expected: "points outside the set"),
        ContentsCase(
            description: "filename has NUL", json: #"{"images": [{"idiom": "universal", "size": "1024x1024", "filename": "a\u0000.png"}]}"#,
            expected: "points outside the set"),
        // Wrong types where the reader falls back to a default: no crash, no malformed finding.
        ContentsCase(description: "idiom is a number", json: #"{"images": [{"idiom": 3, "size": "1024x1024"}]}"#, expected: nil),
        ContentsCase(
            description: "appearances is a string", json: #"{"images": [{"idiom": "universal", "size": "1024x1024", "appearances": "dark"}]}"#,
            expected: nil),
        ContentsCase(
            description: "platform is an object", json: #"{"images": [{"idiom": "universal", "platform": {}, "size": "1024x1024"}]}"#,
            expected: nil),
        ContentsCase(description: "not JSON", json: "{\"images\": [", expected: "is not valid JSON"),
        ContentsCase(
            description: "deeply nested", json: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
            expected: nil),
    ]

    /// Text, not Data: a static Data keeps its storage behind enum tag bits, where
    /// LeakSanitizer does not see the pointer (a false leak under --sanitize=address).
    static let iconPlistText = """
        <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>
        <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>AppIcon</string>
        </dict></dict></dict></plist>
        """
    static var iconPlist: Data { Data(iconPlistText.utf8) }

    @Test(arguments: contentsCases)
    func contentsJSONOfTheWrongShape(_ testCase: ContentsCase) {
        let diagnostics = InMemoryLint.lint(
            infoPlist: Self.iconPlist, contentsJSON: Data(testCase.json.utf8),
            files: ["Assets.xcassets/AppIcon.appiconset/a.png"])
        let malformed = diagnostics.filter { $0.rule == .contentsJSONMalformed }
        if let expected = testCase.expected {
            #expect(malformed.count == 1 && malformed[0].message.contains(expected), "\(diagnostics.map(\.message))")
        } else if testCase.description != "deeply nested" {
            #expect(malformed.isEmpty, "\(malformed.map(\.message))")
        }
    }

    // MARK: - Inputs the fuzz targets found

    static func fuzzInputs(_ target: String) -> [String] {
        let folder = fixtures.appendingPathComponent("Fuzz/\(target)").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    @Test func fuzzFindingsForPNGsStayFixed() throws {
        let inputs = Self.fuzzInputs("png-header") + Self.fuzzInputs("png-decode")
        #expect(!inputs.isEmpty)
        let decoder = PNGReader(limits: PNGLimits(maxWidth: 1024, maxHeight: 1024, maxBytes: 1024 * 1024 * 8))
        for path in inputs {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let start = Date()
            _ = try? PNGReader().header(.bytes(bytes), withICCProfile: true)
            for depth in [PNGSampleDepth.eight, .sixteen] {
                _ = try? decoder.decodeRows(.bytes(bytes), depth: depth) { _, _ in true }
            }
            _ = try? PNGReader().decode(.file(path))
            #expect(Date().timeIntervalSince(start) < 5, "\(path): a tiny file must fail fast")
        }
    }

    @Test func fuzzFindingsForPlistsStayFixed() throws {
        let plists = Self.fuzzInputs("info-plist") + Self.fuzzInputs("pbxproj")
        #expect(!plists.isEmpty)
        for path in plists {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let diagnostics = InMemoryLint.lint(infoPlist: data, contentsJSON: Data(#"{"images":[]}"#.utf8), files: ["App/AppIcon60x60@2x.png"])
            _ = InMemoryLint.parsePlist(data)
            #expect(diagnostics.allSatisfy { !$0.message.isEmpty }, "\(path)")
        }
        for path in Self.fuzzInputs("contents-json") {
            _ = InMemoryLint.lint(infoPlist: Self.iconPlist, contentsJSON: try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    @Test func binaryPlistWithASetIsRefused() throws {
        let path = Self.fixtures.appendingPathComponent("Fuzz/info-plist/crash-foundation-set-bridge-min.bplist").path
        let result = PlistReader.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: "Info.plist")
        guard case .failure(let problem) = result else {
            Issue.record("a set must be refused before Foundation bridges it")
            return
        }
        #expect(problem.message == "the binary plist holds a set (object 4), which no Info.plist has and Foundation cannot read safely")
    }

    @Test func nonUTF8XMLPlistIsReadWithoutLines() throws {
        let path = Self.fixtures.appendingPathComponent("Fuzz/info-plist/crash-xmlparser-non-utf8-attribute-min.plist").path
        let result = PlistReader.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: "Info.plist")
        let document = try result.get()
        #expect(document.root["CFBundlePackageType"] as? String == "APPL")
        #expect(document.line(["CFBundlePackageType"]) == nil)
    }

    @Test func hugeNumbersInIconNamesDoNotTrap() throws {
        // `Icon-99999999999999999999` trapped converting 1e20 to Int when the file existed.
        let names = ["Icon-99999999999999999999", "AppIcon99999999999999999999x99999999999999999999", "Icon_1e308", "Icon-60.5"]
        let data = try Self.xml(Self.app(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": names]]]))
        let diagnostics = InMemoryLint.lint(infoPlist: data, files: names.map { "App/\($0).png" })
        #expect(!diagnostics.contains { $0.rule == .iconFileMissing }, "\(diagnostics.map(\.message))")
    }

    static func scratchProject() throws -> String {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconlint-hostile-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder + "/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Config", withIntermediateDirectories: true)
        return folder
    }

    static func pbxproj(objects: [String], mainGroup: String, baseConfiguration: String? = nil) -> String {
        let base = baseConfiguration.map { "baseConfigurationReference = \($0); " } ?? ""
        return """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
             P = { isa = PBXProject; targets = (T); buildConfigurationList = L; mainGroup = \(mainGroup); };
             T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; buildPhases = (); };
             TL = { isa = XCConfigurationList; buildConfigurations = (C); };
             L = { isa = XCConfigurationList; buildConfigurations = (PC); };
             PC = { isa = XCBuildConfiguration; name = Release; buildSettings = {}; };
             C = { isa = XCBuildConfiguration; name = Release; \(base)buildSettings = { INFOPLIST_FILE = Info.plist; }; };
            \(objects.joined(separator: "\n"))
            }; rootObject = P; }
            """
    }

    @Test func deeplyNestedGroupsAreCut() throws {
        // 20 000 nested groups overflowed the stack of the reading thread.
        let folder = try Self.scratchProject()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let depth = 20_000
        var objects = (0..<depth).map {
            "G\($0) = { isa = PBXGroup; children = (\($0 + 1 < depth ? "G\($0 + 1)" : "F")); path = d; sourceTree = \"<group>\"; };"
        }
        objects.append("F = { isa = PBXFileReference; path = Info.plist; sourceTree = \"<group>\"; };")
        try Data(Self.pbxproj(objects: objects, mainGroup: "G0").utf8).write(to: URL(fileURLWithPath: folder + "/App.xcodeproj/project.pbxproj"))
        let project = XcodeProjectReader.read(projectPath: "App.xcodeproj", root: folder)
        #expect(project.targets.count == 1)
        #expect(project.problems.contains { $0.message.contains("groups nest more than 256 deep") }, "\(project.problems.map(\.message))")
    }

    @Test func includesThatDoubleAreBounded() throws {
        // 24 files each including the next twice: 2^24 settings before the bound.
        let folder = try Self.scratchProject()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for level in 0..<24 {
            let next = level + 1 < 24 ? "#include \"C\(level + 1).xcconfig\"\n#include \"C\(level + 1).xcconfig\"\n" : ""
            try Data("SETTING_\(level) = value\n\(next)".utf8).write(to: URL(fileURLWithPath: folder + "/Config/C\(level).xcconfig"))
        }
        let objects = [
            "G = { isa = PBXGroup; children = (X); sourceTree = \"<group>\"; };",
            "X = { isa = PBXFileReference; path = Config/C0.xcconfig; sourceTree = \"<group>\"; };",
        ]
        try Data(Self.pbxproj(objects: objects, mainGroup: "G", baseConfiguration: "X").utf8)
            .write(to: URL(fileURLWithPath: folder + "/App.xcodeproj/project.pbxproj"))
        let project = XcodeProjectReader.read(projectPath: "App.xcodeproj", root: folder)
        #expect(project.problems.contains { $0.message.contains("bring more than 100000 settings") }, "\(project.problems.map(\.message))")
        #expect(project.targets.first?.configurations.first?.settings.value("SETTING_0") == "value")
    }

    /// The recursive matcher PathPattern had before, as the reference for the table version.
    static func referenceMatch(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            for skip in 0...path.count where referenceMatch(pattern.dropFirst(), path.dropFirst(skip)) { return true }
            return false
        }
        guard let component = path.first, fnmatch(first, component, 0) == 0 else { return false }
        return referenceMatch(pattern.dropFirst(), path.dropFirst())
    }

    @Test func globsMatchAsBeforeAndStayFast() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["**", "*", "a", "b", "a*", "?", "[ab]"]
        let names = ["a", "b", "ab", "ba", "c"]
        for _ in 0..<3000 {
            let pattern = (0..<Int.random(in: 1...5, using: &generator)).map { _ in parts.randomElement(using: &generator)! }
            let path = (0..<Int.random(in: 1...6, using: &generator)).map { _ in names.randomElement(using: &generator)! }
            let joined = path.joined(separator: "/")
            let expected = (1...path.count).reversed().contains { Self.referenceMatch(pattern[...], path[..<$0]) }
            #expect(PathPattern(pattern.joined(separator: "/")).matches(joined) == expected, "\(pattern) vs \(joined)")
        }
        // Seven ** against 40 components: hours for the recursive matcher.
        let deep = Array(repeating: "a", count: 40).joined(separator: "/")
        let start = Date()
        #expect(!PathPattern("**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/zzz").matches(deep))
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func manyEntriesStayLinear() throws {
        // 20 000 literal entries used to be quadratic (hours); bounded generously.
        let files = (0..<20_000).map { "Icon\($0)@2x.png" }
        let data = try Self.xml(Self.app(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": files]]]))
        let start = Date()
        let diagnostics = InMemoryLint.lint(infoPlist: data)
        #expect(diagnostics.filter { $0.rule == .iconFileMissing }.count == 20_000)
        #expect(Date().timeIntervalSince(start) < 120)
    }
}
