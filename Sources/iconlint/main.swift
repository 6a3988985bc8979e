import Foundation
import IconLintCore

// iconlint's entry point: arguments in, exit code out. Everything else lives in commands.
// First of all, before any thread starts: SIGINT/SIGTERM/SIGHUP roll back and exit 130/143/129.
Descriptor.reserveStandardDescriptors()
Interruption.install()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()))
// A report or listing that could not reach stdout is a failed run (said once on stderr).
exit(Console.failure == nil ? status.rawValue : ExitStatus.usage.rawValue)
