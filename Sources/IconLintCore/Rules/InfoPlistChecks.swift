import Foundation
import PNGKit

/// An icon file a declaration reached, and what its slot expects.
struct IconFileUse: Sendable {
    var path: String
    var declaration: IconDeclaration
    var entry: String
    /// Pixel sizes that fit the file's name or slot; empty when anything goes.
    var expected: Set<Int>
    var expectation: String
}

/// The Info.plist side of one app: declarations, lookup of their files, and the rules
/// of RULES.md's "Info.plist icons" section.
struct InfoPlistChecks {
    let unit: AppUnit
    let document: PlistDocument
    let context: LintContext
    let catalogSources: CatalogIconSources

    private(set) var declarations: [IconDeclaration] = []
    private(set) var uses: [IconFileUse] = []
    private var outcomes: [DeclarationOutcome] = []

    init(unit: AppUnit, document: PlistDocument, context: LintContext, catalogSources: CatalogIconSources) {
        self.unit = unit
        self.document = document
        self.context = context
        self.catalogSources = catalogSources
    }

    private struct DeclarationOutcome {
        var declaration: IconDeclaration
        /// Entries that reached no file, with why.
        var unresolved: [(entry: String, line: Int?)] = []
        var resolvedByBuild = false
    }

    var file: String { document.path }

    /// `primaryFromCatalog`, worked out once after the declarations are read: asked per
    /// unresolved entry, it would otherwise make a plist with many entries quadratic.
    private var primaryFromCatalogOnce = false

    /// Whether the build's asset catalog provides the primary icon (then the build rewrites
    /// the primary entries).
    var primaryFromCatalog: Bool {
        primaryFromCatalogOnce
    }

    private var primaryFromCatalogNow: Bool {
        if unit.settings.known {
            if let name = unit.settings.appIconName, !name.isEmpty { return catalogSources.set(named: name) != nil }
            return false
        }
        let iconName = declarations.first { $0.role == .primary && $0.iconName != nil }?.iconName
        if let iconName { return catalogSources.set(named: iconName) != nil }
        return false
    }

    /// The primary icon set's name: from the build settings, else the plist's CFBundleIconName.
    var primaryIconName: String? {
        if unit.settings.known { return unit.settings.appIconName.flatMap { $0.isEmpty ? nil : $0 } }
        return document.root["CFBundleIcons"].flatMap { ($0 as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any] }?["CFBundleIconName"] as? String
    }

    /// The app runs on iPad: TARGETED_DEVICE_FAMILY / UIDeviceFamily holds 2, or a `~ipad` key exists.
    var runsOnIPad: Bool {
        if unit.runsOnIPad { return true }
        if let families = document.root["UIDeviceFamily"] as? [Any],
           families.contains(where: { ($0 as? NSNumber)?.intValue == 2 || ($0 as? String) == "2" }) {
            return true
        }
        return document.root.keys.contains { $0.hasSuffix("~ipad") }
    }

    /// Reads declarations (reporting structural problems) and resolves their files.
    mutating func resolve(into sink: inout FindingSink) {
        let path = document.path
        var structural: [(String, String, [String], String?, IconRole?, Idiom?)] = []
        let reader = IconDeclarationReader(document: document) { rule, message, keyPath, icon, role, idiom in
            structural.append((rule, message, keyPath, icon, role, idiom))
        }
        declarations = reader.read()
        primaryFromCatalogOnce = primaryFromCatalogNow
        for (rule, message, keyPath, icon, role, idiom) in structural {
            sink.emit(rule, message, file: path, line: document.line(keyPath), icon: icon, role: role, idiom: idiom)
        }
        for declaration in declarations {
            outcomes.append(resolve(declaration, into: &sink))
        }
    }

