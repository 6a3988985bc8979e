import Foundation
import PNGKit

/// The rules of RULES.md's "Asset catalogs and build settings" section for one app unit.
struct CatalogChecks {
    let unit: AppUnit
    let context: LintContext
    let sources: CatalogIconSources
    let plist: InfoPlistChecks?
    /// Set names any configuration of any app target sharing these catalogs uses.
    var usedNames: Set<String> = []

    private(set) var imageUses: [ImageUse] = []
    private var slotUses: [(use: ImageUse, slot: AppIconSlot, set: AppIconSet)] = []

    init(unit: AppUnit, context: LintContext, sources: CatalogIconSources, plist: InfoPlistChecks?, usedNames: Set<String> = []) {
        self.unit = unit
        self.context = context
        self.sources = sources
        self.plist = plist
        self.usedNames = usedNames
    }

    var settings: IconBuildSettings { unit.settings }
    var settingsFile: String { settings.location?.file ?? plist?.file ?? unit.plistPath ?? "." }
    var settingsLine: Int? { settings.location?.line }

    /// The name of the primary icon set, from settings or (without a project) CFBundleIconName or "AppIcon".
    var primaryName: String? {
        if settings.known { return settings.appIconName.flatMap { $0.isEmpty ? nil : $0 } }
        if let name = plist?.declarations.first(where: { $0.role == .primary && $0.iconName != nil })?.iconName { return name }
        return sources.set(named: "AppIcon") != nil ? "AppIcon" : nil
    }

    func isPrimary(_ set: AppIconSet) -> Bool {
        guard let primaryName else { return false }
        return set.name == primaryName || set.bareName == primaryName
    }

    /// Sets whose contents are checked: what the build includes (everything iOS without a project).
    func isChecked(_ set: AppIconSet) -> Bool {
        guard set.isIOS else { return false }
        guard settings.known else { return true }
        return isPrimary(set) || sources.isIncluded(set.name) || usedNames.contains(set.name) || usedNames.contains(set.bareName)
    }

    /// Set-level rules and the list of images to read.
    mutating func plan(into sink: inout FindingSink) {
        checkBuildSettings(into: &sink)
        var seenNames: [String: AppIconSet] = [:]
        for set in sources.iconSets {
            if let other = seenNames[set.name], set.isIOS, other.isIOS {
                if set.kind != other.kind {
                    // The Xcode 26 migration path: which one ships depends on the Xcode version.
                    let (icon, catalog) = set.kind == .iconComposer ? (set, other) : (other, set)
                    sink.emit("appiconset-duplicate-name", severity: .warning, "\(icon.path) and \(catalog.path) are both app icon sources named '\(set.name)'; Xcode 26.0 uses the .icon on iOS 26 and the set on older iOS, but Xcode 26.1 and later generate the older icons from the .icon too: check the result on an iOS 18 device, or rename one",
                              file: set.path, icon: set.name)
                } else {
                    sink.emit("appiconset-duplicate-name", "two app icon sources are named '\(set.name)': \(other.path) and \(set.path); which one the build uses is undefined: rename or delete one",
                              file: set.path, icon: set.name)
                }
            } else {
                seenNames[set.name] = set
            }
            guard set.kind == .appiconset else { continue }
            if let problem = set.contentsProblem {
                sink.emit("contents-json-malformed", "\(set.contentsPath): \(problem.message); fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor)",
                          file: set.contentsPath, line: problem.line, icon: set.name)
            }
            guard isChecked(set) else {
                if settings.known, !settings.incomplete, !usedNames.contains(set.name), !usedNames.contains(set.bareName),
                   set.name != iconNameMissingSet?.name {
                    sink.emit("appiconset-not-included", "\(set.path) is an app icon set that no build setting includes, so it never reaches the app and setAlternateIconName(\"\(set.name)\") fails; add \(set.name) to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES or set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES",
                              file: set.path, icon: set.name, role: .alternate)
                }
                continue
            }
            planSet(set, into: &sink)
        }
    }

