/// What a rule (or a reader) found, before the linter stamps severity, target and configurations.
public struct Finding: Sendable, Hashable {
    public var rule: RuleID
    public var message: String
    public var location: Location
    public var icon: String?
    public var role: IconRole?
    public var idiom: Idiom?
    public var appearance: Appearance?
    /// The problem bites at run time on the device (a case-sensitive lookup), where the rule's
    /// `deviceSeverity` applies instead of its default.
    public var onDevice: Bool

    public init(
        rule: RuleID, message: String, location: Location, icon: String? = nil, role: IconRole? = nil,
        idiom: Idiom? = nil, appearance: Appearance? = nil, onDevice: Bool = false
    ) {
        self.rule = rule
        self.message = message
        self.location = location
        self.icon = icon
        self.role = role
        self.idiom = idiom
        self.appearance = appearance
        self.onDevice = onDevice
    }
}

extension Finding {
    /// The same finding at a 1-based column.
    func at(column: Int) -> Finding {
        var copy = self
        copy.location.column = column
        return copy
    }
}
