import FormsmithValues

/// Plain-value forms of the compiled rules for the validator's per-record hot path.
///
/// Derived once from a ``CompiledRuleSet`` and read only by ``RecordValidator``. The declarative
/// types (``CompiledField``, ``ValueCheck``, ``ObjectLayout``, ``EvaluationScope``) keep their
/// meaning and stay the source of truth: the plan only lets the validator decide, without
/// reference counting or enum payload copies, that a value passes its checks. Whenever a value
/// does not pass, or its checks have no plain form, the validator runs the declarative checks,
/// which find and word every violation.
///
/// The plain-value tables live in memory the plan allocates once and frees when it goes: read
/// through unsafe buffers, an access is a load (no bounds check, no copy of the element). The
/// plan never changes after `init`, so sharing it between threads is safe.
final class FastCheckTables: @unchecked Sendable {
    // In bounds: each table has exactly its source array's count; fields are indexed by field id (<
    // fields.count), steps, cases and orders by the ranges the fields hold, all built together in init.
    /// One entry per field, indexed by field id.
    let fields: UnsafeMutableBufferPointer<FastCheckField>
    /// The plain checks of all fields and cases; a field or case owns a range of them.
    let steps: UnsafeMutableBufferPointer<CheckStep>
    /// The conditional check groups (`cases`) of all fields.
    let cases: UnsafeMutableBufferPointer<FastCheckCase>
    /// Predicates, conditions and dynamic bounds, referenced by index.
    let expressions: [CompiledExpression]
    /// The recognised shape of each expression (same indices).
    let shapes: [ExpressionShape]
    /// The texts `equalsText` shapes compare with, end to end (each shape holds its range).
    let shapeTexts: [UInt8]
    /// Allowed values of enumerations, referenced by index.
    let enumerations: [ByteStringSet]
    /// Number bounds, referenced by index from ``BoundStep/number`` (so a step stays a plain
    /// value: copying one holding an ``ExactDecimal`` cost about 1% of a record's instructions).
    let numbers: [ExactDecimal]
    /// The checks of attachment fields and their cases, referenced by index.
    let attachments: [AttachmentStep]
    /// Date patterns, referenced by index from ``FastCheckField/datePattern``.
    let datePatterns: [DatePattern]
    /// Evaluation order of top-level fields.
    let rootOrder: UnsafeMutableBufferPointer<Int>
    /// Evaluation orders of list items; a list field owns a range.
    let itemOrders: UnsafeMutableBufferPointer<Int>
    /// Member keys of every object layout; table 0 is the questionnaire itself.
    let keys: KeyTables
    /// The same in plain memory, for binding.
    let keyIndex: KeyIndex

    init(fields compiled: [CompiledField], root: ObjectLayout, rootScope: EvaluationScope) {
        var builder = PlanBuilder()
        var plans: [FastCheckField] = []
        for field in compiled {
            plans.append(builder.plan(field, all: compiled))
        }
        for field in compiled where field.type == .list {
            if let outer = field.listID { plans[outer].hasNestedLists = true }
        }
        var keys = KeyTables()
        _ = keys.add(root)
        for (id, field) in compiled.enumerated() {
            if let items = field.items { plans[id].itemTable = keys.add(items.layout) }
        }
        fields = Self.table(plans)
        steps = Self.table(builder.steps)
        cases = Self.table(builder.cases)
        expressions = builder.expressions
        var shapeTexts: [UInt8] = []
        shapes = builder.expressions.map { ExpressionShape($0, fields: compiled, texts: &shapeTexts) }
        self.shapeTexts = shapeTexts
        enumerations = builder.enumerations
        numbers = builder.numbers
        attachments = builder.attachments
        datePatterns = builder.datePatterns
        rootOrder = Self.table(rootScope.order)
        itemOrders = Self.table(builder.itemOrders)
        self.keys = keys
        keyIndex = KeyIndex(keys)
    }

    deinit {
        fields.deallocate()
        steps.deallocate()
        cases.deallocate()
        rootOrder.deallocate()
        itemOrders.deallocate()
        keyIndex.deallocate()
    }