    private mutating func planSet(_ set: AppIconSet, into sink: inout FindingSink) {
        let primary = isPrimary(set)
        let role: IconRole = primary ? .primary : .alternate
        var named: Set<String> = []
        for slot in set.slots {
            guard let filename = slot.filename else { continue }
            named.insert(filename)
            var actual = filename
            if !set.files.contains(filename) {
                if let folded = set.files.first(where: { $0.lowercased() == filename.lowercased() }) {
                    sink.emit("path-case-mismatch", "\(set.contentsPath) names \"\(filename)\" but the file is \"\(folded)\"; it works on a default macOS volume but not on a case-sensitive one: make the names match",
                              file: set.contentsPath, icon: set.name)
                    actual = folded
                    named.insert(folded)
                } else {
                    sink.emit("appiconset-file-missing", "\(set.contentsPath) names \"\(filename)\" for the \(slot.idiom) \(slot.sizeText) slot but \(set.path) has no such file; add the \(slot.pixels.pixelText) PNG or clear the slot",
                              file: set.contentsPath, icon: set.name, idiom: Idiom(rawValue: slot.idiom))
                    continue
                }
            }
            let use = ImageUse(path: set.path + "/" + actual, icon: set.name, role: role, idiom: Idiom(rawValue: slot.idiom),
                               appearance: slot.appearance, isMarketing: primary && slot.isMarketing)
            imageUses.append(use)
            slotUses.append((use, slot, set))
        }
        // With a broken Contents.json every file looks unassigned: that is one problem, reported once.
        for file in set.files where set.contentsProblem == nil && !named.contains(file) && !file.hasPrefix(".") {
            sink.emit("appiconset-unassigned-child", "\(set.path)/\(file) is in the app icon set but no slot of Contents.json names it; assign it to a slot in the asset catalog editor or delete it",
                      file: set.path + "/" + file, icon: set.name)
        }
        checkSlots(set, primary: primary, into: &sink)
    }

    /// Required slots: the 1024 App Store image, and in a classic set the home-screen sizes.
    private func checkSlots(_ set: AppIconSet, primary: Bool, into sink: inout FindingSink) {
        guard set.contentsProblem == nil || !set.slots.isEmpty else { return }
        let filled = set.slots.filter { $0.filename != nil }
        func has(_ idiom: String, _ size: Double, _ scale: Int) -> Bool {
            filled.contains { $0.idiom == idiom && $0.size == size && $0.scale == scale }
        }
        var missing: [String] = []
        let hasMarketing = filled.contains { $0.isMarketing }
        let classic = set.slots.contains { $0.idiom == "iphone" || $0.idiom == "ipad" }
        if primary, !hasMarketing { missing.append("the 1024×1024 App Store image (ITMS-90704)") }
        if !classic, !primary, !filled.contains(where: { $0.idiom == "universal" && $0.pixels == 1024 && $0.appearance == .any }) {
            missing.append("the 1024×1024 universal image")
        }
        if classic {
            if !has("iphone", 60, 2) { missing.append("iPhone 60pt @2x (120×120)") }
            if !has("iphone", 60, 3) { missing.append("iPhone 60pt @3x (180×180)") }
            if unit.runsOnIPad || !settings.known && set.slots.contains(where: { $0.idiom == "ipad" }) {
                if !has("ipad", 76, 2) { missing.append("iPad 76pt @2x (152×152)") }
                if !has("ipad", 83.5, 2) { missing.append("iPad Pro 83.5pt @2x (167×167)") }
            }
        }
        guard !missing.isEmpty else { return }
        sink.emit("appiconset-slot-missing", "\(set.path) (\(primary ? "primary icon" : "alternate icon")) has no image for \(missing.joined(separator: ", ")); drop the PNGs into those slots in the asset catalog editor",
                  file: set.contentsPath, icon: set.name, role: primary ? .primary : .alternate)
    }

    /// Slot size rules, once headers are loaded.
    func checkImages(into sink: inout FindingSink) {
        for (use, slot, set) in slotUses {
            guard let header = context.facts(use.path)?.header, !header.isCgBI else { continue }
            if header.width != slot.pixels || header.height != slot.pixels {
                sink.emit("appiconset-size-mismatch", "\(use.path) is \(header.width)×\(header.height) but the \(slot.idiom) \(slot.sizeText) slot of \(set.name) needs \(slot.pixels.pixelText); export it at \(slot.pixels.pixelText)",
                          file: use.path, icon: set.name, role: use.role, idiom: Idiom(rawValue: slot.idiom), appearance: slot.appearance)
            }
        }
    }

