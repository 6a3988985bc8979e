/// Every rule iconlint knows, in reference order: the single source of ids, severities,
/// docs (`docs/rules.md`) and configuration validation.
public enum RuleCatalog {
    /// The rule types. Adding a rule: one file in Rules/<section>/, a case in `RuleID`, a line here.
    static let rules: [any Rule.Type] = [
        ProjectUnreadableRule.self, ProjectReferenceDanglingRule.self, FolderUnreadableRule.self, PlistUnreadableRule.self,
        AlternateIconsMisplacedRule.self, IconEntryMalformedRule.self, IconFileMissingRule.self, IconInAssetCatalogRule.self,
        IconNameHasSuffixRule.self, IconEntryDuplicateRule.self, IconFileNotInTargetRule.self, PathCaseMismatchRule.self,
        IconModifierOrderRule.self, IPadAlternateMissingRule.self, AlternateIconSizeMissingRule.self,
        PrimaryIconSizeMissingRule.self, IconSizeMismatchRule.self, IconNameMissingRule.self, MarketingIconMissingRule.self,
        AlternateIconConflictRule.self,
        IconNotPNGRule.self, IconCorruptRule.self, IconNotSquareRule.self, IconHasTransparencyRule.self,
        MarketingIconAlphaRule.self, IconInterlacedRule.self,
        AppiconsetNotIncludedRule.self, AppiconsetNotFoundRule.self, AppiconsetFileMissingRule.self,
        AppiconsetSizeMismatchRule.self, AppiconsetSlotMissingRule.self, AppiconsetUnassignedChildRule.self,
        AppiconsetDuplicateNameRule.self, AlternateIsPrimaryRule.self, BuildSettingMalformedRule.self,
        TintedIconNotGrayscaleRule.self, ContentsJSONMalformedRule.self, MauiIconMissingRule.self,
        UnknownAlternateIconNameRule.self, AlternateIconUnusedRule.self,
        ExpoIconMissingRule.self, ExpoIconUnsuitableRule.self, ExpoPrebuildStaleRule.self,
    ]

    /// Every rule's description, in reference order.
    public static let all: [RuleDescription] = rules.map { $0.description }

    private static let byID: [RuleID: RuleDescription] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static func description(_ id: RuleID) -> RuleDescription {
        // Every RuleID has a rule: RuleFixtureTests checks the two lists agree.
        byID[id]!
    }

    /// The description of a rule id written as text (configuration, command line), if it is one.
    public static func rule(_ id: String) -> RuleDescription? { RuleID(rawValue: id).flatMap { byID[$0] } }
}
