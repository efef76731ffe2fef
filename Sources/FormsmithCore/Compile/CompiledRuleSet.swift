import Foundation

/// A rule set compiled for one run: field paths resolved to slots, regexes and masks
/// JIT-compiled, expressions bound, bounds that depend only on `today` precomputed.
///
/// Immutable; parallel runs give each worker its own copy (``compiledForWorker()``).
public final class CompiledRuleSet: Sendable {
    /// The rules as written.
    public let ruleSet: RuleSet
    /// The reference date the bounds were computed for.
    public let today: CivilDate
    /// Every value field (sections excluded), indexed by field id.
    let fields: [CompiledField]
    /// How the keys of the questionnaire's top-level object map to fields and sections.
    let root: ObjectLayout
    /// Evaluation order and slots of top-level (non-item) fields.
    let rootScope: EvaluationScope
    /// Field ids by path (`drivers[].birthDate`).
    let fieldIDs: [String: Int]
    /// The validator's plain-value form of the same rules (derived; see ``FastCheckTables``).
    let plan: FastCheckTables
    /// Sections checked as a whole (`optional`, `requiredIf`, `complete`), indexed by
    /// ``CompiledField/group``.
    let groups: [CompiledGroup]

    /// The same rules compiled again, for one worker thread of a parallel run.
    ///
    /// Compiled rules are objects (fields, regexes, tables held in arrays) that the hot path
    /// retains and releases; when two cores do that on the same objects, every reference count
    /// bounces between their caches, which cost about 10% of the CPU time with 2 jobs. A copy per
    /// worker costs one compilation (a few milliseconds) and is equal in every respect (field
    /// ids, slots, plan), so work bound on the calling thread (CSV column maps) applies to it.
    func compiledForWorker() -> CompiledRuleSet {
        (try? RuleCompiler.compile(ruleSet, today: today)) ?? self
    }

    init(ruleSet: RuleSet, today: CivilDate, fields: [CompiledField], root: ObjectLayout,
         rootScope: EvaluationScope, fieldIDs: [String: Int], groups: [CompiledGroup] = []) {
        self.groups = groups
        self.ruleSet = ruleSet
        self.today = today
        self.fields = fields
        self.root = root
        self.rootScope = rootScope
        self.fieldIDs = fieldIDs
        plan = FastCheckTables(fields: fields, root: root, rootScope: rootScope)
    }

    /// Where a violation of `path` (`drivers[2].birthDate`, a section, or an unknown field)
    /// sorts: the position of its field in the rule file; unknown fields after all others.
    func declarationRank(of path: String) -> Int {
        let folded = ValidationSummary.foldIndices(path)
        if let id = fieldIDs[folded] { return id }
        var base = Substring(folded)  // a file or member of an attachment (`photos[1]`, `scan.size`): its field's place
        while let cut = base.lastIndex(where: { $0 == "." || $0 == "[" }) {
            base = base[..<cut]
            if let id = fieldIDs[String(base)], fields[id].type == .attachment { return id }
        }
        if let first = fields.firstIndex(where: { $0.path.hasPrefix(folded + ".") || $0.path.hasPrefix(folded + "[]") }) {
            return first
        }
        return fields.count
    }

    /// The rule set's identifier.
    public var id: String { ruleSet.id }

    /// Paths of all value fields, in declaration order.
    public var fieldPaths: [String] { fields.map(\.path) }
}

/// The keys of one JSON object (the questionnaire, a section or a list item).
struct ObjectLayout: Sendable {
    struct Member: Sendable {
        let key: [UInt8]
        let name: String
        let target: Target
    }

    enum Target: Sendable {
        /// A value field, by id, with its slot in its scope.
        case field(Int, slot: Int)
        /// A nested section.
        case section(path: String, layout: ObjectLayout)
    }

    let members: [Member]
    /// The path prefix of this object's members in reports: `""`, `insurant.`, `drivers[].`.
    let prefix: String
    /// For a list item layout: the list's field id and the item's slot count.
    let list: (id: Int, slotCount: Int)?
    /// Every field id inside this object, nested sections included (to mark them all
    /// unreadable when the section has the wrong type).
    let allFieldIDs: [Int]

    /// The member whose key equals `bytes`.
    @inline(__always)
    func member(forKey bytes: UnsafeBufferPointer<UInt8>) -> Member? {
        for member in members where member.key.count == bytes.count {
            // In bounds: memcmp reads `bytes.count` bytes of each, and only members whose key has that count
            // get here.
            if member.key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) }) == 0 {
                return member
            }
        }
        return nil
    }
}

/// The fields evaluated together (the top level, or one list's items) and their order.
struct EvaluationScope: Sendable {
    /// Number of value slots.
    let slotCount: Int
    /// Field ids in dependency order: every field comes after the fields its predicates,
    /// bounds, parents and checks read.
    let order: [Int]
    /// Assertions checked once the fields are evaluated.
    let assertions: [CompiledAssertion]
}

