/// Every lint check, documented by example (see `LintCatalogTests`).
public enum LintCatalog {
    /// Problems the loader or compiler reports: the rule file cannot be used.
    static let invalidRules = LintRule(
        id: "invalid-rules", severity: .error,
        summary: "Whatever `formsmith validate` rejects: unknown keys, bad regexes, masks and expressions, unknown fields, cycles, empty ranges.",
        triggering: [
            "fields:\n  a: {type: string, regex: '('}\n",
            "fields:\n  a: {type: string, maks: '000'}\n",
            "fields:\n  a: {type: date, min: today, max: today-1d}\n",
        ],
        nonTriggering: [
            "fields:\n  a: {type: string, mask: '000'}\n",
        ])

    /// The checks that look for warnings, in the order the documentation lists them.
    static let checks: [any LintCheck] = [
        UnreachableFieldCheck(),
        HiddenRequiredCheck(),
        IneffectiveSectionCheck(),
        PatternConflictCheck(),
        PatternLengthCheck(),
        DuplicateValueCheck(),
        EmptyWindowCheck(),
        EmptyNumberRangeCheck(),
        UnusedDefinitionCheck(),
        SeedValueCheck(),
        DefaultValueCheck(),
        BacktrackingRegexCheck(),
        AttachmentExtensionCheck(),
        AttachmentSizeCheck(),
        UnknownMediaTypeCheck(),
    ]

    /// Every rule lint can report: `invalid-rules` first, then each check's.
    public static var rules: [LintRule] { [invalidRules] + checks.map(\.rule) }
}
