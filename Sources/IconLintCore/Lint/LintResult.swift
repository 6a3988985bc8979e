/// One finding as reported: a value, never printed by the library itself.
public struct Diagnostic: Sendable, Hashable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    public var location: Location
    /// The app target it concerns (nil without a project file).
    public var target: String?
    /// The configurations it holds in, sorted; empty when it holds in all of them.
    public var configurations: [String]
    public var icon: String?
    public var role: IconRole?
    public var idiom: Idiom?
    public var appearance: Appearance?
    /// Which app it concerns (two targets of one name in two projects are two apps).
    public var app: AppModel.Identity?

    public init(
        rule: RuleID, severity: Severity, message: String, location: Location, target: String? = nil,
        configurations: [String] = [], icon: String? = nil, role: IconRole? = nil, idiom: Idiom? = nil,
        appearance: Appearance? = nil, app: AppModel.Identity? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.target = target
        self.configurations = configurations
        self.icon = icon
        self.role = role
        self.idiom = idiom
        self.appearance = appearance
        self.app = app
    }

    /// A rule's finding for an app, at the catalogue's severity.
    init(_ finding: Finding, app: AppModel?) {
        let description = RuleCatalog.description(finding.rule)
        self.init(
            rule: finding.rule, severity: finding.onDevice ? description.deviceSeverity ?? description.severity : description.severity,
            message: finding.message, location: finding.location, target: app?.identity.target,
            configurations: app?.configurations ?? [], icon: finding.icon, role: finding.role, idiom: finding.idiom,
            appearance: finding.appearance, app: app?.identity)
    }

    /// "Debug, Beta" when the finding holds only in some configurations, else nil.
    public var configuration: String? {
        configurations.isEmpty ? nil : configurations.joined(separator: ", ")
    }

    /// A copy with another severity (config overrides).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }
}

extension Diagnostic {
    /// Report order: file, line, rule, message.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.location.file != b.location.file { return a.location.file < b.location.file }
        if (a.location.line ?? 0) != (b.location.line ?? 0) { return (a.location.line ?? 0) < (b.location.line ?? 0) }
        if a.rule != b.rule { return a.rule.rawValue < b.rule.rawValue }
        return a.message < b.message
    }
}

/// Everything a lint run produced, handed to a reporter.
public struct LintResult: Sendable {
    public var root: String
    public var diagnostics: [Diagnostic]
    /// Application targets (or Info.plists without a project) that were linted.
    public var appTargetCount: Int
    /// What the reader wants the user to know beside the findings (an App Store download's
    /// skipped checks); reporters that have a place for prose show them.
    public var notes: [String]
    /// The linted apps' icons, worked out when first asked for (see `IconInventorySource`).
    public var inventorySource: IconInventorySource

    /// The linted apps' icons and their images (drawn by the html reporter).
    public var inventory: IconInventory {
        get { inventorySource.inventory }
        set { inventorySource = IconInventorySource(newValue) }
    }

    public init(
        root: String, diagnostics: [Diagnostic], appTargetCount: Int, notes: [String] = [],
        inventory: IconInventory = IconInventory()
    ) {
        self.init(
            root: root, diagnostics: diagnostics, appTargetCount: appTargetCount, notes: notes,
            inventorySource: IconInventorySource(inventory))
    }

    public init(
        root: String, diagnostics: [Diagnostic], appTargetCount: Int, notes: [String] = [], inventorySource: IconInventorySource
    ) {
        self.root = root
        self.diagnostics = diagnostics
        self.appTargetCount = appTargetCount
        self.notes = notes
        self.inventorySource = inventorySource
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
