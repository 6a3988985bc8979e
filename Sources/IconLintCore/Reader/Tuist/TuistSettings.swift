// Tuist's `Settings` values read from a manifest: `.settings(base:configurations:defaultSettings:)`
// (and the older `Settings(base:debug:release:)`), `.debug/.release(name:settings:xcconfig:)`,
// `SettingsDictionary` literals with `.string`/`.array` values, `.merging(…)` and the
// helpers of ProjectDescription that set no icon setting (`.automaticCodeSigning(…)`).

/// One `"KEY": value` of a SettingsDictionary, where it is written.
struct TuistSettingEntry {
    var key: String
    var value: String
    var origin: ManifestOrigin
}

/// A SettingsDictionary as far as it was read: its entries in order (later wins), and the
/// icon settings it may set that could not be read (setting → why and where).
struct TuistSettingsDictionary {
    var entries: [TuistSettingEntry] = []
    var unknown: [String: ManifestUnknown] = [:]

    /// Adds `other` on top (or, `otherWins` false, only what this one leaves unset): a known
    /// value on top makes an unknown one below it irrelevant, and an unknown one on top hides
    /// the known ones below.
    mutating func merge(_ other: TuistSettingsDictionary, otherWins: Bool = true) {
        if otherWins {
            for entry in other.entries { unknown[Self.name(entry.key)] = nil }
            entries.removeAll { other.unknown[Self.name($0.key)] != nil }
            entries += other.entries
            unknown.merge(other.unknown) { _, new in new }
        } else {
            let taken = Set(entries.map { Self.name($0.key) }).union(unknown.keys)
            entries += other.entries.filter { !taken.contains(Self.name($0.key)) }
            for (key, why) in other.unknown where !taken.contains(key) { unknown[key] = why }
        }
    }

    /// The setting a key assigns (`KEY[sdk=iphoneos*]` assigns KEY).
    static func name(_ key: String) -> String { parseSettingName(key)?.key ?? key }
}

/// Which of Tuist's default settings a level gets (`defaultSettings:`).
enum TuistDefaultSettings {
    case recommended(excluding: Set<String>)
    case essential
    case none
}

/// One configuration of a `Settings` value.
struct TuistConfiguration {
    var name: String
    var isRelease: Bool
    var settings: TuistSettingsDictionary
    /// Root-relative xcconfig, and where it is named.
    var xcconfig: (path: String, origin: ManifestOrigin)?
}

/// A `Settings` value: base, configurations, default settings.
struct TuistSettings {
    var base = TuistSettingsDictionary()
    var configurations: [TuistConfiguration] = []
    var defaults = TuistDefaultSettings.recommended(excluding: [])
    /// Set when the whole value could not be read.
    var unknown: ManifestUnknown?

    /// Settings of the configuration named `name`, if this level declares it.
    func configuration(_ name: String) -> TuistConfiguration? {
        configurations.first { $0.name == name }
    }
}

/// The icon settings: those whose unknown value is noted and makes the checks that need them not run.
let tuistIconSettingNames = [
    "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
    "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS",
]

extension TuistManifest {
    /// SettingsDictionary methods of ProjectDescription that set no icon setting.
    static let settingsMethodsWithoutIcons: Set<String> = [
        "automaticCodeSigning", "manualCodeSigning", "codeSignIdentityAppleDevelopment", "codeSignIdentity",
        "currentProjectVersion", "marketingVersion", "appleGenericVersioningSystem", "versionInfo", "swiftVersion",
        "otherSwiftFlags", "swiftActiveCompilationConditions", "swiftCompilationMode", "swiftOptimizationLevel",
        "swiftOptimizeObjectLifetimes", "swiftObjcBridgingHeaderPath", "otherCFlags", "otherLinkerFlags", "bitcodeEnabled",
        "debugInformationFormat", "enableTestability", "developmentTeam", "provisioningProfileSpecifier",
        "swiftStrictConcurrency", "swiftExplicitModules",
    ]

