import Foundation
import Testing

/// scripts/install, run with the built iconlint (`--binary`) into a scratch PREFIX (HOME a
/// scratch folder too): never into a system path or the real home.
@Suite("scripts/install")
struct InstallTests {
    static let script = ShellTools.repository + "/scripts/install"
    static let targets = [
        "bin/iconlint", "share/man/man1/iconlint.1", "share/bash-completion/completions/iconlint",
        "share/zsh/site-functions/_iconlint", "share/fish/vendor_completions.d/iconlint.fish",
    ]

    static func install(_ arguments: [String], home: String, path: String = "/usr/bin:/bin") throws -> CLI.Output {
        try CLI.run(
            ["--binary", CLI.executable] + arguments, environment: ["HOME": home, "PATH": path, "TMPDIR": home],
            program: script)
    }

    @Test func installsTheBinaryManPageAndCompletions() throws {
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix"
        let output = try Self.install([prefix], home: scratch)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        for target in Self.targets {
            #expect(output.stdout.contains("installed \(prefix)/\(target)\n"), "\(target)")
        }
        // Not on PATH: a hint names the folder to add.
        #expect(output.stdout.contains("\(prefix)/bin is not on PATH"))
        // A PREFIX that shells do not search for completions is named.
        #expect(output.stdout.contains("only when \(prefix)/share is in XDG_DATA_DIRS"))

        let files = FileManager.default
        let binary = prefix + "/bin/iconlint"
        #expect(try files.attributesOfItem(atPath: binary)[.posixPermissions] as? Int == 0o755)
        #expect(try files.attributesOfItem(atPath: prefix + "/share/man/man1/iconlint.1")[.posixPermissions] as? Int == 0o644)
        #expect(files.contentsEqual(atPath: binary, andPath: CLI.executable))
        let version = try CLI.run(["--version"], program: binary)
        #expect(version.status == 0 && version.stdout.hasPrefix("iconlint "))
        // What the installed binary says is what was installed.
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/iconlint.1", encoding: .utf8) == CLI.run(["man"]).stdout)
        for (shell, target) in [("bash", Self.targets[2]), ("zsh", Self.targets[3]), ("fish", Self.targets[4])] {
            let installed = try String(contentsOfFile: prefix + "/" + target, encoding: .utf8)
            #expect(installed == (try CLI.run(["completions", shell]).stdout), "\(shell)")
        }
        // No temporary file is left beside any target.
        let leftovers = files.enumerator(atPath: prefix)?.compactMap { $0 as? String }.filter { $0.contains(".iconlint-install.") } ?? []
        #expect(leftovers.isEmpty, "\(leftovers)")

        // On PATH: no hint. And a second install replaces what the first wrote.
        let again = try Self.install([prefix], home: scratch, path: "\(prefix)/bin:/usr/bin:/bin")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stdout.contains("not on PATH"))
    }

    @Test func leavesAFileItDidNotWriteWithoutForce() throws {
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix"
        let manPage = prefix + "/share/man/man1/iconlint.1"
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try Data("a page of someone else's\n".utf8).write(to: URL(fileURLWithPath: manPage))

        let refused = try Self.install([prefix], home: scratch)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("iconlint install: \(manPage) exists"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
        // Every target is checked before the first is written: nothing was installed.
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/iconlint"))
        #expect(try String(contentsOfFile: manPage, encoding: .utf8) == "a page of someone else's\n")

        let forced = try Self.install(["--force", prefix], home: scratch)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: manPage, encoding: .utf8).hasPrefix(".TH \"ICONLINT\""))

        // A folder where a file goes is never replaced, even with --force.
        let other = scratch + "/other"
        try FileManager.default.createDirectory(atPath: other + "/bin/iconlint", withIntermediateDirectories: true)
        let folder = try Self.install(["--force", other], home: scratch)
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder"), "\(folder.stderr)")
    }

    @Test func badArgumentsAndPrefixesAreOneLineUsageErrors() throws {
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data().write(to: URL(fileURLWithPath: scratch + "/a-file"))
        for arguments in [
            [scratch + "/a-file"], [scratch + "/a-file/below"], [""], [scratch + "/one", scratch + "/two"], ["--bogus", scratch],
            ["--binary"],
        ] {
            let output = try Self.install(arguments, home: scratch)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.hasPrefix("iconlint install: "), "\(arguments): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(arguments): one line: \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
        // A program that is not iconlint is not installed.
        let impostor = try CLI.run(
            ["--binary", "/bin/ls", scratch + "/prefix"], environment: ["HOME": scratch, "TMPDIR": scratch], program: Self.script)
        #expect(impostor.status == 2)
        #expect(impostor.stderr.contains("is not iconlint"), "\(impostor.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/prefix"))
    }

    /// Without PREFIX and without the right to write /usr/local/bin, it installs into ~/.local.
    /// As root, the check runs as `nobody` (setpriv) with HOME a scratch folder; root itself
    /// would install into /usr/local, which a test must not touch.
    @Test func defaultsToTheHomeFolderWithoutRights() throws {
        var launcher: [String] = []
        if getuid() == 0 {
            guard let setpriv = ShellTools.setpriv else { return }
            launcher = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        } else if access("/usr/local/bin", W_OK) == 0 {
            return  // This user may write /usr/local/bin: a default install would go there.
        }
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let home = scratch + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // nobody must be able to reach and write the scratch home.
        for folder in [scratch, home] { chmod(folder, 0o777) }
        let command = launcher + [Self.script, "--binary", CLI.executable]
        let output = try CLI.run(
            Array(command.dropFirst()), environment: ["HOME": home, "PATH": "/usr/bin:/bin", "TMPDIR": home], program: command[0])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: home + "/.local/bin/iconlint"), "\(output.stdout)")
        #expect(output.stdout.contains("installed \(home)/.local/share/man/man1/iconlint.1"))
        #expect(output.stdout.contains("\(home)/.local/bin is not on PATH"))
    }
}
