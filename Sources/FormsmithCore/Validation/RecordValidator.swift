import FormsmithValues

/// Where a field's raw value is: nowhere, a node of the parsed JSON, or a CSV cell.
enum RawValue {
    case absent
    /// A node of the validator's JSON tape.
    case json(Int32)
    /// A CSV cell (byte range of the row; `escaped` when it holds doubled quotes).
    case cell(start: Int, end: Int, escaped: Bool)
    /// The value could not be read (its section had the wrong type); already reported.
    case broken
}

/// What is known about a field once evaluated.
enum FieldState: UInt8 {
    case pending, absent, valid, invalid
}

/// Validates questionnaires against a compiled rule set. One per worker thread: it owns the
/// reusable buffers (JSON tape, slots, regex scratch) so that per-record work allocates little.
///
/// Who does what, for each record:
/// - ``RecordBinding`` binds the record's values to field slots (JSON members, CSV cells);
/// - ``ValueDecoder`` (``values``) reads a raw value by type: filled or not, its text, number,
///   boolean, date or choices, and how it is shown in a report;
/// - the validator runs the checks on the slots (`+Checks`, `+Steps` and each kind's file in
///   `Checks/`); a check that fails says which rule and why: a ``FieldProblem`` (wrong type,
///   required, hidden, parent empty) or its kind's own message;
/// - ``ViolationWording`` turns that into a ``Violation`` (message, the field's custom message,
///   the value as written);
/// - ``ViolationLog`` collects the violations, orders them and redacts them under `--redact`.
///
/// Its mutable state is never shared between threads and never accessed re-entrantly in a
/// conflicting way (separate buffers serve values, expression lookups and checksum
/// companions), so the per-record state opts out of dynamic exclusivity checks, which
/// otherwise cost about 15% of validation time.
public final class RecordValidator {
    /// The rules.
    public let rules: CompiledRuleSet
    /// The rules' plain-value form, read by the hot path.
    let plan: FastCheckTables
    let regexScratch: RegexScratch
    /// Values that recently matched each pattern step.
    let patternMemo: PatternMemo
    @exclusivity(unchecked) var tape = JSONTape()
    /// Reads the record's raw values by type (pointed at each record while it is validated).
    @exclusivity(unchecked) var values = ValueDecoder()
    /// The parsed JSON of a CSV cell holding an attachment.
    @exclusivity(unchecked) var attachmentTape = JSONTape()
    /// The record's values bound to fields (slots), and what binds them.
    let binding: RecordBinding
    /// The record's violations, and what `--redact` does to them.
    @exclusivity(unchecked) var log: ViolationLog
    /// The record's bytes while it is validated (held by ``values``).
    var bytes: UnsafeBufferPointer<UInt8> {
        @inline(__always) get { values.bytes }
    }
    /// Decoded text of the value being checked.
    @exclusivity(unchecked) var valueBuffer: [UInt8] = []
    /// Decoded text of values read by expressions.
    @exclusivity(unchecked) var lookupBuffer: [UInt8] = []
    /// Decoded text of a checksum's companion value.
    @exclusivity(unchecked) var companionBuffer: [UInt8] = []
    /// Whether the plan's plain steps may decide that a value passes and its expression shapes
    /// may stand in for the compiled expressions. Fixed at construction: always true in
    /// production; agreement tests and the agreement fuzz target build a second validator
    /// with it false to compare with the declarative checks alone.
    let decidesWithPlan: Bool
    /// The list and item being evaluated (for `drivers[].x` references), or -1.
    @exclusivity(unchecked) var currentList = -1
    @exclusivity(unchecked) var currentItem = -1
    /// The CSV row being validated and its column map, while the map has columns of lists
    /// inside list items (their items are bound when their enclosing item is evaluated).
    @exclusivity(unchecked) var csvRowWithInnerLists: (row: CSVRow, columns: CSVColumnMap)?
    /// With lists inside list items, this record's counts over all enclosing items (an inner
    /// list's storage keeps one enclosing item's at a time): at `2 × id` the items of inner list
    /// `id`, at `2 × id + 1` the filled values of field `id` of an inner list's items; empty
    /// without inner lists. Read by ``FieldFills``.
    @exclusivity(unchecked) var innerTally: [Int] = []
    /// In a project run, the top-level member naming a record's form (`form`): not a field,
    /// so never reported as unknown. Empty otherwise.
    var routingMember: [UInt8] = []
    /// Whether the record being read comes from a server export, whose attachment references
    /// may leave out their size (``InputSource/attachmentSizesUnknown``); set per input.
    var attachmentSizesUnknown = false

