import Foundation

/// What a target's `infoPlist:` makes of the app's Info.plist.
enum TuistInfoPlist {
    /// Tuist writes it at generation (`.default`, `.extendingDefault(with:)`, `.dictionary`):
    /// its content, with the manifest's lines for the keys it gives.
    case generated(PlistDocument)
    /// `.file(path:)`: the root-relative file INFOPLIST_FILE names.
    case file(String)
    /// Not read (a note says why).
    case unknown
}

extension TuistManifest {
    /// The Info.plist of a target whose `infoPlist:` argument is `expression` (nil: absent,
    /// which is `.default`). Tuist's default content for an iOS app holds no icon key; the
    /// keys given replace default keys of the same name whole (no deep merge).
    func infoPlist(_ expression: ManifestExpression?, isApp: Bool, iPad: Bool, at origin: ManifestOrigin, target: String) -> TuistInfoPlist {
        var content = Self.defaultInfoPlist(isApp: isApp, iPad: iPad)
        var lines: [String: Int] = [:]
        guard let expression else { return .generated(PlistDocument(path: path, root: content, isXML: false, lines: [:])) }
        let value = evaluated(expression, expecting: "InfoPlist")
        if let file = value.stringValue { return .file(Self.join(folder, file)) }
        var given: ManifestExpression?
        switch (value, value.memberName) {
        case (.member, "default"):
            break
        case (.call, "extendingDefault"):
            given = value.argument("with") ?? value.arguments.first?.value
        case (.call, "dictionary"):
            content = [:]
            given = value.arguments.first?.value
        case (.call, "file"):
            if let argument = value.argument("path") ?? value.arguments.first?.value, let file = path(argument) { return .file(file) }
            fallthrough
        default:
            note(
                unknownValue(value, what: "the Info.plist of target \(target)"),
                consequence: "its icon entries are unknown, so the checks that need them were not run")
            return .unknown
        }
        if let given {
            var unknownKeys: [String] = []
            guard let entries = plistDictionary(given, keyPath: [], lines: &lines, unknownKeys: &unknownKeys) else {
                note(
                    unknownValue(evaluated(given), what: "the Info.plist entries of target \(target)"),
                    consequence: "its icon entries are unknown, so the checks that need them were not run")
                return .unknown
            }
            for (key, entry) in entries { content[key] = entry }
            if !unknownKeys.isEmpty {
                let icon = unknownKeys.contains { $0.hasPrefix("CFBundleIcon") || $0.hasPrefix("CFBundleAlternateIcons") }
                problems.add(
                    .unresolved,
                    "line \(given.origin.line): target \(target)'s Info.plist \(unknownKeys.count == 1 ? "entry" : "entries") "
                        + "\(unknownKeys.prefix(6).joined(separator: ", ")) \(unknownKeys.count == 1 ? "is" : "are") computed, not read"
                        + (icon ? "; so its icons are unknown, and the checks that need them were not run" : " (no icon entry)"),
                    file: given.origin.file)
                if icon { return .unknown }
            }
        }
        _ = origin
        return .generated(PlistDocument(path: path, root: content, isXML: false, lines: lines))
    }

    /// Tuist's default Info.plist content for a target (what `.default` writes): the bundle
    /// keys every target gets, and for an iOS app its launch and orientation keys; no icon key.
    static func defaultInfoPlist(isApp: Bool, iPad: Bool) -> [String: Any] {
        var content: [String: Any] = [
            "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
            "CFBundleInfoDictionaryVersion": "6.0", "CFBundleName": "$(PRODUCT_NAME)", "CFBundleShortVersionString": "1.0",
            "CFBundleVersion": "1", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
        ]
        guard isApp else { return content }
        content["CFBundlePackageType"] = "APPL"
        content["LSRequiresIPhoneOS"] = true
        let orientations = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]
        content["UISupportedInterfaceOrientations"] = orientations
        if iPad { content["UISupportedInterfaceOrientations~ipad"] = orientations + ["UIInterfaceOrientationPortraitUpsideDown"] }
        content["UIApplicationSceneManifest"] = ["UIApplicationSupportsMultipleScenes": false, "UISceneConfigurations": [String: Any]()]
        return content
    }

    /// A `[String: Plist.Value]` expression: a literal, a reference to one, `.merging(…)`.
    private func plistDictionary(
        _ expression: ManifestExpression, keyPath: [String], lines: inout [String: Int], unknownKeys: inout [String]
    ) -> [String: Any]? {
        let value = evaluated(expression)
        switch value {
        case .dictionary(let pairs, _):
            var result: [String: Any] = [:]
            for pair in pairs {
                guard let key = evaluated(pair.key).stringValue else {
                    unknownKeys.append(pair.key.text)
                    continue
                }
                let path = keyPath + [key]
                lines[path.joined(separator: "/")] = pair.key.origin.line
                if let entry = plistValue(pair.value, keyPath: path, lines: &lines, unknownKeys: &unknownKeys) {
                    result[key] = entry
                } else {
                    unknownKeys.append(path.joined(separator: "/"))
                    result[key] = nil
                }
            }
            return result
        case .call(let callee, let arguments, let closure, _) where value.memberName == "merging":
            guard case .member(let base, let path, let origin) = callee, let other = arguments.first?.value else { return nil }
            let receiver: ManifestExpression? =
                base.map { path.count == 1 ? $0 : .member(base: $0, path: Array(path.dropLast()), origin) }
                ?? (path.count >= 2 ? .member(base: nil, path: Array(path.dropLast()), origin) : nil)
            guard let receiver, let keepsFirst = closure.map(Self.closureKeepsFirst) ?? false,
                var first = plistDictionary(receiver, keyPath: keyPath, lines: &lines, unknownKeys: &unknownKeys),
                let second = plistDictionary(other, keyPath: keyPath, lines: &lines, unknownKeys: &unknownKeys)
            else { return nil }
            first.merge(second) { old, new in keepsFirst ? old : new }
            return first
        default:
            return nil
        }
    }

    /// A Plist.Value: literals, `.string`, `.boolean`, `.integer`, `.real`, `.array`, `.dictionary`.
    private func plistValue(
        _ expression: ManifestExpression, keyPath: [String], lines: inout [String: Int], unknownKeys: inout [String]
    ) -> Any? {
        let value = evaluated(expression)
        switch value {
        case .string(let string, _): return string
        case .bool(let flag, _): return flag
        case .number(let text, _): return Int(text) ?? Double(text)
        case .dictionary: return plistDictionary(value, keyPath: keyPath, lines: &lines, unknownKeys: &unknownKeys)
        case .array(let items, _):
            var result: [Any] = []
            for (offset, item) in items.enumerated() {
                let path = keyPath + [String(offset)]
                lines[path.joined(separator: "/")] = item.origin.line
                guard let entry = plistValue(item, keyPath: path, lines: &lines, unknownKeys: &unknownKeys) else { return nil }
                result.append(entry)
            }
            return result
        case .call:
            guard let name = value.memberName, let first = value.arguments.first?.value else { return nil }
            switch name {
            case "string", "boolean", "integer", "real", "array":
                return plistValue(first, keyPath: keyPath, lines: &lines, unknownKeys: &unknownKeys)
            case "dictionary":
                return plistDictionary(first, keyPath: keyPath, lines: &lines, unknownKeys: &unknownKeys)
            default:
                return nil
            }
        default:
            return nil
        }
    }
}
