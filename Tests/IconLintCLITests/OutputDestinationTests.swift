import Foundation
import IconLintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--output` writes where the path really leads: a regular file atomically (through a link,
/// to its target), a device or FIFO in place, a descriptor directly; `-` is stdout. Stand-ins
/// in a scratch folder take the place of the machine's /dev/stdout: a link to /dev/null, a
/// FIFO, a link to /dev/fd/3, a link to /dev/full.
@Suite("--output and stdout")
struct OutputDestinationTests {
    static let findings = CLI.withFindings

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test func aCharacterDeviceIsWrittenInPlaceWithOrWithoutForce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/null"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for force in [[], ["--force"]] {
            let run = try CLI.run(["lint", "--output", link] + force + [Self.findings])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "1 error in 1 app target.\n", "the summary line still reaches stderr")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")
            #expect(Self.fileType("/dev/null") == S_IFCHR)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["null"])
        }
    }

    @Test func aLinkToARegularFileIsWrittenThroughAndKept() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        let target = folder + "/reports/report.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        let link = folder + "/latest.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/report.json")
        let refused = try CLI.run(["lint", "--reporter", "json", "--output", link, Self.findings])
        #expect(refused.status == 2)
        #expect(refused.stderr == "iconlint: \(link) already exists; pass --force to replace it\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        let forced = try CLI.run(["lint", "--reporter", "json", "--force", "--output", link, Self.findings])
        #expect(forced.status == 1, "\(forced.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "reports/report.json")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: target))) is [String: Any])
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o640, "mode kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/reports") == ["report.json"])
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let process = Process()
        process.environment = TestCache.environment
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["lint", "--reporter", "json", "--output", fifo, Self.findings]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Opening for reading waits for the writer, as `>(cmd)` does.
        let reader = try #require(FileHandle(forReadingAtPath: fifo))
        let report = reader.readDataToEndOfFile()
        try reader.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(try JSONSerialization.jsonObject(with: report) is [String: Any])
        #expect(Self.fileType(fifo) == S_IFIFO, "still a FIFO")
    }

    @Test func aDescriptorPathIsThisProcesssDescriptor() throws {
        // `--output >(cmd)` passes /dev/fd/N; here a link to /dev/fd/3 with fd 3 open on a file.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/fd3"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/fd/3")
        let captured = folder + "/captured"
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: captured))
        let run = try CLI.run(
            [
                "-c", "exec \"$0\" lint --output \"$1\" --force \"$2\" 3>>\"$3\"", CLI.executable, link,
                Self.findings, captured,
            ], shell: true)
        #expect(run.status == 1, "\(run.stderr)")
        let text = try String(contentsOfFile: captured, encoding: .utf8)
        #expect(text.hasPrefix("before\n") && text.contains("[icon-file-missing]"), "appended at the descriptor: \(text)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/fd/3")
    }

    @Test func dashIsStandardOutput() throws {
        let run = try CLI.run(["lint", "--output", "-", Self.findings])
        #expect(run.status == 1)
        #expect(run.stdout.contains("[icon-file-missing]"))
        #expect(run.stderr.isEmpty)
    }

    @Test func aStdoutThatCannotBeWrittenIsOneLineAndExit2() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = folder + "/full"
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        let cases = [
            ("exec \"$0\" lint \"$1\" > \"$2\"", "No space left on device"),
            ("exec \"$0\" lint \"$1\" >&-", "Bad file descriptor"),
            ("exec \"$0\" rules >&-", "Bad file descriptor"),
            ("exec \"$0\" lint --output - \"$1\" > \"$2\"", "No space left on device"),
        ]
        for (script, reason) in cases {
            let run = try CLI.run(["-c", script, CLI.executable, Self.findings, full], shell: true)
            #expect(run.status == 2, "\(script): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(script): \(run.stderr)")
            #expect(run.stderr.hasPrefix("iconlint: ") && run.stderr.contains(reason), "\(script): \(run.stderr)")
        }
    }

    @Test func anUnknownWordIsAnUnknownCommandWithASuggestion() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let typo = try CLI.run(["lnt"], in: folder)
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("iconlint: unknown command 'lnt'; did you mean 'lint'?"))
        let help = try CLI.run(["help", "generat"], in: folder)
        #expect(help.status == 2 && help.stderr.contains("did you mean 'generate'?"))
        let far = try CLI.run(["qqqqqqqq"], in: folder)
        #expect(far.status == 2 && far.stderr.contains("commands: lint, inspect, generate, fix, rules"))
        // An existing path is still linted.
        try FileManager.default.createDirectory(atPath: folder + "/lnt", withIntermediateDirectories: true)
        #expect(try CLI.run(["lnt"], in: folder).stderr.contains("unknown command") == false)
    }
}

/// Colour on a terminal follows no-color.org: NO_COLOR set and non-empty turns it off, an
/// empty NO_COLOR does not, and TERM=dumb gets none. `script` gives the run a terminal.
@Suite("Colour")
struct ColourTests {
    @Test(arguments: [(["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false), (["TERM": "xterm"], true)])
    func colourFollowsTheEnvironment(_ environment: [String: String], _ coloured: Bool) throws {
        // util-linux `script` (macOS's takes other options).
        #if os(Linux)
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        #else
            return
        #endif
        var env = ["NO_COLOR": "", "TERM": "xterm"]
        env.merge(environment) { $1 }
        let command = "'\(CLI.executable)' lint '\(CLI.withFindings)'"
        let run = try CLI.run(["-qec", command, "/dev/null"], environment: env, program: "/usr/bin/script")
        #expect(run.stdout.contains("[icon-file-missing]"), "\(run.stdout)")
        #expect(run.stdout.contains("\u{1B}[") == coloured, "\(environment)")
    }
}