    /// Creates a validator for `rules`; with `redactsValues` (`--redact`), messages do not quote
    /// values and violations' values are masked (see ``Redaction``).
    public convenience init(rules: CompiledRuleSet, regexLimits: RegexLimits = .default, redactsValues: Bool = false) {
        self.init(rules: rules, regexLimits: regexLimits, redactsValues: redactsValues, decidesWithPlan: true)
    }

    /// Creates a validator that, when `decidesWithPlan` is false, runs only the declarative
    /// checks (the reference the plan's fast steps are compared with).
    init(rules: CompiledRuleSet, regexLimits: RegexLimits, redactsValues: Bool, decidesWithPlan: Bool) {
        self.rules = rules
        self.decidesWithPlan = decidesWithPlan
        log = ViolationLog(redactsValues: redactsValues)
        plan = rules.plan
        patternMemo = PatternMemo(stepCount: rules.plan.steps.count)
        self.regexScratch = RegexScratch(limits: regexLimits)
        binding = RecordBinding(rules: rules)
        if rules.fields.contains(where: { $0.type == .list && $0.listID != nil }) {
            innerTally = Array(repeating: 0, count: 2 * rules.fields.count)
        }
    }

    // MARK: - Evaluation

    /// Runs `body` with ``values`` reading the record held in `bytes` (and parsed into `nodes`,
    /// empty for a CSV row); afterwards it reads nothing.
    @inline(__always)
    func reading<R>(nodes: UnsafeBufferPointer<JSONNode>, bytes: UnsafeBufferPointer<UInt8>, _ body: () -> R) -> R {
        // In bounds: date pattern indices are the fields' `datePattern` (< datePatterns.count); `values`
        // forgets the buffer before the closure returns.
        plan.datePatterns.withUnsafeBufferPointer { datePatterns in
            values = ValueDecoder(nodes: nodes, bytes: bytes, datePatterns: datePatterns)
            defer { values = ValueDecoder() }
            return body()
        }
    }

    /// Resets per-record state.
    func beginRecord() {
        binding.reset()
        log.reset()
        if !innerTally.isEmpty { resetInnerTally() }
        currentList = -1
        currentItem = -1
    }

    /// Evaluates all fields and assertions once the slots are bound.
    func evaluateRecord() {
        let rootSlots = binding.rootSlots
        let rootStates = binding.rootStates
        for id in plan.rootOrder {
            let slot = plan.fields[id].slot
            rootStates[slot] = evaluate(id, raw: rootSlots[slot], item: -1)
        }
        if !rules.groups.isEmpty { checkGroups(listID: -1, item: -1) }
        if !rules.rootScope.assertions.isEmpty { checkAssertions(rules.rootScope.assertions, pathPrefix: "") }
        log.sort(by: rules.declarationRank(of:))
    }

    /// Evaluates the items of a list field whose raw value was accepted as a list.
    func evaluateItems(of list: CompiledField) {
        evaluateItems(ofList: list.id)
    }

    /// Evaluates the items of the list field `listID`.
    func evaluateItems(ofList listID: Int) {
        let list = plan.fields[listID]
        guard list.type == .list else { return }
        let items = binding.lists[listID]
        let (outerList, outerItem) = (currentList, currentItem)
        currentList = listID
        for item in 0..<items.count {
            currentItem = item
            if list.hasNestedLists { beginItemWithLists(ofList: listID, item: item) }
            for id in plan.itemOrders[list.itemOrder] {
                let index = item * list.itemSlotCount + plan.fields[id].slot
                items.states[index] = evaluate(id, raw: items.slots[index], item: item)
            }
            if !rules.groups.isEmpty { checkGroups(listID: listID, item: item) }
            if list.hasItemAssertions, let items = rules.fields[listID].items {
                checkAssertions(items.scope.assertions,
                                pathPrefix: itemPath(items.layout.prefix, list: listID, item: item).description)
            }
        }
        if list.hasNestedLists { items.activeItem = -1 }
        if list.listID >= 0 { tallyInnerItems(ofList: listID) }
        currentList = outerList
        currentItem = outerItem
    }

