import IconSupport

/// An image an Expo config names for an icon that prebuild crops, blurs, or passes on with
/// transparency or in a format app icon sets do not take.
struct ExpoIconUnsuitableRule: Rule {
    static let description = RuleDescription(
        id: .expoIconUnsuitable, severity: .warning, section: .expo,
        summary:
            "An image the Expo config names for an icon is not square, smaller than what prebuild makes of it, transparent where the plugin keeps transparency, or not a PNG where the plugin copies it as it is.",
        rationale:
            "Prebuild resizes every icon image with `cover`: a non-square image loses its edges, a smaller one is scaled up and blurred (1024 pixels for `icon`/`ios.icon`, expo-alternate-app-icons and @howincodes/expo-dynamic-app-icon; 180 for expo-dynamic-app-icon and its @mozzius and @bsky.app forks). expo-dynamic-app-icon 1.x also writes only 60-point files into CFBundleIcons~ipad: with `ios.supportsTablet` that is reported (ITMS-90890/90892), as alternate-icon-size-missing reports it in a committed ios/. Expo's own icon and the dynamic-app-icon plugins flatten transparency onto white (but for dark images), so only expo-alternate-app-icons 1.3.1 and later, which keep it and the file's format, are checked for transparency (iOS fills it with black) and for PNG. Reported at the config's line. A file that is not a PNG where prebuild converts it is a note: its size is not checked."
    )

    static let examples: [RuleExample] = [
        // A 512 dark icon that prebuild scales up to 1024.
        RuleExample(
            "dark-icon-512",
            .expoApp(
                ios: [("icon", ["light": "./assets/images/icon.png", "dark": "./assets/images/icon-dark.png"])],
                files: ["assets/images/icon-dark.png": .png(512, 512, color: [20, 20, 40])]),
            reports: [.expoIconUnsuitable]),
        RuleExample(
            "dark-icon-1024",
            .expoApp(
                ios: [("icon", ["light": "./assets/images/icon.png", "dark": "./assets/images/icon-dark.png"])],
                files: ["assets/images/icon-dark.png": .png(1024, 1024, color: [20, 20, 40])]),
            silent: [.expoIconUnsuitable]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let expo = app.expo, !expo.prebuilt else { return [] }
        var findings = app.readingFindings.filter { $0.rule == Self.description.id }
        for image in expo.images where image.exists && !image.isIconBundle {
            let role: IconRole = image.purpose.hasPrefix("alternate") ? .alternate : .primary
            func report(_ message: String) {
                findings.append(finding(message, file: image.location.file, line: image.location.line, role: role, appearance: image.appearance))
            }
            guard image.looksLikePNG else {
                if image.copiedAsIs {
                    report(
                        "\(image.path), named by \(image.purpose), is not a PNG; the plugin copies it into the app icon set as it is, and app icon sets take PNG: export it as a 1024×1024 PNG"
                    )
                }
                continue
            }
            guard let facts = app.facts(image.path), let header = facts.header else { continue }
            if header.width != header.height {
                report(
                    "\(image.path), named by \(image.purpose), is \(header.width)×\(header.height); prebuild crops it to a square, cutting off its edges: make it square (\(image.minimumPixels)×\(image.minimumPixels))"
                )
            } else if header.width < image.minimumPixels {
                report(
                    "\(image.path), named by \(image.purpose), is \(header.width)×\(header.height); prebuild scales it up to \(image.minimumPixels)×\(image.minimumPixels), which blurs it: export it at \(image.minimumPixels)×\(image.minimumPixels)"
                )
            }
            if image.keepsTransparency, image.appearance == .any, let minAlpha = facts.minAlpha, minAlpha < IconHasTransparencyRule.visibleBelow {
                report(
                    "\(image.path), named by \(image.purpose), has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); the plugin keeps them and iOS fills them with black: flatten it onto an opaque background"
                )
            }
        }
        return findings
    }
}
