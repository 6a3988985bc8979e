/// Which icon of the app a declaration, an image or a finding concerns.
public enum IconRole: String, Sendable, Codable {
    case primary
    case alternate
}
