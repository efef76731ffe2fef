/// Masks personal data in reports (`--redact`) while keeping the shape of a value, which is
/// usually what explains a violation: the length, and the class of each character.
///
/// - a digit becomes `9`;
/// - a Cyrillic letter becomes `Х` or `х` (upper or lower case), any other letter `X` or `x`,
///   so Latin look-alikes in a Cyrillic value still show (`А123ВС77` → `Х999ХХ99`, but
///   `A123BC77` → `X999XX99`);
/// - spaces, punctuation and symbols stay as they are (`+7 (916) 123-45-67` →
///   `+9 (999) 999-99-99`, `a.smirnov@mail.ru` → `x.xxxxxxx@xxxx.xx`).
///
/// Record ids are not masked: they are how a report points at a questionnaire.
public enum Redaction {
    /// The redacted form of `value`.
    public static func redact(_ value: String) -> String {
        var masked = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            masked.append(mask(scalar))
        }
        return String(masked)
    }

    private static func mask(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let properties = scalar.properties
        if properties.numericType == .decimal { return "9" }
        guard properties.isAlphabetic else { return scalar }
        let cyrillic = (0x0400...0x052F).contains(scalar.value)
        if properties.isUppercase { return cyrillic ? "Х" : "X" }
        return cyrillic ? "х" : "x"
    }
}

/// What `--redact` changes in a report: the validator's messages (a quoted choice,
/// ``ViolationLog/quoted(_:)``, and a bound, below) and each violation's offending value
/// (``RecordResult/maskValues()``, applied by ``ViolationLog/result(at:id:)`` to every invalid
/// record's result as the validator returns it).
extension RecordValidator {
    /// The result of an invalid record: its id and violations, values masked under `--redact`.
    func invalidResult(at location: RecordLocation) -> RecordResult {
        log.result(at: location, id: recordID())
    }

    /// A value quoted in a message (a chosen value): masked under `--redact`.
    func quoted(_ value: String) -> String { log.quoted(value) }

    /// The bound a range message shows: under `--redact` a bound computed from other fields is
    /// not evaluated (its value would reveal theirs), so the message shows its expression.
    func shownBound(_ bound: BoundValue) -> BoundValue {
        redactsValues ? bound : resolved(bound)
    }
}

extension RecordResult {
    /// Masks the offending value of every violation with ``Redaction``.
    public mutating func maskValues() {
        for index in violations.indices {
            violations[index].value = violations[index].value.map(Redaction.redact)
        }
    }
}

/// The former name of ``Redaction`` (it masks values for `--redact`; input masks are `InputMask`).
@available(*, deprecated, renamed: "Redaction")
public typealias ValueMask = Redaction

extension Redaction {
    /// The former name of ``redact(_:)``.
    @available(*, deprecated, renamed: "redact(_:)")
    public static func mask(_ value: String) -> String { redact(value) }
}
