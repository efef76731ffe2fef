import FormsmithValues

/// Builds one questionnaire at a time, valid by construction: fields are filled in the rules'
/// dependency order, so visibility and requiredness predicates, parents, `cases` and
/// field-relative bounds all read values already chosen. One per worker thread; it reuses
/// its storage from record to record. Its state is never shared between threads, so it opts
/// out of dynamic exclusivity checks (a quarter of the per-record time otherwise).
final class QuestionnaireBuilder {
    let plan: GeneratorTables
    let rules: CompiledRuleSet
    @exclusivity(unchecked) var record: GeneratedRecord
    @exclusivity(unchecked) var random = SeededRandom(seed: 0)
    /// The questionnaire's position in the output.
    @exclusivity(unchecked) var recordIndex = 0
    /// The `--seed-data` record this questionnaire keeps the values of, if any.
    @exclusivity(unchecked) var recordPins: FixturePins?
    /// Values a covering row's solver model fixed (numbers an assertion or a bound reads), pinned
    /// in the next questionnaires built until cleared.
    var solverPins: FixturePins?
    /// The attempt at this questionnaire (0 first; coverage cycling applies only to it).
    @exclusivity(unchecked) var attempt = 0
    /// The list and item being filled (for `drivers[].x` references), or -1.
    @exclusivity(unchecked) var currentList = -1
    @exclusivity(unchecked) var currentItem = -1
    /// Per section checked as a whole (``CompiledRuleSet/groups``): this questionnaire's choice.
    @exclusivity(unchecked) var groupChoices: [GroupChoice]
    /// Why the current attempt failed, when a field could not be given a value.
    @exclusivity(unchecked) var failure: GenerationFailure?
    /// Values drawn and thrown away since the owner last took them (see ``GenerationDiscards``).
    @exclusivity(unchecked) var discards = GenerationDiscards()
    /// What a covering case asks of the fields (`generate --cover`), or nil.
    @exclusivity(unchecked) var targets: CoverTargets?
    /// The class the next ``pick(_:_:)`` lands on for a covering case (-1: none; see ``pendingPick(_:_:)``).
    @exclusivity(unchecked) var pendingEdge: Int8 = -1
    /// Whether each questionnaire keeps a `--seed-data` record's values (off for a covering
    /// set's own cases, after its kept seeds).
    @exclusivity(unchecked) var keepsSeedRecords = true
    /// Whether only pinned values are written (`formsmith coverage` reads a fixture back
    /// through the builder: every field it does not hold stays empty).
    @exclusivity(unchecked) var replaying = false
    let scratch = RegexScratch()
    /// Which fields assertions read, when the form has assertions (nil: the solver never runs).
    let assertionSolving: AssertionSolving?
    /// The optional fields that required fields name as their `parent` (see ``ParentNeeds``).
    let parentNeeds: ParentNeeds
    /// The dates whose later dates' bounds read them (see ``DateRoom``).
    let dateRoom: DateRoom
    /// Per date field, the last range ``roomForLaterDates(_:address:low:high:)`` narrowed and
    /// what it kept, for dates whose later dates read nothing else (``DateRoom/readOnlyIt``).
    @exclusivity(unchecked) var dateRoomMemo: [DateRoomMemo?]
    /// The solver that settles values assertions read, once made (``assertionSolver`` makes it
    /// on first use, one per builder).
    @exclusivity(unchecked) var madeAssertionSolver: ConstraintSolver?
    /// Whether one value's solver budget is being spent (``withSolverBudget(for:_:)``).
    @exclusivity(unchecked) var solverBudgetActive = false
    /// Whether the solver is no longer asked about the field being filled (its budget ran out
    /// for ``SolverBudget/spentValuesPerField`` values already).
    @exclusivity(unchecked) var solverBudgetGivenUp = false
    /// Per field id, how many of its values the solver's budget ran out on.
    @exclusivity(unchecked) var budgetSpentValues: [Int: Int] = [:]
    /// The solver's ``ConstraintSolver/exhausted`` already counted in ``discards``.
    @exclusivity(unchecked) var attributedExhaustions = 0
    /// Answers of the solver about assertions, by the values they read (see ``feasible(open:assertions:)``).
    @exclusivity(unchecked) var feasibilityAnswers: [String: Bool] = [:]
    /// The range of grid steps a settled number may be drawn in, per field, assertions and
    /// values they read (``feasibilityKey``-style key); nil for a range with no end. Reused like
    /// ``feasibilityAnswers``, cleared at the same limit.
    @exclusivity(unchecked) var settleRanges: [String: ClosedRange<Int64>?] = [:]
    /// The decisions on a text field's string predicates with which its assertions can hold,
    /// by the values they read (see ``decidedText(_:address:solving:)``); cleared like ``feasibilityAnswers``.
    @exclusivity(unchecked) var atomTruthAnswers: [String: [(truth: UInt64, lengths: ClosedRange<Int>?)]] = [:]
    /// Where a text field's values meeting a decision on its string predicates come from.
    @exclusivity(unchecked) var atomSources: [AtomSourceKey: AtomDecisionSource?] = [:]
    /// The string predicates of a parent's `visibleIf` on the text field deciding it, while
    /// ``parentDecidedText(_:address:)`` has the solver decide them (declared as its atoms).
    @exclusivity(unchecked) var parentTextAtoms: [Int: [TextAtom]] = [:]
    /// Text specs narrowed to the lengths an assertion allows, by field, spec and lengths.
    @exclusivity(unchecked) var narrowedSpecs: [String: TextSpec] = [:]
    @exclusivity(unchecked) var textBuffer: [UInt8] = []
    /// How many times a string value is drawn before the attempt fails.
    static let textAttempts = 48

