import Foundation

/// An icon declared in an Info.plist: the primary or an alternate, for iPhone or iPad.
public struct IconDeclaration: Sendable, Hashable {
    /// The alternate's key, or the primary's CFBundleIconName (or "primary icon").
    public var name: String
    public var role: IconRole
    /// `.iphone` for CFBundleIcons (and the top-level CFBundleIconFiles), `.ipad` for CFBundleIcons~ipad.
    public var idiom: Idiom
    /// "CFBundleIcons" or "CFBundleIcons~ipad" (or "" for the top-level CFBundleIconFiles).
    public var containerKey: String
    /// Key path of the declaration's dictionary.
    public var keyPath: [String]
    /// The CFBundleIconFiles strings, in order; nil when absent or malformed.
    public var files: [String]?
    /// CFBundleIconName, when it is a string.
    public var iconName: String?
    /// An alternate that names its icon only by CFBundleIconName (no CFBundleIconFiles key):
    /// whether that is an error depends on whether the build compiles the set it names, which
    /// `PlistIconAnalysis` knows.
    public var namedOnlyBySet = false

    var displayName: String { role == .primary ? "primary icon" : "alternate icon '\(name)'" }

    /// The name of a primary icon declared without CFBundleIconName.
    static let unnamedPrimary = "primary icon"
    var idiomText: String { idiom == .ipad ? "iPad" : "iPhone" }
}

/// Reads the icon declarations of an Info.plist and reports structural problems
/// (alternate-icons-misplaced, icon-entry-malformed) on the way.
struct IconDeclarationReader {
    var document: PlistDocument
    var report: (_ rule: RuleID, _ message: String, _ keyPath: [String], _ icon: String?, _ role: IconRole?, _ idiom: Idiom?) -> Void

    static let containers: [(key: String, idiom: Idiom)] = [("CFBundleIcons", .iphone), ("CFBundleIcons~ipad", .ipad)]

    func read() -> [IconDeclaration] {
        var declarations: [IconDeclaration] = []
        findMisplacedAlternates(document.root, path: [])
        for (key, idiom) in Self.containers {
            guard let value = document.root[key] else { continue }
            guard let icons = value as? [String: Any] else {
                report(
                    .iconEntryMalformed,
                    "\(key) is a \(PlistReader.typeName(value)); it must be a dictionary holding CFBundlePrimaryIcon and CFBundleAlternateIcons",
                    [key], nil, nil, idiom)
                continue
            }
            if let primary = icons["CFBundlePrimaryIcon"] {
                if let declaration = declaration(
                    primary, name: nil, role: .primary, idiom: idiom, container: key,
                    path: [key, "CFBundlePrimaryIcon"])
                {
                    declarations.append(declaration)
                }
            }
            if let alternates = icons["CFBundleAlternateIcons"] {
                guard let dictionary = alternates as? [String: Any] else {
                    report(
                        .iconEntryMalformed,
                        "\(key) → CFBundleAlternateIcons is a \(PlistReader.typeName(alternates)); it must be a dictionary from icon name to its entry",
                        [key, "CFBundleAlternateIcons"], nil, .alternate, idiom)
                    continue
                }
                for name in dictionary.keys.sorted() {
                    let path = [key, "CFBundleAlternateIcons", name]
                    if name == "CFBundlePrimaryIcon" {
                        report(
                            .alternateIconsMisplaced,
                            "CFBundlePrimaryIcon sits inside \(key) → CFBundleAlternateIcons; move it up one level, next to CFBundleAlternateIcons",
                            path, nil, .primary, idiom)
                        continue
                    }
                    if let declaration = declaration(
                        dictionary[name] as Any, name: name, role: .alternate, idiom: idiom,
                        container: key, path: path)
                    {
                        declarations.append(declaration)
                    }
                }
            }
        }
        // Pre-iOS 5 form: a top-level CFBundleIconFiles array is the primary icon.
        if let files = document.root["CFBundleIconFiles"] {
            if let strings = stringArray(files, path: ["CFBundleIconFiles"], icon: "primary icon", role: .primary, idiom: .iphone) {
                declarations.append(
                    IconDeclaration(
                        name: "primary icon", role: .primary, idiom: .iphone, containerKey: "",
                        keyPath: ["CFBundleIconFiles"], files: strings, iconName: nil))
            }
        }
        return declarations
    }

