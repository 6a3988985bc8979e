import Foundation

/// What an app's catalogs hold for its icons in one build configuration: which sets the
/// build compiles and in which role, and the images their slots name. Read by the catalog rules.
struct CatalogIconAnalysis: Sendable {
    /// An image a slot of a compiled set names.
    struct SlotUse: Sendable {
        var set: AppIconSet
        var slot: AppIconSlot
        var image: ImageUse
    }

    /// The primary icon's set name in this configuration.
    let primaryName: String?
    private let settings: IconBuildSettings
    /// Sets the build compiles in this configuration, with their role.
    private(set) var compiled: [(set: AppIconSet, role: IconRole)] = []
    /// Sets no setting of this configuration includes and no configuration or app uses as its primary.
    private(set) var notIncluded: [AppIconSet] = []
    /// Sets no setting includes that a Run Script phase of the target embeds itself.
    private(set) var embeddedByScript: [(set: AppIconSet, by: ScriptPhaseEmbedding)] = []
    /// Sets the alternates list names in another letter case (see
    /// `CatalogIconSources.alternateListedIgnoringCase`): compiled on a case-insensitive volume
    /// only, which path-case-mismatch reports; examined as the alternates they are meant to be.
    private(set) var listedIgnoringCase: [(set: AppIconSet, listed: String)] = []
    /// Sets that would be `notIncluded`, but a setting that decides it is unknown.
    private(set) var unchecked: [AppIconSet] = []
    /// Images the slots of examined sets name (see `examined`).
    private(set) var slotUses: [SlotUse] = []
    /// Slots naming a file the set's folder lacks (iOS slots of examined sets).
    private(set) var missingFiles: [(set: AppIconSet, slot: AppIconSlot)] = []
    /// Slots naming a file found only when letter case is ignored.
    private(set) var caseFoldedFiles: [(set: AppIconSet, named: String, actual: String)] = []

    var imageUses: [ImageUse] { slotUses.map(\.image) }
    /// What the analysis itself settled as a note (a list that decides nothing, a Run Script
    /// phase that embeds sets); `notes` adds what an unknown setting left unchecked.
    private var settledNotes: [String] = []

    init(
        settings: IconBuildSettings, sources: CatalogIconSources, plist: PlistIconAnalysis?, usage: CatalogUsage, target: String? = nil,
        scriptPhases: [ScriptPhase] = []
    ) {
        self.settings = settings
        if settings.known {
            primaryName = settings.appIconName.flatMap { $0.isEmpty ? nil : $0 }
        } else if let name = plist?.primaryIconName {
            primaryName = name
        } else {
            // Without a project file nothing says which set is the primary: Xcode's templates
            // (and XcodeGen's defaults) name it AppIcon.
            primaryName = sources.set(named: "AppIcon") != nil ? "AppIcon" : nil
        }
        for catalog in sources.catalogs {
            for set in catalog.iconSets where set.isIOS {
                if isPrimary(set) {
                    compiled.append((set, .primary))
                } else if !settings.known || sources.isIncluded(set.name) {
                    compiled.append((set, .alternate))
                } else if let listed = sources.alternateListedIgnoringCase(set) {
                    listedIgnoringCase.append((set, listed))
                } else if set.kind == .appiconset,
                    !usage.isPrimaryElsewhere(set, catalog: catalog.path),
                    !usage.isAlternateElsewhere(set, catalog: catalog.path),
                    // A leftover set whose alternate the Info.plist provides from loose files works,
                    // and Xcode's empty template set (no image in any slot) is no icon at all.
                    !Self.providedByLooseFiles(set, plist: plist),
                    set.slots.contains(where: { $0.filename != nil }) || set.contentsProblem != nil,
                    !(primaryName == nil && set.bareName == "AppIcon")
                {
                    if let embedding = ScriptPhaseEmbedding.phase(handling: set, catalog: catalog.path, among: scriptPhases) {
                        embeddedByScript.append((set, embedding))
                    } else if settings.incomplete {
                        unchecked.append(set)
                    } else {
                        notIncluded.append(set)
                    }
                }
            }
        }
        for (set, role) in examined where set.kind == .appiconset {
            plan(set, role: role)
        }
        if let note = Self.listUnderIncludeAll(settings: settings, sources: sources, target: target) { settledNotes.append(note) }
        if let note = Self.unreadCatalogNote(settings: settings, sources: sources, target: target) { settledNotes.append(note) }
        for phase in scriptPhases {
            let handled = embeddedByScript.filter { $0.by.phase == phase }
            guard let first = handled.first else { continue }
            settledNotes.append(ScriptPhaseEmbedding.note(first.by, sets: handled.map(\.set.name), target: target))
        }
    }

