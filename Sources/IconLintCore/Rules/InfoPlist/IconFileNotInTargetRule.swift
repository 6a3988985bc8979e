/// The icon file exists in the project but the target does not copy it.
struct IconFileNotInTargetRule: Rule {
    static let description = RuleDescription(
        id: .iconFileNotInTarget, severity: .error, section: .infoPlist,
        summary:
            "An icon file with the exact lookup name lies in the project's folder, but the target does not copy it: no file of the entry is copied, or the one for a size the icon lacks (`Dark@3x.png` beside a copied `Dark@2x.png`).",
        rationale:
            "Not in its Copy Bundle Resources phase, nor in a folder reference or synchronized folder of the target, so the app never sees it. When the target copies some of the icon's files, only the file of a home-screen size the icon lacks counts (named as alternate-icon-size-missing would advise it, which then leaves that size to this rule); another file of the same name elsewhere (a 1024 design file) is not the icon. Files of other projects under the same root never count.",
        anchor: "ITMS-90032")

    static let examples: [RuleExample] = [
        // The alternate's PNGs are in the project but not in the target's Copy Bundle Resources.
        RuleExample(
            "not-copied",
            .xcodeApp(
                files: ["App/Icons/Dark@2x.png": .png(120, 120, color: [20, 20, 30]), "App/Icons/Dark@3x.png": .png(180, 180, color: [20, 20, 30])],
                plist: .infoPlist(icons: ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark"]]]])),
            reports: [.iconFileNotInTarget]),
        RuleExample(
            "copied",
            .xcodeApp(
                resources: ["App/Icons/Dark@2x.png", "App/Icons/Dark@3x.png"],
                files: ["App/Icons/Dark@2x.png": .png(120, 120, color: [20, 20, 30]), "App/Icons/Dark@3x.png": .png(180, 180, color: [20, 20, 30])],
                plist: .infoPlist(icons: ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark"]]]])),
            silent: [.iconFileNotInTarget]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        var findings = plist.entries.flatMap { entry -> [Finding] in
            guard entry.isUnresolved else { return [] }
            return entry.besideBundle.map { candidate, path in
                plist.finding(
                    Self.description.id,
                    "\(PlistIconAnalysis.place(entry.declaration)): \(path) exists but \(Self.copier(app)) does not copy it into the bundle, so iOS never finds \"\(candidate)\"; \(Self.fix(path, in: app))",
                    at: entry)
            }
        }
        // An icon whose other files the target copies: a size it lacks whose file lies beside
        // them (`Dark@3x.png` left out of the target) is that file's membership, not a file to add.
        for (declaration, entries) in plist.handWritten {
            for outside in Self.outsideTarget(declaration, entries: entries, in: app) {
                let copied = entries.flatMap(\.uses).map(\.path)
                findings.append(
                    plist.finding(
                        Self.description.id,
                        "\(PlistIconAnalysis.place(declaration)): \(outside.path) exists but \(Self.copier(app)) does not copy it into the bundle, so iOS never finds \"\(outside.candidate)\", the icon's \(outside.pixels.pixelText) file (the target copies \(copied.joined(separator: " and "))); \(Self.fix(outside.path, in: app))",
                        at: outside.entry))
            }
        }
        return findings
    }

    /// How to copy `path` into the bundle's root: Xcode's target membership, or an old-style
    /// .NET project's `<BundleResource>` item.
    static func copier(_ app: AppModel) -> String {
        app.dotNet.map(\.project) ?? "target \(app.targetName)"
    }

    static func fix(_ path: String, in app: AppModel) -> String {
        guard let dotNet = app.dotNet else {
            return "add it to the target's Copy Bundle Resources (File Inspector → Target Membership)"
        }
        let folder = ProjectPath.parentFolder(dotNet.project)
        let relative = folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
        let include = relative.replacingOccurrences(of: "/", with: "\\")
        let landsInFolder = relative.lowercased().hasPrefix("resources/") ? relative.dropFirst(10).contains("/") : relative.contains("/")
        let logical = landsInFolder ? " LogicalName=\"\(ProjectPath.lastComponent(path))\"" : ""
        return "add <BundleResource Include=\"\(include)\"\(logical) /> to an ItemGroup of \(dotNet.project)"
    }

    /// Files of the home-screen sizes a hand-written icon lacks that lie beside the bundle, for
    /// an icon some of whose files the target copies (the size rules leave these sizes to this rule).
    static func outsideTarget(
        _ declaration: IconDeclaration, entries: [PlistIconAnalysis.Entry], in app: AppModel
    ) -> [PlistIconAnalysis.OutsideTarget] {
        guard app.built == nil, entries.contains(where: { !$0.uses.isEmpty }) else { return [] }
        let missing: [Int]
        switch declaration.role {
        case .alternate:
            missing = AlternateIconSizeMissingRule.gaps(declaration, entries: entries, in: app)?.missing ?? []
        case .primary:
            guard app.plistIcons?.primaryFromCatalog == false else { return [] }
            let sizes = PlistIconAnalysis.sizes(of: entries, in: app)
            missing = PrimaryIconSizeMissingRule.required(declaration.idiom == .ipad ? .ipad : .iphone, app: app).filter { !sizes.contains($0) }
        }
        // An entry that reaches nothing is reported above, with every candidate beside the bundle.
        return PlistIconAnalysis.outsideTarget(entries.filter { !$0.isUnresolved }, missing: missing, idiom: declaration.idiom)
    }
}
