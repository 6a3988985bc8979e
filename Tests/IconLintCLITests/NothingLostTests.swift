import Foundation
import IconLintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--output` never leaves a partial report or a temporary file, and never replaces a file
/// without --force, whether the run succeeds, fails in the middle of the write, or is killed.
/// (generate's multi-file writes: IconGenerateTests' GenerateSafetyTests.)
@Suite("Nothing lost")
struct NothingLostTests {
    static let findings = CLI.withFindings

    /// Files in `folder` other than `keep`, e.g. temporary files left behind.
    static func leftovers(_ folder: String, keep: Set<String> = []) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !keep.contains($0) }
    }

    @Test func anExistingReportIsReplacedOnlyWithForce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.json"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: report))
        let refused = try CLI.run(["lint", "--reporter", "json", "--output", report, Self.findings])
        #expect(refused.status == 2)
        #expect(refused.stderr == "iconlint: \(report) already exists; pass --force to replace it\n")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: report)), as: UTF8.self) == "keep me")
        let forced = try CLI.run(["lint", "--reporter", "json", "--force", "--output", report, Self.findings])
        #expect(forced.status == 1, "\(forced.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) is [String: Any])
        #expect(try Self.leftovers(folder) == ["report.json"])
    }

    @Test func aWriteThatFailsMidwayLeavesNothing() throws {
        // `ulimit -f` makes write(2) fail with EFBIG once the report passes 1 block: the
        // temporary file is half written when the failure comes.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.sarif"
        let output = try CLI.run(
            [
                "-c", "ulimit -f 1 && exec \"$0\" \"$@\"", CLI.executable, "lint", "--reporter", "sarif",
                "--output", report, Self.findings,
            ], shell: true)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr == "iconlint: cannot write the report: cannot write \(report): File too large\n")
        #expect(try Self.leftovers(folder).isEmpty, "no report and no temporary file")

        // Replacing an existing report: the old one stays whole.
        try Data("previous report".utf8).write(to: URL(fileURLWithPath: report))
        let replacing = try CLI.run(
            [
                "-c", "ulimit -f 1 && exec \"$0\" \"$@\"", CLI.executable, "lint", "--reporter", "sarif",
                "--force", "--output", report, Self.findings,
            ], shell: true)
        #expect(replacing.status == 2)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: report)), as: UTF8.self) == "previous report")
        #expect(try Self.leftovers(folder) == ["report.sarif"])
    }

    /// An app whose Info.plist lists `entries` icon files that do not exist (a long report, a
    /// run long enough to interrupt), and an empty folder for reports: (project, out).
    static func missingIconsProject(in folder: String, entries count: Int) throws -> (String, String) {
        let project = folder + "/project"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let entries = (0..<count).map { "<string>Missing\($0)</string>" }.joined()
        try Data(
            """
            <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>
            <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict>
            <key>CFBundleIconFiles</key><array>\(entries)</array></dict></dict></dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: project + "/Info.plist"))
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        return (project, out)
    }

    @Test func aKilledRunLeavesNoTemporaryFile() throws {
        // A report of a few MB, and SIGTERM at moments spread over the run: whenever it lands,
        // the folder holds either nothing or the whole report, never a temporary file.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (project, out) = try Self.missingIconsProject(in: folder, entries: 3000)
        for (attempt, delay) in [0.05, 0.2, 0.4, 0.6, 0.8, 1.2].enumerated() {
            let report = out + "/report-\(attempt).json"
            let process = Process()
            process.environment = TestCache.environment
            process.executableURL = URL(fileURLWithPath: CLI.executable)
            process.arguments = ["lint", "--reporter", "json", "--output", report, project]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            process.terminate()
            process.waitUntilExit()
            let names = try Self.leftovers(out)
            #expect(names.allSatisfy { !$0.contains(".iconlint-") }, "temporary file left after SIGTERM at \(delay) s: \(names)")
            if FileManager.default.fileExists(atPath: report) {
                #expect(
                    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) is [String: Any],
                    "a report that exists is whole")
            } else {
                #expect(
                    process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM,
                    "stopped before the rename, exit 143: \(process.terminationStatus)")
            }
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedLintStopsAtOnceAndKeepsThePreviousReport(_ signal: Int32) throws {
        // A lint long enough to interrupt (30 000 missing files), replacing a report with --force:
        // stopped mid-run it exits 128 + signal within a fraction of a second, and the old
        // report is still there, whole, with no temporary file beside it.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (project, out) = try Self.missingIconsProject(in: folder, entries: 30000)
        let report = out + "/report.json"
        try Data("previous report".utf8).write(to: URL(fileURLWithPath: report))
        let process = Process()
        process.environment = TestCache.environment
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["lint", "--reporter", "json", "--force", "--output", report, project]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(process.isRunning, "the lint ended before the signal; make it longer")
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stopped = Date().timeIntervalSince(sent)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(process.terminationStatus)")
        #expect(stopped < 1, "a generous bound: it stopped \(stopped) s after the signal")
        #expect(try Self.leftovers(out) == ["report.json"])
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "previous report")
    }
}

extension CLI {
    /// Runs `/bin/sh` with `arguments` (for `ulimit`), or the executable when `shell` is false.
    static func run(_ arguments: [String], shell: Bool) throws -> Output {
        try run(arguments, program: shell ? "/bin/sh" : executable)
    }
}