    private mutating func resolve(_ declaration: IconDeclaration, into sink: inout FindingSink) -> DeclarationOutcome {
        var outcome = DeclarationOutcome(declaration: declaration)
        let where_ = "\(declaration.displayName) (\(declaration.idiomText), \(declaration.containerKey.isEmpty ? "CFBundleIconFiles" : declaration.containerKey))"
        // An alternate whose name is an included app icon set: the build generates its entry.
        if declaration.role == .alternate, catalogSources.isIncluded(declaration.name) {
            outcome.resolvedByBuild = true
            return outcome
        }
        guard let files = declaration.files else { return outcome }
        let filesPath = declaration.keyPath.last == "CFBundleIconFiles" ? declaration.keyPath : declaration.keyPath + ["CFBundleIconFiles"]
        var seen: Set<String> = []
        // Once per declaration, not per entry: a plist with thousands of entries stays linear.
        let listed = Set(files.map { IconFileName($0) }.map { [$0.base, String($0.scale ?? 1), $0.device ?? ""].joined(separator: "|") })
        for (index, entry) in files.enumerated() {
            let line = document.line(filesPath + [String(index)]) ?? document.line(filesPath)
            if !seen.insert(entry).inserted {
                sink.emit("icon-entry-duplicate", "\(where_) lists \"\(entry)\" twice in CFBundleIconFiles; remove the repeated entry",
                          file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
                continue
            }
            let parsed = IconFileName(entry)
            if parsed.modifierMisordered {
                sink.emit("icon-modifier-order", "\(where_) lists \"\(entry)\": the scale must come before the device modifier; rename the file and the entry to \"\(parsed.base)@\(parsed.scale ?? 2)x~\(parsed.device ?? "ipad")\(parsed.hasExtension ? ".png" : "")\"",
                          file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
            }
            if catalogSources.isIncluded(entry) || catalogSources.isGeneratedEntry(
                entry, primaryName: primaryIconName, anySet: declaration.role == .primary && primaryFromCatalog) {
                outcome.resolvedByBuild = true
                continue
            }
            let (found, outsideTarget) = lookup(entry, declaration: declaration, line: line, where_: where_, into: &sink)
            if found.isEmpty, outsideTarget {
                outcome.unresolved.append((entry, line))
            } else if found.isEmpty {
                outcome.unresolved.append((entry, line))
                reportUnresolved(entry, declaration: declaration, line: line, where_: where_, into: &sink)
            }
            uses.append(contentsOf: found)
            if !parsed.isLiteral { checkMisorderedFiles(entry, declaration: declaration, line: line, where_: where_, into: &sink) }
            if parsed.isLiteral { checkHiddenVariants(entry, parsed: parsed, listed: listed, declaration: declaration, line: line, where_: where_, into: &sink) }
        }
        return outcome
    }

    /// Files iOS finds for an entry, reporting case mismatches and files outside the target.
    /// Also says whether some candidate exists on disk outside the target (already reported).
    private func lookup(_ entry: String, declaration: IconDeclaration, line: Int?, where_: String,
                        into sink: inout FindingSink) -> (uses: [IconFileUse], outsideTarget: Bool) {
        var uses: [IconFileUse] = []
        var outsideTarget = false
        // A device-specific file (`Name@2x~ipad.png`) shadows the generic one of the same scale.
        let candidates = IconFileName.candidates(for: entry, idiom: declaration.idiom)
        let present = Set(candidates.filter { name in
            !context.index.pngs(named: name).filter { unit.resources.contains($0) }.isEmpty
        }.map { IconFileName($0) }.filter { $0.device != nil }.map { $0.scale ?? 1 })
        for candidate in candidates {
            let parsedCandidate = IconFileName(candidate)
            if parsedCandidate.device == nil, !parsedCandidate.isLiteralEntry(entry), present.contains(parsedCandidate.scale ?? 1) { continue }
            let exact = context.index.pngs(named: candidate)
            var inScope = exact.filter { unit.resources.contains($0) }
            if inScope.isEmpty {
                let folded = context.index.pngs(namedIgnoringCase: candidate).filter { unit.resources.contains($0) }
                if let match = folded.first {
                    let actual = (match as NSString).lastPathComponent
                    sink.emit("path-case-mismatch", "\(where_): entry \"\(entry)\" reaches \(match) only when letter case is ignored (\"\(candidate)\" vs \"\(actual)\"); it works on a default macOS volume but not on a case-sensitive one: make the names match exactly",
                              file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
                    inScope = [match]
                }
            }
            if inScope.isEmpty, let outside = exact.first {
                sink.emit("icon-file-not-in-target", "\(where_): \(outside) exists but target \(unit.target ?? "the app") does not copy it into the bundle, so iOS never finds \"\(candidate)\"; add it to the target's Copy Bundle Resources (File Inspector → Target Membership)",
                          file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
                outsideTarget = true
                continue
            }
            guard let path = inScope.first else { continue }
            let (expected, text) = expectation(for: candidate, declaration: declaration)
            uses.append(IconFileUse(path: path, declaration: declaration, entry: entry, expected: expected, expectation: text))
        }
        return (uses, outsideTarget)
    }

    /// The pixel sizes a file may have: from its name (`AppIcon60x60@2x` → 120), else its slot.
    private func expectation(for name: String, declaration: IconDeclaration) -> (Set<Int>, String) {
        let parsed = IconFileName(name)
        if let pixels = parsed.namedPixels {
            return ([pixels], "its name says \(pixels.pixelText)")
        }
        guard declaration.role == .alternate else { return ([], "") }
        let scale = parsed.scale ?? 1
        if declaration.idiom == .ipad, parsed.device == nil {
            // A generic file listed for iPad is usually the iPhone image reused; the missing
            // iPad sizes are reported once by alternate-icon-size-missing.
            return ([], "")
        }
        if parsed.device == "ipad" {
            switch scale {
            case 1: return ([76], "an iPad @1x home-screen icon is 76×76")
            case 2: return ([152, 167], "an iPad @2x home-screen icon is 152×152 (iPad) or 167×167 (iPad Pro)")
            default: return ([], "")
            }
        }
        switch scale {
        case 1: return ([60], "an iPhone @1x home-screen icon is 60×60")
        case 2: return ([120], "an iPhone @2x home-screen icon is 120×120")
        case 3: return ([180], "an iPhone @3x home-screen icon is 180×180")
        default: return ([], "")
        }
    }

    private func reportUnresolved(_ entry: String, declaration: IconDeclaration, line: Int?, where_: String,
                                  into sink: inout FindingSink) {
        let tried = IconFileName.candidates(for: entry, idiom: declaration.idiom)
        let wanted = IconFileName(entry).isLiteral ? "\"\(tried[0])\"" : tried.prefix(declaration.idiom == .ipad ? 4 : 3).map { "\"\($0)\"" }.joined(separator: ", ")
        // In a catalog only: the Info.plist lookup never reaches it.
        if let hit = catalogSources.catalogHit(for: entry, alternateName: declaration.role == .alternate ? declaration.name : nil) {
            sink.emit("icon-in-asset-catalog", "\(where_): \"\(entry)\" exists only in the asset catalog as \(hit), where the Info.plist lookup never reaches it, so the icon does not change; put \(wanted) next to the app's other resources outside the .xcassets\(hit.hasSuffix(".appiconset") ? ", or add the set to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES" : "")",
                      file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
            return
        }
        let fromCatalog = declaration.role == .primary && primaryFromCatalog
        let message = "\(where_): CFBundleIconFiles entry \"\(entry)\" matches no PNG the build copies (looked for \(wanted)); "
            + (fromCatalog ? "the primary icon comes from the asset catalog and the build rewrites this entry, so remove the stale entry"
                : "add the files to the app target outside Assets.xcassets, or fix the entry's spelling")
        sink.emit("icon-file-missing", severity: fromCatalog ? .warning : .error, message, file: file, line: line,
                  icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
    }

    /// `Name~ipad@2x.png` next to an entry `Name`: iOS never finds it.
    private func checkMisorderedFiles(_ entry: String, declaration: IconDeclaration, line: Int?, where_: String,
                                      into sink: inout FindingSink) {
        for device in ["ipad", "iphone"] {
            for scale in 1...3 {
                let name = "\(entry)~\(device)@\(scale)x.png"
                for path in context.index.pngs(named: name) where unit.resources.contains(path) {
                    sink.emit("icon-modifier-order", "\(path): the scale must come before the device modifier, so iOS never finds it for \(where_); rename it to \(entry)@\(scale)x~\(device).png",
                              file: path, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
                }
            }
        }
    }

    /// A literal entry (`Icon@2x.png`) hides the other scales that exist on disk.
    /// `listed`: base|scale|device of every entry of the declaration.
    private func checkHiddenVariants(_ entry: String, parsed: IconFileName, listed: Set<String>, declaration: IconDeclaration,
                                     line: Int?, where_: String, into sink: inout FindingSink) {
        let scales = declaration.idiom == .ipad ? [1, 2] : [1, 2, 3]
        var hidden: [String] = []
        for scale in scales where scale != (parsed.scale ?? 1) {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            let device = parsed.device.map { "~" + $0 } ?? ""
            let name = "\(parsed.base)\(suffix)\(device).png"
            let key = [parsed.base, String(scale), parsed.device ?? ""].joined(separator: "|")
            if listed.contains(key) { continue }
            if context.index.pngs(named: name).contains(where: { unit.resources.contains($0) }) { hidden.append(name) }
        }
        guard !hidden.isEmpty else { return }
        sink.emit("icon-name-has-suffix", "\(where_): entry \"\(entry)\" names one file exactly, so iOS never uses \(hidden.joined(separator: ", ")) on disk; write the entry as \"\(parsed.base)\" (no extension or scale) or list every variant",
                  file: file, line: line, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
    }

    /// Size and presence rules, once image headers are loaded.
    func checkSizes(into sink: inout FindingSink) {
        for use in uses {
            guard let facts = context.facts(use.path), let header = facts.header, header.width == header.height,
                  !use.expected.isEmpty, !use.expected.contains(header.width) else { continue }
            let declaration = use.declaration
            sink.emit("icon-size-mismatch", "\(use.path) is \(header.width)×\(header.height) but \(use.expectation) (\(declaration.displayName), \(declaration.idiomText)); export it again at \(use.expected.sorted().map(\.pixelText).joined(separator: " or "))",
                      file: use.path, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
        }
        for outcome in outcomes where !outcome.resolvedByBuild {
            let declaration = outcome.declaration
            let found = uses.filter { $0.declaration == declaration }
            guard !found.isEmpty else { continue }
            let sizes = Set(found.compactMap { use -> Int? in
                guard let header = context.facts(use.path)?.header, header.width == header.height else { return nil }
                return header.width
            })
            let required: [Int]
            switch (declaration.role, declaration.idiom) {
            case (.alternate, .ipad): required = [152, 167]
            case (.alternate, _): required = [120, 180]
            case (.primary, .ipad): required = [152, 167]
            case (.primary, _): required = [120]
            }
            let missing = required.filter { !sizes.contains($0) }
            guard !missing.isEmpty else { continue }
            let where_ = "\(declaration.displayName) (\(declaration.idiomText), \(declaration.containerKey.isEmpty ? "CFBundleIconFiles" : declaration.containerKey))"
            let line = document.line(declaration.keyPath)
            let have = sizes.isEmpty ? "none of the right size" : sizes.pixelList
            if declaration.role == .alternate {
                let base = IconFileName(declaration.files?.first ?? declaration.name).base
                let names = missing.map { size -> String in
                    switch size {
                    case 152: "\(base)76x76@2x~ipad.png (152×152)"
                    case 167: "\(base)83.5x83.5@2x~ipad.png (167×167)"
                    case 180: "\(base)@3x.png (180×180)"
                    default: "\(base)@2x.png (120×120)"
                    }
                }
                let hint = "add " + names.joined(separator: " and ")
                    + (declaration.idiom == .ipad ? " and list their names (\(base)76x76, \(base)83.5x83.5) in CFBundleIconFiles" : "")
                let fallback = declaration.idiom == .ipad && !sizes.isEmpty && sizes.isSubset(of: [120, 180]) ? " (an iPad scales the iPhone image up)" : ""
                sink.emit("alternate-icon-size-missing", "\(where_) lacks \(missing.pixelList) (found \(have))\(fallback); App Store Connect flags the upload (ITMS-90890/90892 \"Missing recommended icon\"): \(hint)",
                          file: file, line: line, icon: declaration.name, role: .alternate, idiom: declaration.idiom)
            } else if !primaryFromCatalog {
                sink.emit("primary-icon-size-missing", "\(where_) lacks \(missing.pixelList) (found \(have)); App Store Connect refuses the upload (ITMS-90022/90023): add the missing sizes or move the primary icon to an app icon set",
                          file: file, line: line, icon: declaration.name, role: .primary, idiom: declaration.idiom)
            }
        }
        checkIPadAlternates(into: &sink)
    }

    /// Alternates declared for iPhone but not again for iPad, when the app runs on iPad.
    private func checkIPadAlternates(into sink: inout FindingSink) {
        guard runsOnIPad else { return }
        let iPadNames = Set(declarations.filter { $0.idiom == .ipad && $0.role == .alternate }.map(\.name))
        for outcome in outcomes where outcome.declaration.idiom == .iphone && outcome.declaration.role == .alternate
            && !outcome.resolvedByBuild && !iPadNames.contains(outcome.declaration.name) {
            let declaration = outcome.declaration
            sink.emit("ipad-alternate-missing", "alternate icon '\(declaration.name)' is declared in CFBundleIcons but not in CFBundleIcons~ipad, and the app runs on iPad, where setAlternateIconName(\"\(declaration.name)\") then fails; add the same entry under CFBundleIcons~ipad → CFBundleAlternateIcons with 152 and 167 px files",
                      file: file, line: document.line(declaration.keyPath), icon: declaration.name, role: .alternate, idiom: .ipad)
        }
    }
}
