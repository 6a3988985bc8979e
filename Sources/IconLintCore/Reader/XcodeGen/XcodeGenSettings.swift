import Foundation

/// The settings XcodeGen writes into the project it generates, per configuration, in Xcode's
/// levels, each assignment pointing at the spec line it comes from.
///
/// Project level: SDKROOT when every target has one platform, the config-type presets, the
/// `options.deploymentTarget` versions, less any key the project's xcconfig for that
/// configuration sets; then the project's `settings`. Target level: the platform, product and
/// product-platform presets (`type: application` on iOS sets ASSETCATALOG_COMPILER_APPICON_NAME
/// = AppIcon), those of `supportedDestinations`, the target's `deploymentTarget`, less any key
/// the target's or the project's xcconfig sets; then the target's `settings`; then
/// INFOPLIST_FILE from `info.path` or the Info.plist found in the sources, unless the target's
/// settings set it. `options.settingPresets` (`all`, `project`, `targets`, `none`) turns presets off.
///
/// Only the presets that bear on icons are modelled (SDKROOT, SUPPORTED_PLATFORMS,
/// TARGETED_DEVICE_FAMILY, SUPPORTS_MACCATALYST, ASSETCATALOG_COMPILER_APPICON_NAME); the
/// compiler warnings of the base preset decide nothing here.
struct XcodeGenSettings {
    let spec: XcodeGenSpec
    /// Configurations in XcodeGen's order (by name), with their type (`debug`, `release`, other).
    let configs: [(name: String, type: String?)]

    init(spec: XcodeGenSpec) {
        self.spec = spec
        if let pairs = spec.root["configs"]?.pairs, !pairs.isEmpty {
            configs = pairs.map { ($0.key, $0.value.string?.lowercased()) }.sorted { $0.name < $1.name }
        } else {
            configs = [("Debug", "debug"), ("Release", "release")]
        }
    }

    var presets: String { spec.root["options"]?["settingPresets"]?.string ?? "all" }
    var projectPresets: Bool { presets == "all" || presets == "project" }
    var targetPresets: Bool { presets == "all" || presets == "targets" }

    // MARK: Presets

    /// What a platform's preset sets that bears on icons.
    static func platformPreset(_ platform: String) -> [(String, String)] {
        switch platform {
        case "iOS": [("SDKROOT", "iphoneos"), ("TARGETED_DEVICE_FAMILY", "1,2")]
        case "tvOS": [("SDKROOT", "appletvos"), ("TARGETED_DEVICE_FAMILY", "3")]
        case "macOS": [("SDKROOT", "macosx")]
        case "watchOS": [("SDKROOT", "watchos"), ("TARGETED_DEVICE_FAMILY", "4")]
        case "visionOS": [("SDKROOT", "xros"), ("TARGETED_DEVICE_FAMILY", "7")]
        default: []
        }
    }

    /// The product-platform preset: applications name their icon set.
    static func productPlatformPreset(type: String, platform: String) -> [(String, String)] {
        guard type == "application" else { return [] }
        switch platform {
        case "iOS", "macOS", "visionOS", "watchOS": return [("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon")]
        case "tvOS": return [("ASSETCATALOG_COMPILER_APPICON_NAME", "App Icon & Top Shelf Image")]
        default: return []
        }
    }

    /// SUPPORTED_PLATFORMS and TARGETED_DEVICE_FAMILY of one supported destination.
    static func destinationPreset(_ destination: String) -> (platforms: String?, family: String?, other: [(String, String)]) {
        switch destination {
        case "iOS": ("iphoneos iphonesimulator", "1,2", [("SUPPORTS_MACCATALYST", "NO")])
        case "tvOS": ("appletvos appletvsimulator", "3", [])
        case "watchOS": ("watchos watchsimulator", "4", [])
        case "visionOS": ("xros xrsimulator", "7", [])
        case "macOS": ("macosx", nil, [("SUPPORTS_MACCATALYST", "NO")])
        case "macCatalyst": (nil, nil, [("SUPPORTS_MACCATALYST", "YES")])
        default: (nil, nil, [])
        }
    }

