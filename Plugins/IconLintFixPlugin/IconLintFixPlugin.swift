import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory iconlint-fix [PATH] [options]`:
/// `iconlint fix` run in the package's folder (PATH relative to it, default the folder). A
/// verb of its own, as iconlint-generate is, because it asks for permission to write.
@main
struct IconLintFixPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "iconlint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["fix"] + (arguments.first == "fix" ? Array(arguments.dropFirst()) : arguments)
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
