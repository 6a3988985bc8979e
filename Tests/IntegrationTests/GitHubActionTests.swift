import Foundation
import IconLintCore
import Testing

/// scripts/github-action, run as action.yml runs it on a runner: GITHUB_WORKSPACE,
/// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY in a scratch folder, inputs as INPUT_* variables,
/// the tests' iconlint through ICONLINT_BIN (the release build is the action's cache step's job).
@Suite("GitHub Action")
struct GitHubActionTests {
    struct Run {
        var output: Integration.Output
        var outputs: [String: String]
        var summary: String
        /// What is in `scratch/outside` afterwards: where a hostile link in the workspace points.
        var outside: [String]
    }

    /// A workspace holding `fixture` at `ios/`, the action run from another folder; `{workspace}`
    /// in an input is the workspace's absolute path.
    static func action(
        fixture: Integration.Tree, inputs: [String: String], arguments: [String] = [], setUp: (String) throws -> Void = { _ in }
    ) async throws -> Run {
        let scratch = try Integration.scratch("action")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let workspace = scratch + "/workspace"
        try Integration.copyFixture(fixture, to: workspace + "/ios")
        try setUp(workspace)
        return try await run(scratch: scratch, inputs: inputs, arguments: arguments)
    }

    /// Runs the action on `scratch/workspace`, with `variables` added to what a runner sets.
    static func run(
        scratch: String, inputs: [String: String], arguments: [String] = [], variables extra: [String: String] = [:]
    ) async throws -> Run {
        let workspace = scratch + "/workspace"
        let outputFile = scratch + "/github-output", summaryFile = scratch + "/step-summary"
        try Data().write(to: URL(fileURLWithPath: outputFile))
        try Data().write(to: URL(fileURLWithPath: summaryFile))
        var variables = [
            "GITHUB_WORKSPACE": workspace, "GITHUB_OUTPUT": outputFile, "GITHUB_STEP_SUMMARY": summaryFile,
            "GITHUB_ACTIONS": "true", "ICONLINT_BIN": Integration.iconlint,
        ]
        variables.merge(extra) { $1 }
        for (name, value) in inputs { variables["INPUT_" + name] = value.replacingOccurrences(of: "{workspace}", with: workspace) }
        let output = try await Integration.run(
            [Integration.root + "/scripts/github-action"] + arguments, in: scratch,
            environment: Integration.environment(scratch: scratch, variables))
        var outputs: [String: String] = [:]
        for line in try String(contentsOfFile: outputFile, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { outputs[String(parts[0])] = String(parts[1]) }
        }
        // Paths in the outputs name files in the workspace: keep what the test needs before cleanup.
        if let sarif = outputs["sarif"] {
            outputs["sarif-content"] = try? String(contentsOfFile: workspace + "/" + sarif, encoding: .utf8)
        }
        return Run(
            output: output, outputs: outputs, summary: try String(contentsOfFile: summaryFile, encoding: .utf8),
            outside: (try? FileManager.default.contentsOfDirectory(atPath: scratch + "/outside")) ?? [])
    }

    static func annotations(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") }
    }

