import Foundation
import PackagePlugin

/// `swift package iconlint [lint options]`: runs the built iconlint in the package's folder,
/// so PATHs are relative to it and `.` (the default) is the package itself. `inspect` and
/// `rules` pass through too. Reading only: `generate` and `fix` write into the package, so they
/// live in `iconlint-generate` and `iconlint-fix`, the verbs that ask for
/// `--allow-writing-to-package-directory`.
@main
struct IconLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if let verb = arguments.first, verb == "generate" || verb == "fix" {
            Diagnostics.error(
                "\(verb) writes into the package; run: swift package --allow-writing-to-package-directory iconlint-\(verb) \(arguments.dropFirst().joined(separator: " "))"
            )
            return
        }
        let tool = try context.tool(named: "iconlint")
        let status = try run(
            tool.url, lintArguments(arguments, cache: context.pluginWorkDirectoryURL),
            in: context.package.directoryURL)
        if status != 0 {
            Diagnostics.error("iconlint exited with status \(status)")
        }
    }

    /// Lint's image cache goes to the plugin's work folder: the sandbox (macOS) keeps the
    /// plugin out of the user's home, where iconlint's default cache lives.
    func lintArguments(_ arguments: [String], cache: URL) -> [String] {
        let others: Set<String> = ["inspect", "rules", "help", "version", "-h", "--help", "--version"]
        if let first = arguments.first, others.contains(first) { return arguments }
        let options = arguments.first == "lint" ? Array(arguments.dropFirst()) : arguments
        let cacheChosen = options.contains { $0 == "--no-cache" || $0 == "--cache-path" || $0.hasPrefix("--cache-path=") }
        return ["lint"] + options + (cacheChosen ? [] : ["--cache-path", cache.path])
    }
}

/// Runs `executable` in `folder` with the plugin's standard streams; returns its exit status
/// (128 + the signal when a signal ended it).
func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
}