    /// Build-setting rules: names that match no set, malformed lists, alternates that are the primary.
    private func checkBuildSettings(into sink: inout FindingSink) {
        guard settings.known else { return }
        let file = settingsFile
        let line = settingsLine
        if let raw = settings.alternateNamesRaw, raw.contains(where: { $0 == "," || $0 == ";" }) {
            sink.emit("build-setting-malformed", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"\(raw)\" holds separators other than spaces, so the build looks for sets named like \"\(settings.alternateNames.first { $0.contains(",") || $0.contains(";") } ?? raw)\"; separate the names with spaces only",
                      file: file, line: line)
        }
        for (setting, variables) in settings.emptyExpansions.sorted(by: { $0.key < $1.key }) {
            sink.emit("build-setting-malformed", "\(setting) uses \(variables.map { "$(\($0))" }.joined(separator: ", ")), which expands to nothing in this configuration; define the variable or write the name directly",
                      file: file, line: line)
        }
        if let primary = settings.appIconName, !primary.isEmpty {
            reportMissingSet(primary, setting: "ASSETCATALOG_COMPILER_APPICON_NAME", role: .primary, file: file, line: line, into: &sink)
            if settings.alternateNames.contains(primary) {
                sink.emit("alternate-is-primary", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists \(primary), the primary icon itself; remove it from the alternates",
                          file: file, line: line, icon: primary, role: .primary)
            }
        }
        for name in settings.alternateNames where name != settings.appIconName && !name.contains(",") && !name.contains(";") {
            reportMissingSet(name, setting: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", role: .alternate, file: file, line: line, into: &sink)
        }
        // An alternate both hand-written in Info.plist and compiled from the catalog.
        if let plist {
            for declaration in plist.declarations where declaration.role == .alternate {
                let fromCatalog = sources.set(named: declaration.name).map { sources.isIncluded($0.name) } ?? false
                if fromCatalog, declaration.idiom == .iphone {
                    sink.emit("alternate-icon-conflict", "alternate icon '\(declaration.name)' is declared in \(plist.file) and also compiled from the asset catalog; the generated entry overwrites the hand-written one: remove the Info.plist entry",
                              file: plist.file, line: plist.document.line(declaration.keyPath), icon: declaration.name, role: .alternate)
                }
            }
        }
        checkIconName(plist, into: &sink)
    }

    private func reportMissingSet(_ name: String, setting: String, role: IconRole, file: String, line: Int?, into sink: inout FindingSink) {
        if sources.set(named: name) != nil { return }
        if let folded = sources.set(namedIgnoringCase: name) {
            sink.emit("path-case-mismatch", "\(setting) names '\(name)' but the set is '\(folded.name)' (\(folded.path)); it works on a default macOS volume but not on a case-sensitive one: make the names match",
                      file: file, line: line, icon: name, role: role)
            return
        }
        let available = sources.iconSets.filter(\.isIOS).map(\.name).sorted()
        let hint = available.isEmpty ? "the target's asset catalogs have no app icon sets" : "sets found: \(available.prefix(8).joined(separator: ", "))\(available.count > 8 ? ", …" : "")"
        sink.emit("appiconset-not-found", "\(setting) names '\(name)' but no asset catalog of target \(unit.target ?? "the app") has \(name).appiconset (\(hint)); actool fails with \"None of the input catalogs contained a matching app icon set\": fix the name or add the set",
                  file: file, line: line, icon: name, role: role)
    }

    /// The set that is evidently meant as the primary icon although no setting names it.
    var iconNameMissingSet: AppIconSet? {
        // A name that is written but expands to nothing is build-setting-malformed's (or unknown).
        guard settings.known, !settings.incomplete, settings.appIconName?.isEmpty ?? true,
              (settings.appIconNameRaw ?? "").trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let primaryDeclarations = (plist?.declarations ?? []).filter { $0.role == .primary }
        guard !primaryDeclarations.contains(where: { $0.iconName != nil || !($0.files ?? []).isEmpty }),
              settings.infoPlistKeys["CFBundleIconName"] == nil else { return nil }
        let candidates = sources.iconSets.filter { $0.isIOS && $0.kind == .appiconset }
        return candidates.first { $0.bareName == "AppIcon" } ?? candidates.first
    }

    /// The primary icon is only in the catalog, but nothing names it: CFBundleIconName is never generated.
    private func checkIconName(_ plist: InfoPlistChecks?, into sink: inout FindingSink) {
        guard let set = iconNameMissingSet else { return }
        sink.emit("icon-name-missing", "the app's icon is the asset catalog's \(set.name) but ASSETCATALOG_COMPILER_APPICON_NAME is not set, so the build never writes CFBundleIconName and App Store Connect rejects the upload (ITMS-90713); set ASSETCATALOG_COMPILER_APPICON_NAME = \(set.name)",
                  file: settingsFile, line: settingsLine, icon: set.name, role: .primary)
    }
}
