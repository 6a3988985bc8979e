/// A loose icon file whose pixels contradict its name.
struct IconSizeMismatchRule: Rule {
    static let description = RuleDescription(
        id: .iconSizeMismatch, severity: .error, section: .infoPlist,
        summary: "A file's pixel size contradicts what its name states.",
        rationale:
            "`Icon60x60@2x.png` or `Icon-60@2x.png` at 100×100 where 60 pt × 2 = 120 is stated; or the @2x and @3x files of one name disagree (not a 2:3 ratio); or a file with a scale suffix fits no iOS icon size at its scale (76 pt exists at @1x and @2x only), unless it is an alternate's file larger than every icon size at its scale (a 228 px `@3x`, a 1024 master as `@2x`): that is alternate-icon-size-missing's warning alone, as App Store Connect only warns (ITMS-90890/90892) and iOS scales it. A file without a scale suffix may be any icon size: iOS picks it by its pixels. A CFBundleIconFiles list names files for several point sizes (notification 20, settings 29, spotlight 40, home screen 60, iPad 76/83.5): each is checked against its own size; whether the home-screen sizes are present is alternate-icon-size-missing / primary-icon-size-missing.",
        anchor: "actool \"is 512x512 but should be 167x167\"", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample("2x-not-two-thirds", .baseline.replacing("App/Icons/Dark@2x.png", .png(100, 100)), reports: [.iconSizeMismatch]),
        RuleExample("2-to-3", .baseline, silent: [.iconSizeMismatch]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        // An alternate's oversized file is one defect with the size it lacks: alternate-icon-size-missing's warning.
        var seen = AlternateIconSizeMissingRule.oversizedFilesReported(in: app)
        return plist.entries.flatMap { entry in
            Self.problems(of: entry, in: app).filter { seen.insert($0.path).inserted }.map { problem in
                finding(
                    problem.message, file: problem.path, icon: entry.declaration.name, role: entry.declaration.role,
                    idiom: entry.declaration.idiom)
            }
        }
    }

    /// The files of one entry whose pixels contradict their name, with the message for each.
    static func problems(of entry: PlistIconAnalysis.Entry, in app: AppModel) -> [(path: String, message: String)] {
        var problems: [(path: String, message: String)] = []
        var widths: [String: (scale: Int, width: Int, path: String)] = [:]
        let place = "\(entry.declaration.displayName), \(entry.declaration.idiomText)"
        for use in entry.uses {
            guard let header = app.facts(use.path)?.header, header.width == header.height, !app.isForeign(header) else { continue }
            let name = IconFileName(use.candidate)
            if let stated = name.namedPixels {
                if header.width != stated {
                    problems.append(
                        (
                            use.path,
                            "\(use.path) is \(header.width)×\(header.height) but its name says \(stated.pixelText) (\(place)); export it again at \(stated.pixelText)"
                        ))
                }
                continue
            }
            let scale = name.scale ?? 1
            if !name.fits(pixels: header.width) {
                // Sizes of the entry's own device: an iPhone @2x file is told 120, not iPad's 152 or 167.
                let advised = name.advisedPixels(for: header.width, idiom: entry.declaration.idiom)
                problems.append(
                    (
                        use.path,
                        "\(use.path) is \(header.width)×\(header.height), which is no iOS icon size at @\(scale)x (\(place)); export it at the size its slot needs, e.g. \(advised.map(\.pixelText).joined(separator: " or "))"
                    ))
                continue
            }
            widths["\(name.base)|\(name.device ?? "")|\(scale)"] = (scale, header.width, use.path)
        }
        // The @2x and @3x files of one name are one icon at two scales: 2:3.
        for (key, two) in widths.sorted(by: { $0.key < $1.key }) where two.scale == 2 {
            guard let three = widths[String(key.dropLast()) + "3"], two.width * 3 != three.width * 2 else { continue }
            // Blame the file that is not at a home-screen size when the other one is.
            let (wrong, right, wanted) =
                three.width == 180 && two.width != 120
                ? (two, three, three.width * 2 / 3) : (three, two, two.width * 3 / 2)
            problems.append(
                (
                    wrong.path,
                    "\(wrong.path) is \(wrong.width.pixelText) but \(right.path) is \(right.width.pixelText); the @2x and @3x files of one icon must be in a 2:3 ratio: export \(ProjectPath.lastComponent(wrong.path)) at \(wanted.pixelText) from the same source"
                ))
        }
        return problems
    }
}
