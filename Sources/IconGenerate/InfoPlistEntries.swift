/// The `CFBundleIcons` / `CFBundleIcons~ipad` entries of the legacy (Info.plist) route.
public enum InfoPlistEntries {
    /// The plist value for one key: `{CFBundlePrimaryIcon = {CFBundleIconFiles = [...]}}`.
    static func value(files: [String]) -> [String: Any] {
        ["CFBundlePrimaryIcon": ["CFBundleIconFiles": files]]
    }

    /// XML to paste inside Info.plist's top-level `<dict>`, each line prefixed by `indent`.
    public static func xml(_ plan: IconSetPlan, indent: String = "\t") -> String {
        var lines: [String] = []
        for (key, files) in plan.plistIconFiles {
            lines.append("<key>\(escape(key))</key>")
            lines.append("<dict>")
            lines.append("\t<key>CFBundlePrimaryIcon</key>")
            lines.append("\t<dict>")
            lines.append("\t\t<key>CFBundleIconFiles</key>")
            lines.append("\t\t<array>")
            for file in files { lines.append("\t\t\t<string>\(escape(file))</string>") }
            lines.append("\t\t</array>")
            lines.append("\t</dict>")
            lines.append("</dict>")
        }
        return lines.map { indent + $0.replacingTabs(with: indent) }.joined(separator: "\n")
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