    init(plan: GeneratorTables) {
        self.plan = plan
        self.rules = plan.rules
        record = GeneratedRecord(rules: plan.rules)
        groupChoices = Array(repeating: .undecided, count: plan.rules.groups.count)
        assertionSolving = AssertionSolving(rules: plan.rules)
        parentNeeds = ParentNeeds(rules: plan.rules, neverShown: plan.neverShown)
        dateRoom = DateRoom(rules: plan.rules)
        dateRoomMemo = Array(repeating: nil, count: plan.rules.fields.count)
    }

    /// Fills a fresh questionnaire; false (with `failure` set) when some field had no value.
    func build(index: Int, attempt: Int, random: SeededRandom) -> Bool {
        recordIndex = index
        self.attempt = attempt
        self.random = random
        record.reset()
        for index in groupChoices.indices { groupChoices[index] = .undecided }
        failure = nil
        if replaying {
            // The record read back was pinned by the caller.
        } else if keepsSeedRecords, let records = plan.seedData?.records, !records.isEmpty {
            recordPins = records[index % records.count]
        } else {
            recordPins = solverPins
        }
        for id in rules.rootScope.order {
            fill(id, item: -1)
            if failure != nil { return false }
        }
        return true
    }

    /// Decides and stores the value of one field (and the items of a list).
    private func fill(_ id: Int, item: Int) {
        let field = rules.fields[id]
        let address = FieldAddress(field: id, item: item)
        var value = GeneratedValue.absent
        if let pinned = plan.pins?.value(at: address, rules: rules, record: record)
            ?? recordPins?.value(at: address, rules: rules, record: record) {
            value = materialize(pinned, for: field, address: address)
        } else if replaying {
            value = .absent
        } else if field.visibleIf?.evaluateCondition(environment) ?? true {
            var required = field.requiredIf.map { $0.evaluateCondition(environment) ?? true } ?? !field.isOptional
            var skipped = false
            if field.group >= 0 {
                switch groupChoice(for: field, item: item) {
                case .empty: skipped = true
                case .whole: required = true
                case .fieldByField, .undecided: break
                }
            }
            // A list none of whose items can be valid is left empty when it may be (said once, on
            // standard error: ``GeneratorTables/listsLeftEmpty``); required, it fails as before.
            if !required, field.items != nil, plan.neverShown.items[id] != nil { skipped = true }
            // A switch every value of which hides a parent a required child needs is left empty.
            if !required, !skipped, !filledForChildren(field, item: item), emptyForParentVisibility(field, address: address) {
                skipped = true
            }
            let parentsFilled = field.parents.allSatisfy { isPresent($0) }
            if !skipped, parentsFilled, let initial = plan.fields[id].initial {
                value = materialize(initial, for: field, address: address)
            } else if !skipped, parentsFilled, required || wantsFilled(field, item: item) || filledForChildren(field, item: item)
                        || assertionsNeedFilled(field, address: address) || filledForParentVisibility(field, address: address) {
                // The solver's work for one value has a budget (``SolverBudget``); what runs out
                // is counted and said.
                value = withSolverBudget(for: field) {
                    var value = pooledValue(field, address: address)
                        ?? assertionSolving.flatMap { decidedText(field, address: address, solving: $0) }
                        ?? parentDecidedText(field, address: address)
                        ?? generateValue(field, address: address)
                    value = parentSettledValue(field, address: address, drawn: value)
                    if let solving = assertionSolving, !solving.readers[id].isEmpty {
                        value = settledValue(field, address: address, drawn: value, solving: solving,
                                             mayBeEmpty: !required && !filledForChildren(field, item: item)
                                                && (targets.map { item > 0 || $0.presence[id] < 0 } ?? true))
                    }
                    return value
                }
            }
            // Checks on whether it must be filled that ran out count for this field, also when
            // it is left empty.
            chargeUnansweredChecks(to: field)
        }
        record.setValue(value, at: address, in: rules)
        if case .items(let count) = value { fillItems(of: field, count: Int(count)) }
    }

