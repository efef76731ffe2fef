/// The places in a rule file that hold their own set of keys.
public enum RuleContext: String, CaseIterable, Sendable {
    /// The top level of a rule file.
    case ruleSet
    /// The top level of a definition library (a file named by `include:`).
    case library
    /// A section (a named group of fields).
    case section
    /// A field, a definition, or a list.
    case field
    /// One entry of a field's `cases`.
    case `case`
    /// A `checksum` written as a mapping (`{name: bank-account, with: payee.bic}`).
    case checksum
    /// One entry of an `assert` list.
    case assertion
}

/// The rules language's vocabulary: the keys the loader accepts, by place.
///
/// This is the one accessor that the rules schema (`formsmith schema rules`) and its tests read,
/// so the schema is generated from the very tables the loader checks keys against.
public enum RuleLanguage {
    /// The keys the loader accepts in `context`, in the order the reference lists them.
    public static func keys(for context: RuleContext) -> [String] {
        switch context {
        case .ruleSet: return RulesLoader.topLevelKeys
        case .library: return RulesLoader.libraryKeys
        case .section: return RulesLoader.sectionKeys
        case .field: return RulesLoader.fieldKeys
        case .case: return RulesLoader.caseKeys
        case .checksum: return RulesLoader.checksumKeys
        case .assertion: return RulesLoader.assertionKeys
        }
    }

    /// The field types a value-constraint key applies to (from the check kinds' key tables), in
    /// declaration order; nil for keys that are not value constraints.
    static func fieldTypes(accepting key: String) -> [FieldType]? {
        guard let types = CheckKind.applicableTypes[key] else { return nil }
        return FieldType.allCases.filter(types.contains)
    }
}