    /// A `Settings` value (nil when the argument is absent or `nil`: Tuist's defaults).
    func settings(_ expression: ManifestExpression?) -> TuistSettings {
        var settings = TuistSettings()
        guard let expression else { return settings }
        let value = evaluated(expression, expecting: "Settings")
        if case .null = value { return settings }
        guard case .call = value, let name = value.memberName, ["settings", "Settings", "init"].contains(name) else {
            settings.unknown = unknownValue(value, what: "settings")
            return settings
        }
        if let base = value.argument("base") { settings.base = dictionary(base) }
        if let list = value.argument("configurations") {
            // `[Configuration]`: a literal, or a helper's constant (`extension Array where Element == Configuration`).
            let read = evaluated(list)
            if case .array(let items, _) = read {
                for item in items {
                    guard let configuration = configuration(item) else {
                        settings.unknown = unknownValue(evaluated(item), what: "a configuration")
                        continue
                    }
                    settings.configurations.append(configuration)
                }
            } else {
                settings.unknown = unknownValue(read, what: "configurations")
            }
        }
        // Tuist 1-3: `Settings(base:debug:release:)` with `Configuration(settings:xcconfig:)`.
        for (label, isRelease) in [("debug", false), ("release", true)] {
            guard let item = value.argument(label) else { continue }
            let read = configurationBody(evaluated(item), name: isRelease ? "Release" : "Debug", isRelease: isRelease)
            settings.configurations.append(read)
        }
        if let defaults = value.argument("defaultSettings") { settings.defaults = defaultSettings(defaults) }
        return settings
    }

    private func defaultSettings(_ expression: ManifestExpression) -> TuistDefaultSettings {
        let value = evaluated(expression)
        switch value.memberName {
        case "none": return .none
        case "essential": return .essential
        case "recommended":
            var excluded: Set<String> = []
            if case .array(let items, _)? = value.argument("excluding").map({ evaluated($0) }) {
                excluded = Set(items.compactMap { evaluated($0).stringValue })
            }
            return .recommended(excluding: excluded)
        default:
            note(unknownValue(value, what: "defaultSettings"), consequence: "Tuist's recommended defaults are assumed")
            return .recommended(excluding: [])
        }
    }

    /// `.debug(name:settings:xcconfig:)`, `.release(…)`, `Configuration.debug(…)`.
    private func configuration(_ expression: ManifestExpression) -> TuistConfiguration? {
        let value = evaluated(expression, expecting: "Configuration")
        guard case .call = value, let kind = value.memberName, kind == "debug" || kind == "release" else { return nil }
        let isRelease = kind == "release"
        var name = isRelease ? "Release" : "Debug"
        if let written = value.argument("name") ?? value.arguments.first(where: { $0.label == nil })?.value {
            guard let read = configurationName(written) else { return nil }
            name = read
        }
        return configurationBody(value, name: name, isRelease: isRelease)
    }

    private func configurationBody(_ value: ManifestExpression, name: String, isRelease: Bool) -> TuistConfiguration {
        var configuration = TuistConfiguration(name: name, isRelease: isRelease, settings: TuistSettingsDictionary())
        if let settings = value.argument("settings") { configuration.settings = dictionary(settings) }
        if let path = value.argument("xcconfig") {
            let read = evaluated(path)
            if case .null = read {
            } else if let resolved = self.path(read) {
                configuration.xcconfig = (resolved, read.origin)
            } else {
                var unknown = TuistSettingsDictionary()
                let why = unknownValue(read, what: "the xcconfig path of configuration \(name)")
                for key in tuistIconSettingNames { unknown.unknown[key] = why }
                configuration.settings.merge(unknown)
            }
        }
        return configuration
    }

    /// `.debug` → "Debug", `.release` → "Release", `"Beta"`, `.configuration("Beta")`.
    func configurationName(_ expression: ManifestExpression) -> String? {
        let value = evaluated(expression)
        if let string = value.stringValue { return string }
        switch value {
        case .member(nil, let path, _) where path == ["", "debug"] || path == ["ConfigurationName", "debug"]: return "Debug"
        case .member(nil, let path, _) where path == ["", "release"] || path == ["ConfigurationName", "release"]: return "Release"
        case .call:
            if value.memberName == "configuration", let first = value.arguments.first { return evaluated(first.value).stringValue }
            return nil
        default: return nil
        }
    }

