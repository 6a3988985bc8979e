import Foundation
import IconFix
import IconGenerate
import IconLintCore

/// `iconlint add`: adds an alternate icon to an app the way its project already declares
/// them, then lints the result. The plan (images, Info.plist entries, build setting edits) is
/// made and checked before anything is written; see AddPlan.
enum AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", summary: "Add an alternate icon to an app, the way its project declares them.",
        usage: [
            "iconlint add NAME --from SOURCE [PATH] [--route catalog|plist] [--dark SOURCE]",
            "             [--tinted SOURCE] [--target TARGET] [--dry-run]",
        ],
        arguments: ArgumentSpec("NAME", .none), optionColumn: 22,
        options: [
            OptionSpec("--from", value: "SOURCE", help: ["The icon's source image."], completion: .files),
            OptionSpec(
                "--route", value: "ROUTE", help: ["catalog | plist (default: the one the app already uses)."],
                completion: .oneOf(AlternateIconRoute.allCases.map(\.rawValue))),
            OptionSpec("--dark", value: "SOURCE", help: ["catalog: the dark-appearance variant."], completion: .files),
            OptionSpec("--tinted", value: "SOURCE", help: ["catalog: the tinted variant (a coloured one is made grey)."], completion: .files),
            OptionSpec("--target", value: "TARGET", help: ["The app target, when the project has several."]),
            OptionSpec(
                "--dry-run",
                help: ["Write nothing; print a unified diff of every text file and a", "line for each image."]),
        ],
        blocks: [
            .usage,
            .paragraph(
                [
                    "Adds the alternate icon NAME to the app under PATH (default: the current folder),",
                    "resized from SOURCE (a square PNG: 1024 px for the catalog route, 180 for the plist",
                    "route) by the resampler `generate` uses, then lints the project again and prints the",
                    "Swift line that switches to it.",
                ],
                list: HelpList(
                    indent: 2, column: 11,
                    [
                        HelpItem(
                            "catalog",
                            [
                                "NAME.appiconset in the catalog that holds the primary icon, and NAME added to",
                                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES in every configuration of the",
                                "target that lacks it: in project.pbxproj or in the .xcconfig the value",
                                "comes from, as minimal byte edits that Xcode shows as nothing else.",
                            ]),
                        HelpItem(
                            "plist",
                            [
                                "NAME60x60@2x.png ... beside the app's other icon files, the entries under",
                                "CFBundleIcons (and CFBundleIcons~ipad for an iPad app) of its Info.plist, and",
                                "the files in Copy Bundle Resources when the target lists its icons one by one.",
                            ]),
                    ])),
            .options,
            .paragraph([
                "Everything is written in one transaction: a failure, a file changed on disk since it",
                "was read, or SIGINT/SIGTERM (exit 130/143) takes back all of it. Nothing is written",
                "through a link.",
                "Exit status: 0 added (and the lint is clean), 1 not added or the lint finds errors,",
                "2 usage error (several app targets and no --target).",
            ]),
        ])

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        guard let iconName = args.positionals.first else { throw CLIError(message: "add needs NAME; see `iconlint help add`") }
        guard args.positionals.count <= 2 else {
            throw CLIError(message: "add takes NAME and one PATH; got \(args.positionals.count - 1) paths")
        }
        guard iconName.range(of: "^[A-Za-z0-9_][A-Za-z0-9_-]*$", options: .regularExpression) != nil else {
            throw CLIError(message: "'\(iconName)' cannot be an alternate icon name: use letters, digits, '-' or '_'")
        }
        guard let from = args.value("--from") else { throw CLIError(message: "add needs --from SOURCE") }
        var route: AlternateIconRoute?
        if let raw = args.value("--route") {
            guard let chosen = AlternateIconRoute(rawValue: raw) else { throw CLIError(message: "--route must be catalog or plist; got '\(raw)'") }
            route = chosen
        }
        let path = args.positionals.count == 2 ? args.positionals[1] : "."
        let site = try choose(path: path, target: args.value("--target"))
        guard !site.takenNames.contains(iconName) else {
            throw CLIError(message: "target \(site.target) already has an icon named \(iconName)", status: .failure)
        }
        let dryRun = args.flag("--dry-run")
        let source = IconSource(name: iconName, path: from, dark: args.value("--dark"), tinted: args.value("--tinted"))
        let plan = try AddPlan(site: site, route: route ?? site.route, name: iconName, source: source, dryRun: dryRun)
        if route == nil { Console.out(SafeText.text("\(site.target): \(plan.route.rawValue) route (\(site.routeReason))")) }
        return dryRun ? try preview(plan) : try apply(plan, path: path)
    }

    /// The app target to add to: the only one, or the one `--target` names; several without
    /// `--target` are named and the run stops (exit 2).
    static func choose(path: String, target: String?) throws(CLIError) -> AlternateIconSite {
        let sites: [AlternateIconSite]
        do throws(ConfigurationError) {
            sites = try AlternateIconSite.read(path)
        } catch {
            throw CLIError(message: error.description)
        }
        guard !sites.isEmpty else { throw CLIError(message: "no iOS app target of an .xcodeproj under \(path)") }
        let names = sites.map { "\($0.target) (\($0.project))" }.joined(separator: ", ")
        let chosen = target.map { name in sites.filter { $0.target == name } } ?? sites
        guard !chosen.isEmpty else { throw CLIError(message: "no app target \(target ?? ""); app targets: \(names)") }
        guard chosen.count == 1 else {
            let how = target == nil ? "choose one with --target" : "pass the .xcodeproj as PATH to choose among them"
            throw CLIError(message: "\(chosen.count) app targets: \(names); \(how)")
        }
        return chosen[0]
    }

    /// `--dry-run`: the sources are checked, nothing is written.
    static func preview(_ plan: AddPlan) throws(CLIError) -> ExitStatus {
        if let error = plan.generator.run([plan.source]).first?.error {
            throw CLIError(message: "\(error)", status: .failure)
        }
        let images = plan.imagePlan
        for file in images.files {
            Console.out(SafeText.text("would write \(SafeText.inline(plan.relative(file.path))) (\(file.size)x\(file.size) px, \(file.appearance.rawValue))"))
        }
        if let contents = images.contentsJSON {
            Console.raw(UnifiedDiff.text(path: plan.relative(images.directory + "/Contents.json"), old: nil, new: Array(contents.utf8)))
        }
        for edit in plan.edits { Console.raw(UnifiedDiff.text(path: edit.path, old: edit.original, new: edit.edited)) }
        return .success
    }

    static func apply(_ plan: AddPlan, path: String) throws(CLIError) -> ExitStatus {
        let before = findings(path, target: plan.site.target) ?? []
        let outcome = try plan.write()
        for note in outcome.notes { Console.error("iconlint: note: \(note)") }
        Console.out(SafeText.text(outcome.plan.paths.map { "wrote \(SafeText.inline(plan.relative($0)))" }.joined(separator: "\n")))
        for edit in plan.edits {
            Console.out(SafeText.text("updated \(SafeText.inline(edit.path)): " + edit.changes.map(SafeText.inline).joined(separator: "; ")))
        }
        guard let after = findings(path, target: plan.site.target) else {
            Console.error("iconlint: the project could not be linted again")
            return .failure
        }
        // What the app had before is not the new icon's doing: only new findings count (by rule,
        // file and icon: a message that lists the declared names changes with the new one).
        func identity(_ diagnostic: Diagnostic) -> String {
            [diagnostic.rule.rawValue, diagnostic.location.file, diagnostic.icon ?? "", diagnostic.idiom?.rawValue ?? ""].joined(separator: "\u{1F}")
        }
        let known = Set(before.map(identity))
        let new = after.filter { !known.contains(identity($0)) }
        let earlier = after.count - new.count
        let summary = new.isEmpty ? "no new findings" : "\(new.count) new finding\(new.count == 1 ? "" : "s")"
        Console.out(
            SafeText.text("lint: \(summary) for target \(SafeText.inline(plan.site.target))" + (earlier > 0 ? " (\(earlier) it had before remain)" : "")))
        for diagnostic in new {
            Console.out(SafeText.text("  \(diagnostic.severity.rawValue): \(diagnostic.rule.rawValue): \(SafeText.inline(diagnostic.message))"))
        }
        Console.out(SafeText.text("Switch to it with: UIApplication.shared.setAlternateIconName(\"\(plan.name)\")"))
        return new.contains { $0.severity == .error } ? .failure : .success
    }

    /// The lint findings of the target, or nil when the project cannot be linted.
    static func findings(_ path: String, target: String) -> [Diagnostic]? {
        guard let result = try? Linter.lint(LintOptions(path: path)) else { return nil }
        return result.diagnostics.filter { ($0.target == target || $0.target == nil) }
    }
}
