import Foundation
import IconGenerate
import PNGKit

/// `iconlint generate`: resizes source images into the icon variants a project needs.
/// Parses and checks every option before any work; the pipeline lives in IconGenerate.
enum GenerateCommand: Command {
    static let spec = CommandSpec(
        name: "generate", summary: "Resize source images into every icon variant.",
        usage: ["iconlint generate SOURCE... --out DIR [--name NAME] [options]"],
        arguments: ArgumentSpec("SOURCE", .files, repeated: true), optionColumn: 25,
        options: [
            OptionSpec("--out", value: "DIR", help: ["Where to write (created if missing)."], completion: .directories),
            OptionSpec("--name", value: "NAME", help: ["The icon's name (one source only); e.g. AppIcon."]),
            OptionSpec(
                "--style", value: "STYLE", help: ["\(IconStyle.allCases.map(\.rawValue).joined(separator: " | ")) (default appiconset):"],
                list: HelpList(
                    indent: 27, column: 39,
                    [
                        HelpItem(
                            "appiconset",
                            [
                                "DIR/NAME.appiconset with Contents.json, the single",
                                "1024 form (--all-sizes: every idiom and scale)",
                            ]),
                        HelpItem(
                            "legacy",
                            [
                                "NAME60x60@2x.png ... for Info.plist's CFBundleIcons;",
                                "prints the entries to paste (or see --plist);",
                                "several sources need --alternate",
                            ]),
                        HelpItem(
                            "sizes",
                            [
                                "NAME-<pixels>.png at --sizes; RGB when the source",
                                "is opaque, RGBA when it has transparency",
                            ]),
                    ]),
                completion: .oneOf(IconStyle.allCases.map(\.rawValue))),
            OptionSpec(
                "--idiom", value: "LIST", help: ["\(Idiom.devices.map(\.rawValue).joined(separator: ",")) (default both), comma-separated."],
                completion: .listOf(Idiom.devices.map(\.rawValue))),
            OptionSpec("--all-sizes", help: ["appiconset: the classic set of every idiom and scale."]),
            OptionSpec("--dark", value: "SOURCE", help: ["appiconset: a dark-appearance variant (alpha kept)."], completion: .files),
            OptionSpec(
                "--tinted", value: "SOURCE",
                help: [
                    "appiconset: a tinted-appearance variant (alpha kept); a coloured",
                    "source is made grey (luminance in linear light), with a note.",
                ], completion: .files),
            OptionSpec("--sizes", value: "LIST", help: ["sizes: pixel sizes, comma-separated, e.g. 20,29,1024."]),
            OptionSpec(
                "--filter", value: "FILTER",
                help: ["\(ResampleFilter.allCases.map(\.rawValue).joined(separator: " | ")) (default lanczos3; box = area average)."],
                completion: .oneOf(ResampleFilter.allCases.map(\.rawValue))),
            OptionSpec(
                "--background", value: "COLOR",
                help: [
                    "Composite transparent sources onto COLOR (#RRGGBB, white, black)",
                    "in linear light. Primary icons must be opaque (ITMS-90717):",
                    "without it, a source with transparency is refused.",
                ]),
            OptionSpec(
                "--alternate",
                help: [
                    "legacy: an alternate icon (CFBundleAlternateIcons → NAME, for",
                    "setAlternateIconName) instead of the primary icon.",
                ]),
            OptionSpec(
                "--plist", value: "PATH",
                help: [
                    "legacy: add the icon's entries to this Info.plist, keeping",
                    "every other key, icon and comment; checked before any PNG is",
                    "written and written with them. Replacing an entry: --force.",
                ], completion: .files),
            OptionSpec("--png-level", value: "N", help: ["zlib level 0-9 for every output."]),
            OptionSpec(
                "--png-filters", value: "FILTERS",
                help: ["PNG row filters libpng may choose from: \(PNGFilterChoice.allCases.map(\.rawValue).joined(separator: " | "))."],
                completion: .oneOf(PNGFilterChoice.allCases.map(\.rawValue))),
            OptionSpec(
                "--png-strategy", value: "S",
                help: [
                    "zlib strategy: \(PNGStrategyChoice.allCases.map(\.rawValue).joined(separator: " | ")).",
                    "Without these three: adaptive filters, RLE up to \(PNGEncoding.smallSide) pixels,",
                    "level 6 filtered above (measured by scripts/bench --tradeoff).",
                ], completion: .oneOf(PNGStrategyChoice.allCases.map(\.rawValue))),
            OptionSpec("--allow-upscale", help: ["Accept a source smaller than an output."]),
            OptionSpec(
                "--force",
                help: [
                    "Replace existing files (and an existing --plist entry); a",
                    "regenerated set drops the files iconlint wrote there that",
                    "its new Contents.json does not name (others are kept).",
                ]),
            OptionSpec("--dry-run", help: ["Check the sources and print what would be written."]),
        ],
        blocks: [
            .usage,
            .paragraph([
                "Resizes each source PNG (square, at least as large as the largest output) into the",
                "icons a project needs, in linear light on premultiplied alpha. SOURCE may be a folder:",
                "each PNG in it is a source named by its file's stem. With one source, --name names it.",
            ]),
            .options,
            .paragraph([
                "Each icon is written all or nothing, through temporary files renamed into place.",
                "SIGINT/SIGTERM stop the run and take back everything it wrote (exit 130/143).",
                "Exit status: 0 everything written, 1 some icon failed, 2 usage error.",
            ]),
        ])

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        let request = try Request(args)
        var options = GenerateOptions(outputDirectory: request.outputDirectory, planner: request.planner)
        options.filter = request.filter
        options.background = request.background
        options.force = args.flag("--force")
        options.dryRun = args.flag("--dry-run")
        options.allowUpscale = args.flag("--allow-upscale")
        options.encoding = request.encoding
        let generator = Generator(options: options)

