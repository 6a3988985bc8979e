import Foundation

/// The app icon sets a unit's catalogs hold, and which of them the build includes.
struct CatalogIconSources {
    let catalogs: [AssetCatalog]
    let settings: IconBuildSettings

    var iconSets: [AppIconSet] { catalogs.flatMap(\.iconSets) }

    /// Catalogs the build compiles from outside the linted root: never read (see `mayBeUnread`).
    var unreadCatalogs: [String] { catalogs.filter(\.isOutsideRoot).map(\.path) }

    /// No catalog that was read holds a set of this name (in any letter case), but one that was
    /// not read could: whether it exists is not known.
    func mayBeUnread(_ name: String) -> Bool {
        !unreadCatalogs.isEmpty && set(named: name) == nil && set(namedIgnoringCase: name) == nil
    }

    /// `isIncluded`, or a set of that name would be included and may be in a catalog that was
    /// not read (the settings name it, or include all sets).
    func mayBeIncluded(_ name: String) -> Bool {
        if isIncluded(name) { return true }
        guard settings.known, mayBeUnread(name) else { return false }
        return settings.includeAllAppIcons || settings.appIconName == name || settings.alternateNames.contains(name)
    }

    /// An Info.plist entry whose files an included set of a catalog that was not read may
    /// provide: the set's name, or the files actool writes for it (`Dark60x60`).
    func mayBeProvidedByUnread(_ entry: String, alternateName: String?) -> Bool {
        guard !unreadCatalogs.isEmpty else { return false }
        if let alternateName, mayBeIncluded(alternateName), !isIncluded(alternateName) { return true }
        if mayBeIncluded(entry), !isIncluded(entry) { return true }
        guard let (points, stem) = IconFileName.sizeSuffix(entry), Self.generatedPoints.contains(points),
            entry.hasSuffix(points + "x" + points)
        else { return false }
        return mayBeUnread(String(stem))
    }

    /// The set of that name (exact, or by folder name when namespaced).
    func set(named name: String) -> AppIconSet? {
        iconSets.first { $0.name == name } ?? iconSets.first { $0.bareName == name }
    }

    /// A set whose name matches only when case is ignored.
    func set(namedIgnoringCase name: String) -> AppIconSet? {
        set(named: name) == nil ? iconSets.first { $0.name.lowercased() == name.lowercased() } : nil
    }

    /// Names the build compiles into the app: the primary, the listed alternates, or all with include-all.
    func isIncluded(_ name: String) -> Bool {
        guard settings.known, let set = set(named: name) else { return false }
        if settings.includeAllAppIcons { return set.isIOS }
        return settings.appIconName == name || settings.alternateNames.contains(name)
            || settings.appIconName == set.name || settings.alternateNames.contains(set.name)
    }

    /// The alternates-list name that reaches `set` only when letter case is ignored
    /// (`AppIcon-Black` for AppIcon-black.appiconset), without INCLUDE_ALL_APPICON_ASSETS: actool
    /// finds the set on a case-insensitive volume (macOS's default) and not on a case-sensitive
    /// one. One mistake, path-case-mismatch's alone; nil when no such name is listed.
    func alternateListedIgnoringCase(_ set: AppIconSet) -> String? {
        guard settings.known, !settings.includeAllAppIcons else { return nil }
        let names = [set.name.lowercased(), set.bareName.lowercased()]
        return settings.alternateNames.first { name in
            name != settings.appIconName && names.contains(name.lowercased()) && self.set(named: name) == nil
        }
    }

    /// An entry naming files the asset compiler writes for an included set (`AppIcon60x60`,
    /// `Dark76x76`): the build puts them into the bundle, so the entry resolves.
    /// With `anySet`, any set of the catalog counts (the primary entry, which the build rewrites
    /// per configuration: `AppIcon60x60` stays harmless in a Beta build using `AppIcon-Beta`).
    func isGeneratedEntry(_ entry: String, primaryName: String?, anySet: Bool = false) -> Bool {
        // Xcode's build writes `NAME20x20` … `NAME83.5x83.5` for a set's loose files.
        guard let (points, stem) = IconFileName.sizeSuffix(entry), Self.generatedPoints.contains(points),
            entry.hasSuffix(points + "x" + points)
        else { return false }
        let setName = String(stem)
        guard !setName.isEmpty, set(named: setName) != nil else { return false }
        return anySet || isIncluded(setName) || setName == primaryName
    }

    static let generatedPoints: Set<String> = ["20", "29", "40", "60", "76", "83.5"]

    /// Where an Info.plist entry exists inside a catalog (and so cannot be reached), if it does.
    func catalogHit(for entry: String, alternateName: String?) -> String? {
        let stem = IconFileName(entry).base
        for catalog in catalogs {
            for set in catalog.imageSets where set.bareName == entry || set.bareName == stem || set.files.contains(where: { IconFileName($0).base == stem }) {
                return set.path
            }
            for set in catalog.iconSets where !isIncluded(set.name) {
                if set.bareName == entry || set.bareName == stem || set.bareName == alternateName
                    || set.files.contains(where: { IconFileName($0).base == stem })
                {
                    return set.path
                }
            }
        }
        return nil
    }
}
