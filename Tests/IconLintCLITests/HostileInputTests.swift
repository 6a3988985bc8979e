import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files anyone can commit, run through the built executable: each gives its one-line
/// message and exit status, and nothing crashes, hangs or reads outside the linted folder.
/// Small fixtures are in Fixtures/Hostile (scripts/make-hostile-fixtures); big ones and
/// those git cannot hold (FIFOs, loops, odd names) are made here in a temporary folder.
@Suite("Hostile and broken inputs")
struct HostileInputTests {
    struct PNGCase: Sendable, CustomStringConvertible {
        var file: String
        /// The `error` line of `iconlint inspect`, or nil when the file decodes.
        var error: String?
        var status: Int32
        var description: String { file }
    }

    static let pngCases: [PNGCase] = [
        PNGCase(file: "valid.png", error: nil, status: 0),
        PNGCase(file: "truncated.png", error: "corrupt: corrupt PNG: unexpected end of file (truncated PNG)", status: 1),
        PNGCase(file: "crc-ihdr.png", error: "corrupt: corrupt PNG: IHDR: CRC error", status: 1),
        PNGCase(file: "zlib-stream.png", error: "corrupt: corrupt PNG: IDAT: invalid block type", status: 1),
        PNGCase(file: "filter-type.png", error: "corrupt: corrupt PNG: bad adaptive filter value", status: 1),
        PNGCase(file: "two-ihdr.png", error: "corrupt: corrupt PNG: IHDR: out of place", status: 1),
        PNGCase(file: "missing-iend.png", error: "corrupt: corrupt PNG: unexpected end of file (truncated PNG)", status: 1),
        // Bytes after IEND are ignored, as every decoder does: the image itself is whole.
        PNGCase(file: "data-after-iend.png", error: nil, status: 0),
        PNGCase(file: "zero-width.png", error: "corrupt: corrupt PNG: IHDR says 0 x 8 pixels; a PNG is at least 1 x 1", status: 1),
        PNGCase(
            file: "width-2-31.png",
            error: "too-large: image too large: 2147483648 x 1 pixels exceeds the limit of 16384 x 16384 pixels (2048 MiB)",
            status: 1),
        PNGCase(
            file: "huge-40000.png",
            error: "too-large: image too large: 40000 x 40000 pixels exceeds the limit of 16384 x 16384 pixels (2048 MiB)",
            status: 1),
        PNGCase(file: "jpeg.png", error: "not-png: not a PNG file: it is a JPEG image", status: 1),
        PNGCase(file: "webp.png", error: "not-png: not a PNG file: it is a WebP image", status: 1),
        PNGCase(file: "html.png", error: "not-png: not a PNG file: it is an HTML page", status: 1),
        PNGCase(file: "empty.png", error: "not-png: not a PNG file: the file is empty", status: 1),
        // An animated PNG decodes (its default image); inspect says it is animated.
        PNGCase(file: "apng.png", error: nil, status: 0),
        // Apple's CgBI variant decodes (stream rewritten for libpng); inspect says it is CgBI.
        PNGCase(file: "cgbi.png", error: nil, status: 0),
    ]

    @Test(arguments: pngCases)
    func brokenPNGsThroughInspect(_ testCase: PNGCase) throws {
        let output = try CLI.run(["inspect", "Hostile/png/" + testCase.file], in: CLI.fixtures)
        #expect(output.status == testCase.status, "\(output.stdout)\(output.stderr)")
        let errors = output.stdout.split(separator: "\n").filter { $0.hasPrefix("  error ") }
            .map { $0.dropFirst("  error".count).trimmingCharacters(in: .whitespaces) }
        if let expected = testCase.error {
            #expect(errors == [expected])
        } else {
            #expect(errors.isEmpty, "\(output.stdout)")
        }
        if testCase.file == "apng.png" { #expect(output.stdout.contains("animated (APNG)")) }
        if testCase.file == "cgbi.png" { #expect(output.stdout.contains("Apple CgBI")) }
        #expect(output.stderr.isEmpty, "libpng or Foundation printed: \(output.stderr)")
    }

    @Test func hugeImageIsRefusedWithoutDecodingIt() throws {
        // 40000 × 40000 is 1.6 G pixels (6.4 GB as RGBA); the refusal comes from the IHDR alone,
        // so the child's own peak memory stays near that of any run (a decode would need GBs;
        // the bound leaves room for a sanitizer's shadow memory).
        let start = Date()
        let run = try CLI.measured(["inspect", "--json", "Hostile/png/huge-40000.png"], in: CLI.fixtures)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\"too-large\""))
        #expect(Date().timeIntervalSince(start) < 10, "a generous bound: the refusal must not decode")
        #expect(run.peakMemoryMB < 256, "peak resident memory of the inspect run: \(run.peakMemoryMB) MB")
    }

