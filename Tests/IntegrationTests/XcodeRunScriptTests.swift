import Foundation
import Testing

/// scripts/xcode-run-script as an Xcode Run Script phase runs it: SRCROOT a copy of
/// Fixtures/Example, the stamp as the phase's first output file, PATH without iconlint.
@Suite("Xcode Run Script phase")
struct XcodeRunScriptTests {
    struct Phase {
        var output: Integration.Output
        var project: String
        var stamp: String
        var stampExists: Bool
    }

    /// Runs the phase on `fixture`; `found` is where iconlint is: ICONLINT_BIN, a prefix folder, or nowhere.
    static func phase(fixture: String = "Example", found: Location, setUp: (Phase) throws -> Void = { _ in }) async throws -> Phase {
        let scratch = try Integration.scratch("xcode")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let project = scratch + "/Project"
        try Integration.copyFixture(fixture, to: project)
        let derived = scratch + "/DerivedData/Sunrise.build/DerivedSources"
        let prefix = scratch + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        var variables = [
            "SRCROOT": project, "PROJECT_DIR": project, "DERIVED_FILE_DIR": derived, "SCRIPT_OUTPUT_FILE_COUNT": "1",
            "SCRIPT_OUTPUT_FILE_0": derived + "/iconlint.stamp", "TMPDIR": scratch + "/",
            "PATH": "/usr/bin:/bin", "ICONLINT_PREFIXES": prefix,
        ]
        switch found {
        case .variable: variables["ICONLINT_BIN"] = Integration.iconlint
        case .prefix: try FileManager.default.createSymbolicLink(atPath: prefix + "/iconlint", withDestinationPath: Integration.iconlint)
        case .nowhere: break
        }
        var phase = Phase(
            output: .init(status: -1, stdout: "", stderr: ""), project: project, stamp: derived + "/iconlint.stamp", stampExists: false)
        try setUp(phase)
        phase.output = try await Integration.run(
            ["/bin/sh", Integration.root + "/scripts/xcode-run-script"], in: scratch,
            environment: Integration.environment(scratch: scratch, variables))
        phase.stampExists = FileManager.default.fileExists(atPath: phase.stamp)
        // Nothing of the script's own is left in TMPDIR.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix("iconlint-xcode") }
        #expect(left.isEmpty, "\(left)")
        return phase
    }

    enum Location { case variable, prefix, nowhere }

    @Test func findingsFailTheBuildAsXcodeIssues() async throws {
        let phase = try await Self.phase(found: .variable)
        #expect(phase.output.status == 1, "\(phase.output.both)")
        let issues = phase.output.stdout.split(separator: "\n").map(String.init)
        #expect(!issues.isEmpty)
        // Absolute paths, so Xcode can open each issue at its line.
        for issue in issues {
            #expect(issue.hasPrefix(phase.project + "/"), "\(issue)")
            #expect(issue.contains(": error: ") || issue.contains(": warning: "), "\(issue)")
        }
        #expect(phase.output.stdout.contains("/Sunrise/Info.plist:36:1: error: alternate icon 'Retro'"))
        #expect(phase.output.stdout.contains("[unknown-alternate-icon-name]"))
        #expect(!phase.stampExists)
    }

    /// A stamp left by an earlier clean run goes, so the next build checks again.
    @Test func failureRemovesAnEarlierStamp() async throws {
        let phase = try await Self.phase(found: .prefix) { phase in
            try FileManager.default.createDirectory(
                atPath: (phase.stamp as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "iconlint passed earlier\n".write(toFile: phase.stamp, atomically: false, encoding: .utf8)
        }
        #expect(phase.output.status == 1)
        #expect(!phase.stampExists)
    }

    @Test func cleanProjectWritesTheStamp() async throws {
        let phase = try await Self.phase(fixture: "Rules/icon-file-missing/nontriggering", found: .prefix)
        #expect(phase.output.status == 0, "\(phase.output.both)")
        #expect(phase.output.stdout.isEmpty)
        #expect(phase.stampExists)
    }

    @Test func missingIconlintIsAWarningNotAFailure() async throws {
        let phase = try await Self.phase(found: .nowhere)
        #expect(phase.output.status == 0, "\(phase.output.both)")
        let lines = phase.output.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("warning: iconlint is not installed") == true)
        #expect(!phase.stampExists)
    }

    /// A usage error (here a bad ICONLINT_ARGS option) is one `error:` line Xcode shows.
    @Test func usageErrorIsOneErrorLine() async throws {
        let scratch = try Integration.scratch("xcode-usage")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = try await Integration.run(
            ["/bin/sh", Integration.root + "/scripts/xcode-run-script"], in: scratch,
            environment: Integration.environment(
                scratch: scratch,
                ["SRCROOT": scratch, "ICONLINT_BIN": Integration.iconlint, "ICONLINT_ARGS": "--bogus", "TMPDIR": scratch + "/"]))
        #expect(output.status == 2)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(output.both)")
        #expect(lines.first?.hasPrefix("error: iconlint: ") == true)
        #expect(lines.first?.contains("--bogus") == true)
    }

    @Test func withoutSRCROOTItSaysWhereItBelongs() async throws {
        let scratch = try Integration.scratch("xcode-nosrcroot")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = try await Integration.run(
            ["/bin/sh", Integration.root + "/scripts/xcode-run-script"], in: scratch, environment: Integration.environment(scratch: scratch))
        #expect(output.status == 2)
        #expect(output.stderr == "error: iconlint: SRCROOT is not set; run this from an Xcode Run Script phase\n")
    }
}
