/// The one XML escaping helper: every piece of text the reporters put into XML goes through it.
enum XMLEscaping {
    /// Text safe both as element content and inside a double- or single-quoted attribute:
    /// markup characters become entities, tab, LF and CR become character references (so
    /// attribute value normalisation keeps them), and characters XML 1.0 cannot hold at all
    /// (other C0 controls, U+FFFE, U+FFFF) become U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && value != 0xFFFE && value != 0xFFFF
                escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }
}
