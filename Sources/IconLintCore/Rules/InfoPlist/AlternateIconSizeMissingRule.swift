/// An alternate icon without the home-screen sizes.
struct AlternateIconSizeMissingRule: Rule {
    static let description = RuleDescription(
        id: .alternateIconSizeMissing, severity: .warning, section: .infoPlist,
        summary: "An alternate icon's files do not include 120 and 180 px (iPhone), or 152 and 167 px (iPad entries).",
        rationale:
            "A warning, as App Store Connect's own \"Missing recommended icon\" is: the upload goes through and iOS scales the nearest file. A size whose file is there but wrong for its name is icon-size-mismatch's alone; a file larger than every icon size at its scale (a 1024 master saved as `@2x`, an iPad-size `icon@3x.png` at 228 px) leaves the size missing on iPhone and iPad alike: this rule alone reports it, naming the file and its size, since App Store Connect's answer for an alternate is this same warning.",
        anchor: "ITMS-90890 / ITMS-90892", builtProducts: .uploads)

    static let examples: [RuleExample] = [
        RuleExample("no-3x", .baseline.removing("App/Icons/Dark@3x.png"), reports: [.alternateIconSizeMissing]),
        RuleExample("2x-and-3x", .baseline, silent: [.alternateIconSizeMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons, app.built?.catalogUnreadable != true else { return [] }
        return plist.handWritten.filter { $0.declaration.role == .alternate }.compactMap { declaration, entries in
            guard let (gaps, missing) = Self.reported(declaration, entries: entries, in: app) else { return nil }
            let (sizes, suggested) = (gaps.sizes, gaps.suggested)
            let have = sizes.isEmpty ? "none of the right size" : sizes.pixelList
            var add: [String] = []
            var list: [String] = []
            let reached = Set(entries.flatMap(\.uses).map { ProjectPath.lastComponent($0.path) })
            let firstEntry = IconFileName(declaration.files?.first ?? declaration.name).lookupBase
            for size in missing {
                guard let suggestion = suggested[size] else { continue }
                let (file, entry) = (suggestion.fileName, suggestion.entry)
                if reached.contains(file) {
                    // The file is there, at another icon's size (a settings or spotlight one, a master).
                    let there =
                        entries.flatMap(\.uses).first { ProjectPath.lastComponent($0.path) == file }
                        .flatMap { app.facts($0.path)?.header }.map { " is \($0.width)×\($0.height)" } ?? " is another size"
                    add.append("a \(size.pixelText) \(file) (the one there\(there))")
                } else if app.bundle.pngs(named: file).isEmpty {
                    add.append("\(file) (\(size.pixelText))")
                    if entry != firstEntry, !(declaration.files ?? []).contains(entry) { list.append(entry) }
                } else {
                    list.append(entry)
                }
            }
            var hint: [String] = []
            if !add.isEmpty { hint.append("add " + add.joined(separator: " and ")) }
            if !list.isEmpty { hint.append("list \(Set(list).sorted().map { "\"\($0)\"" }.joined(separator: " and ")) in CFBundleIconFiles") }
            let fallback = declaration.idiom == .ipad && !sizes.isEmpty && sizes.isSubset(of: [120, 180]) ? " (an iPad scales the iPhone image up)" : ""
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(declaration)) lacks \(missing.pixelList) (found \(have))\(fallback); App Store Connect flags the upload (ITMS-90890/90892 \"Missing recommended icon\"): \(hint.joined(separator: ", then "))",
                at: declaration)
        }
    }

    /// What this rule reports for a hand-written alternate: its gaps and the sizes it names as
    /// missing; nil when it reports nothing.
    static func reported(
        _ declaration: IconDeclaration, entries: [PlistIconAnalysis.Entry], in app: AppModel
    ) -> (gaps: Gaps, missing: [Int])? {
        // A file outside the linted folder is never read, an entry a missing header's macro
        // could change is unknown: its size is not known (a note says so).
        guard !entries.contains(where: \.isNotChecked) else { return nil }
        guard let gaps = gaps(declaration, entries: entries, in: app) else { return nil }
        // A size whose file lies beside the target, not copied, is icon-file-not-in-target's.
        let outside = Set(PlistIconAnalysis.outsideTarget(entries, missing: gaps.missing, idiom: declaration.idiom).map(\.pixels))
        let missing = gaps.missing.filter { !outside.contains($0) }
        return missing.isEmpty ? nil : (gaps, missing)
    }

    /// The oversized files of alternates this rule reports (an iPad-size `icon@3x.png` at 228 px,
    /// a 1024 master saved as `@2x`): its finding names each as the file there at the wrong size.
    /// For an alternate, App Store Connect's only answer is "Missing recommended icon" (ITMS-90890/
    /// 90892, the upload goes through) and iOS scales the file, so that warning is the one
    /// finding: icon-size-mismatch leaves these files alone.
    static func oversizedFilesReported(in app: AppModel) -> Set<String> {
        guard let plist = app.plistIcons, app.built?.catalogUnreadable != true else { return [] }
        var files: Set<String> = []
        for (declaration, entries) in plist.handWritten where declaration.role == .alternate {
            guard reported(declaration, entries: entries, in: app) != nil else { continue }
            files.formUnion(entries.flatMap(\.uses).filter { isOversized($0, in: app) }.map(\.path))
        }
        return files
    }

    /// The home-screen sizes a hand-written alternate lacks, the sizes it has and, per size,
    /// the file (and entry) that would provide it.
    struct Gaps {
        var missing: [Int]
        var sizes: Set<Int>
        var suggested: [Int: IconFileSuggestion]
    }

    /// What a hand-written alternate lacks; nil when it lacks nothing, or when nothing of it is
    /// found at all (icon-file-missing's business).
    static func gaps(_ declaration: IconDeclaration, entries: [PlistIconAnalysis.Entry], in app: AppModel) -> Gaps? {
        guard entries.contains(where: { !$0.uses.isEmpty }) else { return nil }
        var sizes = PlistIconAnalysis.sizes(of: entries, in: app)
        // A built app's alternate from an app icon set: its Assets.car renditions count too.
        if app.built != nil, let name = declaration.iconName, let set = app.sources.set(named: name) {
            let pixels = app.renditionPixels(set, idiom: declaration.idiom == .ipad ? .ipad : .iphone)
            if pixels.contains(1024) { return nil }
            sizes.formUnion(pixels)
        }
        let required = IconGeometry.homeScreen(declaration.idiom == .ipad ? .ipad : .iphone).map(\.pixels)
        // The file to add for each size, and the entry that reaches it, built from the entry's own name.
        let suggested = Dictionary(
            IconFileName.suggestions(
                entry: IconFileName(declaration.files?.first ?? declaration.name).lookupBase,
                missingPixels: required, idiom: declaration.idiom
            ).map { ($0.pixels, $0) },
            uniquingKeysWith: { a, _ in a })
        // A size whose own file is there but judged by another rule (not a PNG, damaged, not
        // square, the wrong size for its name) is that rule's: one defect, one finding. Not a
        // file larger than every icon size at its scale (a 1024 master saved as `@2x`): no
        // home-screen size is there at all, on iPhone as on iPad, and this rule says so.
        let used = Set(
            entries.flatMap { entry in
                let oversized = Set(entry.uses.filter { Self.isOversized($0, in: app) }.map(\.path))
                return entry.uses.filter { use in
                    guard let header = app.facts(use.path)?.header else { return true }
                    return header.width != header.height || app.isForeign(header)
                }.map(\.path) + IconSizeMismatchRule.problems(of: entry, in: app).map(\.path).filter { !oversized.contains($0) }
            }.map(ProjectPath.lastComponent))
        // A file there but hidden by a literal entry (`B@2x`) is icon-name-has-suffix's.
        let literalBases = Set(entries.map { IconFileName($0.entry) }.filter(\.isLiteral).map(\.base))
        let missing = required.filter { size in
            let file = suggested[size]?.fileName ?? ""
            return !sizes.contains(size) && !used.contains(file)
                && !(literalBases.contains(IconFileName(file).base) && !app.bundle.pngs(named: file).isEmpty)
        }
        guard !missing.isEmpty else { return nil }
        return Gaps(missing: missing, sizes: sizes, suggested: suggested)
    }

    /// A file larger than every iOS icon size at its name's scale (1024, 2048 or 3072 px as `@2x`/`@3x`).
    static func isOversized(_ use: PlistIconAnalysis.FileUse, in app: AppModel) -> Bool {
        guard let scale = IconFileName(use.candidate).scale, let header = app.facts(use.path)?.header else { return false }
        return header.width > (IconFileName.iconPixels(scale: scale).max() ?? .max)
    }
}

extension AlternateIconSizeMissingRule: Correctable {
    /// The missing home-screen sizes, resized from the alternate's largest image and named as
    /// the finding advises, beside its other files (an entry added when a new name needs one).
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        return plist.handWritten.filter { $0.declaration.role == .alternate }.flatMap { declaration, entries -> [Correction] in
            guard let (_, missing) = Self.reported(declaration, entries: entries, in: app) else { return [] }
            return IconFileCorrections.addSizes(
                rule: Self.description.id, subject: "\(plist.file): \(PlistIconAnalysis.place(declaration))", missing: missing,
                idiom: declaration.idiom, entryBase: IconFileName(declaration.files?.first ?? declaration.name).lookupBase,
                target: declaration.iconFilesTarget, entries: entries, plist: plist, app: app)
        }
    }
}