/// A value field ready to check.
final class CompiledField: Sendable {
    let id: Int
    let path: String
    let name: String
    let type: FieldType
    /// The list this field is an item field of, or nil for top-level fields.
    let listID: Int?
    /// Index of the field's value in its scope's slot array.
    let slot: Int
    let isOptional: Bool
    let requiredIf: CompiledExpression?
    /// The `requiredIf` predicate as written, for messages ("" when there is none).
    let requiredIfSource: String
    let visibleIf: CompiledExpression?
    /// The visibility predicate as written, for messages.
    let visibleIfSource: String
    let parents: [Int]
    /// Checks that always apply, in order.
    let checks: [ValueCheck]
    /// Checks that apply when their condition holds.
    let cases: [(condition: CompiledExpression, checks: [ValueCheck])]
    /// The `when:` of each of ``cases`` as written.
    let caseSources: [String]
    /// Raw values accepted as they are.
    let allowed: [[UInt8]]
    /// How to read a date.
    let datePattern: DatePattern
    /// Whether enum values are integers (else strings).
    let hasIntegerValues: Bool
    /// The layout and scope of a list's items.
    let items: (layout: ObjectLayout, scope: EvaluationScope)?
    /// Custom messages by rule identifier.
    let messages: [String: String]
    /// Index into ``CompiledRuleSet/groups`` of the section checked as a whole that this
    /// field belongs to, or -1.
    let group: Int
    /// The `requiredIf` of that section (compiled for this field, so it is evaluated after
    /// what it reads); nil when the section is `optional` or has none.
    let groupRequiredIf: CompiledExpression?
    /// Whether that section is `optional` or has `requiredIf`: the field is then required only
    /// while the section is (see the validator's group step).
    let inConditionalGroup: Bool
    /// Whether a text whose NFC form passes is accepted (`normalize: nfc`).
    let acceptsNFC: Bool
    /// For an attachment: whether it holds several files (a JSON array).
    let isMultiple: Bool

    init(id: Int, path: String, name: String, type: FieldType, listID: Int?, slot: Int, isOptional: Bool,
         requiredIf: CompiledExpression?, requiredIfSource: String = "", visibleIf: CompiledExpression?,
         visibleIfSource: String, parents: [Int], checks: [ValueCheck],
         cases: [(condition: CompiledExpression, checks: [ValueCheck])], caseSources: [String] = [], allowed: [[UInt8]],
         datePattern: DatePattern, hasIntegerValues: Bool, items: (layout: ObjectLayout, scope: EvaluationScope)?,
         messages: [String: String], group: Int = -1, groupRequiredIf: CompiledExpression? = nil,
         inConditionalGroup: Bool = false, acceptsNFC: Bool = false,
         isMultiple: Bool = false) {
        self.isMultiple = isMultiple
        self.group = group
        self.inConditionalGroup = inConditionalGroup
        self.groupRequiredIf = groupRequiredIf
        self.id = id
        self.path = path
        self.name = name
        self.type = type
        self.listID = listID
        self.slot = slot
        self.isOptional = isOptional
        self.requiredIf = requiredIf
        self.requiredIfSource = requiredIfSource
        self.visibleIf = visibleIf
        self.visibleIfSource = visibleIfSource
        self.parents = parents
        self.checks = checks
        self.cases = cases
        self.caseSources = caseSources
        self.allowed = allowed
        self.datePattern = datePattern
        self.hasIntegerValues = hasIntegerValues
        self.items = items
        self.messages = messages
        self.acceptsNFC = acceptsNFC
    }
}

extension CompiledField {
    /// For an item field, its path inside its own item (`address.city` for `drivers[].address.city`,
    /// `number` for `drivers[].documents[].number`);
    /// the whole path otherwise.
    var pathInItem: String {
        guard listID != nil, let marker = path.range(of: "[].", options: .backwards) else { return path }
        return String(path[marker.upperBound...])
    }
}

/// A compiled cross-field assertion.
struct CompiledAssertion: Sendable {
    let predicate: CompiledExpression
    let source: String
    let message: String
    let rule: String
    /// The field the violation is reported on, or nil for the questionnaire / item itself.
    let fieldID: Int?
}

/// A bound of a number or date range.
enum BoundValue: Sendable {
    /// Known once per run (a literal, or an expression of `today` only).
    case number(ExactDecimal)
    case date(CivilDate)
    /// Depends on other fields of the record.
    case dynamic(CompiledExpression, source: String)
}

/// One end of a range: its value, whether it is exclusive, and its text for messages.
struct RangeBound: Sendable {
    let value: BoundValue
    let exclusive: Bool
    let source: String
}

/// A section checked as a whole: `optional` or `requiredIf` (its fields are required only while
/// it is required or some of them is filled) and `complete` (all or none).
struct CompiledGroup: Sendable {
    /// The section's path (`owner`, `drivers[].address`).
    let path: String
    /// The list whose items hold the section, or -1 for a section of the questionnaire.
    let listID: Int
    /// Its fields, by id, except the switches its conditions read.
    let members: [Int]
    /// Whether the section may be left empty at times (`optional` or `requiredIf`).
    let isConditional: Bool
    /// Whether it is all or none (`complete: true`).
    let isComplete: Bool
    /// Whether a questionnaire may leave all its fields empty: it is conditional, or every
    /// field of it is optional without `requiredIf`.
    let canBeEmpty: Bool
}