    // MARK: - Destinations

    /// Where a run is told to write, each refused with one line before any work, never
    /// blocking on a FIFO and never creating anything.
    @Test func destinationsThatCannotBeWrittenAreRefusedAtOnce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
        #expect(mkfifo(folder + "/fifo.plist", 0o644) == 0)
        let findings = CLI.withFindings
        let source = CLI.fixtures + "/Hostile/png/valid.png"
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["lint", "--output", folder, findings], 2, "it is a folder"),
            (["lint", "--output", folder + "/loop", findings], 2, "Too many levels of symbolic links"),
            (["lint", "--output", folder + "/file/report.json", findings], 2, "Not a directory"),
            (["lint", "--output", folder + "/missing/report.json", findings], 2, "No such file or directory"),
            (["lint", "--output", "", findings], 2, "No such file or directory"),
            (["generate", source, "--name", "A", "--out", ""], 2, "--out is empty"),
            (
                ["generate", source, "--name", "A", "--out", folder + "/file", "--style", "sizes", "--sizes", "8"], 1,
                "\(folder)/file is not a folder"
            ),
            (
                ["generate", source, "--name", "A", "--out", folder + "/out", "--style", "legacy", "--plist", folder + "/fifo.plist"],
                1, "not a regular file"
            ),
        ]
        for testCase in cases {
            let start = Date()
            let run = try CLI.run(testCase.arguments, in: folder)
            #expect(run.status == testCase.status, "\(testCase.arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("iconlint: ") && run.stderr.contains(testCase.message), "\(testCase.arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
            #expect(Date().timeIntervalSince(start) < 30, "a generous bound: nothing blocks")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["fifo.plist", "file", "loop"])
        }
    }

    // MARK: - Projects

    /// A minimal app folder: an Info.plist naming the catalog set AppIcon.
    static func makeApp(in folder: String, contents: String? = nil) throws -> String {
        let app = folder + "/App"
        let set = app + "/Assets.xcassets/AppIcon.appiconset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundlePackageType</key><string>APPL</string>
            <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict>
            <key>CFBundleIconName</key><string>AppIcon</string></dict></dict>
            </dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: app + "/Info.plist"))
        if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json")) }
        return set
    }

    /// The finding lines of the text report, without indentation and `LINE: ` prefix.
    static func lintLines(_ output: CLI.Output) -> [String] {
        output.stdout.split(separator: "\n").map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let digits = trimmed.prefix { $0.isNumber }
            return !digits.isEmpty && trimmed.dropFirst(digits.count).hasPrefix(": ") ? String(trimmed.dropFirst(digits.count + 2)) : trimmed
        }.filter { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }
    }

    @Test func contentsJSONFilenamesOutsideTheSetAreRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.makeApp(
            in: folder,
            contents: """
                {"images": [
                  {"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "../../../../../../etc/passwd"},
                  {"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "/etc/hostname"},
                  {"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": ".."}
                ]}
                """)
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 1)
        let lines = Self.lintLines(output)
        #expect(
            lines.contains(
                """
                error: App/Assets.xcassets/AppIcon.appiconset/Contents.json: images[0] has a "filename" "../../../../../../etc/passwd" that points outside the set (it must name a file in the set's folder); images[1] has a "filename" "/etc/hostname" that points outside the set (it must name a file in the set's folder); images[2] has a "filename" ".." that points outside the set (it must name a file in the set's folder); fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor) [contents-json-malformed]
                """), "\(output.stdout)")
        #expect(!output.stdout.contains("root:"), "nothing of /etc/passwd may reach the report")
        #expect(!output.stdout.contains("icon-not-png") && !output.stdout.contains("icon-corrupt"), "no image outside the set is read: \(output.stdout)")
    }

    @Test func symlinksOutOfTheRootAreNeverRead() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret.png"))
        try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon.png"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: outside + "/Contents.json"))
        let project = folder + "/project"
        let set = try Self.makeApp(in: project)
        // A set image, the set's Contents.json, a loose PNG and a whole folder, all pointing out.
        try FileManager.default.createSymbolicLink(atPath: set + "/Icon.png", withDestinationPath: outside + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: set + "/Contents.json", withDestinationPath: outside + "/Contents.json")
        try FileManager.default.createSymbolicLink(atPath: project + "/App/AppIcon60x60@2x.png", withDestinationPath: outside + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: project + "/App/Linked", withDestinationPath: outside)
        let output = try CLI.run(["lint", project])
        #expect(output.status == 1, "\(output.stdout)")
        #expect(
            Self.lintLines(output).contains(
                "error: App/Assets.xcassets/AppIcon.appiconset/Contents.json: Contents.json cannot be read: it is a symlink to a file outside the linted folder; fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor) [contents-json-malformed]"
            ),
            "\(output.stdout)")
        #expect(!output.stdout.contains("secret"), "\(output.stdout)")
        #expect(!output.stdout.contains("icon-not-png"), "the outside file was decoded: \(output.stdout)")
    }

    /// A project input behind a link out of the root is never read, and the run says so: as a
    /// note beside the apps it did read, and in the line when nothing else is left to lint.
    @Test func projectInputsBehindLinksOutAreNamed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data(#"{"expo":{"name":"Pocket","icon":"./icon.png"}}"#.utf8).write(to: URL(fileURLWithPath: outside + "/app.json"))
        try Data("ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n".utf8).write(to: URL(fileURLWithPath: outside + "/Shared.xcconfig"))
        let expo = folder + "/expo"
        try FileManager.default.createDirectory(atPath: expo, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: expo + "/app.json", withDestinationPath: outside + "/app.json")
        let alone = try CLI.run(["lint", expo])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("not read: app.json, a symbolic link that leads outside the linted folder"), "\(alone.stderr)")
        let project = folder + "/project"
        _ = try Self.makeApp(in: project)
        try FileManager.default.createSymbolicLink(atPath: project + "/App/Shared.xcconfig", withDestinationPath: outside + "/Shared.xcconfig")
        let beside = try CLI.run(["lint", project, "--reporter", "json"])
        #expect(beside.stdout.contains("App/Shared.xcconfig: not read: it is a symbolic link that leads outside the linted folder"), "\(beside.stdout)")
    }

    @Test func projectFilesNamingFilesOutsideTheRootAreRefused() throws {
        // A committed pbxproj is enough to point the reader anywhere; before, /etc/passwd
        // came out line by line as build-setting-malformed warnings in the CI log.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = folder + "/App.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try Data(
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
             P = { isa = PBXProject; targets = (T); buildConfigurationList = L; mainGroup = G; };
             G = { isa = PBXGroup; children = (X); sourceTree = "<group>"; };
             X = { isa = PBXFileReference; path = "/etc/passwd"; sourceTree = "<absolute>"; };
             T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; buildPhases = (); };
             TL = { isa = XCConfigurationList; buildConfigurations = (C); };
             L = { isa = XCConfigurationList; buildConfigurations = (PC); };
             PC = { isa = XCBuildConfiguration; name = Release; buildSettings = {}; };
             C = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X; buildSettings = { INFOPLIST_FILE = "../../../../../../etc/hostname"; }; };
            }; rootObject = P; }
            """.utf8
        ).write(to: URL(fileURLWithPath: project + "/project.pbxproj"))
        let output = try CLI.run(["lint", folder])
        #expect(!output.stdout.contains("root:x:0"), "\(output.stdout)")
        let refusal = "cannot read the file: it lies outside the linted folder, which iconlint never reads; lint a folder that contains it"
        let lines = Self.lintLines(output)
        #expect(
            lines.contains("error: \(refusal); icon build settings from it may be wrong: fix the configuration file [build-setting-malformed]"),
            "\(output.stdout)")
        #expect(lines.contains { $0.hasPrefix("error: ") && $0.contains(refusal) && $0.hasSuffix("[plist-unreadable]") }, "\(output.stdout)")
        #expect(lines.count == 2, "\(output.stdout)")
        #expect(output.status == 1)
    }

    @Test func workspaceDataThatIsNotUTF8DoesNotCrash() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = folder + "/A.xcworkspace"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace ".utf8)
        bytes += [0xFF, 0xFF] + Array("version=\"1.0\"><FileRef location=\"group:App.xcodeproj\"></FileRef></Workspace>\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: workspace + "/contents.xcworkspacedata"))
        for path in [folder, workspace] {
            let output = try CLI.run(["lint", path])
            // No app can be read from it: nothing to lint is an error of use, said in one line.
            #expect(output.status == 2, "\(path): exit \(output.status) \(output.stderr)")
            #expect(output.stderr.hasPrefix("iconlint: no iOS app found under"), "\(output.stderr)")
            #expect(!output.stderr.contains("crashed"), "\(output.stderr)")
        }
    }

    @Test func oversizedAndEscapingSideFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = try Self.makeApp(in: folder)
        try Data(count: (4 << 20) + 1).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let output = try CLI.run(["lint", folder])
        #expect(
            Self.lintLines(output).contains(
                "error: App/Assets.xcassets/AppIcon.appiconset/Contents.json: Contents.json cannot be read: the file is larger than 4 MiB; fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor) [contents-json-malformed]"
            ),
            "\(output.stdout)")
        // A committed .iconlint.json that points out of the folder is not followed.
        try FileManager.default.createSymbolicLink(atPath: folder + "/.iconlint.json", withDestinationPath: "/etc/passwd")
        let config = try CLI.run(["lint", folder])
        #expect(config.status == 2)
        #expect(config.stderr == "iconlint: cannot read configuration file \(folder)/.iconlint.json: it is a symlink to a file outside the linted folder\n")
    }

    @Test func symlinkLoopsEnd() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = try Self.makeApp(in: folder, contents: #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"loop.png"}]}"#)
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: set + "/loop.png", withDestinationPath: "loop2.png")
        try FileManager.default.createSymbolicLink(atPath: set + "/loop2.png", withDestinationPath: "loop.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/a.plist", withDestinationPath: "a.plist")
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 1)
        #expect(Self.lintLines(output).contains { $0.contains("names \"loop.png\"") && $0.hasSuffix("[appiconset-file-missing]") }, "\(output.stdout)")
    }

    @Test func fifosWhereFilesAreExpectedNeverBlock() throws {
        // Works as root too, unlike chmod 000: reading a FIFO would wait forever.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = try Self.makeApp(in: folder)
        #expect(mkfifo(set + "/Contents.json", 0o644) == 0)
        #expect(mkfifo(set + "/Icon.png", 0o644) == 0)
        #expect(mkfifo(folder + "/App/AppIcon60x60@2x.png", 0o644) == 0)
        #expect(mkfifo(folder + "/.iconlint.json", 0o644) == 0)
        let lint = try CLI.run(["lint", folder + "/App"])
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(
            Self.lintLines(lint).contains(
                "error: Assets.xcassets/AppIcon.appiconset/Contents.json: Contents.json cannot be read: not a regular file; fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor) [contents-json-malformed]"
            ),
            "\(lint.stdout)")
        let config = try CLI.run(["lint", folder])
        #expect(config.status == 2)
        #expect(config.stderr == "iconlint: cannot read configuration file \(folder)/.iconlint.json: not a regular file\n")
        let inspect = try CLI.run(["inspect", set + "/Icon.png"])
        #expect(inspect.status == 1)
        #expect(inspect.stdout.contains("error       io: cannot read \(set)/Icon.png: not a regular file"))
        try FileManager.default.createDirectory(atPath: folder + "/Direct", withIntermediateDirectories: true)
        let plist = folder + "/Direct/Fifo.plist"
        #expect(mkfifo(plist, 0o644) == 0)
        let direct = try CLI.run(["lint", plist])
        #expect(direct.status == 1)
        #expect(
            Self.lintLines(direct) == [
                "error: Fifo.plist: cannot read the file: not a regular file; the build cannot read it either: restore it as a regular, readable file [plist-unreadable]"
            ],
            "\(direct.stdout)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads through chmod 000; fifosWhereFilesAreExpectedNeverBlock covers these paths as root"))
    func unreadableFilesAndFolders() throws {
        let folder = try CLI.temporaryFolder()
        defer {
            chmod(folder + "/App/Locked", 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let set = try Self.makeApp(in: folder, contents: #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon.png"}]}"#)
        try FileManager.default.copyItem(atPath: CLI.fixtures + "/Hostile/png/valid.png", toPath: set + "/Icon.png")
        chmod(set + "/Icon.png", 0)
        try FileManager.default.createDirectory(atPath: folder + "/App/Locked", withIntermediateDirectories: true)
        chmod(folder + "/App/Locked", 0)
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 1)
        #expect(Self.lintLines(output).contains { $0.contains("cannot be read (Permission denied)") && $0.hasSuffix("[icon-corrupt]") }, "\(output.stdout)")
    }

    @Test func oddFileNames() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = try Self.makeApp(in: folder, contents: #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon.png"}]}"#)
        // Not UTF-8 (Linux allows any bytes but / and NUL in a name), and names of 255 bytes.
        let latin1: [UInt8] = Array((folder + "/App/caf").utf8) + [0xE9, 0xFF] + Array(".png".utf8) + [0]
        let fd = latin1.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #if os(Linux)
            #expect(fd >= 0)
        #endif
        if fd >= 0 { close(fd) }
        let long = String(repeating: "n", count: 251) + ".png"
        try FileManager.default.copyItem(atPath: CLI.fixtures + "/Hostile/png/valid.png", toPath: set + "/" + long)
        try FileManager.default.createDirectory(atPath: folder + "/App/" + String(repeating: "d", count: 255), withIntermediateDirectories: true)
        var deep = folder + "/App"
        for _ in 0..<40 {
            deep += "/" + String(repeating: "x", count: 100)
            guard mkdir(deep, 0o755) == 0 else { break }
        }
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(Self.lintLines(output).contains { $0.contains(long) && $0.hasSuffix("[appiconset-unassigned-child]") }, "\(output.stdout)")
    }

    @Test func plistsThatAreBroken() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(name: String, bytes: Data, line: String)] = [
            (
                "Truncated.plist",
                Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>CFBundleIcons</key>\n<dict><key>CFBundlePri".utf8),
                "Truncated.plist cannot be parsed"
            ),
            (
                "Nested.plist",
                Data(
                    ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>X</key>"
                        + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict></plist>").utf8),
                "Nested.plist cannot be parsed: Too many nested arrays or dictionaries"
            ),
            (
                "Nested-openstep.plist", Data(("{ X = " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + "; }").utf8),
                "Nested-openstep.plist cannot be parsed"
            ),
            ("Huge.plist", Data(count: (16 << 20) + 1), "Huge.plist cannot be parsed: the file is larger than 16 MiB; an Info.plist is a few KiB"),
            (
                "Array.plist", Data("<plist version=\"1.0\"><array><string>x</string></array></plist>".utf8),
                "Array.plist cannot be parsed: the top level is a array, not a dictionary"
            ),
            ("Empty.plist", Data(), "Empty.plist cannot be parsed: the file is empty"),
        ]
        for (name, bytes, expected) in cases {
            try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
            let output = try CLI.run(["lint", folder + "/" + name])
            #expect(output.status == 1, "\(name): \(output.stdout)\(output.stderr)")
            let lines = Self.lintLines(output)
            #expect(lines.count == 1, "\(name): \(output.stdout)")
            #expect(lines.contains { $0.hasPrefix("error: " + expected) && $0.hasSuffix("[plist-unreadable]") }, "\(name): \(output.stdout)")
            #expect(output.stdout.split(separator: "\n").allSatisfy { $0.count < 2000 }, "\(name): one bounded line")
        }
    }

    @Test func hundredThousandFiles() throws {
        // On tmpfs when there is one: making 100 000 files on a busy disk takes longer than the lint.
        var folder = try CLI.temporaryFolder()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
            access("/dev/shm", W_OK) == 0
        {
            try? FileManager.default.removeItem(atPath: folder)
            folder = "/dev/shm/iconlint-cli-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.makeApp(in: folder, contents: #"{"images":[]}"#)
        // 100 000 empty files in 100 folders; a few are PNG and plist names the scan records.
        for group in 0..<100 {
            let sub = folder + "/App/Group\(group)"
            #expect(mkdir(sub, 0o755) == 0)
            for index in 0..<1000 {
                let suffix = index % 10 == 0 ? ".png" : index % 10 == 1 ? ".plist" : ".txt"
                let fd = open(sub + "/f\(index)" + suffix, O_CREAT | O_WRONLY, 0o644)
                if fd >= 0 { close(fd) }
            }
        }
        let start = Date()
        let output = try CLI.measured(["lint", "--reporter", "json", folder], in: folder)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("\"appiconset-slot-missing\""))
        #expect(Date().timeIntervalSince(start) < 120, "a generous bound")
        #expect(output.peakMemoryMB < 1024, "peak resident memory of this lint run: \(output.peakMemoryMB) MB")
    }
}
