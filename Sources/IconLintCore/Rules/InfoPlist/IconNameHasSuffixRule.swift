/// A literal entry (`Icon@2x.png`) that hides other scales on disk.
struct IconNameHasSuffixRule: Rule {
    static let description = RuleDescription(
        id: .iconNameHasSuffix, severity: .warning, section: .infoPlist,
        summary: "An entry carries an extension or a scale suffix and so hides a variant that exists on disk.",
        rationale: "`Icon@2x.png` as the entry means `Icon@3x.png` is never found. Listing every variant explicitly, as large apps do, is fine.",
        anchor: "Info.plist Key Reference", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample(
            "scale-in-name", .baseline.editingPlist { $0["CFBundleIcons"] = .icons(alternates: [("Dark", ["Dark@2x.png"])]) },
            reports: [.iconNameHasSuffix]),
        // Every scale listed by its full name: iOS finds each file as written.
        RuleExample(
            "every-scale-listed",
            .baseline.editingPlist { $0["CFBundleIcons"] = .icons(alternates: [("Dark", ["Dark@2x.png", "Dark@3x.png"])]) },
            silent: [.iconNameHasSuffix]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return Self.literals(plist, in: app).map { entry, parsed, hidden in
            plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(entry.declaration)): entry \"\(entry.entry)\" names one file exactly, so iOS never uses \(hidden.joined(separator: ", ")) on disk; write the entry as \"\(parsed.base)\" (no extension or scale) or list every variant",
                at: entry)
        }
    }

    /// The literal entries that hide variants on disk, with the names they hide.
    static func literals(_ plist: PlistIconAnalysis, in app: AppModel) -> [(entry: PlistIconAnalysis.Entry, parsed: IconFileName, hidden: [String])] {
        var found: [(entry: PlistIconAnalysis.Entry, parsed: IconFileName, hidden: [String])] = []
        for (declaration, entries) in plist.declarationsWithEntries {
            // Once per declaration, not per entry: a plist with thousands of entries stays linear.
            let listed = Set((declaration.files ?? []).map { IconFileName($0).variantKey })
            for entry in entries where !entry.isDuplicate && !entry.resolvedByBuild && !entry.isNotChecked {
                let parsed = IconFileName(entry.entry)
                guard parsed.isLiteral else { continue }
                let scales = entry.declaration.idiom == .ipad ? [1, 2] : [1, 2, 3]
                let hidden = scales.filter { $0 != (parsed.scale ?? 1) }.map { parsed.renamed(scale: $0) }.filter { name in
                    !listed.contains(IconFileName(name).variantKey) && !app.bundle.pngs(named: name).isEmpty
                }
                if !hidden.isEmpty { found.append((entry, parsed, hidden)) }
            }
        }
        return found
    }
}

extension IconNameHasSuffixRule: Correctable {
    /// Each entry that names one file exactly written as its base name, so iOS finds every
    /// scale (dropped when the base name is listed already).
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        let flagged = Self.literals(plist, in: app)
        return plist.declarationsWithEntries.compactMap { declaration, _ -> Correction? in
            let literal = flagged.filter { $0.entry.declaration == declaration }.map(\.entry.entry)
            guard !literal.isEmpty else { return nil }
            let subject = "\(plist.file): \(PlistIconAnalysis.place(declaration)) names \(literal.map { "\"\($0)\"" }.joined(separator: ", ")) with a suffix"
            guard let target = declaration.iconFilesTarget else {
                return Correction(
                    rule: Self.description.id, subject: subject,
                    outcome: .left("the top-level CFBundleIconFiles is not edited by fix; write the base name by hand"))
            }
            var files: [String] = []
            for file in target.files {
                let written = literal.contains(file) ? IconFileName(file).base : file
                if !files.contains(written) { files.append(written) }
            }
            return Correction(
                rule: Self.description.id, subject: subject,
                outcome: .planned([.plistIconFiles(path: plist.file, change: PlistIconFiles(key: target.key, alternate: target.alternate, files: files))]))
        }
    }
}
