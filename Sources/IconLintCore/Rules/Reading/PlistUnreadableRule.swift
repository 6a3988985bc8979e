import IconSupport

/// An Info.plist that cannot be read.
struct PlistUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .plistUnreadable, severity: .error, section: .reading,
        summary: "An Info.plist (XML, binary or OpenStep) cannot be read or parsed; the parser's line is reported.",
        rationale:
            "Also when INFOPLIST_FILE names a file that does not exist. An Info.plist with INFOPLIST_PREPROCESS = YES is read after a C-preprocessor pass (#if/#ifdef/#ifndef/#elif/#else/#endif/#define/#include of INFOPLIST_PREFIX_HEADER, with INFOPLIST_PREPROCESSOR_DEFINITIONS and the -C, -traditional, -D, -U and -I of INFOPLIST_OTHER_PREPROCESSOR_FLAGS, per configuration), as Xcode does; it is not unreadable. Without -C or -traditional, a `//` in a string (`msauth.x://auth`) starts a C comment for Xcode's preprocessor too, which drops the rest of the line: the finding names that `//`. An #include or prefix header that is not in the repository (a Run Script output) is a note naming it and the phase, and the plist is linted without it. A binary plist is sized before it is read: one that expands to more than \(PropertyListFile.maxObjects) objects, counting an object each time a reference reaches it (247 bytes of `[a, a]` nested 40 deep expand to 2^41), or that holds a set, is refused. Real files stay far below: a built app's binary Info.plist expands to under 100 objects, a large app's Info.plist to about 200, a 1 MB project.pbxproj to about 41,000; at the bound, reading takes under a second and about 30 MB.",
        builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }
}
