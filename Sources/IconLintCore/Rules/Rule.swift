/// A rule: its description and a check over one app's model. One rule, one small file;
/// the catalogue (`RuleCatalog.rules`) lists the types.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// The findings of this rule for one app and build configuration. Never reads files:
    /// everything comes from the model (image facts are loaded before rules run).
    func check(_ app: AppModel) -> [Finding]
    /// What this rule could not check in the app and why, each a sentence every reporter shows
    /// as a note (none when it checked everything it applies to).
    func notes(_ app: AppModel) -> [String]
    /// Projects that show the rule: some it must report, some it must not (see `RuleExample`).
    static var examples: [RuleExample] { get }
}

extension Rule {
    func notes(_ app: AppModel) -> [String] { [] }
    public static var examples: [RuleExample] { [] }

    /// A finding of this rule.
    func finding(
        _ message: String, file: String, line: Int? = nil, icon: String? = nil, role: IconRole? = nil,
        idiom: Idiom? = nil, appearance: Appearance? = nil, onDevice: Bool = false
    ) -> Finding {
        Finding(
            rule: Self.description.id, message: message, location: Location(file: file, line: line), icon: icon,
            role: role, idiom: idiom, appearance: appearance, onDevice: onDevice)
    }
}
