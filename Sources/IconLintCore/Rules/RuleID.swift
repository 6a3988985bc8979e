/// Every rule's stable id: a public interface (reports, `--disable`, `.iconlint.json`).
/// The compiler rejects an id that is not here; the catalogue gives each one its rule.
public enum RuleID: String, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    // Reading the project
    case projectUnreadable = "project-unreadable"
    case projectReferenceDangling = "project-reference-dangling"
    case folderUnreadable = "folder-unreadable"
    case plistUnreadable = "plist-unreadable"
    // Info.plist icons
    case alternateIconsMisplaced = "alternate-icons-misplaced"
    case iconEntryMalformed = "icon-entry-malformed"
    case iconFileMissing = "icon-file-missing"
    case iconInAssetCatalog = "icon-in-asset-catalog"
    case iconNameHasSuffix = "icon-name-has-suffix"
    case iconEntryDuplicate = "icon-entry-duplicate"
    case iconFileNotInTarget = "icon-file-not-in-target"
    case pathCaseMismatch = "path-case-mismatch"
    case iconModifierOrder = "icon-modifier-order"
    case ipadAlternateMissing = "ipad-alternate-missing"
    case alternateIconSizeMissing = "alternate-icon-size-missing"
    case primaryIconSizeMissing = "primary-icon-size-missing"
    case iconSizeMismatch = "icon-size-mismatch"
    case iconNameMissing = "icon-name-missing"
    case marketingIconMissing = "marketing-icon-missing"
    case alternateIconConflict = "alternate-icon-conflict"
    // The app's code
    case unknownAlternateIconName = "unknown-alternate-icon-name"
    case alternateIconUnused = "alternate-icon-unused"
    // Image files
    case iconNotPNG = "icon-not-png"
    case iconCorrupt = "icon-corrupt"
    case iconNotSquare = "icon-not-square"
    case iconHasTransparency = "icon-has-transparency"
    case marketingIconAlpha = "marketing-icon-alpha"
    case iconInterlaced = "icon-interlaced"
    // Asset catalogs and build settings
    case appiconsetNotIncluded = "appiconset-not-included"
    case appiconsetNotFound = "appiconset-not-found"
    case appiconsetFileMissing = "appiconset-file-missing"
    case appiconsetSizeMismatch = "appiconset-size-mismatch"
    case appiconsetSlotMissing = "appiconset-slot-missing"
    case appiconsetUnassignedChild = "appiconset-unassigned-child"
    case appiconsetDuplicateName = "appiconset-duplicate-name"
    case alternateIsPrimary = "alternate-is-primary"
    case buildSettingMalformed = "build-setting-malformed"
    case tintedIconNotGrayscale = "tinted-icon-not-grayscale"
    case contentsJSONMalformed = "contents-json-malformed"
    case mauiIconMissing = "maui-icon-missing"

    case expoIconMissing = "expo-icon-missing"
    case expoIconUnsuitable = "expo-icon-unsuitable"
    case expoPrebuildStale = "expo-prebuild-stale"

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

    /// The id as written in reports and configuration.
    public var description: String { rawValue }
}