    /// Fills every item of a list in the items' dependency order.
    func fillItems(of list: CompiledField, count: Int) {
        guard let scope = list.items?.scope else { return }
        var first = 0
        if list.listID != nil {
            // A list inside list items: its items follow those of the enclosing items filled before.
            first = record.appendItems(of: list.id, count: count, enclosing: currentItem)
        } else {
            record.resetItems(of: list.id, count: count, slotCount: scope.slotCount)
        }
        fillItems(first..<(first + count), of: list, scope: scope)
    }

    /// Fills the items `range` of a list's storage, each in the items' dependency order.
    private func fillItems(_ range: Range<Int>, of list: CompiledField, scope: EvaluationScope) {
        let (outerList, outerItem) = (currentList, currentItem)
        defer {
            currentList = outerList
            currentItem = outerItem
        }
        currentList = list.id
        let redrawsItems = itemRedraws(list, scope)
        for item in range {
            currentItem = item
            for draw in 0...(redrawsItems ? Self.itemDraws - 1 : 0) {
                for (index, group) in rules.groups.enumerated() where group.listID == list.id {
                    groupChoices[index] = .undecided
                }
                for id in scope.order {
                    fill(id, item: item)
                    if failure != nil { break }
                }
                guard redrawsItems, failure == nil, draw < Self.itemDraws - 1,
                      let broken = scope.assertions.first(where: { $0.predicate.evaluateCondition(environment) == false })
                else { break }
                discards.addValues(field: list.path + "[]", rule: broken.rule)
            }
            if !redrawsItems, failure == nil, redrawsAssertedFields(list, scope) { redrawAssertedFields(of: list, scope: scope, item: item) }
        }
    }

    /// Whether an item of `list` whose assertion does not hold has the plain fields that
    /// assertion reads drawn again, the lists inside it kept: when the item itself cannot be
    /// drawn again (it holds a list) and nothing is pinned.
    private func redrawsAssertedFields(_ list: CompiledField, _ scope: EvaluationScope) -> Bool {
        !scope.assertions.isEmpty && !replaying && plan.pins == nil && recordPins == nil
    }

