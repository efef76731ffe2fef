/// Turning a failed check into a violation: the rule identifier, the message (the field's own
/// message for that rule when the rule file gives one) and the offending value as written.
///
/// The checks say which rule failed and why, as a ``FieldProblem`` for the problems every
/// field type shares (wrong type, required, hidden, parent empty), or as the message a check
/// kind's file words for its own rule (`Checks/`); this type writes the rest. Redaction of the
/// result is ``ViolationLog``'s. Stateless: it reads the value through the validator's
/// ``ValueDecoder`` and runs only for values that fail, never on the passing path.
enum ViolationWording {
    /// A violation of `rule` by `field` at `path`, with `message` unless the field has its own
    /// message for the rule, and `raw`'s value as written (nil: no value shown).
    static func violation(_ field: CompiledField, _ path: ConcretePath, _ rule: String, _ message: String,
                          _ raw: RawValue?, values: ValueDecoder) -> Violation {
        Violation(field: path.description, rule: rule, message: field.messages[rule] ?? message,
                  value: raw.flatMap { values.displayValue($0) })
    }

    /// The rule a field problem breaks.
    static func rule(of problem: FieldProblem) -> String {
        switch problem {
        case .notText, .notWholeNumber, .notNumber, .notBoolean, .notDate: return RuleIdentifier.type
        case .required: return RuleIdentifier.required
        case .hidden: return RuleIdentifier.visibility
        case .emptyParent: return RuleIdentifier.parent
        }
    }

    /// A number whose exponent cannot be read exactly (`1e9999999999999999999`).
    static let exponentBeyondLimit = "has an exponent beyond what Formsmith reads exactly: exponents must lie between "
        + "-\(ExactDecimal.exponentLimit) and \(ExactDecimal.exponentLimit)"

    /// The message of a field problem with value `raw` of `field`.
    static func message(_ problem: FieldProblem, _ field: CompiledField, _ raw: RawValue, values: ValueDecoder,
                        rules: CompiledRuleSet) -> String {
        switch problem {
        case .notText:
            return "must be a string, not \(values.typePhrase(raw))"
        case .notWholeNumber:
            if values.isExponentCell(raw) {
                return "must be a whole number written in digits (such as 1500), not with an exponent"
            }
            guard let number = values.number(raw) else { return "must be a whole number, not \(values.typePhrase(raw))" }
            if number.value == nil { return Self.exponentBeyondLimit }
            return "must be a whole number, written without a fraction or an exponent"
        case .notNumber:
            if values.isExponentCell(raw) {
                return "must be a number written in plain decimal notation (such as 1500 or 0.25), not with an exponent"
            }
            guard values.number(raw) != nil else { return "must be a number, not \(values.typePhrase(raw))" }
            return Self.exponentBeyondLimit
        case .notBoolean:
            return "must be true or false, not \(values.typePhrase(raw))"
        case .notDate:
            return "must be a date written \(field.datePattern.pattern)"
        case .required:
            return requiredMessage(field)
        case .hidden:
            return "must be empty: it is hidden because \(PredicateText.quoted(field.visibleIfSource)) is false"
        case .emptyParent(let parent):
            return "cannot be filled while '\(rules.fields[parent].path)' is empty"
        }
    }
}

extension ViolationWording {
    /// "is required", with the condition that made the field required when it has `requiredIf`.
    static func requiredMessage(_ field: CompiledField) -> String {
        field.requiredIfSource.isEmpty ? "is required"
            : "is required because \(PredicateText.quoted(field.requiredIfSource)) is true"
    }
}

/// What is wrong with a field's value, for the problems every field type shares; the check
/// that finds one says only this, and ``ViolationWording`` words it.
enum FieldProblem {
    /// The value is not text (for a text, string or enum field).
    case notText
    /// The value is not a whole number that fits in 64 bits.
    case notWholeNumber
    /// The value is not a finite number.
    case notNumber
    /// The value is not `true` or `false`.
    case notBoolean
    /// The value is not a date in the field's pattern.
    case notDate
    /// The field is empty and must be filled.
    case required
    /// The field is filled while its `visibleIf` is false.
    case hidden
    /// The field is filled while its parent field `parent` (a field id) is empty.
    case emptyParent(Int)
}