    /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES under INCLUDE_ALL_APPICON_ASSETS = YES:
    /// the build compiles every set whatever the list names, so commas in it (`"og, joy"`
    /// names `og,`) and names without a set fail nothing; shipping apps build so. A note, not a
    /// finding; nil when the list is sound.
    static func listUnderIncludeAll(settings: IconBuildSettings, sources: CatalogIconSources, target: String?) -> String? {
        guard settings.known, settings.includeAllAppIcons, let raw = settings.alternateNamesRaw else { return nil }
        let separators = raw.contains { $0 == "," || $0 == ";" }
        // `og,` is the set `og` misspelt by its comma: absent when neither exists.
        let absent = settings.alternateNames.compactMap { name -> String? in
            let bare = name.trimmingCharacters(in: CharacterSet(charactersIn: ",;"))
            let exists = { (name: String) in sources.set(named: name) != nil || sources.set(namedIgnoringCase: name) != nil }
            guard !bare.isEmpty, !exists(name), !exists(bare) else { return nil }
            return bare
        }
        guard separators || !absent.isEmpty else { return nil }
        func quoted(_ names: [String], _ last: String) -> String {
            let words = names.map { "\"\($0)\"" }
            return words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(last) " + words[words.count - 1]
        }
        var why: [String] = []
        if separators { why.append("the build splits it at spaces only, so it names \(quoted(settings.alternateNames, "and"))") }
        if !absent.isEmpty { why.append("no app icon set is named \(quoted(absent, "or"))") }
        let file = settings.alternateNamesLocation?.file ?? settings.location?.file
        // A .NET project's <AlternateAppIcon> items (each one name: no separators to misread).
        if let file, file.lowercased().hasSuffix(".csproj"), !absent.isEmpty {
            return
                "\(file): where <IncludeAllAppIcons>true</IncludeAllAppIcons> holds, <AlternateAppIcon Include=…> naming \(quoted(absent, "and")) is not reported: no app icon set is named so, but that build compiles every app icon set, so it does not fail; to keep the items true, remove those that name no set"
        }
        return
            "\(file.map { $0 + ": " } ?? "")\(target.map { "target \($0)'s " } ?? "")ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"\(raw)\" is not reported: \(why.joined(separator: ", and ")), but with ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES the build compiles every app icon set whatever the list names, so it does not fail; to keep the list true, name only sets that exist, separated by spaces (or clear the setting)"
    }

    /// The sets the settings name that no catalog iconlint read holds, while a catalog the target
    /// compiles from outside the linted root could: appiconset-not-found, and what the sets' own
    /// images would show, were not checked for them. Nil when there are none.
    static func unreadCatalogNote(settings: IconBuildSettings, sources: CatalogIconSources, target: String?) -> String? {
        let unread = sources.unreadCatalogs
        guard settings.known, !unread.isEmpty else { return nil }
        var names: [String] = []
        if let primary = settings.appIconName, !primary.isEmpty, sources.mayBeUnread(primary) { names.append(primary) }
        names += settings.alternateNames.filter { $0 != settings.appIconName && !$0.contains(",") && sources.mayBeUnread($0) }
        guard !names.isEmpty else { return nil }
        let file = settings.alternateNamesLocation?.file ?? settings.location?.file
        let sets =
            names.count == 1
            ? "the app icon set \(names[0]) was" : "the app icon sets \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) were"
        let catalogs = unread.count == 1 ? unread[0] : "\(unread.dropLast().joined(separator: ", ")) or \(unread[unread.count - 1])"
        let pronoun = names.count == 1 ? "it" : "they"
        return
            "\(file.map { $0 + ": " } ?? "")\(target.map { "target \($0): " } ?? "")\(sets) not checked (appiconset-not-found, and the images of \(names.count == 1 ? "the set" : "the sets")): no catalog iconlint read holds \(names.count == 1 ? "it" : "them"), and \(pronoun) may be in \(catalogs), which the target compiles from outside the linted folder; lint a folder that contains \(unread.count == 1 ? "it" : "them")"
    }

