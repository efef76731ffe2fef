import FormsmithValues

/// One kind of value check (a length, a pattern, a range ...), owned by one file in `Checks/`.
///
/// The file holds everything about its kind: the rule-file keys it reads and the field types
/// they apply to, how it compiles into a ``ValueCheck``, how the validator words each
/// violation, the plain-words lines `formsmith explain` prints, and its catalog entries whose
/// examples are also its tests. Adding a kind is one new file conforming to this protocol and
/// one ``CheckKind`` case; see `docs/adding-a-check-kind.md`.
protocol ValueCheckKind {
    /// The kind's keys as written in a rule file: its part of a field's ``Constraints``, which
    /// the kind's file also exposes as public properties of `Constraints` (`minLength`).
    associatedtype Written: WrittenKeys

    /// The rule-file keys the kind reads, each declared once: the field types it applies to, its
    /// documentation, and how its value is read and validated (``CheckKey``). The kind's reading
    /// (``read(_:into:for:)``), its part of the rules schema and of the docs' key table are
    /// derived from them.
    static var keys: [CheckKey] { get }

    /// The rules the kind reports, declared in its file (`extension RuleIdentifier`).
    static var rules: [CheckRule] { get }

    /// The kind's documentation by example (also its tests: `CheckCatalogTests`, and the
    /// conformance test over the registry, `CheckKindConformanceTests`, which compiles them,
    /// generates on them and plants the kind's defects on them).
    static var examples: [CheckDescription] { get }

    /// The rules of ``rules`` that generation plants no labelled defect for, each with why
    /// (`CheckKindConformanceTests` requires every other rule to be planted on the kind's
    /// examples). Empty by default: a kind's rules are expected to have their defect.
    static var rulesWithoutDefect: [String: String] { get }

    /// Compiles the kind from a field's (or a case's) constraints, reporting problems in the
    /// rule file to `state`; nil when the field does not declare it or it is invalid.
    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck?

    /// The kind's lines in `formsmith explain` for constraints as written; empty when the
    /// constraints do not declare it.
    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck]

    /// How the JSON Schema export (`formsmith export json-schema`) expresses the kind: the
    /// keywords it writes, or why JSON Schema cannot say it. Required, so a new kind must decide.
    static var jsonSchema: SchemaExpression { get }

    /// The rules `constraints` (a field's, or a case's) declare on a field of `type`: what the
    /// export lists as not expressed when it cannot write a case's condition.
    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String]

    /// The keywords the kind writes into a field's (or a case's) JSON Schema, reporting what it
    /// cannot say through `gap(rule, reason)`; empty by default (see the extension).
    static func schemaKeywords(_ constraints: Constraints, type: FieldType, gap: (String, String) -> Void)
        -> [(String, JSONValue)]
}

extension ValueCheckKind {
    /// Every rule of the kind has a labelled defect.
    static var rulesWithoutDefect: [String: String] { [:] }

    /// Reads the kind's keys from a field's (or a case's) mapping into `constraints`, each by
    /// its declared reader (``CheckKey/read``), reporting a wrong shape at its line and column.
    static func read(_ mapping: inout YAMLMapping, into constraints: inout Constraints, for reader: RuleTreeReader) {
        for key in keys { key.read(&mapping, &constraints, reader) }
    }

    /// The keywords the kind writes into a field's (or a case's) schema, reporting what it
    /// cannot say through `gap(rule, reason)`. The kinds that came before this member have
    /// theirs written by field type in `Export/SchemaBuilder+Values.swift` (their
    /// ``jsonSchema`` names them); a new kind writes its own here.
    static func schemaKeywords(_ constraints: Constraints, type: FieldType, gap: (String, String) -> Void)
        -> [(String, JSONValue)]
    {
        []
    }
}

/// How a kind appears in the JSON Schema export: the keywords written for it and what of it
/// JSON Schema cannot express (each such check is listed by the export as a gap, by rule).
struct SchemaExpression: Sendable {
    /// The JSON Schema keywords written for the kind (`minLength`, `multipleOf`); empty when none.
    let keywords: [String]
    /// What the export cannot write, in a phrase (`the check digits`); nil when all of it is written.
    let notExpressed: String?

    /// Everything written with `keywords`.
    static func keywords(_ keywords: [String]) -> SchemaExpression {
        SchemaExpression(keywords: keywords, notExpressed: nil)
    }

    /// Some of it written with `keywords`, the rest listed as a gap for the reason given.
    static func partly(_ keywords: [String], notExpressed: String) -> SchemaExpression {
        SchemaExpression(keywords: keywords, notExpressed: notExpressed)
    }

    /// Nothing written: JSON Schema cannot say it, for the reason given.
    static func none(_ reason: String) -> SchemaExpression {
        SchemaExpression(keywords: [], notExpressed: reason)
    }
}

/// A kind's keys as written; `init()` is "none of them declared".
protocol WrittenKeys: Sendable, Equatable {
    init()
}

/// A rule a check kind reports: its stable identifier and what breaking it means (the
/// `rules` of a SARIF report, the `messages:` keys of the rules schema).
struct CheckRule: Sendable {
    /// The identifier reports use (`min-length`).
    let id: String
    /// One sentence: what breaking it means.
    let summary: String
    /// Whether a rule author may reword its message with `messages:`.
    var rewordable = true
}

/// The field a check is compiled for: its rule, its id, the list it is an item field of, and
/// whether the keys are a `cases:` entry's (which narrows the field's own: a case on an enum
/// need not repeat the field's `values`).
struct CheckSite {
    let rule: FieldRule
    let id: Int
    /// The list field id for an item field, nil at the top level.
    let scope: Int?
    /// Whether the keys compiled are a `cases:` entry's rather than the field's own.
    var isCase = false
}

