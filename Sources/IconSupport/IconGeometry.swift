/// The vocabulary of iOS app icons that lint and generate share.

/// Device family an icon slot serves.
public enum Idiom: String, Sendable, Codable, CaseIterable {
    case iphone
    case ipad
    case universal
    case iosMarketing = "ios-marketing"
}

/// Appearance variant of a single-size icon.
public enum Appearance: String, Sendable, Codable {
    case any
    case dark
    case tinted
}