    /// A copy of `elements` (plain values) in memory of its own.
    private static func table<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = table.initialize(from: elements)
        return UnsafeMutableBufferPointer(rebasing: table[..<elements.count])
    }
}

/// A field as the hot path sees it.
struct FastCheckField: Sendable {
    var type: FieldType
    var isOptional: Bool
    var hasParents: Bool
    var hasAllowed: Bool
    var hasIntegerValues: Bool
    /// Whether ``steps`` decide the field's own checks (else the declarative checks always run).
    var stepsDecide: Bool
    /// Slot in the field's scope.
    var slot: Int
    /// The list the field is an item field of, or -1.
    var listID: Int
    /// Slots per item of the list the field belongs to (its slot is `item × scopeStride + slot`
    /// in that list's storage); 0 for a top-level field.
    var scopeStride: Int
    /// For a list field: slots per item of its own items (0 for other fields). Not the same as
    /// ``scopeStride`` for a list inside list items, whose items and enclosing items have
    /// different numbers of fields.
    var itemSlotCount: Int
    /// Expression indices, or -1.
    var visibleIf: Int
    var requiredIf: Int
    var steps: Range<Int>
    var cases: Range<Int>
    /// Index into ``FastCheckTables/datePatterns``.
    var datePattern: Int
    /// For list fields: their items' evaluation order, key table, and whether items have assertions.
    var itemOrder: Range<Int>
    var itemTable: Int
    var hasItemAssertions: Bool
    /// For list fields: whether their items hold lists (whose storage holds one item's at a time).
    var hasNestedLists = false
    /// The section checked as a whole the field belongs to (``CompiledRuleSet/groups``), or -1,
    /// and that section's `requiredIf` (expression index), or -1.
    var group: Int = -1
    var groupRequiredIf: Int = -1
    /// For a field of an `optional` or `requiredIf` section, which `evaluate` treats as optional
    /// (the group step reports it when the section is required): its own `optional` and
    /// `requiredIf` (expression index, or -1).
    var ownOptional: Bool = false
    var ownRequiredIf: Int = -1
}

/// One `cases` entry of a field: its condition and its checks.
struct FastCheckCase: Sendable {
    var condition: Int
    var steps: Range<Int>
    var stepsDecide: Bool
}

/// One value check in plain form, mirroring a ``ValueCheck`` the field's type applies.
struct CheckStep: Sendable {
    enum Kind: UInt8, Sendable {
        /// Length in Unicode scalars within `minimum...maximum`.
        case length
        /// A whole-value regex or mask.
        case pattern
        /// A number or date range.
        case range
        /// At most `maximum` digits after the decimal point.
        case fractionDigits
        /// One of `enumeration`'s values.
        case enumeration
        /// Valid check digits, without a companion field.
        case checksum
        /// An attachment reference (or array of them) that passes `attachment`'s checks.
        case attachment
        /// An e-mail address (`format: email`).
        case email
    }

    var kind: Kind
    var minimum = Int.min
    var maximum = Int.max
    /// Kept alive by the compiled field's checks, which own the same regex.
    var regex: Unmanaged<CompiledRegex>?
    var lower = BoundStep()
    var upper = BoundStep()
    var enumeration = -1
    var checksum: ChecksumAlgorithm?
    /// For attachments: the index into ``FastCheckTables/attachments``.
    var attachment = -1

    init(kind: Kind) { self.kind = kind }
}

/// One end of a range in plain form.
struct BoundStep: Sendable {
    enum Kind: UInt8, Sendable { case none, number, date, dynamic }

    var kind = Kind.none
    /// For number bounds: the index into ``FastCheckTables/numbers``.
    var number = -1
    var date = CivilDate(dayNumber: 0)
    /// For date bounds: ``date`` as the number `yyyymmdd` (``CivilDate/yearMonthDay``), which a
    /// value read the same way is compared with.
    var yearMonthDay = 0
    var exclusive = false
    /// For dynamic bounds: the expression index.
    var expression = -1
}

