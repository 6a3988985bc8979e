import Foundation
import IconLintTestSupport

/// Programs the completion, man page and install tests run (bash, zsh, fish, groff), found on
/// PATH or installed from Debian when missing and this process may (root, or sudo without a
/// password). Each is looked up (and installed) once per test run.
enum ShellTools {
    static let repository = Repository.root.path

    static let bash = find("bash")
    static let zsh = find("zsh") ?? install("zsh", package: "zsh")
    static let fish = find("fish") ?? install("fish", package: "fish")
    static let groff = find("groff") ?? install("groff", package: "groff-base")
    static let setpriv = find("setpriv")

    /// The program's path on PATH (or in the usual folders), if any.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `apt-get install` of `package` where apt-get exists and we may; a note on stderr otherwise.
    private static func install(_ name: String, package: String) -> String? {
        guard let aptGet = find("apt-get") else { return skip(name, "no apt-get here") }
        var command = [aptGet]
        if getuid() != 0 {
            guard let sudo = find("sudo"), (try? CLI.run(["-n", "true"], program: sudo))?.status == 0 else {
                return skip(name, "not root and no password-less sudo; install it with: sudo apt-get install \(package)")
            }
            command = [sudo, "-n", aptGet]
        }
        let arguments = ["-o", "DPkg::Lock::Timeout=300", "install", "-y", "-qq", "--no-install-recommends", package]
        let environment = ["DEBIAN_FRONTEND": "noninteractive"]
        if (try? CLI.run(Array(command.dropFirst()) + arguments, environment: environment, program: command[0]))?.status != 0 {
            // A machine that never ran apt-get update has no package lists yet.
            _ = try? CLI.run(Array(command.dropFirst()) + ["-qq", "update"], environment: environment, program: command[0])
            _ = try? CLI.run(Array(command.dropFirst()) + arguments, environment: environment, program: command[0])
        }
        return find(name) ?? skip(name, "apt-get install \(package) failed")
    }

    private static func skip(_ name: String, _ reason: String) -> String? {
        FileHandle.standardError.write(Data("note: \(name) is missing (\(reason)); its checks are skipped\n".utf8))
        return nil
    }
}