    static let destinationOrder = ["iOS", "tvOS", "watchOS", "visionOS", "macOS", "macCatalyst"]

    static func deploymentSetting(_ platform: String) -> String? {
        switch platform {
        case "iOS": "IPHONEOS_DEPLOYMENT_TARGET"
        case "tvOS": "TVOS_DEPLOYMENT_TARGET"
        case "macOS": "MACOSX_DEPLOYMENT_TARGET"
        case "watchOS": "WATCHOS_DEPLOYMENT_TARGET"
        case "visionOS": "XROS_DEPLOYMENT_TARGET"
        default: nil
        }
    }

    // MARK: Levels

    /// The project level of `config` (after its xcconfig, which `xcconfigKeys` names).
    func projectLevel(config: (name: String, type: String?), platforms: [String], xcconfigKeys: Set<String>) -> [SettingAssignment] {
        projectLevelWithState(config: config, platforms: platforms, xcconfigKeys: xcconfigKeys).assignments
    }

    /// The project level as a `Level` (whose `truncated` says whether groups were cut).
    func projectLevelWithState(config: (name: String, type: String?), platforms: [String], xcconfigKeys: Set<String>) -> Level {
        var presets = Level(configuration: config.name, target: nil)
        let anchor = spec.root.pair("configs").map { Location(file: $0.value.file, line: $0.keyLine) } ?? Location(file: spec.path, line: 1)
        if let first = platforms.first, platforms.allSatisfy({ $0 == first }), let sdk = Self.platformPreset(first).first(where: { $0.0 == "SDKROOT" }) {
            presets.set(sdk.0, sdk.1, at: anchor)
        }
        if let options = spec.root["options"]?["deploymentTarget"]?.pairs {
            for pair in options {
                if let name = Self.deploymentSetting(pair.key), let version = pair.value.settingText {
                    presets.set(name, version, at: Location(file: pair.value.file, line: pair.keyLine))
                }
            }
        }
        presets.remove(xcconfigKeys)
        var level = presets
        level.add(settings: spec.root["settings"], configs: configs, groups: spec.root["settingGroups"] ?? spec.root["settingPresets"], depth: 0)
        return level
    }

    /// The target level of `config`, before INFOPLIST_FILE (see `XcodeGenProjectReader`).
    func targetLevel(
        _ target: YAMLNode, name: String, type: String, platform: String, destinations: [String], config: (name: String, type: String?),
        xcconfigKeys: Set<String>
    ) -> Level {
        var presets = Level(configuration: config.name, target: name)
        let typeLine = target.pair("type").map { Location(file: target.file, line: $0.keyLine) } ?? Location(file: target.file, line: target.line)
        let ordered = Self.destinationOrder.filter(destinations.contains)
        if targetPresets {
            let effective = platform == "auto" ? ordered.first ?? platform : platform
            for (key, value) in Self.platformPreset(effective) + Self.productPlatformPreset(type: type, platform: effective) {
                presets.set(key, value, at: typeLine)
            }
            if platform == "auto" { presets.set("SDKROOT", "auto", at: typeLine) }
            if !ordered.isEmpty {
                let line = target.pair("supportedDestinations").map { Location(file: target.file, line: $0.keyLine) } ?? typeLine
                var platforms: [String] = []
                var families: [String] = []
                for destination in ordered {
                    let preset = Self.destinationPreset(destination)
                    for (key, value) in preset.other { presets.set(key, value, at: line) }
                    platforms += preset.platforms.map { $0.split(separator: " ").map(String.init) } ?? []
                    families += preset.family.map { $0.split(separator: ",").map(String.init) } ?? []
                }
                presets.set("SUPPORTED_PLATFORMS", platforms.joined(separator: " "), at: line)
                presets.set("TARGETED_DEVICE_FAMILY", families.joined(separator: ","), at: line)
            }
        }
        if let version = target["deploymentTarget"], let text = version.settingText {
            for destination in ordered.isEmpty ? [platform] : ordered {
                if let key = Self.deploymentSetting(destination) { presets.set(key, text, at: Location(file: version.file, line: version.line)) }
            }
        }
        presets.remove(xcconfigKeys)
        var level = presets
        level.add(settings: target["settings"], configs: configs, groups: spec.root["settingGroups"] ?? spec.root["settingPresets"], depth: 0)
        return level
    }

