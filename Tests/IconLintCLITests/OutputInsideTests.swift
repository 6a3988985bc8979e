import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `lint --output-inside DIR`: what the GitHub Action, the pre-commit hook and the Xcode phase
/// pass, so a report written into a checked-out tree never follows a link committed there.
/// The "outside" file is another scratch file beside the workspace, never a real home file.
@Suite("--output-inside")
struct OutputInsideTests {
    static let project = CLI.clean

    /// A scratch folder holding `workspace/` (the checkout, with the project at ios/) and
    /// `outside/` (where a hostile link points).
    struct Scratch {
        let path: String
        var workspace: String { path + "/workspace" }
        var outside: String { path + "/outside" }

        init() throws {
            path = try CLI.temporaryFolder()
            try FileManager.default.createDirectory(atPath: path + "/outside", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: OutputInsideTests.project, toPath: path + "/workspace/ios".createdParent())
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: workspace + "/" + name, withDestinationPath: target)
        }

        func lint(_ output: String, force: Bool = true, inside: String? = nil) throws -> CLI.Output {
            try CLI.run(
                ["lint", "ios", "--reporter", "sarif", "--output", output, "--output-inside", inside ?? workspace]
                    + (force ? ["--force"] : []), in: workspace)
        }
    }

    @Test func aDanglingLinkIsRefusedAndNothingIsCreatedOutside() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        try scratch.link("iconlint.sarif", to: "../outside/bashrc")
        let run = try scratch.lint("iconlint.sarif")
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iconlint: cannot write the report: cannot write iconlint.sarif: it is a symbolic link, and no link inside \(scratch.workspace) is followed\n"
        )
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside).isEmpty, "no file made outside")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.workspace + "/iconlint.sarif") == "../outside/bashrc")
    }

    @Test func aLinkToAnExistingFileOutsideIsRefusedAndTheFileKept() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        try Data("export PATH\n".utf8).write(to: URL(fileURLWithPath: scratch.outside + "/bashrc"))
        try scratch.link("iconlint.sarif", to: scratch.outside + "/bashrc")
        let run = try scratch.lint("iconlint.sarif")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasSuffix("cannot write iconlint.sarif: it is a symbolic link, and no link inside \(scratch.workspace) is followed\n"))
        #expect(try String(contentsOfFile: scratch.outside + "/bashrc", encoding: .utf8) == "export PATH\n")
    }

    @Test func aSymlinkedFolderOnTheWayIsRefused() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        try scratch.link("reports", to: "../outside")
        let run = try scratch.lint("reports/iconlint.sarif")
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iconlint: cannot write the report: cannot write reports/iconlint.sarif: \(scratch.workspace)/reports is a symbolic link, and no link inside \(scratch.workspace) is followed\n"
        )
        // A deeper missing folder below the link is not made through it either.
        let deeper = try scratch.lint("reports/a/b/iconlint.sarif")
        #expect(deeper.status == 2 && deeper.stderr.contains("reports is a symbolic link"), "\(deeper.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside).isEmpty)
    }

    @Test(arguments: ["../outside/iconlint.sarif", "ios/../../outside/iconlint.sarif", "/OUTSIDE/iconlint.sarif"])
    func aPathLeavingTheWorkspaceIsRefused(_ output: String) throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        let path = output.replacingOccurrences(of: "/OUTSIDE", with: scratch.outside)
        let run = try scratch.lint(path)
        #expect(run.status == 2)
        #expect(
            run.stderr == "iconlint: cannot write the report: cannot write \(path): it is outside \(scratch.workspace)\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.outside).isEmpty)
    }

    /// What the Action relies on instead of `mkdir -p`: missing folders inside are made; an
    /// existing report needs --force; `-` is still stdout.
    @Test func insideTheWorkspaceFoldersAreMadeAndFilesReplacedWithForce() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        let made = try scratch.lint("reports/ci/iconlint.sarif", force: false)
        #expect(made.status == 0, "\(made.stderr)")
        let report = scratch.workspace + "/reports/ci/iconlint.sarif"
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) is [String: Any])
        let again = try scratch.lint("reports/ci/iconlint.sarif", force: false)
        #expect(again.status == 2 && again.stderr.contains("already exists; pass --force"), "\(again.stderr)")
        let absolute = try scratch.lint(report)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        let stdout = try scratch.lint("-")
        #expect(stdout.status == 0 && stdout.stdout.contains("\"version\""), "\(stdout.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.workspace + "/reports/ci")
        #expect(names == ["iconlint.sarif"], "no temporary file left")
    }

    /// Without --output-inside a person's own `--output` still follows a link, as before.
    @Test func withoutTheOptionALinkIsStillFollowed() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.path) }
        try scratch.link("mine.sarif", to: "../outside/report.sarif")
        let run = try CLI.run(["lint", "ios", "--reporter", "sarif", "--output", "mine.sarif"], in: scratch.workspace)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.outside + "/report.sarif"))
    }
}

extension String {
    /// The path, once its parent folder exists.
    fileprivate func createdParent() throws -> String {
        try FileManager.default.createDirectory(atPath: (self as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return self
    }
}