    @Test func findingsFailTheStepWithAnnotationsRelativeToTheWorkspace() async throws {
        let run = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: ["PATH": "ios"])
        #expect(run.output.status == 1, "\(run.output.both)")
        let annotations = Self.annotations(run.output.stdout)
        #expect(annotations.count == 1)
        #expect(annotations.first?.hasPrefix("::error file=ios/App/Info.plist,line=40,title=icon-file-missing::") == true, "\(annotations)")
        #expect(run.outputs["exit-code"] == "1")
        #expect(run.outputs["errors"] == "1")
        #expect(run.outputs["warnings"] == "0")
        #expect(run.summary.contains("iconlint failed"))
        #expect(run.summary.contains("1 error in 1 app target."))
    }

    /// An absolute path input (a workflow's `${{ github.workspace }}/ios`) still gives
    /// workspace-relative annotations: the reporter reads GITHUB_WORKSPACE, and a runner
    /// attaches annotations only to repository paths.
    @Test func absolutePathInputStillAnnotatesRelativePaths() async throws {
        let run = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: ["PATH": "{workspace}/ios"])
        #expect(run.output.status == 1, "\(run.output.both)")
        let annotations = Self.annotations(run.output.stdout)
        #expect(annotations.count == 1)
        #expect(annotations.first?.hasPrefix("::error file=ios/App/Info.plist,line=40,") == true, "\(annotations)")
    }

    @Test func cleanProjectPassesAndWritesSARIF() async throws {
        let run = try await Self.action(
            fixture: .example(.iconFileMissing, "files-present"), inputs: ["PATH": "ios", "SARIF": "reports/iconlint.sarif"])
        #expect(run.output.status == 0, "\(run.output.both)")
        #expect(Self.annotations(run.output.stdout).isEmpty)
        #expect(run.outputs["exit-code"] == "0")
        #expect(run.outputs["errors"] == "0")
        #expect(run.outputs["sarif"] == "reports/iconlint.sarif")
        let sarif = try #require(run.outputs["sarif-content"]?.data(using: .utf8))
        let document = try #require(try JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        #expect((document["runs"] as? [Any])?.count == 1)
        #expect(run.summary.contains("iconlint passed"))
    }

    @Test func sarifHoldsTheFindingsOfAFailingRun() async throws {
        let run = try await Self.action(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: ["PATH": "ios", "SARIF": "iconlint.sarif"])
        #expect(run.output.status == 1)
        let sarif = try #require(run.outputs["sarif-content"])
        #expect(sarif.contains("icon-file-missing"))
        #expect(sarif.contains("App/Info.plist"))
    }

    @Test func strictFailsOnWarnings() async throws {
        let fixture: Integration.Tree = .example(.iconHasTransparency, "transparent-corner")
        let lenient = try await Self.action(fixture: fixture, inputs: ["PATH": "ios", "STRICT": "false"])
        #expect(lenient.output.status == 0, "\(lenient.output.both)")
        #expect(lenient.outputs["warnings"] == "1")
        #expect(Self.annotations(lenient.output.stdout).first?.hasPrefix("::warning file=ios/App/Icons/Dark@3x.png") == true)
        let strict = try await Self.action(fixture: fixture, inputs: ["PATH": "ios", "STRICT": "true"])
        #expect(strict.output.status == 1)
        #expect(strict.outputs["exit-code"] == "1")
    }

    @Test func configInputIsPassedThrough() async throws {
        let run = try await Self.action(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: ["PATH": "ios", "CONFIG": "ci/iconlint.json"]
        ) { workspace in
            try FileManager.default.createDirectory(atPath: workspace + "/ci", withIntermediateDirectories: true)
            try #"{"disabled": ["icon-file-missing"]}"#.write(toFile: workspace + "/ci/iconlint.json", atomically: false, encoding: .utf8)
        }
        #expect(run.output.status == 0, "\(run.output.both)")
        #expect(run.outputs["errors"] == "0")
    }

    /// Exit 2 fails the step with iconlint's one-line reason as an error annotation.
    @Test(arguments: [
        (["PATH": "ios", "CONFIG": "missing.json"], "configuration file not found"),
        (["PATH": "no-such-folder"], "path not found: no-such-folder"),
        (["PATH": "ios", "STRICT": "yes"], "strict must be true or false; got 'yes'"),
    ])
    func usageErrorsFailWithOneLine(inputs: [String: String], message: String) async throws {
        let run = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: inputs)
        #expect(run.output.status == 2)
        let errors = run.output.stdout.split(separator: "\n").filter { $0.hasPrefix("::error title=iconlint::") }
        #expect(errors.count == 1, "\(run.output.both)")
        #expect(errors.first?.contains(message) == true, "\(errors)")
        #expect(run.outputs["exit-code"] == "2")
        #expect(run.summary.contains(message))
    }

    @Test func cacheKeyFollowsTheSources() async throws {
        let run = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: [:], arguments: ["cache-key"])
        #expect(run.output.status == 0, "\(run.output.both)")
        let key = try #require(run.outputs["key"])
        let prefix = try #require(run.outputs["restore-key"])
        #expect(key.hasPrefix(prefix))
        #expect(key.count == prefix.count + 32)
        let again = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: [:], arguments: ["cache-key"])
        #expect(again.outputs["key"] == key)
    }

    /// action.yml parsed as YAML (through pre-commit's virtual environment, which has PyYAML,
    /// else the machine's python3 when it has it) and checked against the script it runs.
    @Test func actionMetadataMatchesTheScript() async throws {
        let scratch = try Integration.scratch("action-yaml")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let toJSON = "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)"
        var pythons = ["python3"]
        if let venv = try? await PreCommit.environment.value.get() { pythons.insert(venv + "/bin/python", at: 0) }
        var parsed: Integration.Output?
        for python in pythons {
            let output = try await Integration.run(
                [python, "-c", toJSON, Integration.root + "/action.yml"], in: scratch, environment: Integration.environment(scratch: scratch))
            if output.status == 0 {
                parsed = output
                break
            }
        }
        let json = try #require(parsed, "no python with PyYAML to parse action.yml").stdout
        let action = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [[String: Any]])
        for step in steps where step["run"] != nil {
            #expect(step["shell"] as? String == "bash", "a composite run step needs a shell: \(step)")
        }
        let inputs = try #require(action["inputs"] as? [String: [String: Any]])
        #expect(Set(inputs.keys) == ["path", "strict", "config", "config-from", "sarif"])
        for (name, input) in inputs {
            #expect(input["description"] is String, "\(name)")
            #expect(input["default"] is String, "\(name): a default, so the script always gets the variable")
        }
        let text = try String(contentsOfFile: Integration.root + "/action.yml", encoding: .utf8)
        let script = try String(contentsOfFile: Integration.root + "/scripts/github-action", encoding: .utf8)
        // Every input reaches the script as the variable it reads, and nothing else is read.
        let lint = try #require(steps.first { $0["id"] as? String == "lint" })
        let env = try #require(lint["env"] as? [String: String])
        for name in inputs.keys {
            #expect(env["INPUT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] == "${{ inputs.\(name) }}")
        }
        let read = Set(Self.matches(#"INPUT_[A-Z_]+"#, in: script))
        #expect(read == Set(env.keys), "the script reads \(read.sorted()); the step sets \(env.keys.sorted())")
        // Every step output action.yml reads is one the script writes, from a step that exists.
        let ids = Set(steps.compactMap { $0["id"] as? String })
        let written = Set(Self.matches(#"(?m)^\s*output ([a-z-]+) "#, in: script).map { $0.split(separator: " ")[1] }.map(String.init))
        for reference in Self.matches(#"steps\.[a-z]+\.outputs\.[a-z-]+"#, in: text) {
            let parts = reference.split(separator: ".").map(String.init)
            #expect(ids.contains(parts[1]), "\(reference)")
            #expect(written.contains(parts[3]), "\(reference) is never written by scripts/github-action")
        }
        // Steps run the script from the action's checkout; it is there and executable.
        for step in steps {
            if let run = step["run"] as? String {
                #expect(run.contains("$GITHUB_ACTION_PATH/scripts/github-action"), "\(run)")
            }
        }
        #expect(FileManager.default.isExecutableFile(atPath: Integration.root + "/scripts/github-action"))
        let cache = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        let with = try #require(cache["with"] as? [String: String])
        #expect(with["path"] == "${{ github.action_path }}/.build")
        #expect(with["key"] == "${{ steps.key.outputs.key }}")
    }

    // MARK: A pull request is someone else's tree (issue 19)

    /// The SARIF report is never written through a link the pull request commits, nor
    /// outside the workspace: a dangling `iconlint.sarif` link, a linked folder, `../`.
    @Test(arguments: [
        ("iconlint.sarif", ["iconlint.sarif": "../outside/bashrc"], "iconlint.sarif: it is a symbolic link"),
        ("reports/iconlint.sarif", ["reports": "../outside"], "/workspace/reports is a symbolic link"),
        ("reports/ci/iconlint.sarif", ["reports": "../outside"], "/workspace/reports is a symbolic link"),
        ("../outside/iconlint.sarif", [:], "../outside/iconlint.sarif: it is outside"),
    ])
    func sarifIsNeverWrittenThroughALinkOrOutside(sarif: String, links: [String: String], message: String) async throws {
        let run = try await Self.action(fixture: .example(.iconFileMissing, "files-present"), inputs: ["PATH": "ios", "SARIF": sarif]) {
            workspace in
            try FileManager.default.createDirectory(atPath: workspace + "/../outside", withIntermediateDirectories: true)
            for (name, target) in links {
                try FileManager.default.createSymbolicLink(atPath: workspace + "/" + name, withDestinationPath: target)
            }
        }
        #expect(run.output.status == 2, "\(run.output.both)")
        let errors = run.output.stdout.split(separator: "\n").filter { $0.hasPrefix("::error title=iconlint::") }
        #expect(errors.count == 1, "\(run.output.both)")
        #expect(errors.first?.contains(message) == true, "\(errors)")
        #expect(run.outside.isEmpty, "nothing written outside the workspace: \(run.outside)")
        #expect(run.outputs["exit-code"] == "2")
    }

    /// A repository at scratch/origin with `fixture` at ios/ on main (after `base`) and a
    /// branch `pr` (after `head`); the workspace is a clone of `pr`, one commit deep as
    /// actions/checkout makes it when `shallow`, else whole (origin/main is there).
    static func pullRequest(
        fixture: Integration.Tree, shallow: Bool, inputs: [String: String],
        base: (String) throws -> Void = { _ in }, head: (String) throws -> Void
    ) async throws -> Run {
        let scratch = try Integration.scratch("action-pr")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let origin = scratch + "/origin"
        try Integration.copyFixture(fixture, to: origin + "/ios")
        let environment = Integration.environment(scratch: scratch)
        func git(_ arguments: [String], in folder: String = origin) async throws {
            let output = try await Integration.run(["git"] + arguments, in: folder, environment: environment)
            if output.status != 0 { throw SetupFailure(description: "git \(arguments.joined(separator: " ")): \(output.both)") }
        }
        try await git(["init", "--quiet", "--initial-branch=main"])
        try base(origin)
        try await git(["add", "-A"])
        try await git(["commit", "--quiet", "-m", "base"])
        try await git(["checkout", "--quiet", "-b", "pr"])
        try head(origin)
        try await git(["add", "-A"])
        try await git(["commit", "--quiet", "--allow-empty", "-m", "pull request"])
        try await git(
            ["clone", "--quiet", "--branch", "pr"] + (shallow ? ["--depth=1", "--single-branch"] : []) + ["file://" + origin, "workspace"],
            in: scratch)
        return try await run(
            scratch: scratch, inputs: inputs,
            variables: ["GITHUB_EVENT_NAME": "pull_request", "GITHUB_BASE_REF": "main", "GITHUB_HEAD_REF": "pr"])
    }

    static let everythingOff = #"{"exclude": ["**"], "disabled": ["icon-file-missing"]}"#

    /// A pull request that adds an .iconlint.json switching every check off is still linted
    /// with the base branch's configuration (here none: the default rules), fetched from origin
    /// in a one-commit checkout.
    @Test func aPullRequestCannotSwitchItsOwnGateOff() async throws {
        let run = try await Self.pullRequest(fixture: .example(.iconFileMissing, "alternate-files-gone"), shallow: true, inputs: ["PATH": "ios"]) {
            try Self.everythingOff.write(toFile: $0 + "/.iconlint.json", atomically: false, encoding: .utf8)
        }
        #expect(run.output.status == 1, "\(run.output.both)")
        #expect(Self.annotations(run.output.stdout).first?.hasPrefix("::error file=ios/App/Info.plist,line=40,") == true)
        let notice = run.output.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice title=iconlint::") }
        #expect(notice.count == 1 && notice.first?.contains("the base branch 'main' has no configuration") == true, "\(run.output.stdout)")
        #expect(run.outputs["errors"] == "1")
    }

    /// The base branch's own configuration applies even when the pull request deletes it, and
    /// so does the `config` input's file as the base branch has it.
    @Test func theBaseBranchsConfigurationApplies() async throws {
        let quiet = #"{"disabled": ["icon-file-missing"]}"#
        let deleted = try await Self.pullRequest(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), shallow: false, inputs: ["PATH": "ios"],
            base: { try quiet.write(toFile: $0 + "/.iconlint.json", atomically: false, encoding: .utf8) },
            head: { try FileManager.default.removeItem(atPath: $0 + "/.iconlint.json") })
        #expect(deleted.output.status == 0, "\(deleted.output.both)")
        #expect(deleted.output.stdout.contains("configuration: .iconlint.json from the base branch 'main'"), "\(deleted.output.stdout)")

        let input = try await Self.pullRequest(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), shallow: true, inputs: ["PATH": "ios", "CONFIG": "ci/iconlint.json"],
            base: {
                try FileManager.default.createDirectory(atPath: $0 + "/ci", withIntermediateDirectories: true)
                try "{}".write(toFile: $0 + "/ci/iconlint.json", atomically: false, encoding: .utf8)
            },
            head: { try Self.everythingOff.write(toFile: $0 + "/ci/iconlint.json", atomically: false, encoding: .utf8) })
        #expect(input.output.status == 1, "\(input.output.both)")
        #expect(input.output.stdout.contains("configuration: ci/iconlint.json from the base branch 'main'"), "\(input.output.stdout)")
    }

    /// `config-from: head` opts out: the pull request's own configuration is used.
    @Test func configFromHeadUsesThePullRequestsConfiguration() async throws {
        let run = try await Self.pullRequest(
            fixture: .example(.iconFileMissing, "alternate-files-gone"), shallow: true, inputs: ["PATH": "ios", "CONFIG_FROM": "head"]
        ) {
            try Self.everythingOff.write(toFile: $0 + "/.iconlint.json", atomically: false, encoding: .utf8)
        }
        #expect(run.output.status == 0, "\(run.output.both)")
        let bad = try await Self.action(fixture: .example(.iconFileMissing, "alternate-files-gone"), inputs: ["PATH": "ios", "CONFIG_FROM": "pr"])
        #expect(bad.output.status == 2 && bad.output.stdout.contains("config-from must be base or head; got 'pr'"), "\(bad.output.both)")
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }
}
