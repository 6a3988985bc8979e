/// A rule's metadata: the `rules` listing, SARIF rule metadata, config validation and
/// the fixture test all read it from here.
public struct RuleDescription: Sendable, Hashable, Identifiable {
    public enum Section: String, Sendable, CaseIterable {
        case infoPlist = "Info.plist icons"
        case imageFiles = "Image files"
        case assetCatalogs = "Asset catalogs and build settings"
    }

    /// Stable kebab-case id: a public interface.
    public let id: String
    public let severity: Severity
    public let section: Section
    /// One sentence: when the rule fires.
    public let summary: String
    /// What Apple's tools say for the same problem, so users can search for it.
    public let anchor: String?

    public init(id: String, severity: Severity, section: Section, summary: String, anchor: String? = nil) {
        self.id = id
        self.severity = severity
        self.section = section
        self.summary = summary
        self.anchor = anchor
    }

    public static func == (a: RuleDescription, b: RuleDescription) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Fixture folders of the rule's generic test.
    public var triggeringFixture: String { "Rules/\(id)/triggering" }
    public var nonTriggeringFixture: String { "Rules/\(id)/nontriggering" }
}