        // The Info.plist is read, edited and checked before any PNG is written.
        var plistEdit: InfoPlistEditor.Edit?
        if let plist = request.plist {
            do {
                plistEdit = try InfoPlistEditor.prepare(plist, with: request.sources.map(generator.plan), force: options.force)
            } catch {
                throw CLIError(message: error.description, status: .failure)
            }
        }

        let showProgress = request.sources.count > 1 && isatty(STDERR_FILENO) != 0
        let transaction = FileTransaction(force: options.force)
        let outcomes = generator.run(request.sources, in: transaction) { done, total in
            if showProgress { Console.progress("generate: \(done)/\(total) icons") }
        }
        if showProgress { Console.progress(nil) }

        // PNGs and Info.plist are one transaction: a plist that cannot be written takes the PNGs back.
        var plistError: String?
        if let plistEdit, !options.dryRun, outcomes.allSatisfy({ $0.error == nil }) {
            do throws(AtomicFileError) {
                // The file itself, resolved and checked before; a link that appeared since is refused.
                let folder = (plistEdit.path as NSString).deletingLastPathComponent
                try transaction.write([(plistEdit.path, plistEdit.bytes)], replace: true, inside: folder.isEmpty ? "." : folder)
            } catch {
                transaction.rollBack()
                plistError = "\(error); nothing was written"
            }
        }
        transaction.finish()

