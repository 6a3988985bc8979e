/// An Info.plist that cannot be read.
struct PlistUnreadableRule: Rule {
    static let description = RuleDescription(
        id: .plistUnreadable, severity: .error, section: .reading,
        summary: "An Info.plist (XML, binary or OpenStep) cannot be read or parsed; the parser's line is reported.",
        rationale:
            "Also when INFOPLIST_FILE names a file that does not exist. An Info.plist with INFOPLIST_PREPROCESS = YES is read after a C-preprocessor pass (#if/#ifdef/#ifndef/#elif/#else/#endif/#define/#include of INFOPLIST_PREFIX_HEADER, with INFOPLIST_PREPROCESSOR_DEFINITIONS, per configuration), as Xcode does; it is not unreadable.",
        builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] { app.readingFindings.filter { $0.rule == Self.description.id } }
}
