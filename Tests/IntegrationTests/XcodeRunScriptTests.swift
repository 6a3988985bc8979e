import Foundation
import IconLintCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    static func phase(
        fixture: Integration.Tree = "Example", found: Location, variables extra: [String: String] = [:], setUp: (Phase) throws -> Void = { _ in }
    ) async throws -> Phase {
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
        for (name, value) in extra { variables[name] = value.replacingOccurrences(of: "{project}", with: project) }
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
        let phase = try await Self.phase(fixture: .example(.iconFileMissing, "files-present"), found: .prefix)
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

    /// ICONLINT_ARGS is split into words as sh would, quotes honoured, and nothing expanded:
    /// a `*` stays a `*` (no file names from the folder the phase runs in), `$HOME` and
    /// backquotes stay text. A stand-in iconlint prints the words it was given.
    @Test func argumentsAreWordsWithQuotesAndNoExpansion() async throws {
        let arguments = #"--strict  *.json "My Config.json" 'a b'"c"d e\ f "q\"x\y" $HOME `id` ''"#
        let phase = try await Self.phase(found: .nowhere, variables: ["ICONLINT_ARGS": arguments, "ICONLINT_BIN": "{project}/../echo"]) {
            phase in
            let echo = phase.project + "/../echo"
            try "#!/bin/sh\nfor word in \"$@\"; do printf '[%s]\\n' \"$word\"; done\n".write(toFile: echo, atomically: false, encoding: .utf8)
            chmod(echo, 0o755)
            try Data().write(to: URL(fileURLWithPath: phase.project + "/../a.json"))
        }
        #expect(phase.output.status == 0, "\(phase.output.both)")
        let words = phase.output.stdout.split(separator: "\n").map(String.init)
        #expect(
            words == [
                "[lint]", "[\(phase.project)]", "[--reporter]", "[xcode]", "[--output-inside]", "[\(phase.project)]", "[--strict]",
                "[*.json]", "[My Config.json]", "[a bcd]", "[e f]", #"[q"x\y]"#, "[$HOME]", "[`id`]", "[]",
            ], "\(words)")
        let open = try await Self.phase(found: .variable, variables: ["ICONLINT_ARGS": #"--config "x"#])
        #expect(open.output.status == 2)
        #expect(open.output.stdout == "error: iconlint: ICONLINT_ARGS has an unclosed \" quote: --config \"x\n", "\(open.output.both)")
    }

    /// The same through the real iconlint: a quoted configuration path with a space, and a `*`
    /// that reaches iconlint as itself.
    @Test func quotedAndStarArgumentsReachIconlintAsWritten() async throws {
        let quoted = try await Self.phase(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), found: .variable,
            variables: ["ICONLINT_ARGS": #"--config "{project}/ci config.json""#]
        ) { phase in
            try #"{"disabled": ["icon-file-missing"]}"#.write(toFile: phase.project + "/ci config.json", atomically: false, encoding: .utf8)
        }
        #expect(quoted.output.status == 0, "\(quoted.output.both)")
        #expect(quoted.stampExists)
        let star = try await Self.phase(found: .variable, variables: ["ICONLINT_ARGS": "--disable *"])
        #expect(star.output.status == 2)
        #expect(star.output.stdout == "error: iconlint: --disable: unknown rule id * (see `iconlint rules`)\n", "\(star.output.both)")
    }

    /// A report the phase is asked to write (--output in ICONLINT_ARGS) stays inside SRCROOT and
    /// never goes through a link there.
    @Test func aReportIsNotWrittenThroughALinkInTheProject() async throws {
        let phase = try await Self.phase(
            fixture: .example(.iconFileMissing, "files-present"), found: .variable,
            variables: ["ICONLINT_ARGS": #"--output "{project}/report.txt" --force"#]
        ) { phase in
            try FileManager.default.createDirectory(atPath: phase.project + "/../outside", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: phase.project + "/report.txt", withDestinationPath: "../outside/report.txt")
        }
        #expect(phase.output.status == 2)
        #expect(phase.output.stdout.hasPrefix("error: iconlint: cannot write the report: "), "\(phase.output.both)")
        #expect(phase.output.stdout.contains("it is a symbolic link"), "\(phase.output.both)")
        #expect(!phase.stampExists)
    }
}