        var failed = false
        let verb = options.dryRun ? "would write" : "wrote"
        for outcome in outcomes {
            if let error = outcome.error {
                failed = true
                Console.error("iconlint: \(error)")
                continue
            }
            for note in outcome.notes { Console.error("iconlint: note: \(note)") }
            if plistError != nil { continue }
            // Paths and names come from the command line and the file system: made safe to print.
            Console.out(SafeText.text(outcome.plan.paths.map { "\(verb) \(SafeText.inline($0))" }.joined(separator: "\n")))
            for path in outcome.removed {
                Console.out(
                    SafeText.text(
                        "\(options.dryRun ? "would remove" : "removed") \(SafeText.inline(path)) (written by iconlint; the new Contents.json does not name it)"
                    ))
            }
            for path in outcome.kept {
                Console.error(
                    "iconlint: note: kept \(path): the new Contents.json does not name it and iconlint did not write it; "
                        + "remove it, or lint reports appiconset-unassigned-child")
            }
        }
        if let plistError {
            Console.error("iconlint: \(plistError)")
            return .failure
        }
        if request.planner.style == .legacy {
            let written = outcomes.filter { $0.error == nil }
            if let plist = request.plist {
                if !written.isEmpty { Console.out(SafeText.text("\(options.dryRun ? "would update" : "updated") \(SafeText.inline(plist))")) }
            } else {
                for outcome in written {
                    Console.out(SafeText.text("\nAdd to Info.plist (\(SafeText.inline(outcome.plan.name))):\n" + InfoPlistEntries.xml(outcome.plan)))
                }
            }
        }
        return failed ? .failure : .success
    }

    /// Every option checked, before any work starts.
    struct Request {
        var sources: [IconSource] = []
        var outputDirectory: String
        var planner: IconPlanner
        var filter: ResampleFilter
        var background: RGBColor?
        var plist: String?
        var encoding: PNGEncoding?

        init(_ args: Arguments) throws(CLIError) {
            guard let out = args.value("--out") else { throw CLIError(message: "generate needs --out DIR") }
            guard !out.isEmpty else { throw CLIError(message: "--out is empty; give a folder, e.g. --out . for the current one") }
            guard !out.contains("\0") else { throw CLIError(message: "--out cannot contain a NUL character") }
            outputDirectory = out
            let style = try args.choice("--style", default: IconStyle.appiconset)
            filter = try args.choice("--filter", default: ResampleFilter.lanczos3)
            if let raw = args.value("--background") {
                guard let color = RGBColor(parsing: raw) else {
                    throw CLIError(message: "--background must be #RRGGBB, #RGB, white or black; got '\(raw)'")
                }
                background = color
            }
            if args.value("--png-level") != nil || args.value("--png-filters") != nil || args.value("--png-strategy") != nil {
                var explicit = PNGEncoding.large
                if let raw = args.value("--png-level") {
                    guard let level = Int(raw), (0...9).contains(level) else {
                        throw CLIError(message: "--png-level must be 0...9; got '\(raw)'")
                    }
                    explicit.level = level
                }
                explicit.filters = try args.choice("--png-filters", default: PNGFilterChoice.all).filters
                explicit.strategy = try args.choice("--png-strategy", default: PNGStrategyChoice.filtered).strategy
                encoding = explicit
            }
            var idioms = Set(Idiom.devices)
            if let raw = args.value("--idiom") {
                idioms = []
                for part in raw.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let idiom = Idiom(rawValue: part.trimmingCharacters(in: .whitespaces)), Idiom.devices.contains(idiom) else {
                        throw CLIError(message: "--idiom takes \(Idiom.devices.map(\.rawValue).joined(separator: ", ")), comma-separated; got '\(raw)'")
                    }
                    idioms.insert(idiom)
                }
            }
            var sizes: [Int] = []
            if let raw = args.value("--sizes") {
                guard style == .sizes else { throw CLIError(message: "--sizes needs --style sizes") }
                for part in raw.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let size = Int(part.trimmingCharacters(in: .whitespaces)), (1...16384).contains(size) else {
                        throw CLIError(message: "--sizes takes pixel sizes 1...16384, comma-separated; got '\(raw)'")
                    }
                    if !sizes.contains(size) { sizes.append(size) }
                }
            } else if style == .sizes {
                throw CLIError(message: "--style sizes needs --sizes, e.g. --sizes 20,29,40,1024")
            }
            let allSizes = args.flag("--all-sizes")
            if allSizes && style != .appiconset { throw CLIError(message: "--all-sizes needs --style appiconset") }
            let dark = args.value("--dark"), tinted = args.value("--tinted")
            if dark != nil || tinted != nil {
                guard style == .appiconset, !allSizes else {
                    throw CLIError(message: "--dark and --tinted need --style appiconset in its single-size form (not --all-sizes)")
                }
            }
            plist = args.value("--plist")
            if plist != nil && style != .legacy { throw CLIError(message: "--plist needs --style legacy") }
            if let plist, plist.isEmpty || !FileManager.default.fileExists(atPath: plist) {
                throw CLIError(message: "'\(plist)': no such Info.plist")
            }
            // A checkout's links may not carry --out or --plist out of it (the current folder).
            let tree = FileManager.default.currentDirectoryPath
            for (option, path) in [("--out", out), ("--plist", plist)] {
                guard let path, let (found, target) = ConfinedPath.linkLeaving(path, tree: tree) else { continue }
                let link = path.hasPrefix("/") ? found : ProjectPath.below(found, folder: tree) ?? found
                throw CLIError(
                    message: "\(option) \(path): \(link) is a symbolic link that leads out of the current folder (to \(target)); "
                        + "name the real path instead")
            }
            let alternate = args.flag("--alternate")
            if alternate && style != .legacy {
                throw CLIError(message: "--alternate needs --style legacy (an .appiconset alternate is named in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES)")
            }
            planner = IconPlanner(
                style: style, idioms: idioms, allSizes: allSizes, sizes: sizes,
                hasBackground: background != nil, alternate: alternate)

            // Sources: files, or folders of PNGs named by their stems.
            guard !args.positionals.isEmpty else { throw CLIError(message: "generate needs at least one SOURCE") }
            var files: [(path: String, fromFolder: Bool)] = []
            for path in args.positionals {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    throw CLIError(message: "\(path): no such file or folder")
                }
                if isDirectory.boolValue {
                    let names: [String]
                    do {
                        names = try FileManager.default.contentsOfDirectory(atPath: path)
                    } catch {
                        throw CLIError(message: "\(path): cannot list the folder: \(error.localizedDescription)")
                    }
                    let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
                    guard !pngs.isEmpty else { throw CLIError(message: "\(path): the folder holds no .png files") }
                    files += pngs.map { ((path as NSString).appendingPathComponent($0), true) }
                } else {
                    files.append((path, false))
                }
            }
            for path in [dark, tinted].compactMap({ $0 }) where !FileManager.default.fileExists(atPath: path) {
                throw CLIError(message: "\(path): no such file")
            }
            let name = args.value("--name")
            if files.count == 1 && !files[0].fromFolder {
                guard let name else { throw CLIError(message: "generate needs --name NAME for a single source, e.g. --name AppIcon") }
                try Self.check(name: name)
                sources = [IconSource(name: name, path: files[0].path, dark: dark, tinted: tinted)]
            } else {
                if name != nil { throw CLIError(message: "--name is for one source; with several, each file's stem is its name") }
                if dark != nil || tinted != nil { throw CLIError(message: "--dark and --tinted are for one source") }
                var seen: [String: String] = [:]
                for file in files {
                    let stem = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
                    try Self.check(name: stem)
                    if let other = seen[stem] { throw CLIError(message: "\(other) and \(file.path) would both be named '\(stem)'") }
                    seen[stem] = file.path
                    sources.append(IconSource(name: stem, path: file.path))
                }
            }
            if plist != nil && sources.count != 1 { throw CLIError(message: "--plist is for one source") }
            if style == .legacy && !alternate && sources.count > 1 {
                throw CLIError(
                    message: "\(sources.count) sources would each be the primary icon, and an app has one; "
                        + "pass --alternate to make them alternate icons, or give one source")
            }
        }

        static func check(name: String) throws(CLIError) {
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.contains("\0") else {
                throw CLIError(message: "'\(name)' cannot be an icon name: use letters, digits, '-' or '_'")
            }
        }
    }
}

/// The `--png-filters` choices.
enum PNGFilterChoice: String, CaseIterable {
    case all, none, sub, up, average, paeth

    var filters: PNGFilters {
        switch self {
        case .all: .all
        case .none: .none
        case .sub: .sub
        case .up: .up
        case .average: .average
        case .paeth: .paeth
        }
    }
}

/// The `--png-strategy` choices.
enum PNGStrategyChoice: String, CaseIterable {
    case `default`, filtered, rle, huffman

    var strategy: PNGCompressionStrategy {
        switch self {
        case .default: .default
        case .filtered: .filtered
        case .rle: .rle
        case .huffman: .huffmanOnly
        }
    }
}