    /// Draws again, up to ``itemDraws`` times, the plain fields of this item (not lists, whose
    /// items are stored apart) that a broken item assertion reads, each draw counted under the
    /// list's items and the assertion's rule; the rest of the item, its inner lists included,
    /// stays. Drawing only those fields again samples them under the assertion, given the rest
    /// of the item, instead of throwing the questionnaire away, which favoured questionnaires
    /// with fewer items (and so one side of a switch that hides the list).
    private func redrawAssertedFields(of list: CompiledField, scope: EvaluationScope, item: Int) {
        for _ in 1..<Self.itemDraws {
            guard let broken = scope.assertions.first(where: { $0.predicate.evaluateCondition(environment) == false }) else { return }
            let plain = broken.predicate.referencedFields.filter {
                rules.fields[$0].listID == list.id && rules.fields[$0].type != .list && rules.fields[$0].items == nil
            }
            guard !plain.isEmpty else { return }
            discards.addValues(field: list.path + "[]", rule: broken.rule)
            for id in scope.order where plain.contains(id) {
                fill(id, item: item)
                if failure != nil { return }
            }
        }
    }

    /// How many times an item is drawn when its list's assertions are checked per item.
    static let itemDraws = 20

    /// Whether an item of `list` whose assertion does not hold is drawn again on its own (each
    /// draw counted under the list's items and the assertion's rule) rather than the whole
    /// questionnaire: when the list has item assertions, no list inside its items (whose items
    /// are stored apart and would have to be taken back) and nothing pinned.
    private func itemRedraws(_ list: CompiledField, _ scope: EvaluationScope) -> Bool {
        !scope.assertions.isEmpty && !replaying && plan.pins == nil && recordPins == nil
            && !scope.order.contains { rules.fields[$0].type == .list }
    }

    /// Adds `extra` new items, filled validly (their inner lists too), after the `count` items of
    /// `list` in item `enclosing` of its enclosing list (-1 for a top-level list): the extra items
    /// of a `max-items` defect. The items of a list inside list items follow each other per
    /// enclosing item, so those `count` items are first moved to the end of the list's storage
    /// (with the lists inside them). False when an item could not be filled.
    func appendFilledItems(to list: CompiledField, enclosing: Int, count: Int, extra: Int) -> Bool {
        guard let scope = list.items?.scope, extra > 0 else { return false }
        let slots = scope.slotCount
        let first: Int
        if list.listID == nil {
            record.items[list.id].removeSubrange(min(count * slots, record.items[list.id].count)...)
            guard record.items[list.id].count == count * slots else { return false }
            first = count
        } else {
            guard enclosing >= 0, enclosing < record.firstItems[list.id].count else { return false }
            let old = record.firstItems[list.id][enclosing]
            guard old >= 0, (old + count) * slots <= record.items[list.id].count else { return false }
            let start = record.items[list.id].count / max(slots, 1)
            record.items[list.id].append(contentsOf: Array(record.items[list.id][old * slots..<(old + count) * slots]))
            record.enclosingItems[list.id].append(contentsOf: repeatElement(enclosing, count: count + extra))
            record.firstItems[list.id][enclosing] = start
            for inner in rules.fields where inner.listID == list.id && inner.type == .list {
                for local in 0..<count { record.moveInnerItems(of: inner.id, from: old + local, to: start + local) }
            }
            first = start + count
        }
        record.items[list.id].append(contentsOf: repeatElement(.absent, count: extra * slots))
        failure = nil
        fillItems(first..<(first + extra), of: list, scope: scope)
        return failure == nil
    }

    /// A value from the field's `--seed-data` pool (non-text fields; always when the pool
    /// replaces the rules' values, half the time when it extends them), or nil.
    func pooledValue(_ field: CompiledField, address: FieldAddress) -> GeneratedValue? {
        guard plan.hasPool[field.id] else { return nil }  // most fields: no copy of the field's tables
        let tables = plan.fields[field.id]
        guard !tables.poolExtends || random.chance(0.5) else { return nil }
        return materialize(tables.pool[random.int(in: 0...(tables.pool.count - 1))], for: field, address: address)
    }

