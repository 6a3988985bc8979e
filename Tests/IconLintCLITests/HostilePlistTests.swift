import Foundation
import Testing

/// Binary plists anyone can commit, through the built executable: every place a plist is
/// read (a source Info.plist, project.pbxproj, a built app's Info.plist, `generate --plist`,
/// the check that tells a built app from a source folder) refuses them with one line, at
/// once, in little memory. Each run is killed after 20 s, so a reader that expands the bomb
/// fails the test instead of hanging the suite.
@Suite("Hostile binary plists")
struct HostilePlistTests {
    /// `bplist00`, the objects, a table of 1-byte offsets and the trailer (1-byte references).
    static func binaryPlist(_ objects: [[UInt8]], top: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [objects.count, top, table] { bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Data(bytes)
    }

    /// An ASCII string object of fewer than 15 bytes.
    static func string(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }

    /// `{CFBundleName: A40}` where A0 is "" and each Ai is `[Ai-1, Ai-1]`: 2^41 objects once
    /// every reference is followed, in 220 bytes.
    static let bomb: Data = {
        var objects: [[UInt8]] = [string("")]
        for level in 1...40 { objects.append([0xA2, UInt8(level - 1), UInt8(level - 1)]) }
        objects.append(string("CFBundleName"))
        objects.append([0xD1, 41, 40])
        return binaryPlist(objects, top: 42)
    }()

    /// `{CFBundleName: "A", X: set("a", "b")}`: swift-corelibs-foundation crashes bridging the set.
    static let set: Data = binaryPlist(
        [[0xD2, 1, 2, 3, 4], string("CFBundleName"), string("X"), string("A"), [0xC2, 5, 6], string("a"), string("b")], top: 0)

    static let expansion = "the binary plist expands to more than 500000 objects"

    /// The findings of `lint`, finding lines only (text reporter).
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("error: ") || $0.contains("warning: ") }
    }

    /// Runs iconlint in `folder`, killed after 20 s, and checks it ended in time and memory.
    static func run(_ arguments: [String], in folder: String) throws -> CLI.Measured {
        let start = Date()
        let run = try CLI.measured(arguments, in: folder, timeout: 20)
        let seconds = Date().timeIntervalSince(start)
        #expect(run.status != 137, "\(arguments): killed after 20 s")
        #expect(seconds < 20, "\(arguments): \(seconds) s")
        // Measured: 0.1 s and under 30 MB each; the bound leaves room for a sanitizer's shadow memory.
        #expect(run.peakMemoryMB < 200, "\(arguments): peak resident memory \(run.peakMemoryMB) MB")
        return run
    }

    static func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    static let validPlist = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundlePackageType</key><string>APPL</string>
        <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict>
        <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array></dict></dict>
        </dict></plist>
        """.utf8)

    @Test(arguments: ["App/Info.plist", "Info.plist"])
    func bombAsInfoPlist(_ path: String) throws {
        // At the top of the linted folder, the check for a built app reads it first.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.bomb, to: folder + "/" + path)
        let run = try Self.run(["lint", "."], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let findings = Self.findings(run.stdout)
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(
            findings.first?.hasPrefix("error: \(path) cannot be parsed: " + Self.expansion) == true
                && findings.first?.hasSuffix("[plist-unreadable]") == true, "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func bombAsProjectFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.bomb, to: folder + "/App.xcodeproj/project.pbxproj")
        try Self.write(Self.validPlist, to: folder + "/App/Info.plist")
        let run = try Self.run(["lint", "."], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let project = Self.findings(run.stdout).filter { $0.hasSuffix("[project-unreadable]") }
        #expect(project.count == 1, "\(run.stdout)")
        #expect(project.first?.hasPrefix("error: project.pbxproj is not a valid property list: " + Self.expansion) == true, "\(run.stdout)")
        // The Info.plist beside it is still linted.
        #expect(Self.findings(run.stdout).contains { $0.hasSuffix("[icon-file-missing]") }, "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func bombInsideABuiltApp() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.bomb, to: folder + "/App.app/Info.plist")
        try Self.write(Data("APPL????".utf8), to: folder + "/App.app/PkgInfo")
        let run = try Self.run(["lint", "App.app"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let findings = Self.findings(run.stdout)
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(
            findings.first?.hasPrefix("error: App.app/Info.plist cannot be read: " + Self.expansion) == true
                && findings.first?.hasSuffix("[plist-unreadable]") == true, "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func bombAsGeneratePlist() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (plist, bytes, reason) in [
            ("Info.plist", Self.bomb, Self.expansion),
            ("Set.plist", Self.set, "the binary plist holds a set (object 4)"),
        ] {
            try Self.write(bytes, to: folder + "/" + plist)
            let run = try Self.run(
                [
                    "generate", CLI.fixtures + "/Hostile/png/valid.png", "--name", "AppIcon", "--style", "legacy", "--allow-upscale",
                    "--out", "out", "--plist", plist,
                ], in: folder)
            #expect(run.status == 1, "\(plist): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix("iconlint: cannot read \(plist): \(reason)"), "\(plist): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + plist)) == bytes, "\(plist) is left as it was")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/AppIcon60x60@2x.png"), "no PNG is written")
        }
    }

    @Test func setAsACaseVariantBesideTheInfoPlist() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The check for a built app takes the first name that is info.plist in any case:
        // the variant is written first, so it comes first in the folder's listing too.
        try Self.write(Self.set, to: folder + "/inFo.Plist")
        try Self.write(Self.validPlist, to: folder + "/Info.plist")
        let run = try Self.run(["lint", "."], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // Linted as the source folder it is, as if the variant were not there.
        let alone = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: alone) }
        try Self.write(Self.validPlist, to: alone + "/Info.plist")
        let expected = try Self.run(["lint", "."], in: alone)
        #expect(Self.findings(run.stdout) == Self.findings(expected.stdout))
        #expect(Self.findings(run.stdout).contains { $0.contains("\"AppIcon60x60\"") && $0.hasSuffix("[icon-file-missing]") }, "\(run.stdout)")
        // As a built app's only Info.plist, the variant is reported, not read.
        try Self.write(Self.set, to: folder + "/App.app/inFo.Plist")
        try Self.write(Data("APPL????".utf8), to: folder + "/App.app/PkgInfo")
        let built = try Self.run(["lint", "App.app"], in: folder)
        #expect(built.status == 1, "\(built.stdout)\(built.stderr)")
        #expect(
            Self.findings(built.stdout).contains {
                $0.hasPrefix("error: App.app/inFo.Plist cannot be read: the binary plist holds a set (object 4)") && $0.hasSuffix("[plist-unreadable]")
            }, "\(built.stdout)")
    }
}
