/// An alternate declared by hand and compiled from the catalog.
struct AlternateIconConflictRule: Rule {
    static let description = RuleDescription(
        id: .alternateIconConflict, severity: .warning, section: .infoPlist,
        summary: "One alternate name is declared both in Info.plist and as an asset-catalog alternate set.",
        rationale: "The generated entry overwrites the hand-written one.")

    static let examples: [RuleExample] = [
        // Dark declared twice: in the Info.plist (loose files) and as a compiled app icon set.
        RuleExample(
            "plist-and-catalog",
            .xcodeApp(
                settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Dark")], sets: ["Dark"],
                resources: ["App/Icons/Dark@2x.png", "App/Icons/Dark@3x.png"],
                files: ["App/Icons/Dark@2x.png": .png(120, 120, color: [20, 20, 30]), "App/Icons/Dark@3x.png": .png(180, 180, color: [20, 20, 30])],
                plist: .infoPlist(icons: ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark"]]]])),
            reports: [.alternateIconConflict]),
        RuleExample(
            "catalog-only", .xcodeApp(settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Dark")], sets: ["Dark"]),
            silent: [.alternateIconConflict]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.declarations.filter { declaration in
            declaration.role == .alternate && declaration.idiom == .iphone
                && (app.sources.set(named: declaration.name).map { app.sources.isIncluded($0.name) } ?? false)
        }.map { declaration in
            plist.finding(
                Self.description.id,
                "alternate icon '\(declaration.name)' is declared in \(plist.file) and also compiled from the asset catalog; the generated entry overwrites the hand-written one: remove the Info.plist entry",
                at: declaration)
        }
    }
}

extension AlternateIconConflictRule: Correctable {
    /// The hand-written Info.plist entry removed: the build writes the set's own.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        let reported = Set(check(app).compactMap(\.icon))
        return plist.declarations.filter { $0.role == .alternate && $0.idiom == .iphone && reported.contains($0.name) }.map { declaration in
            Correction(
                rule: Self.description.id,
                subject: "\(plist.file): the hand-written entry of alternate icon '\(declaration.name)' (the asset catalog's set replaces it)",
                outcome: .planned([.removePlistKey(path: plist.file, keyPath: declaration.keyPath)]))
        }
    }
}
