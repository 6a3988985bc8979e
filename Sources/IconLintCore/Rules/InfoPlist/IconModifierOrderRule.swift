/// `Name~ipad@2x.png`: the device modifier before the scale.
struct IconModifierOrderRule: Rule {
    static let description = RuleDescription(
        id: .iconModifierOrder, severity: .warning, section: .infoPlist,
        summary: "A file is named `Name~ipad@2x.png`; the scale must come before the device modifier (`Name@2x~ipad.png`).",
        rationale:
            "For the entry `Name`, iOS looks up `Name@2x~ipad.png`, never `Name~ipad@2x.png`. An entry that itself ends in the modifier (`Name~ipad`) is a base name: iOS appends the scale to it, so `Name~ipad@2x.png` is that entry's @2x file and no finding.",
        anchor: "Resource Programming Guide", builtProducts: .yes)

    static let examples: [RuleExample] = [
        // ~ipad before @2x: iOS looks up Dark76x76@2x~ipad.png and never finds this file.
        RuleExample(
            "device-before-scale",
            .baseline.editingPlist { $0["CFBundleIcons~ipad"] = ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark76x76", "Dark83.5x83.5"]]]] }
                .adding([
                    "App/Icons/Dark76x76~ipad@2x.png": .png(152, 152), "App/Icons/Dark83.5x83.5@2x~ipad.png": .png(167, 167),
                ]),
            reports: [.iconModifierOrder]),
        RuleExample(
            "scale-before-device",
            .baseline.editingPlist { $0["CFBundleIcons~ipad"] = ["CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark76x76", "Dark83.5x83.5"]]]] }
                .adding([
                    "App/Icons/Dark76x76@2x~ipad.png": .png(152, 152), "App/Icons/Dark83.5x83.5@2x~ipad.png": .png(167, 167),
                ]),
            silent: [.iconModifierOrder]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        var findings: [Finding] = []
        // A file some entry reaches is that entry's, whatever another entry would call it:
        // `Dark~ipad@2x.png` is the @2x file of the entry `Dark~ipad`, and renaming it breaks that.
        var seen = Set(plist.fileUses.map(\.path))
        for entry in plist.entries where !entry.isDuplicate && !entry.resolvedByBuild && !entry.isNotChecked {
            let parsed = IconFileName(entry.entry)
            let place = PlistIconAnalysis.place(entry.declaration)
            if parsed.modifierMisordered {
                findings.append(
                    plist.finding(
                        Self.description.id,
                        "\(place) lists \"\(entry.entry)\": the scale must come before the device modifier; rename the file and the entry to \"\(parsed.base)@\(parsed.scale ?? 2)x~\(parsed.device ?? "ipad")\(parsed.hasExtension ? ".png" : "")\"",
                        at: entry))
            }
            guard !parsed.isLiteral else { continue }
            for device in ["ipad", "iphone"] {
                for scale in 1...3 {
                    for path in app.bundle.pngs(named: "\(entry.entry)~\(device)@\(scale)x.png") where seen.insert(path).inserted {
                        findings.append(
                            finding(
                                "\(path): the scale must come before the device modifier, so iOS never finds it for \(place); rename it to \(entry.entry)@\(scale)x~\(device).png",
                                file: path, icon: entry.declaration.name, role: entry.declaration.role,
                                idiom: entry.declaration.idiom))
                    }
                }
            }
        }
        return findings
    }
}

extension IconModifierOrderRule: Correctable {
    /// Each `Name~ipad@2x.png` file renamed `Name@2x~ipad.png`, the name its entry looks up;
    /// an entry written in the wrong order is left (its file and other entries may depend on it).
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil, let plist = app.plistIcons else { return [] }
        var corrections: [Correction] = []
        var seen = Set(plist.fileUses.map(\.path))
        for entry in plist.entries where !entry.isDuplicate && !entry.resolvedByBuild && !entry.isNotChecked {
            let parsed = IconFileName(entry.entry)
            if parsed.modifierMisordered {
                corrections.append(
                    Correction(
                        rule: Self.description.id, subject: "\(plist.file): entry \"\(entry.entry)\"",
                        outcome: .left("an entry written with the modifier first is renamed by hand, with its files")))
            }
            guard !parsed.isLiteral else { continue }
            for device in ["ipad", "iphone"] {
                for scale in 1...3 {
                    for path in app.bundle.pngs(named: "\(entry.entry)~\(device)@\(scale)x.png") where seen.insert(path).inserted {
                        let name = "\(entry.entry)@\(scale)x~\(device).png"
                        let folder = ProjectPath.parentFolder(path)
                        let subject = "\(path): the scale after the device modifier"
                        if !app.bundle.pngs(named: name).isEmpty {
                            corrections.append(
                                Correction(rule: Self.description.id, subject: subject, outcome: .left("\(name) exists already; remove one of the two by hand"))
                            )
                        } else {
                            corrections.append(
                                Correction(
                                    rule: Self.description.id, subject: subject,
                                    outcome: .planned([.rename(from: path, to: folder.isEmpty ? name : folder + "/" + name)])))
                        }
                    }
                }
            }
        }
        return corrections
    }
}
