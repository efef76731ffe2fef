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
public enum ValueMask {
    /// The masked form of `value`.
    public static func mask(_ value: String) -> String {
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

extension RecordResult {
    /// Masks the offending value of every violation with ``ValueMask``.
    public mutating func maskValues() {
        for index in violations.indices {
            violations[index].value = violations[index].value.map(ValueMask.mask)
        }
    }
}
