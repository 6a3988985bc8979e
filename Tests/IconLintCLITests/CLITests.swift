import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// Runs the built `iconlint` executable as a user would.
enum CLI {
    static let fixtures = Repository.fixtures.path

    /// The executable next to the test bundle in the build folder.
    static let executable = IconLintBinary.path ?? "iconlint"

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `program` (the built iconlint by default) and collects its output.
    static func run(
        _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
        program: String = executable
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var env = TestCache.environment
        env["NO_COLOR"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "iconlint-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The example `name` of `rule` (from the rule's file) written into `folder`, or into a new
    /// temporary folder; returns the path to lint.
    static func example(_ rule: RuleID, _ name: String, at folder: String? = nil) throws -> String {
        try RuleCatalog.writeExample(rule, name, at: folder ?? temporaryFolder())
    }

    /// icon-file-missing's examples, written once per run into the temporary folder (a path
    /// that does not exist if writing failed, so that the tests using it fail): the project
    /// with one error the output tests lint, and the same project without it.
    static let withFindings = writtenOnce(.iconFileMissing, "alternate-files-gone")
    static let clean = writtenOnce(.iconFileMissing, "files-present")

    private static func writtenOnce(_ rule: RuleID, _ name: String) -> String {
        (try? example(rule, name)) ?? "/nonexistent/iconlint-example-\(rule.rawValue)-\(name)"
    }
}

@Suite("iconlint as a user runs it")
struct CLITests {
    /// A shell left in a folder that was deleted: every command that resolves paths stops with
    /// one line and exit 2 (it crashed in Foundation's path code before); rules still prints.
    @Test func aDeletedCurrentFolderIsOneLine() throws {
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let gone = scratch + "/gone"
        for command in ["lint .", "fix --dry-run .", "inspect x.png", ". --reporter json"] {
            try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
            let run = try CLI.run(["-c", "cd \"$0\" && rmdir \"$0\" && exec \"$1\" \(command)", gone, CLI.executable], program: "/bin/sh")
            #expect(run.status == 2, "\(command): \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("iconlint: the current folder cannot be read"), "\(command): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(command): \(run.stderr)")
        }
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        let rules = try CLI.run(["-c", "cd \"$0\" && rmdir \"$0\" && exec \"$1\" rules", gone, CLI.executable], program: "/bin/sh")
        #expect(rules.status == 0)
    }

    @Test func versionAndHelp() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("iconlint "))
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit status"))
        for command in ["lint", "inspect", "rules", "generate"] {
            let commandHelp = try CLI.run(["help", command])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.stdout.contains("Usage: iconlint \(command)"))
        }
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        for arguments in [
            ["lint", "--bogus"], ["inspect", "--bogus", "x.png"], ["lint", "--reporter", "pdf"], ["help", "nope"],
            ["lint", "--disable", "no-such-rule"], ["lint", "/no/such/path"], ["inspect"],
        ] {
            let output = try CLI.run(arguments, in: CLI.fixtures)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.hasPrefix("iconlint: "), "\(arguments)")
            #expect(output.stderr.split(separator: "\n").count == 1, "one line: \(output.stderr)")
        }
    }

    @Test func lintGatesOnErrors() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLI.example(.iconFileMissing, "files-present", at: folder + "/clean")
        _ = try CLI.example(.iconFileMissing, "alternate-files-gone", at: folder + "/broken")
        _ = try CLI.example(.iconEntryDuplicate, "file-listed-twice", at: folder + "/duplicate")
        let clean = try CLI.run(["lint", "clean"], in: folder)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("No problems"))
        let broken = try CLI.run(["broken"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("[icon-file-missing]"))
        #expect(broken.stdout.contains("1 error"))
        // A warning alone passes, but not with --strict.
        let warning = try CLI.run(["lint", "duplicate"], in: folder)
        #expect(warning.status == 0)
        let strict = try CLI.run(["lint", "--strict", "duplicate"], in: folder)
        #expect(strict.status == 1)
        let disabled = try CLI.run(["lint", "--disable", "icon-file-missing", "broken"], in: folder)
        #expect(disabled.status == 0)
    }

    @Test func anIpaThatIsAGitLFSPointerSaysSo() throws {
        // A repository that commits its .ipa through Git LFS, cloned without it: one line, exit 2.
        let run = try CLI.run(["lint", "Truths/GitLFSPointers/Build/App.ipa"], in: CLI.fixtures)
        #expect(run.status == 2)
        #expect(run.stderr.contains("is a Git LFS pointer to 87465034 bytes") && run.stderr.contains("git lfs pull"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func sharedArtOutsideTheLintedFolderNeverFailsTheBuild() throws {
        // `cd ios && iconlint lint --strict`: the target copies ../images/icons/*.png, which lie
        // outside the linted folder; each reporter notes them, none calls them missing.
        let folder = CLI.fixtures + "/Truths/ReactNativeSharedArt/ios"
        let text = try CLI.run(["lint", "--strict", "--no-cache"], in: folder)
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(!text.stdout.contains("icon-file-missing"))
        #expect((text.stdout + text.stderr).contains("../images/icons/windmill@2x.png, ../images/icons/windmill@2x~iPad.png"))
        let json = try CLI.run(["lint", "--strict", "--no-cache", "--reporter", "json", "."], in: folder)
        #expect(json.status == 0)
        #expect(json.stdout.contains("outside the linted folder"))
        // At the repository's root the same files are read and judged.
        let root = try CLI.run(["lint", "--no-cache", "."], in: CLI.fixtures + "/Truths/ReactNativeSharedArt")
        #expect(root.status == 1)
        #expect(root.stdout.contains("images/icons/windmill@3x.png") && !root.stdout.contains("icon-file-missing"))
    }

    @Test func jsonReportIsStable() throws {
        let path = try CLI.example(.iconFileMissing, "alternate-files-gone")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try CLI.run(["lint", "--reporter", "json", path])
        #expect(output.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        #expect(first["rule"] as? String == "icon-file-missing")
        #expect(first["file"] as? String == "App/Info.plist")
        #expect(first["icon"] as? String == "Dark")
        #expect(first["role"] as? String == "alternate")
        #expect(first["idiom"] as? String == "iphone")
        #expect(first.keys.contains("configuration"))
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["errors"] == diagnostics.filter { $0["severity"] as? String == "error" }.count)
    }

    @Test func outputFileIsWrittenAndExitCodeStillGates() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.sarif"
        let project = try CLI.example(.iconCorrupt, "broken-checksum")
        defer { try? FileManager.default.removeItem(atPath: project) }
        let output = try CLI.run(["lint", "--reporter", "sarif", "--output", report, project])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        let data = try #require(FileManager.default.contents(atPath: report))
        let sarif = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.sarif"])
    }

    @Test func configFileIsReadAndValidated() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLI.example(.iconFileMissing, "alternate-files-gone", at: folder + "/p")
        try Data(#"{"severity": {"icon-file-missing": "warning"}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/p/.iconlint.json"))
        let relaxed = try CLI.run(["lint", "p"], in: folder)
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        #expect(relaxed.stdout.contains("warning"))
        try Data(#"{"disabled": ["icon-file-missing", "made-up"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/p/.iconlint.json"))
        let invalid = try CLI.run(["lint", "p"], in: folder)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("made-up"))
        let missing = try CLI.run(["lint", "--config", "nope.json", "p"], in: folder)
        #expect(missing.status == 2)
    }

    @Test func everyReporterRuns() throws {
        let path = try CLI.example(.iconHasTransparency, "transparent-corner")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for reporter in ["text", "json", "xcode", "github", "junit", "sarif"] {
            let output = try CLI.run(["lint", "--reporter", reporter, path])
            #expect(output.status == 0, "\(reporter): warnings only")
            #expect(output.stdout.contains("icon-has-transparency"), "\(reporter)")
        }
    }

    @Test func rulesListing() throws {
        let output = try CLI.run(["rules", "--json"])
        #expect(output.status == 0)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        // One entry per rule of the catalogue, in its order: adding a rule needs no edit here.
        #expect(rules.compactMap { $0["id"] as? String } == RuleCatalog.all.map(\.id.rawValue))
        #expect(rules.allSatisfy { ["id", "severity", "opt_in", "summary", "anchor", "section"].allSatisfy($0.keys.contains) })
        #expect(rules.contains { $0["id"] as? String == "icon-interlaced" && $0["opt_in"] as? Bool == true })
        #expect(rules.contains { $0["id"] as? String == "marketing-icon-alpha" && $0["severity"] as? String == "error" })
    }

    @Test func inspectReportsFactsAndFailures() throws {
        let output = try CLI.run(["inspect", "--json", "pngsuite/basn6a08.png", "pngsuite/xcsn0g01.png", "nothere.png"], in: CLI.fixtures)
        #expect(output.status == 1)
        let files = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(files.count == 3)
        #expect(files[0]["ok"] as? Bool == true)
        #expect(files[0]["colorType"] as? String == "rgba")
        #expect(files[0]["hasTransparency"] as? Bool == true)
        #expect((files[0]["rgba8Crc32"] as? String)?.count == 8)
        #expect((files[1]["error"] as? [String: String])?["kind"] == "corrupt")
        #expect((files[1]["error"] as? [String: String])?["message"]?.contains("IDAT: CRC error") == true)
        #expect((files[2]["error"] as? [String: String])?["kind"] == "io")
        let good = try CLI.run(["inspect", "pngsuite/basn2c08.png"], in: CLI.fixtures)
        #expect(good.status == 0)
        #expect(good.stdout.contains("32 × 32"))
    }
}
