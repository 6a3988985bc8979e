import Foundation
import IconLintCore

// iconlint's entry point: arguments in, exit code out. Everything else lives in commands.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
TemporaryFiles.removeOnInterrupt()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(status.rawValue)