    /// A SettingsDictionary expression.
    func dictionary(_ expression: ManifestExpression) -> TuistSettingsDictionary {
        let value = evaluated(expression, expecting: "SettingsDictionary")
        var result = TuistSettingsDictionary()
        func allUnknown(_ why: ManifestUnknown) -> TuistSettingsDictionary {
            var unknown = TuistSettingsDictionary()
            for key in tuistIconSettingNames { unknown.unknown[key] = why }
            return unknown
        }
        switch value {
        case .dictionary(let pairs, _):
            for pair in pairs {
                guard let key = evaluated(pair.key).stringValue else {
                    result.merge(allUnknown(unknownValue(pair.key, what: "a setting name")))
                    continue
                }
                var one = TuistSettingsDictionary()
                if let setting = settingValue(pair.value) {
                    one.entries.append(TuistSettingEntry(key: key, value: setting, origin: pair.key.origin))
                } else {
                    let name = TuistSettingsDictionary.name(key)
                    one.unknown[name] = unknownValue(evaluated(pair.value), what: "the value of \(name)")
                }
                result.merge(one)
            }
            return result
        case .call(let callee, let arguments, let closure, _):
            if case .member(nil, let path, _) = callee, path == ["SettingsDictionary"] || path == ["SettingsDictionary", "init"] {
                return result
            }
            guard let method = value.memberName, let base = receiver(of: callee) else { break }
            var own = dictionary(base)
            if method == "merging", let other = arguments.first?.value {
                let keepsFirst = closure.flatMap(Self.closureKeepsFirst)
                guard closure == nil || keepsFirst != nil else {
                    own.merge(allUnknown(ManifestUnknown(reason: "`.merging` with the closure \(closure ?? "") is not evaluated", origin: value.origin)))
                    return own
                }
                own.merge(dictionary(other), otherWins: !(keepsFirst ?? false))
                return own
            }
            if Self.settingsMethodsWithoutIcons.contains(method) { return own }
            // A helper method of SettingsDictionary whose body is `merging([…])` on itself.
            if let added = helperMerge(method, arguments: arguments, origin: value.origin) {
                own.merge(added)
                return own
            }
            own.merge(allUnknown(unknownValue(value, what: "the settings method `\(method)`")))
            return own
        default:
            break
        }
        return allUnknown(unknownValue(value, what: "settings"))
    }

    /// What a helper method `func name(…) -> SettingsDictionary { merging([…]) }` adds, with the call's arguments.
    private func helperMerge(_ method: String, arguments: [ManifestArgument], origin: ManifestOrigin) -> TuistSettingsDictionary? {
        let call = ManifestExpression.call(callee: .member(base: nil, path: [method], origin), arguments: arguments, closure: nil, origin)
        guard case .success(let body)? = scope.expand(call), case .call(let callee, let inner, nil, _) = body,
            case .member(nil, let path, _) = callee, path == ["merging"] || path == ["self", "merging"], let added = inner.first?.value
        else { return nil }
        return dictionary(added)
    }

    /// The dictionary a method is called on: `base.merging(…)`, `SettingsDictionary().x(…)`.
    private func receiver(of callee: ManifestExpression) -> ManifestExpression? {
        guard case .member(let base, let path, let origin) = callee, path.count >= 1 else { return nil }
        if let base { return path.count == 1 ? base : .member(base: base, path: Array(path.dropLast()), origin) }
        return path.count >= 2 && !path[0].isEmpty ? .member(base: nil, path: Array(path.dropLast()), origin) : nil
    }

    /// `{ $1 }` / `{ _, new in new }` keeps the second (false), `{ $0 }` / `{ old, _ in old }` the first (true); nil for others.
    static func closureKeepsFirst(_ closure: String) -> Bool? {
        let words = closure.split(whereSeparator: { $0 == " " || $0 == "{" || $0 == "}" || $0 == "," }).map(String.init)
        if words == ["$1"] { return false }
        if words == ["$0"] { return true }
        guard words.count == 4, words[2] == "in" else { return nil }
        if words[3] == words[1], words[1] != "_" { return false }
        if words[3] == words[0], words[0] != "_" { return true }
        return nil
    }

    /// A SettingValue: a string, `.string(…)`, an array of strings, `.array([…])`, a Bool (YES/NO).
    private func settingValue(_ expression: ManifestExpression) -> String? {
        let value = evaluated(expression)
        switch value {
        case .string(let string, _): return string
        case .bool(let flag, _): return flag ? "YES" : "NO"
        case .array(let items, _):
            let strings = items.compactMap { evaluated($0).stringValue }
            return strings.count == items.count ? joinSettingArray(strings) : nil
        case .call:
            guard let name = value.memberName, let first = value.arguments.first?.value else { return nil }
            switch name {
            case "string", "array", "init", "SettingValue": return settingValue(first)
            default: return nil
            }
        default: return nil
        }
    }
}