    /// Sets whose own defects are reported (empty slots, missing files, sizes, pixels): those the
    /// build compiles, and the alternates it does not include, whose defects would otherwise
    /// appear only once the user has followed appiconset-not-included's advice.
    var examined: [(set: AppIconSet, role: IconRole)] {
        compiled + listedIgnoringCase.map { ($0.set, .alternate) } + notIncluded.map { ($0, .alternate) }
            + embeddedByScript.map { ($0.set, .alternate) }
    }

    /// What the analysis left unchecked, each a sentence (reported as notes): its own, then
    /// what could not be checked because a setting is unknown (an xcconfig that is not in the
    /// repository could set it), a note per missing file naming the rule and the settings.
    var notes: [String] {
        var notes = settledNotes
        // No primary set: marketing-icon-missing and icon-name-missing need the name a missing file could give.
        if settings.known, primarySet == nil, let file = settings.unknownSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] {
            notes.append(
                "\(file): marketing-icon-missing and icon-name-missing were not checked: ASSETCATALOG_COMPILER_APPICON_NAME "
                    + "could be set in \(file), which is not in the repository; lint with that file in place to check them")
        }
        guard !unchecked.isEmpty, !settings.unknownSettings.isEmpty else { return notes }
        let deciding = [
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS",
            "ASSETCATALOG_COMPILER_APPICON_NAME",
        ]
        let byFile = Dictionary(grouping: deciding.filter { settings.unknownSettings[$0] != nil }) { settings.unknownSettings[$0]! }
        let sets = unchecked.map(\.path).sorted()
        let listed = sets.count > 4 ? sets.prefix(4).joined(separator: ", ") + " and \(sets.count - 4) more" : sets.joined(separator: ", ")
        return notes
            + byFile.keys.sorted().map { file in
                let names = byFile[file, default: []]
                return
                    "\(file): appiconset-not-included was not checked for \(listed): \(names.dropLast().joined(separator: ", "))\(names.count > 1 ? " and " : "")\(names.last ?? "") "
                    + "could be set in \(file), which is not in the repository; lint with that file in place to check it"
            }
    }

    /// The Info.plist declares an alternate of the set's name whose entries reach files of the bundle.
    static func providedByLooseFiles(_ set: AppIconSet, plist: PlistIconAnalysis?) -> Bool {
        guard let plist else { return false }
        return plist.declarationsWithEntries.contains { declaration, entries in
            declaration.role == .alternate && (declaration.name == set.name || declaration.name == set.bareName)
                && entries.contains { !$0.uses.isEmpty }
        }
    }

    func isPrimary(_ set: AppIconSet) -> Bool {
        guard let primaryName else { return false }
        return set.name == primaryName || set.bareName == primaryName
    }

    /// The set compiled as the primary icon, if any.
    var primarySet: AppIconSet? { compiled.first { $0.role == .primary }?.set }

    private mutating func plan(_ set: AppIconSet, role: IconRole) {
        for slot in set.slots where slot.isIOS {
            guard let filename = slot.filename else { continue }
            var actual = filename
            if !set.files.contains(filename) {
                guard let folded = set.files.first(where: { $0.lowercased() == filename.lowercased() }) else {
                    missingFiles.append((set, slot))
                    continue
                }
                caseFoldedFiles.append((set, filename, folded))
                actual = folded
            }
            let image = ImageUse(
                path: set.path + "/" + actual, icon: set.name, role: role, idiom: Idiom(rawValue: slot.idiom),
                appearance: slot.appearance, isMarketing: role == .primary && slot.isMarketing)
            slotUses.append(SlotUse(set: set, slot: slot, image: image))
        }
    }
}
