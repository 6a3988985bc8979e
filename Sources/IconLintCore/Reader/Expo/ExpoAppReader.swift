import Foundation
import IconSupport

extension ExpoApp {
    /// Reads the Expo project whose config is `file` (see `ExpoIconPlugins` for the plugins).
    init(file: ExpoConfigFile, folder: String, root: String) {
        self.folder = folder
        configFile = file.path
        otherFiles = file.otherFiles
        if let error = file.syntaxError {
            problems.append(ProjectUnreadableRule.expoConfigUnreadable(path: file.path, problem: error.message, line: error.line))
            alternatesComplete = false
            return
        }
        guard let config = file.config else {
            notes.append(
                "\(file.path) \(file.computed ?? "is computed when it runs"), so the icons npx expo prebuild writes from it were not checked: export a literal object, or lint the ios/ folder prebuild writes"
            )
            alternatesComplete = false
            return
        }
        readPrimary(config, root: root)
        ExpoIconPlugins.read(config, into: &self, root: root, packageVersions: Self.packageVersions(folder: folder, root: root))
    }

    /// `ios.icon` (a path, an `.icon` folder, or `{ light, dark, tinted }` in SDK 52+), else
    /// `icon`: prebuild writes `AppIcon.appiconset` with one 1024 image of each, resized with
    /// `cover` (a non-square source is cropped), flattened onto white except the dark one.
    private mutating func readPrimary(_ config: ExpoConfigObject, root: String) {
        let ios = config["ios"]
        if let ios, ios.object == nil, case .unknown = ios {
            notes.append(note(ios, key: "ios"))
            return
        }
        let iosObject = ios?.object
        if let icon = iosObject?["icon"] {
            switch icon {
            case .string(let written, _) where !written.isEmpty:
                addPrimary(written, value: icon, key: "ios.icon", appearance: .any, root: root)
                return
            case .object(let variants):
                var named = false
                for (key, appearance) in [("light", Appearance.any), ("dark", .dark), ("tinted", .tinted)] {
                    guard let value = variants[key] else { continue }
                    if case .unknown = value {
                        notes.append(note(value, key: "ios.icon.\(key)"))
                        named = true
                    } else if let written = value.string, !written.isEmpty {
                        addPrimary(written, value: value, key: "ios.icon.\(key)", appearance: appearance, root: root)
                        named = true
                    }
                }
                if named { return }
            case .unknown:
                notes.append(note(icon, key: "ios.icon"))
                return
            default:
                break
            }
        } else if let iosObject, let opening = iosObject.opening(for: "icon") {
            notes.append("\(place(opening.line)): ios.icon may be set by \(opening.what), so the primary icon was not checked")
            return
        }
        if let icon = config["icon"] {
            if case .unknown = icon {
                notes.append(note(icon, key: "icon"))
            } else if let written = icon.string, !written.isEmpty {
                addPrimary(written, value: icon, key: "icon", appearance: .any, root: root)
            }
            return
        }
        if let opening = config.opening(for: "icon") {
            notes.append("\(place(opening.line)): icon may be set by \(opening.what), so the primary icon was not checked")
            return
        }
        problems.append(
            Finding(
                rule: .expoIconMissing,
                message:
                    "\(configFile) names no icon (neither ios.icon nor icon), so npx expo prebuild writes a blank white 1024×1024 app icon: set \"icon\": \"./assets/icon.png\" (a 1024×1024 PNG)",
                location: location(config.line), role: .primary))
    }

    private mutating func addPrimary(_ written: String, value: ExpoConfigValue, key: String, appearance: Appearance, root: String) {
        guard let path = resolve(written, key: key, line: value.line) else { return }
        images.append(
            ExpoImage(
                written: written, path: path, location: location(value.line), appearance: appearance, purpose: key, minimumPixels: 1024,
                keepsTransparency: appearance == .dark, copiedAsIs: false,
                isIconBundle: key == "ios.icon" && written.lowercased().hasSuffix(".icon")))
        primaryAppearances.append((appearance, location(value.line)))
    }

    /// A config path as a root-relative one; nil (with a note) for a remote URL or a path
    /// that leaves the linted folder.
    mutating func resolve(_ written: String, key: String, line: Int) -> String? {
        let lower = written.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            notes.append("\(place(line)): \(key) is a remote image (\(ReportText.singleLine(written))), which prebuild downloads; it was not checked")
            return nil
        }
        let path = ProjectPath.normalize(ProjectPath.join(folder, written))
        if written.hasPrefix("/") || path.hasPrefix("../") || path == ".." {
            notes.append(
                "\(place(line)): \(key) names \(ReportText.singleLine(written)), outside the linted folder, which iconlint never reads; it was not checked"
            )
            return nil
        }
        return path
    }

    /// The note for a config value computed when the config runs.
    func note(_ value: ExpoConfigValue, key: String) -> String {
        "\(place(value.line)): \(key) is \(value.unknownDescription ?? "computed"), known only when the config runs, so it was not checked"
    }

    /// The versions package.json asks for (`"^5.0.1"` → 5.0.1), by package name: the lowest
    /// version the range allows; nil for a range iconlint does not read (`latest`, a URL).
    static func packageVersions(folder: String, root: String) -> [String: [Int]] {
        let path = ProjectPath.join(root + (folder.isEmpty ? "" : "/" + folder), "package.json")
        guard case .success(let data) = ProjectFile.read(path, root: root, limit: ExpoConfigFile.sizeLimit),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        var result: [String: [Int]] = [:]
        for key in ["dependencies", "devDependencies"] {
            for (name, range) in json[key] as? [String: Any] ?? [:] {
                guard let range = range as? String else { continue }
                let digits = range.drop { "^~>=v ".contains($0) }
                let parts = digits.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
                if !parts.isEmpty { result[name] = parts }
            }
        }
        return result
    }
}

extension ExpoApp {
    /// The file and line of a config value's `line` (the static config may hold it).
    func location(_ line: Int) -> Location {
        let place = ExpoConfigFile(path: configFile, otherFiles: otherFiles).place(line)
        return Location(file: place.file, line: place.line)
    }

    /// `file:line` for notes.
    func place(_ line: Int) -> String {
        let location = location(line)
        return "\(location.file):\(location.line ?? 1)"
    }
}
