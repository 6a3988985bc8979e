/// The one XML escaping helper: every piece of text the reporters put into XML goes through it.
enum XMLEscaping {
    /// Text safe both as element content and inside a double- or single-quoted attribute,
    /// and in a CI log: `SafeText.xml`.
    static func escape(_ text: String) -> String { SafeText.xml(text) }
}
