import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A pull request controls every name iconlint prints. GitHub's runner executes a log line
/// that starts with `::` (after whitespace) and `##[` anywhere in a line; a terminal obeys ESC
/// and OSC sequences. One hostile project, with such text in every name the format allows,
/// goes through every reporter, `inspect` and the stderr paths of the real binary: no line
/// may execute, no control character may reach the log, and the structured formats still parse
/// and still hold the names as they were.
@Suite("Nothing printed forges CI output")
struct ForgedOutputTests {
    /// A line break and a workflow command, CR, the older `##[` form, an OSC window title
    /// ended by BEL, a C1 CSI, and markup. File names cannot hold NUL; `withNUL` adds it where
    /// the format can (binary plists, Swift literals, JSON).
    static let hostile = "\n::error::forged\r##[add-mask]x\u{1B}]0;t\u{07}\u{9B}2J<blink>&"
    static let withNUL = hostile + "\u{0}"
    /// `withNUL` as a Swift string literal spells it.
    static let swiftLiteral = #"\n::error::forged\r##[add-mask]x\u{1B}]0;t\u{7}\u{9B}2J<blink>&\0"#

    // MARK: - The hostile inputs

    /// An Xcode project whose folder, file, target, configuration, icon and alternate names
    /// (and a setAlternateIconName argument) hold `hostile`; a Debug-only finding names them.
    static func makeProject(in folder: String) throws -> String {
        let root = folder + "/project"
        let app = "Dir" + hostile
        let set = root + "/" + app + "/Assets.xcassets/AppIcon.appiconset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        let png = CLI.fixtures + "/Hostile/png/valid.png"
        try FileManager.default.copyItem(atPath: png, toPath: set + "/Icon.png")
        try FileManager.default.copyItem(atPath: png, toPath: set + "/Stray" + hostile + ".png")
        try write(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon.png"}]}"#, to: set + "/Contents.json")
        try write(#"{"info":{"version":1,"author":"xcode"}}"#, to: root + "/" + app + "/Assets.xcassets/Contents.json")
        let info: [String: Any] = [
            "CFBundlePackageType": "APPL",
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
                "CFBundleAlternateIcons": ["Alt" + withNUL: ["CFBundleIconFiles": ["Alt" + withNUL]]],
            ],
        ]
        // Binary: XML 1.0 cannot hold ESC or NUL, a binary plist can.
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            .write(to: URL(fileURLWithPath: root + "/" + app + "/Info.plist"))
        try write(
            "import UIKit\nfunc pick() { UIApplication.shared.setAlternateIconName(\"Nope\(swiftLiteral)\") { _ in } }\n",
            to: root + "/" + app + "/Picker.swift")
        let target = quoted("App" + hostile), debug = quoted("Debug" + hostile)
        let plist = quoted(app + "/Info.plist")
        try write(
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
             P = { isa = PBXProject; targets = (T); buildConfigurationList = L; mainGroup = G; };
             G = { isa = PBXGroup; children = (A, S); sourceTree = "<group>"; };
             A = { isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = \(quoted(app + "/Assets.xcassets")); sourceTree = SOURCE_ROOT; };
             S = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(quoted(app + "/Picker.swift")); sourceTree = SOURCE_ROOT; };
             AB = { isa = PBXBuildFile; fileRef = A; };
             SB = { isa = PBXBuildFile; fileRef = S; };
             R = { isa = PBXResourcesBuildPhase; files = (AB); };
             C = { isa = PBXSourcesBuildPhase; files = (SB); };
             T = { isa = PBXNativeTarget; name = \(target); productName = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; buildPhases = (R, C); };
             TL = { isa = XCConfigurationList; buildConfigurations = (D, RL); };
             L = { isa = XCConfigurationList; buildConfigurations = (PD, PR); };
             PD = { isa = XCBuildConfiguration; name = \(debug); buildSettings = {}; };
             PR = { isa = XCBuildConfiguration; name = Release; buildSettings = {}; };
             D = { isa = XCBuildConfiguration; name = \(debug); buildSettings = { INFOPLIST_FILE = \(plist); ASSETCATALOG_COMPILER_APPICON_NAME = \(quoted("Missing" + hostile)); SDKROOT = iphoneos; PRODUCT_NAME = App; }; };
             RL = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = \(plist); ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon; SDKROOT = iphoneos; PRODUCT_NAME = App; }; };
            }; rootObject = P; }
            """, to: root + "/App.xcodeproj/project.pbxproj")
        return root
    }

    /// An .ipa whose app folders (one, or two so that lint refuses it on stderr) and icon file hold `hostile`.
    static func makeIPA(_ path: String, apps: [String]) throws {
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: CLI.fixtures + "/Hostile/png/valid.png")))
        let info: [String: Any] = [
            "CFBundlePackageType": "APPL", "CFBundleIdentifier": "com.example.evil",
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60" + hostile]]],
        ]
        let plist = Array(try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0))
        var entries: [(String, [UInt8])] = []
        for app in apps {
            entries.append(("Payload/\(app)/Info.plist", plist))
            entries.append(("Payload/\(app)/AppIcon60x60\(hostile)@2x.png", png))
        }
        try Data(StoredZip.bytes(entries)).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - The runs

    @Test func noReporterInspectOrErrorLineForgesCIOutput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = try Self.makeProject(in: folder)
        let app = project + "/Dir" + Self.hostile
        let one = folder + "/one.ipa", two = folder + "/two.ipa"
        try Self.makeIPA(one, apps: ["Evil" + Self.hostile + ".app"])
        try Self.makeIPA(two, apps: ["Evil" + Self.hostile + ".app", "Other.app"])
        // A committed configuration naming a hostile rule id: refused on stderr.
        let configured = folder + "/configured"
        try FileManager.default.createDirectory(atPath: configured, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: project + "/App.xcodeproj", toPath: configured + "/App.xcodeproj")
        let id = try JSONSerialization.data(withJSONObject: ["x" + Self.withNUL], options: [.fragmentsAllowed])
        try Self.write("{\"disabled\": \(String(decoding: id, as: UTF8.self))}", to: configured + "/.iconlint.json")

        var runs: [(name: String, arguments: [String], reporter: String)] = []
        for kind in ["text", "xcode", "github", "json", "sarif", "junit", "html"] {
            runs.append(("lint \(kind)", ["lint", "--reporter", kind, project], kind))
            runs.append(("lint .ipa \(kind)", ["lint", "--reporter", kind, one], kind))
        }
        runs += [
            ("lint two apps", ["lint", two], "text"),
            ("lint hostile config", ["lint", configured], "text"),
            ("lint missing path", ["lint", app + "/missing" + Self.hostile], "text"),
            ("lint --only", ["lint", "--only", "x" + Self.withNUL, project], "text"),
            ("inspect", ["inspect", app + "/Assets.xcassets/AppIcon.appiconset/Stray" + Self.hostile + ".png", one, two, app], "text"),
            ("inspect --json", ["inspect", "--json", app + "/Assets.xcassets/AppIcon.appiconset/Stray" + Self.hostile + ".png", one, two], "json"),
        ]
        for run in runs {
            let output = try CLI.run(run.arguments, environment: ["GITHUB_WORKSPACE": folder])
            // The hostile text reached this output in some form, or the run proves nothing.
            #expect((output.stdout + output.stderr).contains("forged"), "\(run.name): \(output.stdout)\(output.stderr)")
            for (stream, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
                let commands = stream == "stdout" && run.reporter == "github"
                for problem in Self.problems(in: text, workflowCommands: commands) {
                    Issue.record("\(run.name), \(stream): \(problem)")
                }
            }
            try Self.parses(output.stdout, as: run.reporter, name: run.name)
        }
        let config = try CLI.run(["lint", configured])
        #expect(config.status == 2 && config.stderr.hasPrefix("iconlint: ") && config.stderr.contains("unknown rule id"), "\(config.stderr)")
        #expect(config.stderr.split(separator: "\n").count == 1, "one line: \(config.stderr)")
        let refused = try CLI.run(["lint", two])
        #expect(refused.status == 2 && refused.stderr.contains("Payload holds 2 apps"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
    }

    // MARK: - What may not appear

    /// Every line that the runner would execute or a terminal would obey, described.
    static func problems(in text: String, workflowCommands: Bool) -> [String] {
        var problems: [String] = []
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map({ String($0) }) {
            let shown = line.debugDescription
            if line.contains("##[") || line.lowercased().contains("##vso[") { problems.append("a logging command: \(shown)") }
            if let scalar = line.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) {
                problems.append("a raw U+\(String(scalar.value, radix: 16, uppercase: true)): \(shown)")
            }
            let trimmed = line.drop { $0.isWhitespace }
            guard trimmed.hasPrefix("::") else { continue }
            if workflowCommands, line.hasPrefix("::"), let problem = Self.malformedCommand(line) {
                problems.append("\(problem): \(shown)")
            } else if !workflowCommands || !line.hasPrefix("::") {
                problems.append("a workflow command: \(shown)")
            }
        }
        return problems
    }

    /// Reads a line as the runner does (`::name key=value,…::data`): only iconlint's own
    /// commands, with only its own properties, and every `%` one of the escapes it decodes.
    static func malformedCommand(_ line: String) -> String? {
        let body = line.dropFirst(2)
        guard let end = body.range(of: "::") else { return "no data separator" }
        let info = body[..<end.lowerBound]
        let name = info.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard ["error", "warning", "notice"].contains(name) else { return "command '\(name)'" }
        let properties = info.dropFirst(name.count).split(separator: ",")
        for property in properties {
            let key = property.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard ["file", "line", "col", "title"].contains(key) else { return "property '\(key)'" }
        }
        var rest = Substring(line)
        while let percent = rest.firstIndex(of: "%") {
            let code = rest[rest.index(after: percent)...].prefix(2)
            guard ["25", "0A", "0D", "3A", "2C"].contains(code) else { return "a bare %" }
            rest = rest[rest.index(after: percent)...]
        }
        return nil
    }

    /// The structured formats still parse, and still hold the hostile text as it was.
    static func parses(_ text: String, as reporter: String, name: String) throws {
        switch reporter {
        case "json", "sarif":
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(strings(in: parsed).contains { $0.contains(hostile) }, "\(name): the JSON lost the names: \(text)")
        case "junit":
            let strings = try XMLStrings(text)
            // XML 1.0 cannot hold ESC or BEL (shown escaped); everything else comes back as it was.
            let kept = hostile.replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#).replacingOccurrences(of: "\u{07}", with: #"\u{07}"#)
            #expect(strings.all.contains { $0.contains(kept) }, "\(name): the XML lost the names: \(text)")
        case "html":
            #expect(text.hasPrefix("<!DOCTYPE html>") && text.hasSuffix("</html>\n"), "\(name)")
            #expect(!text.contains("<blink>"), "\(name): markup from a name reached the page")
        case "github":
            // The runner decodes a file property back into the name, line breaks and all.
            let files = text.split(separator: "\n").compactMap { line -> String? in
                guard let start = line.range(of: " file="), let end = line[start.upperBound...].firstIndex(where: { $0 == "," || $0 == ":" })
                else { return nil }
                return line[start.upperBound..<end].replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                    .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(of: "%25", with: "%")
            }
            #expect(files.contains { $0.contains("\n::error::forged\r#") }, "\(name): \(text)")
        default: break
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let dictionary as [String: Any]: dictionary.values.flatMap(strings)
        default: []
        }
    }

    // MARK: - Helpers

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// An OpenStep string literal: quotes and backslashes escaped, the rest as it is.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Attribute values and text of an XML document; parsing fails on one that is not well-formed.
private final class XMLStrings: NSObject, XMLParserDelegate {
    private var attributes: [String] = []
    private var text = ""
    /// Every attribute value, then all text (the parser hands text over in pieces).
    var all: [String] { attributes + [text] }

    struct Malformed: Error {
        let description: String
    }

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else { throw Malformed(description: "line \(parser.lineNumber): \(String(describing: parser.parserError))") }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        attributes += attributeDict.values
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}

/// A zip of stored (uncompressed) entries, as small as an .ipa for these tests can be.
enum StoredZip {
    static func bytes(_ entries: [(name: String, data: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for (name, data) in entries {
            let nameBytes = Array(name.utf8)
            let crc = crc32(data)
            let offset = UInt32(out.count)
            // Local header: version 20, flag bit 11 (UTF-8 names), stored.
            out += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count)) + le16(UInt16(nameBytes.count)) + le16(0)
            out += nameBytes + data
            directory += le32(0x0201_4b50) + le16(0x031e) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            directory += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count)) + le16(UInt16(nameBytes.count))
            directory += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
