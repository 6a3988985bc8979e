import SourceScan

/// A name the code passes to setAlternateIconName that the build does not declare.
struct UnknownAlternateIconNameRule: Rule {
    static let description = RuleDescription(
        id: .unknownAlternateIconName, severity: .error, section: .code,
        summary:
            "A name the app's code can pass to setAlternateIconName (or a plugin's equivalent) is declared by no Info.plist CFBundleAlternateIcons entry for the devices the app runs on, and no app icon set the build compiles.",
        rationale:
            "iOS then fails at run time with \"The file doesn't exist\". Reported at the literal, with the declared names and the nearest one; letter case counts, as on the device. A name declared in some configurations only is reported for the others. Resolved: string literals in the call, literals assigned to the local variable passed (same function), raw values of a String enum that reach the call (narrowed by comparisons with a case, by Bool members such as `var isDefault: Bool { self == .black }` and by static aliases of a case), and the values of one key in a table of dictionary, struct or object literals that every path to the call reads (in JavaScript and TypeScript also through the table's `map`/`forEach` callback, and through a local handler, `const pick = (row) => …` or `useCallback`, that every use calls with such a row). A parameter, an interpolated or computed name, a table that is changed or built elsewhere, or nil say nothing; nor does the primary icon's own name where the call can pass nil. Not checked, with a note, when which names the build declares is not known: an alternate of a preprocessed Info.plist depends on a name a missing `#include` could define, or INCLUDE_ALL_APPICON_ASSETS = YES with a catalog outside the linted folder (a listed name whose set may be there counts as declared). A file whose code takes more work than the scan allows (2,000,000 steps a file) is left out, and a note says so. Sources: the target's compiled Swift and Objective-C files (without a project file, those under the app's folder); Flutter's lib/**/*.dart (flutter_dynamic_icon) and JavaScript/TypeScript beside package.json (react-native-change-icon, expo-alternate-app-icons, expo-dynamic-app-icon and its @mozzius, @bsky.app and @howincodes forks, @capacitor-community/app-icon: each passes the name to iOS unchanged, @howincodes as `AppIcon-` + name). For an Expo app without ios/, the declared names are those of the config's alternate-icon plugins (expo-prebuild reads them); a plugin iconlint does not model, or a computed plugins list, leaves the app's names unjudged.",
        anchor: "NSCocoaErrorDomain 4 \"The file doesn't exist\"")

    static let examples: [RuleExample] = [
        // A typo in the name the code passes: iOS answers with an error at run time.
        RuleExample(
            "typo-in-name",
            .baseline.replacing(
                "App/IconPicker.swift", .text("import UIKit\n\nfunc useDarkIcon() {\n    UIApplication.shared.setAlternateIconName(\"Drak\") { _ in }\n}\n")),
            reports: [.unknownAlternateIconName]),
        RuleExample(
            "declared-name",
            .baseline.replacing(
                "App/IconPicker.swift", .text("import UIKit\n\nfunc useDarkIcon() {\n    UIApplication.shared.setAlternateIconName(\"Dark\") { _ in }\n}\n")),
            silent: [.unknownAlternateIconName]),
    ]

    /// Which names the build declares is not known while the code passes some (see `AppModel.alternateNamesUnknown`).
    func notes(_ app: AppModel) -> [String] {
        guard let namesUnknown = app.alternateNamesUnknown, let scan = app.sourceScan,
            scan.callSites.contains(where: { !$0.names.isEmpty })
        else { return [] }
        let identity = app.identity
        return [
            "\(identity.project ?? identity.plist ?? "."): \(identity.target.map { "target \($0): " } ?? "")unknown-alternate-icon-name was not checked: \(namesUnknown), so which alternate icons the app declares is not known"
        ]
    }

    func check(_ app: AppModel) -> [Finding] {
        guard let scan = app.sourceScan else { return [] }
        // What an Info.plist that cannot be read declares is unknown: plist-unreadable says so.
        if case .unreadable = app.infoPlist { return [] }
        // An Expo config whose plugins iconlint cannot read in full declares names it cannot see.
        if let expo = app.expo, !expo.prebuilt, !expo.alternatesComplete { return [] }
        // Which names the build declares is not fully known: a note says why.
        if app.alternateNamesUnknown != nil { return [] }
        let declared = app.declaredAlternateNames
        var findings: [Finding] = []
        var seen: Set<AlternateIconName> = []
        // A call that can pass nil and also passes the primary icon's name most likely means the
        // primary by both (`icon.isDefault ? nil : icon.rawValue` with a default the resolver did
        // not rule out): no finding.
        let primaryNames = Set([app.catalogIcons.primaryName, app.plistIcons?.primaryIconName].compactMap { $0 })
        for site in scan.callSites {
            // The names as the code spells them (the @howincodes plugin adds a prefix on the way).
            let reachable = declared.compactMap { site.api.unprefixed($0) }
            for name in site.names
            where !declared.contains(site.api.nameReachingIOS(name.name)) && !(site.canBePrimary && primaryNames.contains(name.name))
                && seen.insert(name).inserted
            {
                let list = reachable.isEmpty ? "it declares no alternate icons" : "declared: \(reachable.sorted().joined(separator: ", "))"
                let nearest = AlternateIconNameSuggestion.nearest(to: name.name, among: reachable)
                if let expo = app.expo, !expo.prebuilt {
                    findings.append(
                        finding(
                            "the code passes \"\(name.name)\" to \(site.api.rawValue), but \(expo.configFile) declares no alternate icon of that name for iOS (\(list)), so iOS fails at run time with \"The file doesn't exist\"; \(nearest.map { "did you mean '\($0)'?" } ?? "add it to the plugin's icons in \(expo.configFile) and run npx expo prebuild")",
                            file: app.relativePath(name.path), line: name.line, icon: name.name, role: .alternate
                        )
                        .at(column: name.column))
                    continue
                }
                findings.append(
                    finding(
                        "the code passes \"\(name.name)\" to \(site.api.rawValue), but \(app.identity.target.map { "target " + $0 } ?? "the app") declares no alternate icon of that name (\(list)), so iOS fails at run time with \"The file doesn't exist\"; \(nearest.map { "did you mean '\($0)'?" } ?? "declare it in CFBundleAlternateIcons (CFBundleIcons and CFBundleIcons~ipad) or as an app icon set the build includes")",
                        file: app.relativePath(name.path), line: name.line, icon: name.name, role: .alternate
                    )
                    .at(column: name.column))
            }
        }
        return findings
    }
}