    /// A new value for a visible field, by type.
    func generateValue(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        switch field.type {
        case .string, .text: return generateText(field, address: address)
        case .integer: return generateInteger(field, address: address)
        case .decimal: return generateDecimal(field, address: address)
        case .boolean: return generateBoolean(field, address: address)
        case .date: return generateDate(field, address: address)
        case .enumeration: return generateChoice(field, address: address)
        case .multiChoice: return generateChoices(field, address: address)
        case .list: return generateItemCount(field, address: address)
        case .attachment: return generateAttachment(field, address: address)
        case .section: return .absent
        }
    }

    // MARK: - Helpers for the value generators

    /// Records why this attempt failed; returns `.absent` for convenience.
    func fail(_ address: FieldAddress, _ rule: String, _ reason: String) -> GeneratedValue {
        if failure == nil { failure = GenerationFailure(address: address, rule: rule, reason: reason) }
        return .absent
    }

    /// The checks in force for `field`: its own plus those of the cases that hold, and the bit
    /// set of those cases.
    func activeCases(of field: CompiledField) -> Int {
        // Cases that compare one enumeration field with texts: looked up by the value drawn.
        if let table = plan.caseChoiceMasks[field.id], case .choice(let index) = value(of: table.field),
           index >= 0, Int(index) < table.masks.count {
            return table.masks[Int(index)]
        }
        var mask = 0
        for (index, variant) in field.cases.enumerated() where variant.condition.evaluateCondition(environment) == true {
            mask |= 1 << min(index, 62)
        }
        return mask
    }

    /// Which end of its range a value takes: nil (anywhere) unless `--boundaries` is on.
    func edge() -> BoundaryEdge? {
        guard plan.options.boundaries else { return nil }
        switch random.int(in: 0...2) {
        case 0: return .lowest
        case 1: return .highest
        default: return nil
        }
    }

    /// For coverage: on even records of the first attempt, a value of `count` such that every
    /// run of `count` even records (records 0, 2, ..., 2·count − 2, then the next `count`) takes
    /// each value once; nil otherwise (draw at random). Each run goes through the values from an
    /// offset drawn from the seed, the field, the item and the run, so the cycles of two fields
    /// are independent: one cycle moved in step for all fields, and an unrelated switch was true
    /// in 76% of the questionnaires with one value of a two-valued enum and 23% with the other.
    func cycled(_ count: Int, field: CompiledField, item: Int) -> Int? {
        guard attempt == 0, recordIndex % 2 == 0, count > 0 else { return nil }
        let position = recordIndex / 2
        let run = UInt64(position / count)
        let key = plan.options.seed ^ SeededRandom.mix(run &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: plan.fields[field.id].salt) &* 0xC2B2_AE3D_27D4_EB4F
            ^ UInt64(truncatingIfNeeded: max(item, 0) &+ 1) &* 0x1656_67B1_9E37_79F9)
        let offset = Int(SeededRandom.mix(key) % UInt64(count))
        return (position % count + offset) % count
    }

    /// Whether the field is filled in the current scope.
    func isPresent(_ id: Int) -> Bool { value(of: id).isPresent }

    /// The value of a field in the current scope (the current item for item fields).
    func value(of id: Int) -> GeneratedValue {
        let listID = record.listIDs[id]
        guard listID >= 0 else { return record.root[record.slots[id]] }
        guard listID == currentList, currentItem >= 0 else { return enclosingValue(of: id) }
        return record.value(of: id, item: currentItem)
    }

    /// The value of a field of an enclosing list's current item (`drivers[].birthDate` read from
    /// `drivers[].documents[]`), or absent.
    private func enclosingValue(of id: Int) -> GeneratedValue {
        let listID = record.listIDs[id]
        var list = currentList
        var item = currentItem
        while list >= 0, list != listID, item >= 0 {
            item = record.listIDs[list] >= 0 && item < record.enclosingItems[list].count ? record.enclosingItems[list][item] : -1
            list = record.listIDs[list]
        }
        guard list == listID, item >= 0 else { return .absent }
        return record.value(of: id, item: item)
    }

    var environment: GenerationEnvironment { GenerationEnvironment(builder: self) }
}

