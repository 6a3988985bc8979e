// What each alternate-icon config plugin writes at `npx expo prebuild`, read from the
// plugins' own sources:
// - expo-alternate-app-icons (props: an array of image paths, or of `{ name, ios, android }`):
//   one `NAME.appiconset` per icon with a single 1024×1024 universal image (`ios` a path, or
//   `{ light, dark, tinted }`, all three required, else prebuild throws), resized with `cover`,
//   and ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES listing every name. A path's name is
//   its file name without the extension. Since 1.3.1 the image keeps its format and its
//   transparency (jimp), before it was flattened onto white; since 5.0.0 a name starting
//   with a lowercase letter becomes PascalCase (`icon-a` → `IconA`). An entry without `ios`
//   ends the generation: the entries after it get no set.
// - expo-dynamic-app-icon (1.x; props `{ NAME: { image, prerendered } }` or an array of paths,
//   named 0, 1, …): Info.plist CFBundleAlternateIcons NAME → `NAME-Icon-60x60` in CFBundleIcons
//   and CFBundleIcons~ipad, and `DynamicAppIcons/NAME-Icon-60x60@2x.png` / `@3x.png` (120 and
//   180 pixels) generated from the image, flattened onto white, `cover`.
// - @mozzius/expo-dynamic-app-icon and @bsky.app/expo-dynamic-app-icon (props `{ NAME: { ios,
//   android, prerendered } }`): the same, for names with an `ios` image only, and with
//   `ios.supportsTablet` also 152 and 167 pixel `~ipad` files in CFBundleIcons~ipad.
// - @howincodes/expo-dynamic-app-icon (props `{ NAME: { ios: PATH | { light, dark, tinted } } }`):
//   an `AppIcon-NAME.appiconset` with 1024×1024 images, flattened onto white but for the dark
//   one, and ALTERNATE_APPICON_NAMES; the code passes NAME, iOS receives `AppIcon-NAME`.

import Foundation
import IconSupport

/// Reads the alternate-icon plugins of an Expo config into an `ExpoApp`.
enum ExpoIconPlugins {
    /// A plugin whose iOS output iconlint models.
    enum Kind: String, CaseIterable {
        case alternateAppIcons = "expo-alternate-app-icons"
        case dynamicAppIcon = "expo-dynamic-app-icon"
        case mozziusDynamicAppIcon = "@mozzius/expo-dynamic-app-icon"
        case bskyDynamicAppIcon = "@bsky.app/expo-dynamic-app-icon"
        case howincodesDynamicAppIcon = "@howincodes/expo-dynamic-app-icon"
    }

    /// Plugin names that set alternate icons in a way iconlint does not model (their
    /// alternates are unknown: a note says so).
    static func mayDeclareAlternates(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["app-icon", "appicon", "alternate-icon", "dynamic-icon", "change-icon", "/icon"].contains { lower.contains($0) }
    }

    static func read(_ config: ExpoConfigObject, into app: inout ExpoApp, root: String, packageVersions: [String: [Int]]) {
        guard let plugins = config["plugins"] else {
            if let opening = config.opening(for: "plugins") {
                app.notes.append("\(app.place(opening.line)): plugins may be set by \(opening.what), so the alternate icons were not checked")
                app.alternatesComplete = false
            }
            return
        }
        guard let list = plugins.array else {
            app.notes.append(app.note(plugins, key: "plugins"))
            app.alternatesComplete = false
            return
        }
        for entry in list {
            let name: String?
            var props: ExpoConfigValue?
            switch entry {
            case .string(let value, _):
                name = value
            case .array(let pair, _):
                name = pair.first?.string
                props = pair.count > 1 ? pair[1] : nil
            default:
                name = nil
            }
            guard let name else {
                app.notes.append(
                    "\(app.place(entry.line)): a plugin is \(entry.unknownDescription ?? "not a name"), known only when the config runs; if it declares alternate icons, they were not checked"
                )
                app.alternatesComplete = false
                continue
            }
            var version = packageVersions[name]
            var kind = Kind(rawValue: name)
            if kind == nil, name.hasPrefix(".") {
                // A plugin given by path (`../app.plugin.js`, a workspace package): the package it belongs to.
                switch localPackage(name, app: app, root: root) {
                case .package(let package, let packageVersion):
                    kind = Kind(rawValue: package)
                    version = packageVersion ?? version
                case .outside:
                    app.notes.append(
                        "\(app.place(entry.line)): plugin \(ReportText.singleLine(name)) lies outside the linted folder, which iconlint never reads; if it declares alternate icons, they were not checked"
                    )
                    app.alternatesComplete = false
                    continue
                case .none:
                    break
                }
            }
            guard let kind else {
                if mayDeclareAlternates(name) {
                    app.notes.append(
                        "\(app.place(entry.line)): plugin \(ReportText.singleLine(name)) may declare alternate icons, which iconlint does not model: they were not checked, and the names the code passes are not judged"
                    )
                    app.alternatesComplete = false
                }
                continue
            }
            guard let props else { continue }
            if case .unknown = props {
                app.notes.append(app.note(props, key: "the \(name) options"))
                app.alternatesComplete = false
                continue
            }
            switch kind {
            case .alternateAppIcons:
                readAlternateAppIcons(props, into: &app, root: root, version: version)
            case .dynamicAppIcon, .mozziusDynamicAppIcon, .bskyDynamicAppIcon, .howincodesDynamicAppIcon:
                let before = app.alternates.count
                readDynamicAppIcon(props, kind: kind, into: &app, root: root)
                if kind == .dynamicAppIcon, config["ios"]?.object?["supportsTablet"]?.bool == true, app.alternates.count > before {
                    app.problems.append(
                        Finding(
                            rule: .expoIconUnsuitable,
                            message:
                                "\(name) writes only 120 and 180 pixel files (60 points) for each alternate icon, also into CFBundleIcons~ipad; with ios.supportsTablet the iPad scales them up, and App Store Connect flags the upload (ITMS-90890/90892 \"Missing recommended icon\"): use the @mozzius/expo-dynamic-app-icon fork, which also writes the 152 and 167 pixel iPad files",
                            location: app.location(entry.line), role: .alternate, idiom: .ipad))
                }
            }
        }
    }

