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
    /// Sets that would be `notIncluded`, but a setting that decides it is unknown.
    private(set) var unchecked: [AppIconSet] = []
    private(set) var slotUses: [SlotUse] = []
    /// Slots naming a file the set's folder lacks (iOS slots of compiled sets).
    private(set) var missingFiles: [(set: AppIconSet, slot: AppIconSlot)] = []
    /// Slots naming a file found only when letter case is ignored.
    private(set) var caseFoldedFiles: [(set: AppIconSet, named: String, actual: String)] = []

    var imageUses: [ImageUse] { slotUses.map(\.image) }

    init(settings: IconBuildSettings, sources: CatalogIconSources, plist: PlistIconAnalysis?, usage: CatalogUsage) {
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
                } else if set.kind == .appiconset,
                    !usage.isPrimaryElsewhere(set, catalog: catalog.path),
                    !usage.isAlternateElsewhere(set, catalog: catalog.path),
                    // A leftover set whose alternate the Info.plist provides from loose files works,
                    // and Xcode's empty template set (no image in any slot) is no icon at all.
                    !Self.providedByLooseFiles(set, plist: plist),
                    set.slots.contains(where: { $0.filename != nil }) || set.contentsProblem != nil,
                    !(primaryName == nil && set.bareName == "AppIcon")
                {
                    if settings.incomplete { unchecked.append(set) } else { notIncluded.append(set) }
                }
            }
        }
        for (set, role) in compiled where set.kind == .appiconset {
            plan(set, role: role)
        }
    }

    /// What could not be checked because a setting is unknown (an xcconfig that is not in the
    /// repository could set it): a note per missing file, naming the rule and the settings.
    var notes: [String] {
        var notes: [String] = []
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
