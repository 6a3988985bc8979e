import Foundation
import IconSupport

/// Where the winning value of a build setting was written, for diagnostics.
public enum SettingSource: Sendable, Hashable {
    /// A `buildSettings` entry in project.pbxproj: `target` is nil for project-level settings.
    case projectFile(location: Location, target: String?, configuration: String)
    /// A line of an .xcconfig file (possibly reached through `#include`).
    case xcconfig(location: Location)
    /// A value Xcode itself defines (SRCROOT, TARGET_NAME, CONFIGURATION, SDK_NAME...).
    case builtin

    /// The file and line, when there is one.
    public var location: Location? {
        switch self {
        case .projectFile(let location, _, _), .xcconfig(let location): location
        case .builtin: nil
        }
    }
}

/// One `KEY[cond=pattern]... = value` line, from an xcconfig or a pbxproj buildSettings dictionary.
package struct SettingAssignment: Sendable {
    package var key: String
    package var conditions: [SettingCondition]
    /// Arrays from pbxproj are joined with spaces, elements holding white space quoted.
    package var value: String
    package var source: SettingSource

    package init(key: String, conditions: [SettingCondition], value: String, source: SettingSource) {
        self.key = key
        self.conditions = conditions
        self.value = value
        self.source = source
    }
}

/// One `[name=pattern]` of a conditional setting.
package struct SettingCondition: Sendable, Hashable {
    var name: String
    var pattern: String
}

/// Splits `KEY[sdk=iphoneos*][config=Release]` (or `KEY[sdk=iphoneos*,arch=arm64]`) into
/// the name and its conditions; nil when the text is no valid setting name.
package func parseSettingName(_ text: String) -> (key: String, conditions: [SettingCondition])? {
    // The usual name, `PRODUCT_NAME`: an ASCII identifier, checked on its bytes.
    if let plain = plainSettingName(text) { return plain ? (text, []) : nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let bracket = trimmed.firstIndex(of: "[") else {
        return isSettingIdentifier(trimmed) ? (trimmed, []) : nil
    }
    let key = String(trimmed[..<bracket])
    guard isSettingIdentifier(key) else { return nil }
    var conditions: [SettingCondition] = []
    var rest = trimmed[bracket...]
    while !rest.isEmpty {
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
        let body = rest[rest.index(after: rest.startIndex)..<close]
        for part in body.split(separator: ",") {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let name = part[..<equals].trimmingCharacters(in: .whitespaces)
            let pattern = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            conditions.append(SettingCondition(name: name, pattern: pattern))
        }
        rest = rest[rest.index(after: close)...].drop { $0 == " " }
    }
    return (key, conditions)
}

/// True for an ASCII identifier, false for text that cannot be a name in any form (empty,
/// ASCII without brackets and not an identifier), nil when the full parse must decide.
private func plainSettingName(_ text: String) -> Bool? {
    var identifier = true
    var first = true
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            break
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if first { identifier = false }
        case UInt8(ascii: "["), 0x20, 0x09, 0x0A...0x0D, 0x80...:
            // Conditions, white space to trim, or Unicode: the full parse.
            return nil
        default:
            identifier = false
        }
        first = false
    }
    return first ? false : identifier
}

private func isSettingIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
        return false
    }
    return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
}

/// Shell-style wildcard match (`*`, `?`) as Xcode uses for setting conditions.
package func wildcardMatch(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern), t = Array(text)
    var pi = 0, ti = 0, star = -1, mark = 0
    while ti < t.count {
        if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
            pi += 1
            ti += 1
        } else if pi < p.count, p[pi] == "*" {
            star = pi
            mark = ti
            pi += 1
        } else if star >= 0 {
            pi = star + 1
            mark += 1
            ti = mark
        } else {
            return false
        }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
}

/// A pbxproj array value as one string that `ShellWords.split` splits back into the elements.
package func joinSettingArray(_ elements: [String]) -> String {
    elements.map { element in
        // Most elements are ASCII without white space: nothing to quote, no need to look at Characters.
        if element.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 && !(0x09...0x0D).contains($0) }) { return element }
        guard element.contains(where: \.isWhitespace), !element.hasPrefix("\""), !element.hasPrefix("'") else {
            return element
        }
        return "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }.joined(separator: " ")
}