    /// One level's settings as XcodeGen builds its dictionary: a key set again replaces the
    /// earlier value; each assignment remembers the spec line that set it.
    struct Level {
        let configuration: String
        let target: String?
        private var values: [String: SettingAssignment] = [:]
        /// Settings nodes added so far: groups that name each other many times over are cut
        /// at `maximumNodes` (a real level adds a handful).
        private var added = 0
        static let maximumNodes = 10_000
        /// True when `maximumNodes` cut the level: its settings are incomplete.
        private(set) var truncated = false

        init(configuration: String, target: String?) {
            self.configuration = configuration
            self.target = target
        }

        mutating func set(_ key: String, _ value: String, at location: Location) {
            guard let name = parseSettingName(key) else { return }
            values[key] = SettingAssignment(
                key: name.key, conditions: name.conditions, value: value,
                source: .projectFile(location: location, target: target, configuration: configuration))
        }

        func value(_ key: String) -> SettingAssignment? { values[key] }

        mutating func remove(_ keys: Set<String>) {
            for key in keys { values[key] = nil }
        }

        /// Plain keys first, conditional ones after (a matching condition wins within a level).
        var assignments: [SettingAssignment] {
            let sorted = values.keys.sorted().compactMap { values[$0] }
            return sorted.filter(\.conditions.isEmpty) + sorted.filter { !$0.conditions.isEmpty }
        }

        /// A `settings` node: `groups`, then `base`, then the `configs` entries matching this
        /// configuration; or, when it uses none of those three, a plain map of settings.
        mutating func add(settings: YAMLNode?, configs: [(name: String, type: String?)], groups: YAMLNode?, depth: Int) {
            guard let settings, let pairs = settings.pairs, depth < 16 else { return }
            added += 1
            guard added <= Self.maximumNodes else {
                truncated = true
                return
            }
            let structured = settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil
            guard structured else {
                addPlain(pairs)
                return
            }
            for group in (settings["groups"] ?? settings["presets"])?.stringList ?? [] {
                add(settings: groups?[group], configs: configs, groups: groups, depth: depth + 1)
            }
            addPlain(settings["base"]?.pairs ?? [])
            for variant in settings["configs"]?.pairs ?? [] {
                // `staging` applies to "Staging Debug" and "Staging Release"; an exact name only to its own.
                guard configuration.lowercased().contains(variant.key.lowercased()) else { continue }
                if configs.contains(where: { $0.name == variant.key }), variant.key != configuration { continue }
                add(settings: variant.value, configs: configs, groups: groups, depth: depth + 1)
            }
        }

        private mutating func addPlain(_ pairs: [YAMLNode.Pair]) {
            for pair in pairs {
                guard let value = Self.settingValue(pair.value) else { continue }
                set(pair.key, value, at: Location(file: pair.value.file, line: pair.keyLine))
            }
        }

        /// A setting's value as XcodeGen writes it: a list of strings stays a list, a Bool is
        /// YES/NO, anything else its text.
        static func settingValue(_ node: YAMLNode) -> String? {
            if let items = node.items { return joinSettingArray(items.compactMap(\.settingText)) }
            if node.pairs != nil { return nil }
            return node.settingText ?? ""
        }
    }
}