    /// Applies visibility, requiredness, parents and the value checks to one field (`item` is
    /// its list item, or -1). The compiled field and its path are fetched only to report.
    /// Inlined into the two loops that call it (the fields of the questionnaire, of a list
    /// item): a call per field cost about 40 instructions of register saves and argument moves.
    @inline(__always)
    private func evaluate(_ id: Int, raw: RawValue, item: Int) -> FieldState {
        if case .broken = raw { return .invalid }
        let present = values.isPresent(raw)
        var visibilityKnown = true
        let visibleIf = plan.fields[id].visibleIf
        if visibleIf >= 0 {
            switch condition(visibleIf) {
            case false?:
                guard present else { return .absent }
                let field = rules.fields[id]
                report(.hidden, field, path(of: field, item: item), raw)
                return .invalid
            case nil: visibilityKnown = false
            case true?: break
            }
        }
        guard present else {
            let required: Bool?
            let requiredIf = plan.fields[id].requiredIf
            if requiredIf >= 0 {
                required = condition(requiredIf)
            } else {
                required = !plan.fields[id].isOptional
            }
            if required == true, visibilityKnown {
                let field = rules.fields[id]
                report(.required, field, path(of: field, item: item), raw)
                return .invalid
            }
            return .absent
        }
        if plan.fields[id].hasParents {
            let field = rules.fields[id]
            for parent in field.parents where !values.isPresent(slot(of: parent).raw) {
                report(.emptyParent(parent), field, path(of: field, item: item), raw)
                return .invalid
            }
        }
        return checkValue(id, raw: raw, item: item) ? .valid : .invalid
    }

    /// The concrete path of `field` in list item `item` (-1 outside lists), for reports.
    func path(of field: CompiledField, item: Int) -> ConcretePath {
        guard let listID = field.listID, plan.fields[listID].listID >= 0 else {
            return ConcretePath(template: field.path, item: item)
        }
        return ConcretePath(template: field.path, item: item, enclosing: binding.enclosingItems(ofList: listID))
    }

    /// Reports each assertion that is false, and each that cannot be computed although every
    /// field it reads is valid or absent (a number past the exact-decimal digit limit, a date past
    /// the day numbers): like a bound that cannot be computed (``checkRange``), such an assertion
    /// is reported under its rule, never skipped without a word (docs/rules.md, "Arithmetic").
    /// One that reads an invalid field stays unknown and is skipped: that field's own violation
    /// is the root cause.
    private func checkAssertions(_ assertions: [CompiledAssertion], pathPrefix: String) {
        for assertion in assertions {
            let message: String
            switch assertion.predicate.evaluateCondition(environment) {
            case false?:
                message = assertion.message
            case nil where assertion.predicate.referencedFields.allSatisfy({ environment.lookup($0) != .invalid }):
                message = Self.uncomputableAssertion(assertion)
            default:
                continue
            }
            let field = assertion.fieldID.map { path(of: rules.fields[$0], item: currentItem).description }
                ?? String(pathPrefix.dropLast())
            violations.append(Violation(field: field, rule: assertion.rule, message: message))
        }
    }

    /// The message of an assertion whose value cannot be computed.
    static func uncomputableAssertion(_ assertion: CompiledAssertion) -> String {
        "cannot be checked: `\(assertion.source)` needs a value Formsmith does not compute (a number whose exact "
            + "value would need more than \(ExactDecimal.digitLimit) digits, a date beyond about 5.8 million years "
            + "either side of 1970, or a concat() of more than 1000 characters); the assertion says: "
            + assertion.message
    }

    // MARK: - Field access

    /// The raw value and state of a field in the current scope.
    func slot(of id: Int) -> (raw: RawValue, state: FieldState) {
        binding.slot(of: id, list: currentList, item: currentItem)
    }

    func state(of id: Int) -> FieldState { slot(of: id).state }

    var environment: RecordEnvironment { RecordEnvironment(validator: self) }

    /// The record's violations so far (kept by ``log``).
    var violations: [Violation] {
        _read { yield log.entries }
        _modify { yield &log.entries }
    }

    /// Whether reports must not reveal values (`--redact`): a quoted choice and each
    /// violation's value are masked (``ViolationLog``), a bound computed from another field is
    /// shown as its expression (`Redaction.swift`).
    var redactsValues: Bool { log.redactsValues }

    /// Adds a violation of `rule` worded `message` (a check kind's own wording), with the
    /// field's custom message when it has one (see ``ViolationWording``).
    func report(_ field: CompiledField, _ path: ConcretePath, _ rule: String, _ message: String, _ raw: RawValue?) {
        violations.append(ViolationWording.violation(field, path, rule, message, raw, values: values))
    }

    /// Adds a violation for `problem`, worded by ``ViolationWording``; `raw` is the field's
    /// value (not shown for a required field, which has none).
    func report(_ problem: FieldProblem, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue) {
        let message = ViolationWording.message(problem, field, raw, values: values, rules: rules)
        let shown: RawValue? = if case .required = problem { nil } else { raw }
        violations.append(ViolationWording.violation(field, path, ViolationWording.rule(of: problem), message, shown,
                                                     values: values))
    }
}

