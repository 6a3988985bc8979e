import Foundation
import IconLintCore

/// `iconlint lint [PATH...]`: checks a project's icons and gates CI on the result.
enum LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint", summary: "Check a project's app icons (the default command).",
        usage: ["iconlint lint [PATH...] [options]", "iconlint [PATH...] [options]"],
        arguments: ArgumentSpec("PATH", .files, repeated: true), optionColumn: 22,
        options: [
            OptionSpec(
                "--reporter", value: "FORMAT", help: ["Report format (default: text):"],
                list: HelpList(indent: 4, column: 13, ReporterKind.allCases.map { HelpItem($0.rawValue, [$0.summary]) }),
                completion: .oneOf(ReporterKind.allCases.map(\.rawValue))),
            OptionSpec(
                "--output", value: "FILE",
                help: [
                    "Write the report to FILE instead of stdout (`-` is stdout) and",
                    "print the summary line on stderr. A regular FILE is written",
                    "atomically (through a link, to its target) and replaced only",
                    "with --force; a device, FIFO or socket is written in place.",
                ], completion: .files),
            OptionSpec("--force", help: ["Replace the --output file when it is an existing regular file."]),
            OptionSpec(
                "--output-inside", value: "DIR",
                help: [
                    "Write --output only inside DIR, never through a link there.",
                    "A folder on the way or the file itself (even dangling) that",
                    "is a symbolic link, a path that leads out of DIR, or a file",
                    "that is not a regular file is refused (exit 2). Missing",
                    "folders inside DIR are made. For a tree someone else controls",
                    "(CI on a pull request); no effect without --output.",
                ], completion: .directories),
            OptionSpec("--strict", help: ["Exit 1 on warnings too."]),
            OptionSpec("--disable", value: "RULES", help: ["Comma-separated rule ids to skip."], completion: .listOf(ruleIDs)),
            OptionSpec("--only", value: "RULES", help: ["Run only these comma-separated rule ids."], completion: .listOf(ruleIDs)),
            OptionSpec(
                "--config", value: "FILE",
                help: [
                    "Configuration file (default: the .iconlint.json nearest above PATH, up to",
                    #"the repository's root): {"disabled": [ids], "opt_in": [ids],"#,
                    #""severity": {id: "error"|"warning"}, "exclude": [globs]}"#,
                ], completion: .files),
            OptionSpec(
                "--cache-path", value: "DIR",
                help: [
                    "Keep image facts between runs in DIR (default: $XDG_CACHE_HOME/iconlint",
                    "or ~/.cache/iconlint; ~/Library/Caches/iconlint on macOS); a rerun of an",
                    "unchanged tree only stats its images.",
                ], completion: .directories),
            OptionSpec("--no-cache", help: ["Read every image; neither read nor write the cache."]),
            OptionSpec(
                "--max-size", value: "N",
                help: [
                    "Treat images wider or taller than N pixels as too large (default 4096;",
                    "app icons are at most 1024).",
                ]),
        ],
        blocks: [
            .usage,
            .paragraph([
                "Checks the app icons of an iOS project: Info.plist icon entries (CFBundleIcons,",
                "CFBundleIcons~ipad, alternate icons), the PNG files they reach, asset catalog app",
                "icon sets, and the build settings that include them. PATH is a project folder",
                "(default: .), an .xcodeproj, an XcodeGen project.yml, or an Info.plist; or a built",
                "app: an .app folder, an .ipa or an .xcarchive (recognised by content), checked as App",
                "Store Connect would.",
            ]),
            .options,
            .paragraph(["Rules: `iconlint rules` lists every rule id with its severity."]),
            .section(
                "Exit status",
                HelpList(
                    indent: 2, column: nil,
                    [
                        HelpItem("0", ["no errors (warnings allowed)"]),
                        HelpItem("1", ["at least one error, or any warning with --strict"]),
                        HelpItem(
                            "2",
                            [
                                "usage error, path not found, no iOS app under PATH, unreadable or invalid",
                                "configuration, stdout cannot be written",
                            ]),
                        HelpItem("130, 143", ["stopped by SIGINT or SIGTERM; what the run wrote was taken back"]),
                    ])),
        ])

    /// What --disable and --only complete to.
    static var ruleIDs: [String] { RuleCatalog.all.map(\.id.rawValue) }

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
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
        guard absolute.hasPrefix("/") else { return nil }
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
                diagnostic.location.file = ProjectPath.below(absolute, folder: cwd) ?? absolute
                diagnostics.append(diagnostic)
            }
        }
        return LintResult(
            root: cwd, diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder),
            appTargetCount: results.map(\.appTargetCount).reduce(0, +), notes: results.flatMap(\.notes),
            inventorySource: IconInventorySource(merging: results.map(\.inventorySource)))
    }
}
