import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory iconlint-generate SOURCE... --out DIR`:
/// `iconlint generate` run in the package's folder, so `--out` and `--plist` paths are
/// relative to it. A verb of its own because writing needs the permission, and a plugin
/// that declares it asks for it on every run; `swift package iconlint` only reads.
@main
struct IconLintGeneratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "iconlint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["generate"] + (arguments.first == "generate" ? Array(arguments.dropFirst()) : arguments)
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("iconlint was stopped by signal \(status)")
        } else if status != 0 {
            Diagnostics.error("iconlint exited with status \(status)")
        }
    }
}
