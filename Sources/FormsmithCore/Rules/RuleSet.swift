/// A position in a rule file, for messages such as `Rules/osago-policy.yaml:14:7: ...`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The rule file's path as the user gave it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(DisplayText.escaped(file)):\(line):\(column)" }
}

/// A value written in a rule file, with where it was written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public var value: Value
    /// Where it stands in the rule file.
    public var location: SourceLocation

    /// Wraps a value with its location.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A questionnaire's rules as written by its author: the single source of truth that
/// validation, generation, linting and explanations all read.
///
/// A rule set is a tree: top-level fields and sections hold fields; a list field holds the
/// fields of each of its items. Every field has a dotted path (`insurant.birthDate`; list
/// items as `drivers[].licenseIssued`).
public struct RuleSet: Sendable {
    /// Stable identifier, such as `osago-policy`.
    public var id: String
    /// Human title.
    public var title: String
    /// The rule set's own version, as written.
    public var version: String
    /// The file it was loaded from.
    public var file: String
    /// The folders its word lists may be read from (``ReadableRoots``); `seed:` lists are read
    /// only by `generate` and `lint`, which check them against these.
    public internal(set) var roots: ReadableRoots? = nil
    /// Top-level fields and sections, in order.
    public var fields: [FieldRule]
    /// Questionnaire-level assertions.
    public var assertions: [AssertionRule]
    /// Names of the reusable definitions, with where each was written (for lint's unused check).
    public var definitions: [Located<String>]
    /// Names of definitions some field uses.
    public var usedDefinitions: Set<String>
    /// Where every definition the rule set can use is declared: in the rule file, or in a
    /// library it includes (for `explain`).
    public var definitionLocations: [String: SourceLocation] = [:]
    /// The definition libraries the rule set includes, directly or through another library,
    /// as paths resolved from the rule file.
    public var libraries: [String] = []
    /// The libraries at least one of whose definitions a field uses.
    public var usedLibraries: Set<String> = []
    /// `normalize: nfc` for the whole rule set: text fields accept values whose NFC form passes
    /// (a field's own `normalize` wins).
    public var normalize: Located<String>? = nil

    /// Every field in the tree, depth first (sections, lists and their items included).
    public var allFields: [FieldRule] {
        var result: [FieldRule] = []
        func visit(_ fields: [FieldRule]) {
            for field in fields {
                result.append(field)
                visit(field.children)
            }
        }
        visit(fields)
        return result
    }

    /// The field with the given path, if any.
    public func field(at path: String) -> FieldRule? {
        allFields.first { $0.path == path }
    }
}

/// The kinds of field a rule set can declare.
public enum FieldType: String, Sendable, CaseIterable, Hashable {
    /// A single-line string.
    case string
    /// Free text (may span lines).
    case text
    /// A whole number (JSON number without fraction; Int64).
    case integer
    /// A decimal number, optionally with at most `fractionDigits` digits after the point.
    case decimal
    /// `true` or `false`: a switch.
    case boolean
    /// A calendar date written in the field's `format` (ISO `yyyy-MM-dd` by default).
    case date
    /// One of the listed `values` (strings or integers).
    case enumeration = "enum"
    /// Several of the listed `values` (a JSON array; in CSV `;`-separated).
    case multiChoice = "multi-choice"
    /// A repeating group: a JSON array of objects, each holding the list's `fields`.
    case list
    /// A group of fields: a JSON object. Written as a `sections:` entry.
    case section
    /// An attached file, referenced by a JSON object with its `name`, `mediaType` and `size`
    /// (and optionally `url` and `sha256`); with `multiple: true`, an array of them.
    case attachment

    /// Whether the type holds other fields.
    public var isContainer: Bool { self == .list || self == .section }
}

