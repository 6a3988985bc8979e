import Foundation
import IconLintCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// pre-commit from PyPI in a virtual environment of the tests' own, kept under .build between runs.
enum PreCommit {
    static let folder = Integration.persistent + "/pre-commit-venv"

    /// The environment's folder, made once per test run; every test that asks awaits the same task.
    static let environment = Task { await make() }

    static func make() async -> Result<String, SetupFailure> {
        let scratch: String
        do { scratch = try Integration.scratch("venv") } catch { return .failure(SetupFailure(description: "\(error)")) }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let environment = Integration.environment(scratch: scratch, ["PIP_DISABLE_PIP_VERSION_CHECK": "1"])
        if let ready = try? await Integration.run([folder + "/bin/pre-commit", "--version"], in: scratch, environment: environment),
            ready.status == 0
        {
            return .success(folder)
        }
        try? FileManager.default.removeItem(atPath: folder)
        let steps = [
            ["python3", "-m", "venv", folder],
            [folder + "/bin/python", "-m", "pip", "install", "--quiet", "--no-cache-dir", "pre-commit"],
        ]
        for step in steps {
            do {
                let output = try await Integration.run(step, in: scratch, environment: environment)
                if output.status != 0 {
                    return .failure(SetupFailure(description: "\(step.joined(separator: " ")) failed: \(output.both)"))
                }
            } catch {
                return .failure(SetupFailure(description: "\(step.joined(separator: " ")): \(error)"))
            }
        }
        return .success(folder)
    }

    /// Whether the repository is a git checkout: try-repo clones it at HEAD (plus uncommitted
    /// changes to files git tracks).
    static var repositoryIsGitCheckout: Bool {
        FileManager.default.fileExists(atPath: Integration.root + "/.git")
    }
}

@Suite("pre-commit hook")
struct PreCommitTests {
    /// `pre-commit try-repo <this repository> iconlint` in a sample repository: a missing
    /// alternate icon fails the commit, adding its PNGs makes it pass. (Which files run the
    /// hook is `hookDefinition`'s check, through the same Python `re.search` pre-commit uses.)
    @Test(.enabled(if: PreCommit.repositoryIsGitCheckout, "try-repo needs this repository as a git checkout"))
    func tryRepoFailsOnABrokenIconAndPassesOnceFixed() async throws {
        let venv = try await PreCommit.environment.value.get()
        let scratch = try Integration.scratch("pre-commit")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sample = scratch + "/sample"
        try Integration.copyFixture(.example(.iconFileMissing, "alternate-files-gone"), to: sample)
        let environment = Integration.environment(
            scratch: scratch, ["PRE_COMMIT_HOME": scratch + "/pre-commit-home", "ICONLINT_BIN": Integration.iconlint])
        func git(_ arguments: String...) async throws {
            let output = try await Integration.run(["git"] + arguments, in: sample, environment: environment)
            #expect(output.status == 0, "git \(arguments): \(output.both)")
        }
        func hook(_ arguments: String...) async throws -> Integration.Output {
            try await Integration.run(
                [venv + "/bin/pre-commit", "try-repo", Integration.root, "iconlint"] + arguments, in: sample, environment: environment)
        }
        try await git("init", "-q")
        try await git("add", "-A")
        try await git("commit", "-q", "-m", "App without the Dark icon's files")

        let broken = try await hook("--all-files")
        #expect(broken.status == 1, "\(broken.both)")
        #expect(broken.stdout.contains("iconlint....") && broken.stdout.contains("Failed"))
        #expect(broken.stdout.contains("App/Info.plist"))
        #expect(broken.stdout.contains("[icon-file-missing]"))

        for scale in ["@2x", "@3x"] {
            try Integration.copyFixture(
                .example(.iconFileMissing, "files-present", inside: "App/Icons/Dark\(scale).png"), to: sample + "/App/Icons/Dark\(scale).png")
        }
        try await git("add", "-A")
        let fixed = try await hook("--all-files")
        #expect(fixed.status == 0, "\(fixed.both)")
        #expect(fixed.stdout.contains("Passed"))

    }

