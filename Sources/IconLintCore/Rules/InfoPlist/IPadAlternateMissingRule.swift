/// An alternate declared for iPhone only in an app that runs on iPad.
struct IPadAlternateMissingRule: Rule {
    static let description = RuleDescription(
        id: .ipadAlternateMissing, severity: .error, section: .infoPlist,
        summary: "The app runs on iPad and an alternate icon declared in CFBundleIcons is not declared again in CFBundleIcons~ipad.",
        rationale:
            "Neither by hand nor by an asset-catalog set that actool compiles for iPad (a universal single-size set counts): iPad does not fall back, so setAlternateIconName fails there. \"Runs on iPad\": the target's resolved TARGETED_DEVICE_FAMILY contains 2 (a target-level value overrides the project's); without a project file, UIDeviceFamily contains 2 or CFBundleIcons~ipad exists. `UISupportedInterfaceOrientations~ipad` does not count: Xcode's template writes it into iPhone-only apps.",
        anchor: "Apple's CFBundleIcons~ipad note", builtProducts: .yes)

    static let examples: [RuleExample] = [
        // An iPhone and iPad app whose alternate is declared for the iPhone only.
        RuleExample(
            "universal-app-iphone-alternates", .baseline.editingPlist { $0["UIDeviceFamily"] = [1, 2] },
            reports: [.ipadAlternateMissing]),
        RuleExample(
            "ipad-alternates-declared",
            .baseline.editingPlist { plist in
                plist["CFBundleIcons~ipad"] = ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark76x76", "Dark83.5x83.5"]]]]
                plist["UIDeviceFamily"] = [1, 2]
            }.adding([
                "App/Icons/Dark76x76@2x~ipad.png": .png(152, 152), "App/Icons/Dark83.5x83.5@2x~ipad.png": .png(167, 167),
            ]),
            silent: [.ipadAlternateMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard app.runsOnIPad, let plist = app.plistIcons else { return [] }
        // An iPad alternate whose name a missing header's macro could change: which names iPad
        // declares is not known (the note about the header lists it).
        guard !plist.undecided.declarations.contains(where: { $0.declaration.idiom == .ipad && $0.declaration.role == .alternate }),
            plist.document.unknownConditionals.isEmpty
        else { return [] }
        let iPadNames = Set(plist.declarations.filter { $0.idiom == .ipad && $0.role == .alternate }.map(\.name))
        return plist.handWritten.map(\.declaration).filter { declaration in
            declaration.idiom == .iphone && declaration.role == .alternate
                && !iPadNames.contains(declaration.name) && !app.sources.mayBeIncluded(declaration.name)
        }.map { declaration in
            plist.finding(
                Self.description.id,
                "alternate icon '\(declaration.name)' is declared in CFBundleIcons but not in CFBundleIcons~ipad, and target \(app.targetName) runs on iPad (TARGETED_DEVICE_FAMILY / UIDeviceFamily includes 2), where setAlternateIconName(\"\(declaration.name)\") then fails; add the same entry under CFBundleIcons~ipad → CFBundleAlternateIcons with 152 and 167 px files",
                at: declaration, idiom: .ipad)
        }
    }
}

extension IPadAlternateMissingRule: Correctable {
    /// The iPhone entry copied under `CFBundleIcons~ipad` → `CFBundleAlternateIcons`, and its
    /// 152 and 167 px files resized from the alternate's largest image, beside its others.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        let reported = Set(check(app).compactMap(\.icon))
        return plist.handWritten.filter { $0.declaration.role == .alternate && $0.declaration.idiom == .iphone && reported.contains($0.declaration.name) }
            .flatMap { declaration, entries -> [Correction] in
                let subject = "\(plist.file): alternate icon '\(declaration.name)' (iPad, CFBundleIcons~ipad)"
                guard let files = declaration.files, !files.isEmpty else {
                    return [Correction(rule: Self.description.id, subject: subject, outcome: .left("its iPhone entry names no files to copy"))]
                }
                return IconFileCorrections.addSizes(
                    rule: Self.description.id, subject: subject, missing: IconGeometry.homeScreen(.ipad).map(\.pixels), idiom: .ipad,
                    entryBase: IconFileName(files[0]).lookupBase,
                    target: PlistIconFiles(key: "CFBundleIcons~ipad", alternate: declaration.name, files: files), writesList: true,
                    entries: entries, plist: plist, app: app)
            }
    }
}
