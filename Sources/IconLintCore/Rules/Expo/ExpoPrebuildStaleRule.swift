import IconSupport

/// A committed `ios/` that lacks an alternate icon or appearance the Expo config declares.
struct ExpoPrebuildStaleRule: Rule {
    static let description = RuleDescription(
        id: .expoPrebuildStale, severity: .warning, section: .expo,
        summary:
            "The Expo config declares an alternate icon, or a dark or tinted primary icon, that the committed ios/ project does not have: ios/ is older than the config.",
        rationale:
            "With `ios/` committed, EAS Build and `npx expo run:ios` use it as it is and do not run prebuild, so what the config adds never reaches the app (and the code's call for that alternate fails). Reported at the config's line; `ios/` itself is linted as any Xcode project. An alternate is found by the names the build declares (CFBundleAlternateIcons, compiled app icon sets). The reverse too, where the config declares its alternates through a plugin iconlint reads (so the project is prebuilt from it) and declares all of them where iconlint can see: an alternate `ios/` has that the config no longer declares is dropped by the next `npx expo prebuild --clean`, reported at the set or the Info.plist."
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
        findings += Self.undeclaredInConfig(app, expo: expo, ios: ios)
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

    /// Alternates the committed ios/ declares that the config does not: the next prebuild
    /// (`--clean`, or EAS with ios/ out of git) drops them. Only for a config that declares its
    /// alternates through a plugin iconlint reads, every one of them visible: a bare project
    /// whose ios/ is the source (no alternate plugin) is never judged.
    static func undeclaredInConfig(_ app: AppModel, expo: ExpoApp, ios: String) -> [Finding] {
        guard expo.alternatesComplete, let plugin = expo.alternates.first?.plugin else { return [] }
        let configured = Set(expo.declaredNames.map { $0.lowercased() })
        var places: [String: Location] = [:]
        for (set, role) in app.catalogIcons.compiled where role == .alternate {
            places[set.name] = places[set.name] ?? Location(file: set.contentsPath)
        }
        for declaration in app.plistIcons?.declarations ?? [] where declaration.role == .alternate && places[declaration.name] == nil {
            places[declaration.name] = Location(file: app.plistPath ?? expo.configFile, line: plistDocument(app)?.line(declaration.keyPath))
        }
        return places.keys.sorted().filter { !configured.contains($0.lowercased()) }.map { name in
            let location = places[name] ?? Location(file: expo.configFile)
            return Finding(
                rule: description.id,
                message:
                    "the committed \(ios)/ project declares alternate icon '\(name)', which \(expo.configFile) no longer declares (its \(plugin) entries: \(expo.alternates.map(\.codeName).joined(separator: ", "))), so the next npx expo prebuild --clean drops it (and a call that sets it then fails): add it to the \(plugin) entries, or remove it from ios/",
                location: location, icon: name, role: .alternate)
        }
    }

    static func plistDocument(_ app: AppModel) -> PlistDocument? {
        if case .document(let document) = app.infoPlist { return document }
        return nil
    }
}
