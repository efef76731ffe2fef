/// The stable rule identifiers that reports use (`"rule": "mask"`). They are part of the
/// JSON report's contract: never rename one.
public enum RuleIdentifier {
    /// A required field is absent or empty.
    public static let required = "required"
    /// A value has the wrong JSON type or cannot be read as the field's type.
    public static let type = "type"
    /// A field is filled although its visibility condition is false.
    public static let visibility = "visibility"
    /// A field is filled although a parent field is empty.
    public static let parent = "parent"
    /// A field of an "all or none" section (`complete: true`) is empty while others are filled.
    public static let incompleteGroup = "incomplete-group"
    /// A field that the rules do not declare.
    public static let unknownField = "unknown-field"
    /// The same field appears twice in one object.
    public static let duplicateField = "duplicate-field"
    /// A cross-field assertion does not hold (rule authors may name their own).
    public static let assertion = "assert"
    /// A record that could not be read at all (malformed JSON, broken CSV row).
    public static let unreadable = "unreadable"

    /// Rules whose message a rule author may reword with `messages:`: the value checks'
    /// rules in ``CheckKind`` order (each kind's file declares its own), between the
    /// field's `required`/`type` and `visibility`/`parent`.
    public static let messageKeys = [required, type]
        + CheckKind.allCases.flatMap { $0.definition.rules.filter(\.rewordable).map(\.id) }
        + [visibility, parent, incompleteGroup]
}