/// Accumulates the plan's arrays while fields are translated. Each check kind's file in
/// `Checks/` translates its checks into steps (`extension PlanBuilder`).
struct PlanBuilder {
    var steps: [CheckStep] = []
    var cases: [FastCheckCase] = []
    var expressions: [CompiledExpression] = []
    var enumerations: [ByteStringSet] = []
    var numbers: [ExactDecimal] = []
    var attachments: [AttachmentStep] = []
    var datePatterns: [DatePattern] = []
    var itemOrders: [Int] = []

    mutating func plan(_ field: CompiledField, all: [CompiledField]) -> FastCheckField {
        let (steps, decide) = addSteps(field.checks, type: field.type, multiple: field.isMultiple)
        var caseStart = cases.count
        for variant in field.cases {
            let (range, variantDecides) = addSteps(variant.checks, type: field.type, multiple: field.isMultiple)
            cases.append(FastCheckCase(condition: add(variant.condition), steps: range, stepsDecide: variantDecides))
        }
        let caseRange = caseStart..<cases.count
        caseStart = itemOrders.count
        itemOrders += field.items?.scope.order ?? []
        datePatterns.append(field.datePattern)
        let requiredIf = field.requiredIf.map { add($0) } ?? -1
        // A field of a conditional section is optional to `evaluate`; the group step decides.
        let deferred = field.inConditionalGroup
        return FastCheckField(
            type: field.type, isOptional: deferred || field.isOptional, hasParents: !field.parents.isEmpty,
            hasAllowed: !field.allowed.isEmpty, hasIntegerValues: field.hasIntegerValues, stepsDecide: decide,
            slot: field.slot, listID: field.listID ?? -1,
            scopeStride: field.listID.map { all[$0].items?.scope.slotCount ?? 0 } ?? 0,
            itemSlotCount: field.items?.scope.slotCount ?? 0,
            visibleIf: field.visibleIf.map { add($0) } ?? -1, requiredIf: deferred ? -1 : requiredIf,
            steps: steps, cases: caseRange, datePattern: datePatterns.count - 1,
            itemOrder: caseStart..<itemOrders.count, itemTable: -1,
            hasItemAssertions: !(field.items?.scope.assertions.isEmpty ?? true),
            group: field.group, groupRequiredIf: field.groupRequiredIf.map { add($0) } ?? -1,
            ownOptional: field.isOptional, ownRequiredIf: requiredIf)
    }

    private mutating func add(_ expression: CompiledExpression) -> Int {
        expressions.append(expression)
        return expressions.count - 1
    }

    /// Translates checks; the flag says whether every one has a plain form for this type
    /// (the checks the declarative path ignores for a type, or words specially, have none).
    private mutating func addSteps(_ checks: [ValueCheck], type: FieldType, multiple: Bool) -> (Range<Int>, Bool) {
        let start = steps.count
        if type == .attachment {  // one step for all of a file's checks (see AttachmentStep)
            var step = CheckStep(kind: .attachment)
            attachments.append(AttachmentStep(checks, isMultiple: multiple))
            step.attachment = attachments.count - 1
            steps.append(step)
            return (start..<steps.count, true)
        }
        var decide = true
        for check in checks {
            guard let step = self.step(for: check) else {
                decide = false
                continue
            }
            steps.append(step)
        }
        if type == .boolean { decide = decide && checks.isEmpty }
        if [.multiChoice, .list, .section].contains(type) { decide = false }
        return (start..<steps.count, decide)
    }

    /// The check's plain step, if its kind has one (``CompiledCheck/fastStep(in:)``).
    private mutating func step(for check: ValueCheck) -> CheckStep? {
        check.check.fastStep(in: &self)
    }

    mutating func bound(_ range: RangeBound?) -> BoundStep {
        guard let range else { return BoundStep() }
        var bound = BoundStep()
        bound.exclusive = range.exclusive
        switch range.value {
        case .number(let number):
            bound.kind = .number
            bound.number = numbers.count
            numbers.append(number)
        case .date(let date):
            bound.kind = .date
            bound.date = date
            bound.yearMonthDay = date.yearMonthDay
        case .dynamic(let expression, _):
            bound.kind = .dynamic
            bound.expression = add(expression)
        }
        return bound
    }
}
