import IconSupport

/// An image an Expo config names for an icon that prebuild cannot use, or a config that
/// leaves an icon out.
struct ExpoIconMissingRule: Rule {
    static let description = RuleDescription(
        id: .expoIconMissing, severity: .error, section: .expo,
        summary:
            "An image the Expo config (app.json, app.config.*) names for the app icon or an alternate icon does not exist or cannot be decoded, or the config leaves an icon out.",
        rationale:
            "Only where `ios/` is not committed, so `npx expo prebuild` writes it from the config. A missing or undecodable image stops prebuild (or, for an `.icon` folder that is not there, leaves the build without the app icon set it names). Also: a config that names no icon at all (prebuild writes a blank white one), expo-alternate-app-icons `ios` variants that are not all three of light, dark and tinted (prebuild throws), and entries after one without `ios` (the plugin stops there). Reported at the config's line. A remote URL, a `require()`, or a value the config computes when it runs is a note, not a finding.",
        anchor: "ENOENT")

    static let examples: [RuleExample] = [
        // app.json names an icon that is not in the repository.
        RuleExample("icon-absent", .expoApp(icon: "./assets/images/app-icon.png"), reports: [.expoIconMissing]),
        RuleExample(
            "icon-present", .expoApp(icon: "./assets/images/app-icon.png", files: ["assets/images/app-icon.png": .png(1024, 1024)]),
            silent: [.expoIconMissing]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let expo = app.expo, !expo.prebuilt else { return [] }
        var findings = app.readingFindings.filter { $0.rule == Self.description.id }
        for image in expo.images {
            let at = (file: image.location.file, line: image.location.line)
            let icon = image.purpose
            if image.isIconBundle {
                if !image.isFolder {
                    findings.append(
                        finding(
                            "\(icon) names \(image.written), which does not exist as an Icon Composer folder: prebuild copies nothing but still sets ASSETCATALOG_COMPILER_APPICON_NAME to it, so the build has no app icon: add the .icon folder or fix the path",
                            file: at.file, line: at.line, role: .primary))
                } else {
                    findings += iconBundleProblems(image)
                }
                continue
            }
            if !image.exists {
                findings.append(
                    finding(
                        "\(icon) names \(image.written), which does not exist\(image.isFolder ? " as a file (it is a folder)" : ""); npx expo prebuild stops on it: add the image or fix the path",
                        file: at.file, line: at.line, role: image.purpose.hasPrefix("alternate") ? .alternate : .primary, appearance: image.appearance))
                continue
            }
            if case .corrupt(let reason) = app.facts(image.path)?.error {
                findings.append(
                    finding(
                        "\(image.path), named by \(icon), cannot be decoded (\(reason)); npx expo prebuild fails to resize it: export it again as a PNG",
                        file: at.file, line: at.line, appearance: image.appearance))
            }
        }
        return findings
    }

    /// An `.icon` folder whose icon.json, or an image it names, is not there: actool stops on it.
    private func iconBundleProblems(_ image: ExpoImage) -> [Finding] {
        let problem: String
        switch image.contents {
        case .complete, .unknown, nil: return []
        case .unreadable(let why): problem = why
        case .missing(let names):
            let shown = names.prefix(4).map { "Assets/\($0)" }.joined(separator: ", ") + (names.count > 4 ? ", …" : "")
            problem = "its icon.json names \(shown), which \(names.count == 1 ? "is" : "are") not in the folder"
        }
        return [
            finding(
                "\(image.purpose) names \(image.written), but \(problem); prebuild copies the folder as it is and actool fails on it: export the icon again from Icon Composer",
                file: image.location.file, line: image.location.line, role: .primary)
        ]
    }
}