    /// The hook's definition: once per commit (no file names, one process), on icon inputs only
    /// (pre-commit picks files with `re.search(files, path)`).
    @Test func hookDefinition() async throws {
        let venv = try await PreCommit.environment.value.get()
        let scratch = try Integration.scratch("pre-commit-yaml")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let check = """
            import json, re, sys, yaml
            hooks = yaml.safe_load(open(sys.argv[1]))
            hook = hooks[0]
            pattern = re.compile(hook["files"])
            paths = sys.argv[2:]
            json.dump({"hooks": hooks, "matched": [p for p in paths if pattern.search(p)]}, sys.stdout)
            """
        let paths = [
            "App/Info.plist", "App/Sunrise-Info.plist", "Sunrise.xcodeproj/project.pbxproj", "Config/Base.xcconfig",
            "App/Icons/Dark@2x.png", "App/Assets.xcassets/AppIcon.appiconset/Contents.json", ".iconlint.json",
            // Code that can pass a name to setAlternateIconName (unknown-alternate-icon-name).
            "App/IconPicker.swift", "App/AppDelegate.m", "lib/icons.dart", "src/Icons.tsx", "App/AppIcon.icon/icon.json",
            "README.md", "App/Info.plist.orig", "Docs/xcassets-notes.md", "Package.resolved", "App/Main.storyboard",
        ]
        let output = try await Integration.run(
            [venv + "/bin/python", "-c", check, Integration.root + "/.pre-commit-hooks.yaml"] + paths, in: scratch,
            environment: Integration.environment(scratch: scratch))
        #expect(output.status == 0, "\(output.both)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let hooks = try #require(parsed["hooks"] as? [[String: Any]])
        #expect(hooks.count == 2)
        // The second, iconlint-fix, writes: only when asked for (a manual stage), never in a commit.
        if hooks.count == 2 {
            #expect(hooks[1]["id"] as? String == "iconlint-fix")
            #expect(hooks[1]["stages"] as? [String] == ["manual"])
            #expect(hooks[1]["entry"] as? String == "scripts/pre-commit-hook fix")
        }
        let hook = try #require(hooks.first)
        #expect(hook["id"] as? String == "iconlint")
        #expect(hook["pass_filenames"] as? Bool == false)
        #expect(hook["require_serial"] as? Bool == true)
        #expect(hook["language"] as? String == "script")
        let entry = try #require(hook["entry"] as? String)
        #expect(FileManager.default.isExecutableFile(atPath: Integration.root + "/" + entry))
        #expect(parsed["matched"] as? [String] == Array(paths.prefix(12)))
    }

    /// Which iconlint the hook runs: ICONLINT_BIN when set (an unusable one is a one-line
    /// usage error), else the one on PATH; lint options from the hook's `args` pass through.
    @Test func hookFindsIconlint() async throws {
        let scratch = try Integration.scratch("pre-commit-bin")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Integration.copyFixture(.example(.iconHasTransparency, "transparent-corner"), to: scratch + "/repo")
        try FileManager.default.createDirectory(atPath: scratch + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch + "/bin/iconlint", withDestinationPath: Integration.iconlint)
        let hook = Integration.root + "/scripts/pre-commit-hook"
        // No install folder of the machine's: a scratch one, empty.
        let onPathEnvironment = Integration.environment(
            scratch: scratch, ["PATH": scratch + "/bin:/usr/bin:/bin", "ICONLINT_PREFIXES": scratch + "/prefix"])

        let onPath = try await Integration.run([hook, "--strict"], in: scratch + "/repo", environment: onPathEnvironment)
        #expect(onPath.status == 1, "\(onPath.both)")
        #expect(onPath.stdout.contains("[icon-has-transparency]"))
        let lenient = try await Integration.run([hook], in: scratch + "/repo", environment: onPathEnvironment)
        #expect(lenient.status == 0, "\(lenient.both)")

        let missing = try await Integration.run(
            [hook], in: scratch + "/repo", environment: Integration.environment(scratch: scratch, ["ICONLINT_BIN": scratch + "/nowhere/iconlint"]))
        #expect(missing.status == 2)
        #expect(missing.stderr == "iconlint: ICONLINT_BIN names no executable: \(scratch)/nowhere/iconlint\n")
    }

    /// `scripts/pre-commit-hook fix` (the iconlint-fix hook) runs `iconlint fix` with the
    /// hook's args on the repository, and its exit status is fix's.
    @Test func hookFixesWhenAskedTo() async throws {
        let scratch = try Integration.scratch("pre-commit-fix")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Integration.copyFixture(.example(.marketingIconAlpha, "transparent-1024"), to: scratch + "/repo")
        let hook = Integration.root + "/scripts/pre-commit-hook"
        let environment = Integration.environment(scratch: scratch, ["ICONLINT_BIN": Integration.iconlint])
        let left = try await Integration.run([hook, "fix"], in: scratch + "/repo", environment: environment)
        #expect(left.status == 1, "no --background: the image is left, an error: \(left.both)")
        #expect(left.stdout.contains("left marketing-icon-alpha"))
        let fixed = try await Integration.run([hook, "fix", "--background", "white"], in: scratch + "/repo", environment: environment)
        #expect(fixed.status == 0, "\(fixed.both)")
        #expect(fixed.stdout.contains("fixed marketing-icon-alpha"))
        let lint = try await Integration.run([hook], in: scratch + "/repo", environment: environment)
        #expect(lint.status == 0, "\(lint.both)")
    }

