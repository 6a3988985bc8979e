import Foundation
import IconLintCore

// iconlint's entry point: arguments in, exit code out. Everything else lives in commands.
TemporaryFiles.removeOnInterrupt()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
