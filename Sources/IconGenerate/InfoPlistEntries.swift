import Foundation

/// The `CFBundleIcons` / `CFBundleIcons~ipad` entries of the legacy (Info.plist) route.
public enum InfoPlistEntries {
    /// The value of `CFBundleIcons` (or `~ipad`) after the icon's entry is added or replaced.
    /// Everything else already there (other alternates, CFBundleIconName, UIPrerenderedIcon) stays.
    static func merged(_ existing: Any?, files: [String], name: String, alternate: Bool) -> [String: Any] {
        var icons = existing as? [String: Any] ?? [:]
        if alternate {
            var alternates = icons["CFBundleAlternateIcons"] as? [String: Any] ?? [:]
            var entry = alternates[name] as? [String: Any] ?? ["UIPrerenderedIcon": false]
            entry["CFBundleIconFiles"] = files
            alternates[name] = entry
            icons["CFBundleAlternateIcons"] = alternates
        } else {
            var primary = icons["CFBundlePrimaryIcon"] as? [String: Any] ?? [:]
            primary["CFBundleIconFiles"] = files
            icons["CFBundlePrimaryIcon"] = primary
        }
        return icons
    }

    /// XML to paste inside Info.plist's top-level `<dict>`, each line prefixed by `indent`.
    public static func xml(_ plan: IconSetPlan, indent: String = "\t") -> String {
        plan.plistIconFiles.map { key, files in
            fragment(
                key: key, value: merged(nil, files: files, name: plan.name, alternate: plan.alternate),
                prefix: indent, unit: indent)
        }.joined(separator: "\n")
    }

    /// `<key>KEY</key>` and its value as XML plist lines, each prefixed by `prefix` and
    /// indented by `unit` per level inside it.
    static func fragment(key: String, value: Any, prefix: String, unit: String) -> String {
        var lines = ["<key>\(escape(key))</key>"]
        write(value, depth: 0, into: &lines)
        return lines.map { prefix + $0.replacingTabs(with: unit) }.joined(separator: "\n")
    }

    /// Plist XML for a value read by PropertyListSerialization (keys sorted, as Xcode writes them).
    private static func write(_ value: Any, depth: Int, into lines: inout [String]) {
        let tabs = String(repeating: "\t", count: depth)
        switch value {
        case let dictionary as [String: Any]:
            guard !dictionary.isEmpty else {
                lines.append(tabs + "<dict/>")
                return
            }
            lines.append(tabs + "<dict>")
            for key in dictionary.keys.sorted() {
                lines.append(tabs + "\t<key>\(escape(key))</key>")
                write(dictionary[key]!, depth: depth + 1, into: &lines)
            }
            lines.append(tabs + "</dict>")
        case let array as [Any]:
            guard !array.isEmpty else {
                lines.append(tabs + "<array/>")
                return
            }
            lines.append(tabs + "<array>")
            for item in array { write(item, depth: depth + 1, into: &lines) }
            lines.append(tabs + "</array>")
        case let string as String:
            lines.append(tabs + "<string>\(escape(string))</string>")
        case let data as Data:
            lines.append(tabs + "<data>\(data.base64EncodedString())</data>")
        case let date as Date:
            let formatter = ISO8601DateFormatter()
            lines.append(tabs + "<date>\(formatter.string(from: date))</date>")
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || value is Bool {
                lines.append(tabs + (number.boolValue ? "<true/>" : "<false/>"))
            } else if ["f", "d"].contains(type) {
                lines.append(tabs + "<real>\(number.doubleValue)</real>")
            } else {
                lines.append(tabs + "<integer>\(number.int64Value)</integer>")
            }
        default:
            lines.append(tabs + "<string>\(escape(String(describing: value)))</string>")
        }
    }

    /// The one XML escaping helper: text and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension String {
    fileprivate func replacingTabs(with indent: String) -> String {
        guard indent != "\t" else { return self }
        var out = ""
        var leading = true
        for character in self {
            if leading && character == "\t" {
                out += indent
            } else {
                leading = false
                out.append(character)
            }
        }
        return out
    }
}