    /// The iconlint the hook runs is never one the repository put on PATH (./node_modules/.bin,
    /// an empty entry, a folder inside it): ICONLINT_BIN, then an install folder
    /// (ICONLINT_PREFIXES), then absolute PATH folders outside the repository.
    @Test func hookTrustsNoIconlintTheRepositoryProvides() async throws {
        let scratch = try Integration.scratch("pre-commit-lookup")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let repo = scratch + "/repo"
        try Integration.copyFixture(.example(.iconHasTransparency, "transparent-corner"), to: repo)
        // A stand-in that records that it ran, and passes.
        func plant(_ folder: String, _ name: String) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "#!/bin/sh\ntouch '\(scratch)/ran-\(name)'\nexit 0\n".write(toFile: folder + "/iconlint", atomically: false, encoding: .utf8)
            chmod(folder + "/iconlint", 0o755)
        }
        try plant(repo + "/node_modules/.bin", "node-modules")
        try plant(repo + "/bin", "repository-bin")
        try plant(repo, "current-folder")
        try FileManager.default.createDirectory(atPath: scratch + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch + "/bin/iconlint", withDestinationPath: Integration.iconlint)
        let hook = Integration.root + "/scripts/pre-commit-hook"
        let path = "node_modules/.bin:\(repo)/bin::.:\(scratch)/bin:/usr/bin:/bin"
        func ran() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix("ran-") }.sorted()
        }

        let skipped = try await Integration.run(
            [hook, "--strict"], in: repo,
            environment: Integration.environment(scratch: scratch, ["PATH": path, "ICONLINT_PREFIXES": scratch + "/prefix"]))
        #expect(skipped.status == 1, "the real iconlint ran: \(skipped.both)")
        #expect(skipped.stdout.contains("[icon-has-transparency]"))
        let none = try ran()
        #expect(none.isEmpty, "no repository iconlint ran: \(none)")

        // An install folder comes before PATH; ICONLINT_BIN before both.
        try plant(scratch + "/prefix", "prefix")
        let prefix = try await Integration.run(
            [hook, "--strict"], in: repo,
            environment: Integration.environment(scratch: scratch, ["PATH": path, "ICONLINT_PREFIXES": scratch + "/prefix"]))
        let first = try ran()
        #expect(prefix.status == 0 && first == ["ran-prefix"], "\(first): \(prefix.both)")
        let variable = try await Integration.run(
            [hook, "--strict"], in: repo,
            environment: Integration.environment(
                scratch: scratch, ["PATH": path, "ICONLINT_PREFIXES": scratch + "/prefix", "ICONLINT_BIN": Integration.iconlint]))
        #expect(variable.status == 1 && variable.stdout.contains("[icon-has-transparency]"), "\(variable.both)")
    }

    /// With no iconlint to be found, the hook builds its own, and that build never installs
    /// system packages from inside a commit: it names the command instead (stand-ins for sudo
    /// and apt-get record whether they were called; pkg-config is pointed at an empty folder).
    @Test func hookNeverInstallsPackages() async throws {
        let scratch = try Integration.scratch("pre-commit-setup")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Integration.copyFixture(.example(.iconHasTransparency, "transparent-corner"), to: scratch + "/repo")
        for folder in ["fake", "prefix", "pkgconfig"] {
            try FileManager.default.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
        }
        for tool in ["sudo", "apt-get", "brew"] {
            try "#!/bin/sh\necho \"$0 $*\" >> '\(scratch)/called'\nexit 1\n".write(
                toFile: scratch + "/fake/" + tool, atomically: false, encoding: .utf8)
            chmod(scratch + "/fake/" + tool, 0o755)
        }
        let output = try await Integration.run(
            [Integration.root + "/scripts/pre-commit-hook"], in: scratch + "/repo",
            environment: Integration.environment(
                scratch: scratch,
                [
                    "PATH": scratch + "/fake:/usr/bin:/bin", "ICONLINT_PREFIXES": scratch + "/prefix",
                    "PKG_CONFIG_LIBDIR": scratch + "/pkgconfig", "PKG_CONFIG_PATH": "",
                ]))
        #expect(output.status == 2, "\(output.both)")
        #expect(output.stderr.contains("iconlint: missing packages; please run: "), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/called"), "\((try? String(contentsOfFile: scratch + "/called", encoding: .utf8)) ?? "")")
    }
}
