/// The icon file exists in the project but the target does not copy it.
struct IconFileNotInTargetRule: Rule {
    static let description = RuleDescription(
        id: .iconFileNotInTarget, severity: .error, section: .infoPlist,
        summary: "No file the target copies matches the entry, but one with the exact lookup name lies in the project's folder.",
        rationale:
            "Not in its Copy Bundle Resources phase, nor in a folder reference or synchronized folder of the target, so the app never sees it. Only when no candidate is in the target; files of other projects under the same root never count.",
        anchor: "ITMS-90032")

    func check(_ app: AppModel) -> [Finding] {
        guard let plist = app.plistIcons else { return [] }
        return plist.entries.flatMap { entry -> [Finding] in
            guard entry.isUnresolved else { return [] }
            return entry.besideBundle.map { candidate, path in
                plist.finding(
                    Self.description.id,
                    "\(PlistIconAnalysis.place(entry.declaration)): \(path) exists but target \(app.targetName) does not copy it into the bundle, so iOS never finds \"\(candidate)\"; add it to the target's Copy Bundle Resources (File Inspector → Target Membership)",
                    at: entry)
            }
        }
    }
}
