/// A reference that matches a file or set only when letter case is ignored.
struct PathCaseMismatchRule: Rule {
    static let description = RuleDescription(
        id: .pathCaseMismatch, severity: .warning, deviceSeverity: .error, section: .infoPlist,
        summary: "A reference matches a file or set only when letter case is ignored.",
        rationale:
            "Build-time references (INFOPLIST_FILE, an xcconfig's `#include` or a configuration's base xcconfig, whose settings are read from the file found, a Contents.json filename, a set name in build settings) work on a default macOS volume and break on case-sensitive ones: warning; not a name in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES under INCLUDE_ALL_APPICON_ASSETS = YES, where the build compiles every set whatever the list spells. A name in that list without include-all is reported here alone, not also as appiconset-not-included: actool finds the set on a case-insensitive volume and not on a case-sensitive one, and writing the set's own name fixes both. A CFBundleIconFiles entry is looked up at run time on the device, whose file system is case-sensitive, so the icon is not found there: error. The reference is resolved anyway, so the later rules still run.",
        builtProducts: .yes)

    static let examples: [RuleExample] = [
        // The entry says dark, the files are Dark@2x.png: found on macOS, never on the device.
        RuleExample(
            "lowercase-entry", .baseline.editingPlist { $0["CFBundleIcons"] = .icons(alternates: [("Dark", ["dark"])]) },
            reports: [.pathCaseMismatch]),
        RuleExample("same-case", .baseline, silent: [.pathCaseMismatch]),
        RuleExample(
            "built-lowercase-file",
            BuiltAppExample.looseIcons.mutating { $0.files["appIcon60x60@3x.png"] = $0.files.removeValue(forKey: "AppIcon60x60@3x.png") },
            reports: [.pathCaseMismatch]),
        RuleExample("built", BuiltAppExample.looseIcons, silent: [.pathCaseMismatch]),
    ]

    /// A project path that names a file only when letter case is ignored (the project reader's words).
    static func projectPath(_ problem: ProjectProblem) -> Finding {
        Finding(rule: description.id, message: problem.message, location: problem.location)
    }

    /// INFOPLIST_FILE names a file that exists only in another letter case.
    static func infoPlistFile(named path: String, actual: String, location: Location) -> Finding {
        Finding(
            rule: description.id,
            message:
                "INFOPLIST_FILE names \(path) but the file is \(actual); it works on a default macOS volume but not on a case-sensitive one: make the names match",
            location: location)
    }

    func check(_ app: AppModel) -> [Finding] {
        var findings = app.readingFindings.filter { $0.rule == Self.description.id }
        if let plist = app.plistIcons {
            for entry in plist.entries {
                for (candidate, path) in entry.caseFolded {
                    let actual = ProjectPath.lastComponent(path)
                    findings.append(
                        plist.finding(
                            Self.description.id,
                            "\(PlistIconAnalysis.place(entry.declaration)): entry \"\(entry.entry)\" reaches \(path) only when letter case is ignored (\"\(candidate)\" vs \"\(actual)\"); iOS looks icons up case-sensitively on the device, so it never finds this one: \(actual.hasPrefix(entry.entry) ? "rename the file to \(candidate) (the part iOS adds to the entry is what differs)" : "rename the file or the entry so they match exactly")",
                            at: entry, onDevice: true))
                }
            }
        }
        for (set, named, actual) in app.catalogIcons.caseFoldedFiles {
            findings.append(
                finding(
                    "\(set.contentsPath) names \"\(named)\" but the file is \"\(actual)\"; it works on a default macOS volume but not on a case-sensitive one: make the names match",
                    file: set.contentsPath, icon: set.name))
        }
        for (setting, name, role, file, line) in app.settingSetNames {
            // Under INCLUDE_ALL_APPICON_ASSETS = YES the build compiles every set whatever the
            // alternates list spells: the case of a name there decides nothing.
            if role == .alternate && app.settings.includeAllAppIcons { continue }
            guard app.sources.set(named: name) == nil, let folded = app.sources.set(namedIgnoringCase: name) else { continue }
            // An alternate: on a case-insensitive volume actool finds and compiles the set; on a
            // case-sensitive one it finds none, and the set never reaches the app (one mistake,
            // reported here alone: not appiconset-not-included too).
            let consequence =
                role == .alternate
                ? "actool finds the set on a default (case-insensitive) macOS volume, but on a case-sensitive one it finds none, so \(folded.name) never reaches that build and setAlternateIconName fails there: write '\(folded.name)' in \(setting), exactly as the set is named, and pass that name to setAlternateIconName"
                : "it works on a default macOS volume but not on a case-sensitive one: make the names match"
            findings.append(
                finding(
                    "\(setting) names '\(name)' but the set is '\(folded.name)' (\(folded.path)); \(consequence)",
                    file: file, line: line, icon: name, role: role))
        }
        return findings
    }
}
