import IconSupport

/// A committed `ios/` that lacks an alternate icon or appearance the Expo config declares.
struct ExpoPrebuildStaleRule: Rule {
    static let description = RuleDescription(
        id: .expoPrebuildStale, severity: .warning, section: .expo,
        summary:
            "The Expo config declares an alternate icon, or a dark or tinted primary icon, that the committed ios/ project does not have: ios/ is older than the config.",
        rationale:
            "With `ios/` committed, EAS Build and `npx expo run:ios` use it as it is and do not run prebuild, so what the config adds never reaches the app (and the code's call for that alternate fails). Reported at the config's line; `ios/` itself is linted as any Xcode project. An alternate is found by the names the build declares (CFBundleAlternateIcons, compiled app icon sets)."
    )

    static let examples: [RuleExample] = [
        // app.json declares Dawn and Sunset; the committed ios/ compiles only Dawn.
        RuleExample("ios-folder-behind-config", stale(compiling: ["Dawn"]), reports: [.expoPrebuildStale]),
        RuleExample("ios-folder-current", stale(compiling: ["Dawn", "Sunset"]), silent: [.expoPrebuildStale]),
    ]

    /// An Expo app with alternates Dawn and Sunset (expo-alternate-app-icons) whose committed
    /// ios/, as prebuild wrote it, compiles `alternates`.
    private static func stale(compiling alternates: [String]) -> ExampleTree {
        let ios = ExampleTree.xcodeApp(
            settings: [("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", alternates.joined(separator: " "))], sets: alternates,
            tests: false)
        return ExampleTree.expoApp(
            plugins: [["expo-alternate-app-icons", ["./assets/icons/Dawn.png", "./assets/icons/Sunset.png"]]],
            dependencies: [("expo-alternate-app-icons", "^1.4.0")],
            files: [
                "assets/icons/Dawn.png": .png(1024, 1024, color: [250, 200, 160]),
                "assets/icons/Sunset.png": .png(1024, 1024, color: [240, 90, 40]),
            ]
        ).adding(ios.nested(under: "ios").files)
    }

    func check(_ app: AppModel) -> [Finding] {
        guard let expo = app.expo, expo.prebuilt else { return [] }
        let declared = app.declaredAlternateNames
        let ios = ProjectPath.join(expo.folder, "ios")
        var findings: [Finding] = []
        for alternate in expo.alternates where !alternate.iosNames.contains(where: declared.contains) {
            findings.append(
                finding(
                    "\(expo.configFile) declares alternate icon '\(alternate.codeName)' (\(alternate.plugin)), but the committed \(ios)/ project has no alternate of that name, and the build uses ios/ as it is: run npx expo prebuild and commit ios/, or remove the entry",
                    file: alternate.location.file, line: alternate.location.line, icon: alternate.iosNames[0], role: .alternate))
        }
        if let set = app.catalogIcons.primarySet {
            let have = Set(set.slots.map(\.appearance))
            for (appearance, location) in expo.primaryAppearances where appearance != .any && !have.contains(appearance) {
                findings.append(
                    finding(
                        "\(expo.configFile) gives the app icon a \(appearance.rawValue) image, but \(set.path) in the committed \(ios)/ project has none, and the build uses ios/ as it is: run npx expo prebuild and commit ios/",
                        file: location.file, line: location.line, icon: set.name, role: .primary, appearance: appearance))
            }
        }
        return findings
    }
}