/// One field of a rule set, with every constraint the author declared.
public struct FieldRule: Sendable {
    /// The key of the field inside its parent object (`birthDate`).
    public var name: String
    /// The full dotted path (`insurant.birthDate`, `drivers[].licenseIssued`).
    public var path: String
    /// The declared type.
    public var type: FieldType
    /// Human title, if given.
    public var title: String?
    /// Explanation for documentation, if given.
    public var description: String?
    /// Where the field was declared.
    public var location: SourceLocation
    /// Definition the field was built on (`use:`), if any.
    public var definition: String?
    /// Whether the questionnaire is complete without this field (`optional: true`).
    public var isOptional: Bool
    /// Predicate making the field required (`requiredIf:`); takes precedence over `optional`.
    public var requiredIf: Located<String>?
    /// Predicate making the field visible (`visibleIf:`); hidden fields must be absent or empty.
    public var visibleIf: Located<String>?
    /// Paths of fields that must be filled before this one (`parent:`).
    public var parents: [Located<String>]
    /// The value checks that always apply.
    public var constraints: Constraints
    /// Extra value checks that apply only when their condition holds (`cases:`).
    public var cases: [ConditionalConstraints]
    /// Custom messages by rule identifier (`messages: {regex: "..."}`).
    public var messages: [String: String]
    /// The seed list values are generated from (`seed:`), relative to the rule file.
    public var seed: Located<String>?
    /// Child fields of a section or a list's items.
    public var children: [FieldRule]
    /// Assertions over each item of a list.
    public var assertions: [AssertionRule]
    /// For a section: whether it is "all or none" (`complete: true`): wholly filled or wholly empty.
    public var isComplete: Bool = false
    /// For a field of a section: the section it belongs to (`owner`), if any.
    public var group: String? = nil
    /// For a field of sections with `visibleIf`: those sections, innermost first (their
    /// conditions are folded into ``visibleIf``; a field a condition reads is exempt from it).
    public var hidingSections: [String] = []
    /// The field's own `visibleIf` as written, before its sections' conditions were folded in.
    public var ownVisibleIf: Located<String>? = nil
    /// The field's initial value (`default:`), as the apps showed it in a new questionnaire:
    /// `formsmith generate --use-defaults` fills it in, `explain` shows it, `lint` checks it.
    public var defaultValue: Located<FieldDefault>? = nil
    /// For an attachment field: whether it holds several files (`multiple: true`, a JSON array).
    public var isMultiple: Bool = false
}

/// A field's initial value as written (`default:`): one scalar, or a list of choices for a
/// multi-choice field.
public enum FieldDefault: Sendable, Hashable, CustomStringConvertible {
    /// A single value (text, a number as written, a boolean).
    case value(EnumValue)
    /// The chosen values of a multi-choice field.
    case values([EnumValue])

    /// The value as a CSV cell would hold it (choices joined with `;`).
    public var description: String {
        switch self {
        case .value(let value): return value.description
        case .values(let values): return values.map(\.description).joined(separator: ";")
        }
    }
}

/// The value checks a field declares. All are optional; which apply depends on the type.
///
/// Each check kind declares its own part (its `Written` keys) and the public properties that
/// read and write it (`minLength`, `regex`, `checksum` ...) in its file in `Checks/`; this
/// type only stores them, by kind, and the keys that are not a check of their own (`allow`).
public struct Constraints: Sendable {
    /// Each declared kind's keys as written, by kind (a kind that declares none is absent).
    private var written: [ObjectIdentifier: any Sendable] = [:]
    /// Special values accepted as they are, skipping the other value checks (`allow: ["0"]`).
    public var allow: [Located<String>]

    /// No constraints.
    public init() { allow = [] }

    /// The keys of `kind` as written (all absent when the field declares none of them).
    subscript<Kind: ValueCheckKind>(kind: Kind.Type) -> Kind.Written {
        get { written[ObjectIdentifier(kind)].map { $0 as! Kind.Written } ?? Kind.Written() }
        set {
            // Reading a field asks every kind for its keys: a kind with none stays absent (no box,
            // no growth of the table), which reads the same as an empty entry.
            if newValue == Kind.Written(), written[ObjectIdentifier(kind)] == nil { return }
            written[ObjectIdentifier(kind)] = newValue
        }
    }
}

/// Value checks that apply when a condition holds.
public struct ConditionalConstraints: Sendable {
    /// The condition (`when:`).
    public var condition: Located<String>
    /// The checks.
    public var constraints: Constraints
    /// Custom messages for these checks.
    public var messages: [String: String]
}

/// A bound written in a rule file: a number, or an expression (dates, `year(today)`).
public enum Bound: Sendable, Hashable {
    /// A number literal, exact (`9223372036854775807`, `1000.0000000000000001`, `1e-400`).
    case number(ExactDecimal)
    /// An expression in the rules expression language.
    case expression(String)
}

/// A value listed in `values:` or `const:`.
public enum EnumValue: Sendable, Hashable, CustomStringConvertible {
    /// A string value.
    case string(String)
    /// An integer value.
    case integer(Int64)
    /// A boolean value.
    case boolean(Bool)

    public var description: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .boolean(let value): return String(value)
        }
    }
}

/// A checksum reference: the algorithm's name and, for `bank-account`, the BIC field's path.
public struct ChecksumSpec: Sendable, Hashable {
    /// The algorithm's name as written.
    public var name: String
    /// The path of the companion field (`with:`), if any.
    public var companion: String?
}

/// A cross-field assertion: a predicate that must hold, with its own message.
public struct AssertionRule: Sendable {
    /// The predicate (`that:`).
    public var predicate: Located<String>
    /// The message shown when it does not hold.
    public var message: String
    /// The field the violation is reported on; the questionnaire (or list item) when nil.
    public var field: Located<String>?
    /// A stable identifier for reports (`assert` when not given).
    public var rule: String
}