/// One line of `formsmith explain`: a label, the plain-words body and the rules it reports.
struct ExplainedCheck {
    let label: String
    let body: String
    let rules: [String]
}

/// Every kind of value check, in the order a field's checks are compiled, run and explained.
///
/// Every `switch` over the kinds (and over ``ValueCheck``) is exhaustive, so adding a case
/// makes the compiler list each place that must learn about the new kind.
enum CheckKind: String, CaseIterable, Sendable {
    case length, regex, mask, format, range, fractionDigits, values, mediaType, fileExtension, size, itemCount, checksum
    case constant, textForm, multipleOf, weekdays, greaterThan

    /// The type that owns the kind.
    var definition: any ValueCheckKind.Type {
        switch self {
        case .length: LengthCheck.self
        case .regex: RegexCheck.self
        case .mask: MaskCheck.self
        case .format: FormatCheck.self
        case .range: RangeCheck.self
        case .fractionDigits: FractionDigitsCheck.self
        case .values: ValuesCheck.self
        case .mediaType: MediaTypeCheck.self
        case .fileExtension: ExtensionCheck.self
        case .size: SizeCheck.self
        case .itemCount: ItemCountCheck.self
        case .checksum: ChecksumCheck.self
        case .constant: ConstantCheck.self
        case .textForm: TextFormCheck.self
        case .multipleOf: MultipleOfCheck.self
        case .weekdays: WeekdaysCheck.self
        case .greaterThan: GreaterThanCheck.self
        }
    }

    /// Keys of a field's value constraints that are not checks of their own: the special
    /// values accepted as they are. (`format` is ``FormatCheck``'s: a named text format on
    /// string fields, the date layout on date fields.)
    static let fieldValueKeys: [CheckKey] = [
        CheckKey("allow", types: [.string, .text, .integer, .decimal, .date, .enumeration], .texts,
                 store: { $0.allow = $1 },
                 "Special values accepted as they are, skipping the other value checks: allow: ['0']. On a number "
                 + "field numbers are compared by value (0, 0.0 and 0e3 alike); on a string field only the string "
                 + "'0' (the number 0 is a type error).",
                 schema: [("anyOf", [.object(RuleKeyDocumentation.ref("scalar")),
                                     .object([("type", "array"), ("items", .object(RuleKeyDocumentation.ref("scalar")))])])]),
    ]

    /// Every value-constraint key the rule language accepts, with the field types it applies
    /// to: the keys of every kind, then ``fieldValueKeys``.
    static let allKeys: [CheckKey] = allCases.flatMap { $0.definition.keys } + fieldValueKeys

    /// The rule `id` if a kind reports it.
    static func rule(_ id: String) -> CheckRule? { rulesByID[id] }

    private static let rulesByID: [String: CheckRule] = Dictionary(
        allCases.flatMap { $0.definition.rules }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The field types each key applies to, by key.
    static let applicableTypes: [String: Set<FieldType>] = Dictionary(
        allKeys.map { ($0.name, $0.types) }, uniquingKeysWith: { first, _ in first })

    /// The rules `constraints` declare on a field of `type`, every kind asked in order.
    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        allCases.flatMap { $0.definition.declaredRules(in: constraints, type: type) }
    }
}

/// One compiled value check of a field, tagged by the value type it applies to: one case per
/// type, each holding a check whose kind owns its behaviour through the type's protocol
/// (``CompiledCheck``). A compiled field holds only checks of its own type (the rule compiler
/// refuses a key on a type it does not apply to, and each kind compiles to the struct of the
/// field's type), so a type's code reads only its own case and no `switch` lists kinds that
/// cannot apply; a new kind of an existing type adds no case here.
enum ValueCheck: Sendable {
    /// A check on a string or text value (``TextCheck``).
    case text(any TextCheck)
    /// A check on an integer or decimal value (``NumberCheck``).
    case number(any NumberCheck)
    /// A check on a date value (``DateCheck``).
    case date(any DateCheck)
    /// A check on an enum, multi-choice or boolean value (``ChoiceCheck``).
    case choice(any ChoiceCheck)
    /// A check on an attachment's files (``AttachmentCheck``).
    case attachment(any AttachmentCheck)
    /// A check on a list's items (``ListCheck``).
    case list(any ListCheck)

    /// The check, whatever its type.
    var check: any CompiledCheck {
        switch self {
        case .text(let check): check
        case .number(let check): check
        case .date(let check): check
        case .choice(let check): check
        case .attachment(let check): check
        case .list(let check): check
        }
    }

    /// The kind the check belongs to.
    var kind: CheckKind { type(of: check).kind }
}

/// Phrases several kinds' explanations share.
enum CheckPhrases {
    /// How many values of an enum are listed before "...".
    static let shownValues = 12

    /// "at least 1 and at most 50", with which ends are given (`min`, `max`).
    static func count(_ minimum: Int?, _ maximum: Int?) -> (text: String, ends: [String])? {
        switch (minimum, maximum) {
        case let (low?, high?) where low == high: return ("exactly \(low)", ["min", "max"])
        case let (low?, high?): return ("at least \(low) and at most \(high)", ["min", "max"])
        case let (low?, nil): return ("at least \(low)", ["min"])
        case let (nil, high?): return ("at most \(high)", ["max"])
        case (nil, nil): return nil
        }
    }

    /// " item" or " items", agreeing with the last number of `phrase`.
    static func noun(_ singular: String, _ phrase: String) -> String {
        phrase.hasSuffix(" 1") ? " " + singular : " " + singular + "s"
    }

    /// The first ``shownValues`` values, then "...".
    static func shortList(_ values: [String]) -> String {
        let shown = values.prefix(shownValues).joined(separator: ", ")
        return values.count > shownValues ? shown + ", ..." : shown
    }
}
