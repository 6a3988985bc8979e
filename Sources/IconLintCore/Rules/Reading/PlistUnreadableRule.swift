import IconSupport

/// An Info.plist that cannot be read.
struct PlistUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .plistUnreadable, severity: .error, section: .reading,
        summary: "An Info.plist (XML, binary or OpenStep) cannot be read or parsed; the parser's line is reported.",
        rationale:
            "Also when INFOPLIST_FILE names a file that does not exist. An Info.plist with INFOPLIST_PREPROCESS = YES is read after a C-preprocessor pass (#if/#ifdef/#ifndef/#elif/#else/#endif/#define/#include of INFOPLIST_PREFIX_HEADER, with INFOPLIST_PREPROCESSOR_DEFINITIONS and the -C, -traditional, -D, -U and -I of INFOPLIST_OTHER_PREPROCESSOR_FLAGS, per configuration), as Xcode does; it is not unreadable. Without -C or -traditional, a `//` in a string (`msauth.x://auth`) starts a C comment for Xcode's preprocessor too, which drops the rest of the line: the finding names that `//`. An #include or prefix header that is not in the repository (a Run Script output) is a note naming it and the phase, and the plist is linted without it. A binary plist is sized before it is read: one that expands to more than \(PropertyListFile.maxObjects) objects, counting an object each time a reference reaches it (247 bytes of `[a, a]` nested 40 deep expand to 2^41), or that holds a set, is refused. Real files stay far below: a built app's binary Info.plist expands to under 100 objects, a large app's Info.plist to about 200, a 1 MB project.pbxproj to about 41,000; at the bound, reading takes under a second and about 30 MB.",
        builtProducts: .yes)

    static let examples: [RuleExample] = [
        // A key closed with a typo: Xcode stops the build with the same parser error.
        RuleExample(
            "typo-in-key",
            .baseline.replacing(
                "App/Info.plist",
                .text(ExampleValue.infoPlist(icons: .icons()).xmlPlist.replacingOccurrences(of: "<key>CFBundleIcons</key>", with: "<key>CFBundleIcons</kee>"))),
            reports: [.plistUnreadable]),
        RuleExample("well-formed", .baseline, silent: [.plistUnreadable]),
        // A built app whose Info.plist is stored as info.plist: found on macOS, never on the device.
        RuleExample("built-lowercase-name", BuiltAppExample.looseIcons.mutating { $0.plistName = "info.plist" }, reports: [.plistUnreadable]),
        RuleExample("built", BuiltAppExample.looseIcons, silent: [.plistUnreadable]),
    ]

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }

    // The findings readers report under this rule: its messages live here, with its description.

    /// An Info.plist of a source project that cannot be read: a file that cannot be read is not a syntax error.
    static func unreadable(path: String, problem: PlistProblem) -> Finding {
        let message =
            if problem.isIO {
                "\(path): \(problem.message); the build cannot read it either: restore it as a regular, readable file"
            } else if problem.isRefused {
                "\(path) cannot be parsed: \(problem.message); iconlint does not read it: write it as the XML plist Xcode makes"
            } else if let fix = problem.fix {
                "\(path): \(problem.message): \(fix)"
            } else if problem.exceedsBudget {
                // Failing closed: a plist whose icon keys cannot be known must not pass the gate.
                "\(path) cannot be evaluated: \(problem.message); the build's preprocessor expands them just as often, "
                    + "so its icon keys are unknown: simplify the macros"
            } else {
                "\(path) cannot be parsed: \(problem.message); fix the syntax (`plutil -lint \(ProjectPath.lastComponent(path))` shows the same error)"
            }
        return Finding(rule: description.id, message: message, location: Location(file: path, line: problem.line))
    }

    /// INFOPLIST_FILE names a file that does not exist.
    static func missing(path: String, target: String) -> Finding {
        Finding(
            rule: description.id,
            message: "INFOPLIST_FILE of target \(target) names \(path), which does not exist; fix the build setting or restore the file",
            location: Location(file: path))
    }

    /// An Info.plist held in memory (InMemoryLint) that does not parse.
    static func unparsable(path: String, problem: PlistProblem) -> Finding {
        Finding(
            rule: description.id, message: "\(path) cannot be parsed: \(problem.message)",
            location: Location(file: path, line: problem.line))
    }

    /// A built app's Info.plist stored under a name that differs only in case.
    static func builtNameCase(stored name: String, path: String) -> Finding {
        Finding(
            rule: description.id,
            message:
                "the app's Info.plist is stored as \(name); iOS looks it up as Info.plist, case-sensitively, so a device does not find it and refuses the app: name the file Info.plist in the target (INFOPLIST_FILE) and build again",
            location: Location(file: path))
    }

    /// A built app's Info.plist that cannot be read.
    static func builtUnreadable(path: String, problem: PlistProblem) -> Finding {
        Finding(
            rule: description.id,
            message: "\(path) cannot be read: \(problem.message); the app cannot launch with it: rebuild the app",
            location: Location(file: path, line: problem.line))
    }
}
