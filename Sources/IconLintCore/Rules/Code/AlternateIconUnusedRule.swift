/// A declared alternate that no code path can name (opt-in).
struct AlternateIconUnusedRule: Rule {
    static let description = RuleDescription(
        id: .alternateIconUnused, severity: .warning, optIn: true, section: .code,
        summary: "A declared alternate icon that no call in the app's code can name.",
        rationale:
            "Only when every call site was resolved (no name comes from a parameter, interpolation or other computation anywhere): otherwise any declared icon may be the one asked for. Off unless enabled (`\"opt_in\": [\"alternate-icon-unused\"]`)."
    )

    static let examples: [RuleExample] = [
        // The code only ever resets the icon: Dark is declared and shipped but never chosen.
        RuleExample(
            "only-reset",
            .baseline.replacing("App/IconPicker.swift", .text("import UIKit\n\nfunc resetIcon() {\n    UIApplication.shared.setAlternateIconName(nil)\n}\n")),
            reports: [.alternateIconUnused]),
        // A name chosen at run time may be any declared alternate.
        RuleExample(
            "name-from-a-variable",
            .baseline.replacing(
                "App/IconPicker.swift", .text("import UIKit\n\nfunc setIcon(_ name: String?) {\n    UIApplication.shared.setAlternateIconName(name)\n}\n")),
            silent: [.alternateIconUnused]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        guard let scan = app.sourceScan, !scan.callSites.isEmpty, scan.isFullyResolved else { return [] }
        let named = Set(scan.callSites.flatMap(\.names).map(\.name))
        var findings: [Finding] = []
        if let plist = app.plistIcons {
            var reported: Set<String> = []
            for declaration in plist.declarations
            where declaration.role == .alternate && !named.contains(declaration.name)
                && reported.insert(declaration.name).inserted
            {
                findings.append(
                    plist.finding(
                        Self.description.id,
                        "alternate icon '\(declaration.name)' is declared but no call in the app's code names it; remove it from CFBundleAlternateIcons or offer it in the app",
                        at: declaration))
            }
        }
        for (set, role) in app.catalogIcons.compiled where role == .alternate && !named.contains(set.name) && !named.contains(set.bareName) {
            findings.append(
                finding(
                    "\(set.path) is compiled as an alternate icon but no call in the app's code names '\(set.name)'; remove the set or offer it in the app",
                    file: set.path, icon: set.name, role: .alternate))
        }
        return findings
    }
}
