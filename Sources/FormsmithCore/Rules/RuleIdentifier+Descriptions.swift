/// One-line descriptions of the rule identifiers, for reports that describe their rules
/// (the `rules` of a SARIF report).
extension RuleIdentifier {
    /// What breaking rule `id` means; assertion rules named by a rule set get a generic text.
    public static func summary(of id: String) -> String {
        switch id {
        case required: return "A required field is absent or empty."
        case type: return "A value has the wrong JSON type or cannot be read as the field's type."
        case regex: return "A value does not match the field's PCRE2 pattern."
        case regexLimit: return "Matching the field's pattern hit the PCRE2 match or depth limit."
        case mask: return "A value does not fit the field's input mask."
        case minLength: return "A text is shorter than the field's minLength."
        case maxLength: return "A text is longer than the field's maxLength."
        case min: return "A number or date is below the field's lower bound."
        case max: return "A number or date is above the field's upper bound."
        case fractionDigits: return "A decimal has more digits after the point than the field allows."
        case enumeration: return "A value is not one of the field's allowed values."
        case unique: return "A multi-choice value lists the same choice twice."
        case constant: return "A value is not the field's one required value."
        case checksum: return "A value's check digits are wrong."
        case format: return "A value is not in the field's format (e-mail address, URL, UUID, phone ...)."
        case mediaType: return "An attached file's media type is not one of the field's mediaTypes."
        case fileExtension:
            return "An attached file's name extension is not allowed or does not agree with its media type."
        case minSize: return "An attached file is smaller than the field's minSize."
        case maxSize: return "An attached file is larger than the field's maxSize."
        case minItems: return "A list or multi-choice has fewer items than minItems."
        case maxItems: return "A list or multi-choice has more items than maxItems."
        case visibility: return "A field is filled although its visibility condition is false."
        case parent: return "A field is filled although a field it depends on is empty."
        case unknownField: return "A field (or CSV column) that the rules do not declare."
        case duplicateField: return "The same field appears twice in one object (or CSV header)."
        case assertion: return "A cross-field assertion of the rule set does not hold."
        case unreadable: return "A questionnaire (or input) could not be read at all."
        default: return "The cross-field assertion '\(id)' of the rule set does not hold."
        }
    }
}
