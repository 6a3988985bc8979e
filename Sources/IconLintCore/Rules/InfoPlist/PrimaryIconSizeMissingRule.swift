/// A primary icon from loose files without the home-screen sizes.
struct PrimaryIconSizeMissingRule: Rule {
    static let description = RuleDescription(
        id: .primaryIconSizeMissing, severity: .error, section: .infoPlist,
        summary: "The primary icon, from files or from the asset catalog, lacks 120 px (iPhone) or 152/167 px (iPad).",
        rationale:
            "For a primary icon from an asset catalog, the set's empty slots are appiconset-slot-missing. In a built app, the sizes come from the loose files and the primary icon's Assets.car renditions together (a single-size set's 1024 serves every size).",
        anchor: "ITMS-90022 / ITMS-90023", builtProducts: .uploads)

    static let examples: [RuleExample] = [
        RuleExample("no-2x", .baseline.removing("App/Icons/AppIcon60x60@2x.png"), reports: [.primaryIconSizeMissing]),
        RuleExample("2x-and-3x", .baseline, silent: [.primaryIconSizeMissing]),
        // A built app without the iPad Pro's 167 (ITMS-90023).
        RuleExample(
            "built-no-ipad-pro",
            BuiltAppExample.looseIcons.mutating { app in
                app.files["AppIcon83.5x83.5@2x~ipad.png"] = nil
                app.plist["CFBundleIcons~ipad"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"]]]
            },
            reports: [.primaryIconSizeMissing]),
        RuleExample("built", BuiltAppExample.looseIcons, silent: [.primaryIconSizeMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        if app.built?.catalogUnreadable == true { return [] }
        if let built = app.built, let set = app.catalogIcons.primarySet { return check(app, built: built, set: set) }
        if app.built != nil, let plist = app.plistIcons,
            !plist.declarations.contains(where: { $0.role == .primary && !($0.files ?? []).isEmpty }),
            (plist.document.root["CFBundleIconFile"] as? String ?? "").isEmpty
        {
            return noIcon(app, plist: plist)
        }
        guard let plist = app.plistIcons, !plist.primaryFromCatalog || app.built != nil else { return [] }
        return plist.handWritten.filter { $0.declaration.role == .primary }.compactMap { declaration, entries in
            guard entries.contains(where: { !$0.uses.isEmpty }) else { return nil }
            // A file outside the linted folder is never read, an entry a missing header's macro
            // could change is unknown: its size is not known (a note says so).
            guard !entries.contains(where: \.isNotChecked) else { return nil }
            let sizes = PlistIconAnalysis.sizes(of: entries, in: app)
            // iPhone: 120 is what App Store Connect requires (ITMS-90022); 180 is recommended.
            let required = Self.required(declaration.idiom == .ipad ? .ipad : .iphone, app: app)
            // A size whose file lies beside the target, not copied, is icon-file-not-in-target's.
            let outside = Set(IconFileNotInTargetRule.outsideTarget(declaration, entries: entries, in: app).map(\.pixels))
            let missing = required.filter { !sizes.contains($0) && !outside.contains($0) }
            guard !missing.isEmpty else { return nil }
            let have = sizes.isEmpty ? "none of the right size" : sizes.pixelList
            return plist.finding(
                Self.description.id,
                "\(PlistIconAnalysis.place(declaration)) lacks \(missing.pixelList) (found \(have)); App Store Connect refuses the upload (ITMS-\(declaration.idiom == .ipad ? "90023" : "90022")): add the missing sizes or move the primary icon to an app icon set",
                at: declaration)
        }
    }

    /// A built app whose primary icon is in Assets.car: the home-screen sizes from its
    /// renditions and the loose files Xcode writes beside it.
    private func check(_ app: AppModel, built: BuiltApp, set: AppIconSet) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        let idioms: [Idiom] = app.runsOnIPad ? [.iphone, .ipad] : [.iphone]
        return idioms.compactMap { idiom in
            var sizes = app.renditionPixels(set, idiom: idiom)
            // A single-size set: actool derives every size from the 1024.
            if sizes.contains(1024) { return nil }
            for (declaration, entries) in plist.declarationsWithEntries where declaration.role == .primary && declaration.idiom == idiom {
                sizes.formUnion(PlistIconAnalysis.sizes(of: entries, in: app))
            }
            let required = Self.required(idiom, app: app)
            let missing = required.filter { !sizes.contains($0) }
            guard !missing.isEmpty else { return nil }
            return finding(
                "\(set.path) (the primary icon) has no \(missing.pixelList) \(idiom == .ipad ? "iPad" : "iPhone") image (found \(sizes.isEmpty ? "none" : sizes.pixelList)), so App Store Connect rejects the upload (ITMS-\(idiom == .ipad ? "90023" : "90022"))\(built.thinningNote): fill the set's \(idiom == .ipad ? "iPad 76pt @2x and 83.5pt @2x" : "iPhone 60pt @2x") slots, or make it a single-size set, and build again",
                file: built.catalogPath ?? plist.file, icon: set.name, role: .primary, idiom: idiom)
        }
    }

    /// A built app with no primary icon at all: no icon files in its Info.plist, no
    /// CFBundleIconName naming a catalog icon.
    private func noIcon(_ app: AppModel, plist: PlistIconAnalysis) -> [Finding] {
        let idioms: [Idiom] = app.runsOnIPad ? [.iphone, .ipad] : [.iphone]
        return idioms.map { idiom in
            let sizes = Self.required(idiom, app: app)
            return finding(
                "the app has no primary icon for \(idiom == .ipad ? "iPad" : "iPhone") (no CFBundleIcons → CFBundlePrimaryIcon files, no CFBundleIconName naming an icon in Assets.car), so the home screen shows a blank icon and App Store Connect rejects the upload for lacking \(sizes.pixelList) (ITMS-\(idiom == .ipad ? "90023" : "90022")): give the target an app icon set (`iconlint generate SOURCE --name AppIcon --out PATH/Assets.xcassets`), set ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon and build again",
                file: plist.file, line: plist.document.line(["CFBundleIcons"]), role: .primary, idiom: idiom)
        }
    }

    /// The pixel sizes App Store Connect requires of the primary icon: 120 on iPhone (180 is
    /// recommended); 152 and 167 on iPad, but no 167 from a built app's pre-iOS 9 SDK, which
    /// had no iPad Pro.
    static func required(_ idiom: Idiom, app: AppModel) -> [Int] {
        guard idiom == .ipad else { return [IconGeometry.homeScreen(.iphone)[0].pixels] }
        let pixels = IconGeometry.homeScreen(.ipad).map(\.pixels)
        if let sdk = app.built?.sdkMajor, sdk < 9 { return pixels.filter { $0 != 167 } }
        return pixels
    }
}

extension PrimaryIconSizeMissingRule: Correctable {
    /// The missing home-screen sizes of a primary icon from loose files, resized from its
    /// largest image beside its other files. A catalog's primary icon is the set's slots'.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons, !plist.primaryFromCatalog else { return [] }
        let reported = Set(check(app).compactMap(\.idiom))
        return plist.handWritten.filter { $0.declaration.role == .primary && reported.contains($0.declaration.idiom) }
            .flatMap { declaration, entries -> [Correction] in
                let sizes = PlistIconAnalysis.sizes(of: entries, in: app)
                let outside = Set(IconFileNotInTargetRule.outsideTarget(declaration, entries: entries, in: app).map(\.pixels))
                let missing = Self.required(declaration.idiom, app: app).filter { !sizes.contains($0) && !outside.contains($0) }
                return IconFileCorrections.addSizes(
                    rule: Self.description.id, subject: "\(plist.file): \(PlistIconAnalysis.place(declaration))", missing: missing,
                    idiom: declaration.idiom, entryBase: IconFileName(declaration.files?.first ?? declaration.name).lookupBase,
                    target: declaration.iconFilesTarget, entries: entries, plist: plist, app: app)
            }
    }
}
