import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CLI {
    struct Measured {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The peak resident memory of this one child, from its own rusage (`wait4`).
        var peakMemoryMB: Int
    }

    /// Runs the built iconlint and measures that child alone: Foundation's Process reaps its
    /// children itself, and RUSAGE_CHILDREN mixes every child the test process ever ran.
    static func measured(_ arguments: [String], in folder: String) throws -> Measured {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/stdout", err = scratch + "/stderr"
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let command = "cd \"$0\" && exec \"$@\""
        let argv = ["/bin/sh", "-c", command, folder, executable] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss) >> 20
        #else
        let peak = Int(usage.ru_maxrss) >> 10
        #endif
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measured(status: exitStatus,
                        stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                        stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", peakMemoryMB: peak)
    }
}
