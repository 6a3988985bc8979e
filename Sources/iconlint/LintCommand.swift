import Foundation
import IconLintCore

/// `iconlint lint [PATH...]`: checks a project's icons and gates CI on the result.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check a project's app icons (the default command)."
    static var help: String {
        let reporters = ReporterKind.allCases.map { "    \($0.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \($0.summary)" }
            .joined(separator: "\n")
        return """
            Usage: iconlint lint [PATH...] [options]
                   iconlint [PATH...] [options]

            Checks the app icons of an iOS project: Info.plist icon entries (CFBundleIcons,
            CFBundleIcons~ipad, alternate icons), the PNG files they reach, asset catalog app
            icon sets, and the build settings that include them. PATH is a project folder
            (default: .), an .xcodeproj, an XcodeGen project.yml, or an Info.plist; or a built
            app: an .app folder, an .ipa or an .xcarchive (recognised by content), checked as App
            Store Connect would.

            Options:
              --reporter FORMAT   Report format (default: text):
            \(reporters)
              --output FILE       Write the report to FILE instead of stdout (`-` is stdout) and
                                  print the summary line on stderr. A regular FILE is written
                                  atomically (through a link, to its target) and replaced only
                                  with --force; a device, FIFO or socket is written in place.
              --force             Replace the --output file when it is an existing regular file.
              --output-inside DIR
                                  Write --output only inside DIR, never through a link there.
                                  A folder on the way or the file itself (even dangling) that
                                  is a symbolic link, a path that leads out of DIR, or a file
                                  that is not a regular file is refused (exit 2). Missing
                                  folders inside DIR are made. For a tree someone else controls
                                  (CI on a pull request); no effect without --output.
              --strict            Exit 1 on warnings too.
              --disable RULES     Comma-separated rule ids to skip.
              --only RULES        Run only these comma-separated rule ids.
              --config FILE       Configuration file (default: the .iconlint.json nearest above PATH, up to
                                  the repository's root): {"disabled": [ids], "opt_in": [ids],
                                  "severity": {id: "error"|"warning"}, "exclude": [globs]}
              --cache-path DIR    Keep image facts between runs in DIR (default: $XDG_CACHE_HOME/iconlint
                                  or ~/.cache/iconlint; ~/Library/Caches/iconlint on macOS); a rerun of an
                                  unchanged tree only stats its images.
              --no-cache          Read every image; neither read nor write the cache.
              --max-size N        Treat images wider or taller than N pixels as too large (default 4096;
                                  app icons are at most 1024).

            Rules: `iconlint rules` lists every rule id with its severity.

            Exit status:
              0  no errors (warnings allowed)
              1  at least one error, or any warning with --strict
              2  usage error, path not found, no iOS app under PATH, unreadable or invalid
                 configuration, stdout cannot be written
              130, 143  stopped by SIGINT or SIGTERM; what the run wrote was taken back
            """
    }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(
            arguments, command: name, flags: ["--strict", "--force", "--no-cache"],
            options: [
                "--reporter", "--output", "--output-inside", "--disable", "--only", "--config", "--max-size", "--cache-path",
            ])
        let reporter: ReporterKind = try args.choice("--reporter", default: .text)
        var paths: [String] = []
        var seen: Set<String> = []
        // `lint X X` (or `X` and `./X/`) lints X once.
        for path in args.positionals.isEmpty ? ["."] : args.positionals
        where seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted {
            paths.append(path)
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw CLIError(message: "path not found: \(path)")
        }
        // Where the report goes, checked before linting (OutputDestination: `-`, devices, links).
        let inside = args.value("--output-inside")
        if inside?.isEmpty == true { throw CLIError(message: "--output-inside needs a folder") }
        let destination = try args.value("--output").map { try reportDestination($0, force: args.flag("--force"), inside: inside) }
        let disabled: Set<RuleID>, only: Set<RuleID>
        do {
            disabled = try LintConfiguration.validate(ruleList(args.all("--disable")), source: "--disable")
            only = try LintConfiguration.validate(ruleList(args.all("--only")), source: "--only")
        } catch {
            throw CLIError(message: error.description)
        }
        // Each PATH with its own configuration (its own .iconlint.json unless --config names one).
        var configurations: [String: LintConfiguration] = [:]
        for path in paths {
            var configuration = try loadConfiguration(args, linted: path)
            configuration.disabled.formUnion(disabled)
            if !only.isEmpty { configuration.only = only }
            configurations[path] = configuration
        }
        var options = LintOptions(path: paths[0])
        if args.value("--cache-path")?.isEmpty == true { throw CLIError(message: "--cache-path needs a folder") }
        options.cache = ImageFactsCacheStore.forCommandLine(
            cachePath: args.value("--cache-path"), noCache: args.flag("--no-cache"),
            environment: ProcessInfo.processInfo.environment)
        if let raw = args.value("--max-size") {
            guard let side = UInt32(raw), side > 0 else { throw CLIError(message: "--max-size must be a positive number; got '\(raw)'") }
            options.limits.maxWidth = side
            options.limits.maxHeight = side
            options.limits.maxBytes = UInt64(side) * UInt64(side) * 8
        }

        var results: [LintResult] = []
        for path in paths {
            options.path = path
            options.configuration = configurations[path] ?? LintConfiguration()
            do {
                results.append(try Linter.lint(options))
            } catch {
                throw CLIError(message: error.description)
            }
        }
        let result = merge(results)
        let environment = ProcessInfo.processInfo.environment
        let output = args.value("--output")
        let report = reporter.render(
            result,
            options: ReportOptions(
                color: output == nil && Console.useColor, toolVersion: CLI.version, workspace: environment["GITHUB_WORKSPACE"],
                strict: args.flag("--strict")))
        if let output, let destination {
            do {
                try destination.write(Data(report.utf8), force: args.flag("--force"), naming: output)
            } catch {
                throw CLIError(message: "cannot write the report: \(error)", status: .usage)
            }
            if destination != .descriptor(1) { Console.error(TextReporter.summaryLine(result)) }
        } else {
            Console.raw(report)
        }
        let failed = result.errorCount > 0 || (args.flag("--strict") && result.warningCount > 0)
        return failed ? .failure : .success
    }

    /// `--output PATH` resolved (only inside `inside`, without links, when given); an existing
    /// regular file without --force is a usage error.
    static func reportDestination(_ path: String, force: Bool, inside: String?) throws(CLIError) -> OutputDestination {
        do {
            return try OutputDestination.resolve(path, force: force, inside: inside)
        } catch {
            if error.kind == .destinationExists { throw CLIError(message: "\(path) already exists; pass --force to replace it") }
            throw CLIError(message: "cannot write the report: \(error)")
        }
    }

    static func ruleList(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `--config FILE`, else the `.iconlint.json` nearest above the linted path, searching
    /// upward to the repository's root (the folder holding `.git`), or only the linted
    /// folder itself outside a repository.
    static func loadConfiguration(_ args: Arguments, linted: String) throws -> LintConfiguration {
        let path: String
        // A committed .iconlint.json is read only inside the folder it was found in; --config is the user's choice.
        var committedIn: String?
        if let explicit = args.value("--config") {
            path = explicit
            guard FileManager.default.fileExists(atPath: path) else { throw CLIError(message: "configuration file not found: \(path)") }
        } else {
            guard let found = nearestConfiguration(above: linted) else { return LintConfiguration() }
            path = found
            committedIn = (found as NSString).deletingLastPathComponent
        }
        let data: Data
        let read = committedIn.map { ProjectFile.read(path, root: $0, limit: 1 << 20) } ?? ProjectFile.read(path, limit: 1 << 20)
        switch read {
        case .success(let read): data = read
        case .failure(let failure): throw CLIError(message: "cannot read configuration file \(path): \(failure)")
        }
        do {
            return try LintConfiguration.parse(data, source: path)
        } catch {
            throw CLIError(message: error.description)
        }
    }

    /// The `.iconlint.json` that governs a linted path, if any.
    static func nearestConfiguration(above linted: String) -> String? {
        var isDirectory: ObjCBool = false
        let absolute = URL(fileURLWithPath: linted).standardizedFileURL.path
        _ = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory)
        let lower = absolute.lowercased()
        let isBundle = lower.hasSuffix(".xcodeproj") || lower.hasSuffix(".xcworkspace")
        let start = isDirectory.boolValue && !isBundle ? absolute : (absolute as NSString).deletingLastPathComponent
        // Only search upward inside a repository: outside one, a stray file in $HOME must not apply.
        var repository: String?
        var folder = start
        while true {
            if FileManager.default.fileExists(atPath: folder + "/.git") {
                repository = folder
                break
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        folder = start
        while true {
            let candidate = (folder as NSString).appendingPathComponent(".iconlint.json")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard let repository, folder != repository else { return nil }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { return nil }
            folder = parent
        }
    }

    /// One result for several PATHs: files become relative to the current folder.
    static func merge(_ results: [LintResult]) -> LintResult {
        guard results.count > 1 else { return results[0] }
        let cwd = FileManager.default.currentDirectoryPath
        var diagnostics: [Diagnostic] = []
        for result in results {
            for var diagnostic in result.diagnostics {
                let absolute = (result.root as NSString).appendingPathComponent(diagnostic.location.file)
                diagnostic.location.file = absolute.hasPrefix(cwd + "/") ? String(absolute.dropFirst(cwd.count + 1)) : absolute
                diagnostics.append(diagnostic)
            }
        }
        return LintResult(
            root: cwd, diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder),
            appTargetCount: results.map(\.appTargetCount).reduce(0, +), notes: results.flatMap(\.notes),
            inventorySource: IconInventorySource(merging: results.map(\.inventorySource)))
    }
}