    private func declaration(
        _ value: Any, name: String?, role: IconRole, idiom: Idiom, container: String,
        path: [String]
    ) -> IconDeclaration? {
        let label = name.map { "alternate icon '\($0)'" } ?? "the primary icon"
        guard let entry = value as? [String: Any] else {
            report(
                .iconEntryMalformed,
                "\(path.joined(separator: " → ")) is a \(PlistReader.typeName(value)); \(label) must be a dictionary with CFBundleIconFiles",
                path, name, role, idiom)
            return nil
        }
        var iconName: String?
        if let raw = entry["CFBundleIconName"] {
            if let string = raw as? String {
                iconName = string
            } else {
                report(
                    .iconEntryMalformed,
                    "CFBundleIconName of \(label) in \(container) is a \(PlistReader.typeName(raw)); it must be a string naming the app icon set",
                    path + ["CFBundleIconName"], name, role, idiom)
            }
        }
        if let prerendered = entry["UIPrerenderedIcon"], !PlistReader.isBoolean(prerendered) {
            let shown = (prerendered as? String).map { "the string \"\($0)\"" } ?? "a \(PlistReader.typeName(prerendered))"
            report(
                .iconEntryMalformed, "UIPrerenderedIcon of \(label) in \(container) is \(shown); use <true/> or <false/>",
                path + ["UIPrerenderedIcon"], name, role, idiom)
        }
        if entry["CFBundleAlternateIcons"] != nil {
            // Reported by findMisplacedAlternates.
        }
        var files: [String]?
        let namedOnlyBySet = role == .alternate && entry["CFBundleIconFiles"] == nil && iconName != nil
        if let raw = entry["CFBundleIconFiles"] {
            files = stringArray(raw, path: path + ["CFBundleIconFiles"], icon: label, role: role, idiom: idiom, name: name)
        } else if role == .alternate, !namedOnlyBySet {
            report(
                .iconEntryMalformed,
                "\(label) in \(container) has neither CFBundleIconFiles nor CFBundleIconName; add an array naming its image files (e.g. \"\(name ?? "Icon")\")",
                path, name, role, idiom)
        }
        var declaration = IconDeclaration(
            name: name ?? iconName ?? "primary icon", role: role, idiom: idiom, containerKey: container,
            keyPath: path, files: files, iconName: iconName)
        declaration.namedOnlyBySet = namedOnlyBySet
        return declaration
    }

    private func stringArray(_ value: Any, path: [String], icon: String, role: IconRole, idiom: Idiom, name: String? = nil) -> [String]? {
        let location = path.joined(separator: " → ")
        guard let array = value as? [Any] else {
            let hint = (value as? String).map { " (write <array><string>\($0)</string></array>)" } ?? ""
            report(
                .iconEntryMalformed, "\(location) of \(icon) is a \(PlistReader.typeName(value)); it must be an array of file names\(hint)",
                path, name, role, idiom)
            return nil
        }
        if array.isEmpty {
            // An empty primary list is Xcode's default when the catalog provides the primary icon.
            if role == .primary { return nil }
            report(
                .iconEntryMalformed, "\(location) of \(icon) is empty; list the icon's file names (e.g. \"\(name ?? "AppIcon60x60")\")",
                path, name, role, idiom)
            return nil
        }
        var strings: [String] = []
        for (index, item) in array.enumerated() {
            if let string = item as? String, !string.trimmingCharacters(in: .whitespaces).isEmpty {
                strings.append(string)
            } else {
                report(
                    .iconEntryMalformed,
                    "item \(index) of \(location) (\(icon)) is \(item is String ? "an empty string" : "a " + PlistReader.typeName(item)); every item must be a file name",
                    path + [String(index)], name, role, idiom)
            }
        }
        return strings.isEmpty ? nil : strings
    }

    /// CFBundleAlternateIcons anywhere but directly inside CFBundleIcons / CFBundleIcons~ipad.
    private func findMisplacedAlternates(_ value: Any, path: [String], depth: Int = 0) {
        guard depth < 64 else { return }
        if let dictionary = value as? [String: Any] {
            for (key, child) in dictionary {
                let childPath = path + [key]
                if key == "CFBundleAlternateIcons" {
                    let proper = path.count == 1 && Self.containers.contains { $0.key == path[0] }
                    if !proper {
                        let place = path.isEmpty ? "at the top level of the Info.plist" : "inside \(path.joined(separator: " → "))"
                        report(
                            .alternateIconsMisplaced,
                            "CFBundleAlternateIcons sits \(place), where iOS never looks, so setAlternateIconName fails with \"iconName not found\"; move it directly inside CFBundleIcons (and CFBundleIcons~ipad)",
                            childPath, nil, .alternate, nil)
                    }
                }
                findMisplacedAlternates(child, path: childPath, depth: depth + 1)
            }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() {
                findMisplacedAlternates(child, path: path + [String(index)], depth: depth + 1)
            }
        }
    }
}
