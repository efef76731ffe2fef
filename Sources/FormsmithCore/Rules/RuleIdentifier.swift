/// The stable rule identifiers that reports use (`"rule": "mask"`). They are part of the
/// JSON report's contract: never rename one.
public enum RuleIdentifier {
    /// A required field is absent or empty.
    public static let required = "required"
    /// A value has the wrong JSON type or cannot be read as the field's type.
    public static let type = "type"
    /// A value does not match the field's PCRE2 pattern.
    public static let regex = "regex"
    /// Matching the pattern hit the match or depth limit (a pathological pattern).
    public static let regexLimit = "regex-limit"
    /// A value does not fit the field's input mask.
    public static let mask = "mask"
    /// A string is shorter than `minLength`.
    public static let minLength = "min-length"
    /// A string is longer than `maxLength`.
    public static let maxLength = "max-length"
    /// A number or date is below its lower bound.
    public static let min = "min"
    /// A number or date is above its upper bound.
    public static let max = "max"
    /// A decimal has more digits after the point than allowed.
    public static let fractionDigits = "fraction-digits"
    /// A value is not one of the allowed values.
    public static let enumeration = "enum"
    /// A multi-choice value lists the same choice twice.
    public static let unique = "unique"
    /// A value is not the one required value (`const`).
    public static let constant = "const"
    /// Check digits are wrong.
    public static let checksum = "checksum"
    /// A value is not in the field's named `format` (an e-mail address, a URL, a UUID ...).
    public static let format = "format"
    /// An attachment's media type is not one of the field's `mediaTypes`.
    public static let mediaType = "media-type"
    /// An attachment's file name extension is not one of the field's `extensions`, or does not
    /// agree with its media type.
    public static let fileExtension = "extension"
    /// An attachment is smaller than `minSize`.
    public static let minSize = "min-size"
    /// An attachment is larger than `maxSize`.
    public static let maxSize = "max-size"
    /// A list or multi-choice has fewer items than `minItems`.
    public static let minItems = "min-items"
    /// A list or multi-choice has more items than `maxItems`.
    public static let maxItems = "max-items"
    /// A field is filled although its visibility condition is false.
    public static let visibility = "visibility"
    /// A field is filled although a parent field is empty.
    public static let parent = "parent"
    /// A field that the rules do not declare.
    public static let unknownField = "unknown-field"
    /// The same field appears twice in one object.
    public static let duplicateField = "duplicate-field"
    /// A cross-field assertion does not hold (rule authors may name their own).
    public static let assertion = "assert"
    /// A record that could not be read at all (malformed JSON, broken CSV row).
    public static let unreadable = "unreadable"

    /// Rules whose message a rule author may reword with `messages:`.
    public static let messageKeys = [required, type, regex, mask, minLength, maxLength, min, max, fractionDigits,
                                     enumeration, unique, constant, checksum, format, mediaType, fileExtension, minSize, maxSize, minItems, maxItems,
                                     visibility, parent]
}