    /// What a plugin given by path belongs to.
    private enum LocalPlugin {
        case package(String, version: [Int]?)
        case outside
        case none
    }

    /// The package of a plugin path: the package.json of its folder (`../app.plugin.js` →
    /// `../package.json`), or of the folder it names.
    private static func localPackage(_ written: String, app: ExpoApp, root: String) -> LocalPlugin {
        let path = ProjectPath.normalize(ProjectPath.join(app.folder, written))
        guard !path.hasPrefix("../"), path != ".." else { return .outside }
        let folder = ProjectPath.lastComponent(path).hasPrefix("app.plugin") ? ProjectPath.parentFolder(path) : path
        let manifest = root + (folder.isEmpty ? "" : "/" + folder) + "/package.json"
        guard case .success(let data) = ProjectFile.read(manifest, root: root, limit: ExpoConfigFile.sizeLimit),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let name = json["name"] as? String
        else { return .none }
        let version = (json["version"] as? String).map { $0.split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) } }
        return .package(name, version: version)
    }

    // MARK: expo-alternate-app-icons

    private static func readAlternateAppIcons(_ props: ExpoConfigValue, into app: inout ExpoApp, root: String, version: [Int]?) {
        let plugin = Kind.alternateAppIcons.rawValue
        guard let entries = props.array else {
            app.notes.append("\(app.place(props.line)): the \(plugin) options are not an array, which the plugin needs; its icons were not checked")
            app.alternatesComplete = false
            return
        }
        let keepsFormat = version.map { !$0.lexicographicallyPrecedes([1, 3, 1]) }
        let pascalCase = version.map { !$0.lexicographicallyPrecedes([5]) }
        if version == nil {
            app.notes.append(
                "\(app.configFile): the version of \(plugin) is not in package.json, so whether it keeps the icons' transparency (1.3.1 and later) and makes lowercase names PascalCase (5.0.0 and later) is unknown: both spellings count as declared, and transparency is not checked"
            )
        }
        var stoppedAt: (name: String, line: Int)?
        for entry in entries {
            var name: String?
            var ios: ExpoConfigValue?
            switch entry {
            case .string(let path, _):
                name = fileStem(path)
                ios = entry
            case .object(let object):
                name = object["name"]?.string
                ios = object["ios"]
                if name == nil {
                    app.notes.append("\(app.place(entry.line)): an \(plugin) entry has no literal name, so it was not checked")
                    app.alternatesComplete = false
                    continue
                }
            default:
                app.notes.append(app.note(entry, key: "an \(plugin) entry"))
                app.alternatesComplete = false
                continue
            }
            guard let written = name else { continue }
            var names = [written]
            if written.first.map({ $0.isLowercase && $0.isASCII }) == true {
                let converted = pascalCased(written)
                names = pascalCase == true ? [converted] : pascalCase == false ? [written] : [written, converted]
            }
            if let stopped = stoppedAt {
                app.problems.append(
                    Finding(
                        rule: .expoIconMissing,
                        message:
                            "\(plugin) entry '\(names[0])' comes after '\(stopped.name)' (\(app.place(stopped.line))), which has no ios image: the plugin stops generating icon sets there, so '\(names[0])' gets none and iOS cannot switch to it: give '\(stopped.name)' an ios image or move it last",
                        location: app.location(entry.line), icon: names[0], role: .alternate))
                continue
            }
            guard let ios else {
                stoppedAt = (names[0], entry.line)
                continue
            }
            app.alternates.append(ExpoAlternate(codeName: names[0], iosNames: names, plugin: plugin, location: app.location(entry.line)))
            let purpose = "alternate icon '\(names[0])' (\(plugin))"
            switch ios {
            case .string(let path, let line):
                addImage(
                    path, line: line, appearance: .any, purpose: purpose, minimum: 1024, keeps: keepsFormat == true, copied: keepsFormat == true, into: &app)
            case .object(let variants):
                let present = ["light", "dark", "tinted"].filter { variants[$0]?.string != nil }
                guard present.count == 3 else {
                    app.problems.append(
                        Finding(
                            rule: .expoIconMissing,
                            message:
                                "the ios images of \(purpose) give \(present.isEmpty ? "none of light, dark and tinted" : "only " + present.joined(separator: " and ")); the plugin needs all three of light, dark and tinted as paths, so npx expo prebuild stops with \"Invalid alternate icon configuration\": give all three, or one path",
                            location: app.location(ios.line), icon: names[0], role: .alternate))
                    continue
                }
                for (key, appearance) in [("light", Appearance.any), ("dark", .dark), ("tinted", .tinted)] {
                    guard let value = variants[key], let path = value.string else { continue }
                    addImage(
                        path, line: value.line, appearance: appearance, purpose: purpose, minimum: 1024, keeps: keepsFormat == true,
                        copied: keepsFormat == true, into: &app)
                }
            case .unknown:
                app.notes.append(app.note(ios, key: "the ios image of \(purpose)"))
            default:
                app.notes.append("\(app.place(ios.line)): the ios image of \(purpose) is neither a path nor { light, dark, tinted }; it was not checked")
            }
        }
    }

    /// The plugin's PascalCase: words split at spaces, `-`, `_` and before capitals, each
    /// capitalised, the rest lowercased, joined.
    static func pascalCased(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for character in text {
            if character == " " || character == "-" || character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase {
                if !current.isEmpty { words.append(current) }
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The file name without its extension (Node's `path.parse(p).name`).
    static func fileStem(_ path: String) -> String {
        let base = ProjectPath.lastComponent(path)
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    // MARK: expo-dynamic-app-icon and its forks

    private static func readDynamicAppIcon(_ props: ExpoConfigValue, kind: Kind, into app: inout ExpoApp, root: String) {
        let plugin = kind.rawValue
        var entries: [(key: String, value: ExpoConfigValue)] = []
        switch props {
        case .array(let paths, _):
            // Named 0, 1, …; the forks read only `ios`, which a path has not.
            guard kind == .dynamicAppIcon else { return }
            entries = paths.enumerated().map {
                ("\($0.offset)", ExpoConfigValue.object(ExpoConfigObject(entries: [("image", $0.element)], line: $0.element.line)))
            }
        case .object(let object):
            entries = object.entries
            if let opening = object.openings.first {
                app.notes.append(
                    "\(app.place(opening.line)): the \(plugin) icons include \(opening.what), known only when the config runs; those icons were not checked")
                app.alternatesComplete = false
            }
        default:
            app.notes.append("\(app.place(props.line)): the \(plugin) options are neither an object nor an array; its icons were not checked")
            app.alternatesComplete = false
            return
        }
        let prefix = kind == .howincodesDynamicAppIcon ? "AppIcon-" : ""
        let imageKey = kind == .dynamicAppIcon ? "image" : "ios"
        for (key, value) in entries {
            guard let object = value.object else {
                app.notes.append(app.note(value, key: "\(plugin) icon '\(key)'"))
                app.alternatesComplete = false
                continue
            }
            guard let image = object[imageKey] else {
                if kind == .dynamicAppIcon, object["ios"] != nil {
                    app.notes.append(
                        "\(app.place(value.line)): \(plugin) icon '\(key)' gives `ios`, which expo-dynamic-app-icon 1.x does not read (its forks do): it was not checked; if a fork is installed under this name, its names are not judged"
                    )
                    app.alternatesComplete = false
                }
                continue
            }
            let purpose = "alternate icon '\(key)' (\(plugin))"
            app.alternates.append(ExpoAlternate(codeName: key, iosNames: [prefix + key], plugin: plugin, location: app.location(value.line)))
            let minimum = kind == .howincodesDynamicAppIcon ? 1024 : 180
            switch image {
            case .string(let path, let line):
                addImage(path, line: line, appearance: .any, purpose: purpose, minimum: minimum, keeps: false, copied: false, into: &app)
            case .object(let variants) where kind == .howincodesDynamicAppIcon:
                for (variant, appearance) in [("light", Appearance.any), ("dark", .dark), ("tinted", .tinted)] {
                    guard let value = variants[variant] else { continue }
                    guard let path = value.string else {
                        app.notes.append(app.note(value, key: "the \(variant) image of \(purpose)"))
                        continue
                    }
                    addImage(
                        path, line: value.line, appearance: appearance, purpose: purpose, minimum: minimum, keeps: appearance == .dark, copied: false,
                        into: &app)
                }
            default:
                app.notes.append(app.note(image, key: "the image of \(purpose)"))
            }
        }
    }

    private static func addImage(
        _ written: String, line: Int, appearance: Appearance, purpose: String, minimum: Int, keeps: Bool, copied: Bool, into app: inout ExpoApp
    ) {
        guard let path = app.resolve(written, key: purpose, line: line) else { return }
        app.images.append(
            ExpoImage(
                written: written, path: path, location: app.location(line), appearance: appearance, purpose: purpose, minimumPixels: minimum,
                keepsTransparency: keeps, copiedAsIs: copied))
    }
}
