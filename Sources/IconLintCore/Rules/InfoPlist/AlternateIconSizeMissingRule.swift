/// An alternate icon without the home-screen sizes.
struct AlternateIconSizeMissingRule: Rule {
    static let description = RuleDescription(
        id: .alternateIconSizeMissing, severity: .warning, section: .infoPlist,
        summary: "An alternate icon's files do not include 120 and 180 px (iPhone), or 152 and 167 px (iPad entries).",
        rationale: "A warning, as App Store Connect's own \"Missing recommended icon\" is: the upload goes through and iOS scales the nearest file.",
        anchor: "ITMS-90890 / ITMS-90892")

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.handWritten.filter { $0.declaration.role == .alternate }.compactMap { declaration, entries in
            // Nothing found at all is icon-file-missing's business.
            guard entries.contains(where: { !$0.uses.isEmpty }) else { return nil }
            let sizes = PlistIconAnalysis.sizes(of: entries, in: app)
            let stem = IconFileName(declaration.files?.first ?? declaration.name).stem
            let required = IconGeometry.homeScreen(declaration.idiom == .ipad ? .ipad : .iphone).map(\.pixels)
            // A size whose own file is there but judged by another rule (not a PNG, damaged, not
            // square, the wrong size for its name) is that rule's: one defect, one finding.
            let used = Set(
                entries.flatMap { entry in
                    entry.uses.filter { use in
                        guard let header = app.facts(use.path)?.header else { return true }
                        return header.width != header.height || header.isCgBI
                    }.map(\.path) + IconSizeMismatchRule.problems(of: entry, in: app).map(\.path)
                }.map(ProjectPath.lastComponent))
            // A file there but hidden by a literal entry (`B@2x`) is icon-name-has-suffix's.
            let literalBases = Set(entries.map { IconFileName($0.entry) }.filter(\.isLiteral).map(\.base))
            let missing = required.filter { size in
                let file = Self.suggestion(stem: stem, pixels: size).file
                return !sizes.contains(size) && !used.contains(file)
                    && !(literalBases.contains(IconFileName(file).base) && !app.bundle.pngs(named: file).isEmpty)
            }
            guard !missing.isEmpty else { return nil }
            let have = sizes.isEmpty ? "none of the right size" : sizes.pixelList
            var add: [String] = []
            var list: [String] = []
            let reached = Set(entries.flatMap(\.uses).map { ProjectPath.lastComponent($0.path) })
            for size in missing {
                let (file, entry) = Self.suggestion(stem: stem, pixels: size)
                if reached.contains(file) {
                    // The file is there, at another icon's size (a settings or spotlight one).
                    add.append("a \(size.pixelText) \(file) (the one there is another size)")
                } else if app.bundle.pngs(named: file).isEmpty {
                    add.append("\(file) (\(size.pixelText))")
                    if declaration.idiom == .ipad, entry != stem { list.append(entry) }
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

    /// The file to add for a missing size, and the CFBundleIconFiles entry that reaches it.
    static func suggestion(stem: String, pixels: Int) -> (file: String, entry: String) {
        switch pixels {
        case 152: ("\(stem)@2x~ipad.png", stem)
        case 167: ("\(stem)-83.5@2x~ipad.png", "\(stem)-83.5")
        case 180: ("\(stem)@3x.png", stem)
        default: ("\(stem)@2x.png", stem)
        }
    }
}
