import Foundation

/// Build settings that decide where icons come from, for one app target and configuration.
public struct IconBuildSettings: Sendable, Hashable {
    /// False when there is no project file: nothing is known of the build.
    public var known = false
    public var appIconName: String?
    /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES as written (for the malformed check).
    public var alternateNamesRaw: String?
    public var alternateNames: [String] = []
    public var includeAllAppIcons = false
    /// TARGETED_DEVICE_FAMILY: 1 iPhone, 2 iPad.
    public var deviceFamily: [Int]?
    public var generateInfoPlist = false
    /// INFOPLIST_KEY_* settings, without the prefix.
    public var infoPlistKeys: [String: String] = [:]
    /// Icon settings that name variables expanding to nothing: (setting, variables).
    public var emptyExpansions: [String: [String]] = [:]
    /// Where the icon settings come from (a pbxproj or xcconfig), for messages.
    public var location: Location?

    public init() {}

    /// The same settings without where they were written (for grouping configurations).
    var withoutLocation: IconBuildSettings {
        var copy = self
        copy.location = nil
        return copy
    }
}

/// Which files the build copies into the app bundle.
public struct ResourceScope: Sendable {
    /// True when there is no project file: every file outside asset catalogs counts.
    public var isWholeTree: Bool
    private let member: @Sendable (String) -> Bool

    public init(isWholeTree: Bool, contains: @escaping @Sendable (String) -> Bool) {
        self.isWholeTree = isWholeTree
        member = contains
    }

    public static let wholeTree = ResourceScope(isWholeTree: true) { _ in true }

    public func contains(_ relativePath: String) -> Bool { member(relativePath) }
}

/// One app to lint: an Info.plist with its target, configurations and build settings.
public struct AppUnit: Sendable {
    public var target: String?
    /// Configurations this unit stands for (identical inputs are linted once).
    public var configurations: [String] = []
    /// Every configuration of the target.
    public var allConfigurations: [String] = []
    public var plistPath: String?
    public var settings = IconBuildSettings()
    public var resources = ResourceScope.wholeTree
    /// Root-relative catalogs the target compiles (all catalogs when there is no project).
    public var catalogPaths: [String] = []
    /// Root-relative Icon Composer bundles the target copies (all of them without a project).
    public var iconBundlePaths: [String] = []

    public init() {}

    /// The configuration label for findings: nil when the unit stands for all of them.
    var configurationLabel: String? {
        configurations.isEmpty || Set(configurations) == Set(allConfigurations) ? nil : configurations.joined(separator: ", ")
    }

    var runsOnIPad: Bool {
        settings.deviceFamily?.contains(2) ?? false
    }
}