/// Field lookups for expressions, evaluated against the questionnaire being generated.
struct GenerationEnvironment: ExpressionEnvironment {
    // Made per use by the builder itself (`environment`), so never outlives it: no reference
    // count is taken (an `unowned` reference took an atomic one per field read).
    unowned(unsafe) let builder: QuestionnaireBuilder

    var today: CivilDate { builder.rules.today }

    func lookup(_ id: Int) -> FieldLookup { lookup(id, builder.value(of: id)) }

    /// Field `field` in each item of list `list` as built so far (the items of the enclosing
    /// item being filled, for a list inside list items); nil when that item cannot be found.
    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? {
        guard case .items(let count) = builder.value(of: list) else { return [] }
        let record = builder.record
        let owner = record.listIDs[list]
        var enclosing = -1
        if owner >= 0 {
            enclosing = builder.currentList == owner
                ? builder.currentItem : record.item(ofList: owner, holding: builder.currentItem, of: builder.currentList)
            guard enclosing >= 0 else { return nil }
        }
        var found: [FieldLookup] = []
        for local in 0..<Int(count) {
            let item = record.itemIndex(of: list, local: local, enclosing: enclosing)
            guard item >= 0 else { return nil }
            found.append(lookup(field, record.value(of: field, item: item)))
        }
        return found
    }

    /// The place among its siblings of the item of list `list` being filled (the current list's
    /// or an enclosing one's): items of an inner list are stored after each other across the
    /// enclosing items, so the index is made local.
    func currentItem(ofList list: Int) -> Int? {
        let record = builder.record
        let item = builder.currentList == list
            ? builder.currentItem : record.item(ofList: list, holding: builder.currentItem, of: builder.currentList)
        guard item >= 0, let local = record.localIndices(of: list, item: item).last, local >= 0 else { return nil }
        return local
    }

    private func lookup(_ id: Int, _ value: GeneratedValue) -> FieldLookup {
        switch value {
        case .absent: return .absent
        case .text(let start, let end):
            guard end > start else { return .absent }
            let field = builder.rules.fields[id]
            guard field.type == .string || field.type == .text || field.type == .enumeration else { return .invalid }
            return .value(.string(String(decoding: builder.record.arena[Int(start)..<Int(end)], as: UTF8.self)))
        case .date(let date): return .value(.date(date))
        case .integer(let number): return .value(.integer(number))
        case .decimal(let mantissa, let scale):
            return .value(.decimal(ExactDecimal(mantissa: mantissa, scale: Int(scale))))
        case .boolean(let flag): return .value(.boolean(flag))
        case .choice(let index): return .value(builder.plan.enumValue(of: id, at: Int(index)))
        case .choices(let start, let count):
            guard count > 0 else { return .absent }
            let plan = builder.plan
            return .value(.list(builder.record.choiceIndexes[Int(start)..<Int(start + count)].map {
                plan.enumValue(of: id, at: Int($0))
            }))
        case .items(let count):
            return count > 0 ? .value(.list(Array(repeating: .null, count: Int(count)))) : .absent
        case .literal(let json, _):
            let field = builder.rules.fields[id]
            if field.type == .integer || field.type == .decimal {
                // A number past 64 bits or 18 fraction digits, written as its text.
                guard let number = ExactDecimal(String(decoding: builder.record.arena[Int(json.lowerBound)..<Int(json.upperBound)], as: UTF8.self))
                else { return .invalid }
                if field.type == .integer, let integer = number.int64 { return .value(.integer(integer)) }
                return .value(.decimal(number))
            }
            guard field.type == .attachment else { return .invalid }
            return builder.attachmentNames(json, field).map { .value(.list($0.map { .string($0) })) } ?? .invalid
        }
    }
}
