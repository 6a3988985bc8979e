import Foundation
import IconLintTestSupport

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
        /// The run was still going after `timeout` seconds and was killed.
        var timedOut = false
    }

    /// Runs the built iconlint and measures that child alone: Foundation's Process reaps its
    /// children itself, and RUSAGE_CHILDREN mixes every child the test process ever ran.
    ///
    /// On Linux a child's own `wait4` rusage still counts its spawner: posix_spawn shares the
    /// test process's memory until exec, and exec folds that memory's peak into the child's
    /// (hundreds of MB for a test process under AddressSanitizer). So GNU time, a small
    /// process, spawns the child and reports its `wait4` peak; without /usr/bin/time (which
    /// scripts/test installs), the direct child is measured, an upper bound.
    ///
    /// With a `timeout`, a run still going after that many seconds is killed (its whole process
    /// group: GNU time, the shell and iconlint; status 137) and comes back with `timedOut`, so
    /// code that hangs or grows without end fails the test instead of the suite.
    static func measured(_ arguments: [String], in folder: String, timeout: TimeInterval? = nil) throws -> Measured {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/stdout", err = scratch + "/stderr"
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let command = "cd \"$0\" && exec \"$@\""
        let peakFile = scratch + "/peak"
        #if os(Linux)
            let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        #else
            let timed = false
        #endif
        let argv =
            (timed ? ["/usr/bin/time", "-f", "%M", "-o", peakFile] : []) + ["/bin/sh", "-c", command, folder, executable]
            + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var environment = TestCache.environment
        environment["NO_COLOR"] = "1"
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        // Its own process group, so that a timeout ends iconlint too, not only GNU time.
        var attributes: posix_spawnattr_t = .init()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while wait4(pid, &status, WNOHANG, &usage) == 0 {
                if Date() >= deadline {
                    timedOut = true
                    kill(-pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                    break
                }
                usleep(20_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        }
        #if canImport(Darwin)
            var peak = Int(usage.ru_maxrss) >> 20
        #else
            var peak = Int(usage.ru_maxrss) >> 10
        #endif
        // GNU time's last line is the child's peak in KiB (after "Command exited with ..." when not 0).
        if timed, let report = try? String(contentsOfFile: peakFile, encoding: .utf8),
            let kib = report.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        {
            peak = kib >> 10
        }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measured(
            status: exitStatus,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", peakMemoryMB: peak, timedOut: timedOut)
    }
}
