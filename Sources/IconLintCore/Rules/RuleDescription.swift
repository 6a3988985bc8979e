/// A rule's metadata: `iconlint rules`, SARIF's rule table, `docs/rules.md`, config
/// validation and the emitted severity all come from here.
public struct RuleDescription: Sendable, Hashable, Identifiable {
    public enum Section: String, Sendable, CaseIterable {
        case reading = "Reading the project"
        case infoPlist = "Info.plist icons"
        case imageFiles = "Image files"
        case assetCatalogs = "Asset catalogs and build settings"
        case code = "The app's code"
        case expo = "Expo config"
    }

    /// Whether the rule also judges a built app (`.app`, `.ipa`, `.xcarchive`).
    public enum BuiltProducts: String, Sendable {
        /// Only source projects: what it judges (build settings, Contents.json, code) is gone after the build.
        case no
        case yes
        /// Built apps too, except App Store downloads and simulator builds: an App Store Connect
        /// upload check (App Store copies are thinned for one device by design; simulator builds are never uploaded).
        case uploads
    }

    /// Stable kebab-case id: a public interface.
    public let id: RuleID
    public let severity: Severity
    /// The severity when the problem bites on the device at run time (path-case-mismatch), if different.
    public let deviceSeverity: Severity?
    /// Off unless the configuration enables it (`"opt_in": [id]`).
    public let optIn: Bool
    public let section: Section
    /// One sentence: when the rule fires.
    public let summary: String
    /// Why it matters and what does not fire: the rule reference's body.
    public let rationale: String
    /// What the problem is known as where users meet it (App Store Connect's ITMS code, actool's
    /// message, the build tool's error), so they can search for it.
    public let anchor: String?
    public let builtProducts: BuiltProducts

    public init(
        id: RuleID, severity: Severity, deviceSeverity: Severity? = nil, optIn: Bool = false, section: Section,
        summary: String, rationale: String = "", anchor: String? = nil, builtProducts: BuiltProducts = .no
    ) {
        self.builtProducts = builtProducts
        self.id = id
        self.severity = severity
        self.deviceSeverity = deviceSeverity
        self.optIn = optIn
        self.section = section
        self.summary = summary
        self.rationale = rationale
        self.anchor = anchor
    }

    /// Runs on the model of `built` (nil: a source project).
    func applies(to built: BuiltApp?) -> Bool {
        guard let built else { return true }
        switch builtProducts {
        case .no: return false
        case .yes: return true
        case .uploads: return built.uploadChecksSkipped == nil
        }
    }

    public static func == (a: RuleDescription, b: RuleDescription) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// "warning", or "warning, error on device", as the rule reference shows it.
    public var severityText: String {
        var text = severity.rawValue
        if let deviceSeverity { text += ", \(deviceSeverity.rawValue) on device" }
        if optIn { text += ", opt-in" }
        return text
    }
}
