import Foundation
import IconLintCore
import IconLintTestSupport

/// What the integration tests share: the repository, the built iconlint, scratch folders, and
/// running a program as a user's shell would, with its output collected.
enum Integration {
    /// The repository's root, from this file's place in it.
    static let root = Repository.root.path

    /// Where slow set-ups live between runs (the plugin's client package, pre-commit's
    /// virtual environment), so a rerun is incremental; .build is what `swift package clean` empties.
    static let persistent = root + "/.build/integration"

    /// The iconlint `swift test` built beside the test bundle.
    static let iconlint = IconLintBinary.path ?? "iconlint"

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var both: String { stdout + stderr }
    }

    /// A new empty folder under the system's temporary folder.
    static func scratch(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "iconlint-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The environment of every child: $HOME, caches and git's identity in `scratch`, never the machine's.
    static func environment(scratch: String, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch + "/home"
        environment["XDG_CACHE_HOME"] = scratch + "/cache"
        environment["NO_COLOR"] = "1"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "iconlint tests"
            environment["GIT_\(role)_EMAIL"] = "tests@iconlint.invalid"
        }
        // What the CI that runs these tests set for itself must not leak into the scripts under test.
        for key in environment.keys where key.hasPrefix("GITHUB_") || key.hasPrefix("INPUT_") || key.hasPrefix("ICONLINT_") {
            environment[key] = nil
        }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs `arguments[0]` (a path, or a name looked up on the environment's PATH through
    /// /usr/bin/env) in `folder`; stdin is /dev/null, stdout and stderr go through files so a
    /// chatty child never blocks on a full pipe. Awaits the child's end without holding one of
    /// the few threads the other tests run on (a plugin build takes a minute).
    static func run(_ arguments: [String], in folder: String, environment: [String: String]) async throws -> Output {
        let logs = try scratch("output")
        defer { try? FileManager.default.removeItem(atPath: logs) }
        try Data().write(to: URL(fileURLWithPath: logs + "/stdout"))
        try Data().write(to: URL(fileURLWithPath: logs + "/stderr"))
        let process = Process()
        if arguments[0].contains("/") {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: logs + "/stdout"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: logs + "/stderr"))
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { ended in continuation.resume(returning: ended.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Output(
            status: status, stdout: try String(contentsOfFile: logs + "/stdout", encoding: .utf8),
            stderr: try String(contentsOfFile: logs + "/stderr", encoding: .utf8))
    }

    /// Copies a fixture folder (relative to Fixtures/) to `destination`.
    /// A project the tests put in place: a folder under Fixtures/, or a rule's example (in the
    /// rule's file), whole or one file or folder of it (`inside`, relative to its root).
    enum Tree: ExpressibleByStringLiteral, Sendable {
        case fixture(String)
        case example(RuleID, String, inside: String = "")

        init(stringLiteral fixture: String) { self = .fixture(fixture) }
    }

    static func copyFixture(_ tree: Tree, to destination: String) throws {
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch tree {
        case .fixture(let fixture):
            try FileManager.default.copyItem(atPath: root + "/Fixtures/" + fixture, toPath: destination)
        case .example(let rule, let name, let inside):
            let written = try scratch("example")
            defer { try? FileManager.default.removeItem(atPath: written) }
            let path = try RuleCatalog.writeExample(rule, name, at: written + "/tree")
            try FileManager.default.copyItem(atPath: inside.isEmpty ? path : path + "/" + inside, toPath: destination)
        }
    }
}

/// A failure of a set-up step (a venv, a build), with what the step printed.
struct SetupFailure: Error, CustomStringConvertible {
    var description: String
}
