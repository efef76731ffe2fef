/// Switches and enums chosen so that pinned values stay valid: when a fixture or a seed-data
/// record pins a field that a `visibleIf` shows or hides (`drivers` under
/// `visibleIf: "!policy.unlimitedDrivers"`, `vehicle.plate: null` under `vehicle.hasPlate`),
/// the value the condition reads is drawn only among those that keep the pinned field
/// visible (a pinned value) or hidden (a required field pinned to absent). Without this the
/// questionnaire was built and thrown away until a draw happened to fit, which skewed the
/// switch and cost most of the work.
extension QuestionnaireBuilder {
    /// The position of the value (among `count`) to give `field`, drawn among those that keep
    /// every pinned reader's visibility right; nil when no pin depends on it or every value does.
    func steeredChoice(_ field: CompiledField, address: FieldAddress, count: Int) -> Int? {
        guard address.item < 0, count > 1, count <= 64, plan.pins != nil || recordPins != nil else { return nil }
        let readers = plan.visibilityReaders[field.id]
        guard !readers.isEmpty else { return nil }
        var wanted: [(condition: CompiledExpression, visible: Bool)] = []
        for reader in readers {
            let readerAddress = FieldAddress(field: reader, item: -1)
            guard let pinned = plan.pins?.value(at: readerAddress, rules: rules, record: record)
                    ?? recordPins?.value(at: readerAddress, rules: rules, record: record),
                  let condition = rules.fields[reader].visibleIf else { continue }
            if case .null = pinned {
                let hidden = rules.fields[reader]
                // Absent is fine while visible only for a field that may be left empty.
                if hidden.isOptional || hidden.requiredIf != nil || hidden.group >= 0 { continue }
                wanted.append((condition, false))
            } else {
                wanted.append((condition, true))
            }
        }
        guard !wanted.isEmpty else { return nil }
        return uniformFittingPosition(field, address: address, count: count) {
            wanted.allSatisfy { ($0.condition.evaluateCondition(environment) ?? true) == $0.visible }
        }
    }

    /// The position of the value (among `count`) to give `field`, drawn among those that keep
    /// visible every parent whose `visibleIf` it decides (``ParentNeeds/visibilitySteering``)
    /// while a child of that parent is required and visible; nil when no value hides such a
    /// parent, or every value does. A hidden parent left its required child unfillable, and the
    /// questionnaire was rebuilt.
    func parentSteeredChoice(_ field: CompiledField, address: FieldAddress, count: Int) -> Int? {
        let parents = parentNeeds.visibilitySteering[field.id]
        guard !parents.isEmpty, !replaying, count > 1, count <= 64 else { return nil }
        return uniformFittingPosition(field, address: address, count: count) {
            parents.allSatisfy { parentID in
                guard !canShowParent(parentID, after: field, item: address.item) else { return true }
                return !parentNeeds.children[parentID].contains { childNeedsParent($0, filledThrough: steeredThrough(field, parent: parentID)) }
            }
        }
    }

    /// `drawn`, or a value of the number or date `field` that the solver settles so that every
    /// parent whose `visibleIf` it decides last (``ParentNeeds/visibilitySteering``) is visible
    /// while a child of that parent is required and visible: the `visibleIf` is the condition
    /// to meet, as an assertion is (`since` visible only when `n` is in 9...12, `code` required
    /// with `parent: since`: `n` is drawn among 9...12). A drawn value that already shows the
    /// parent stays, and one that does not is replaced by one drawn uniformly among those that
    /// do, so the value is uniform among them, as the rules leave it. `drawn` too when the
    /// solver finds none (a switch read before hides the parent): the questionnaire is then
    /// checked and rebuilt as before, and counted there.
    func parentSettledValue(_ field: CompiledField, address: FieldAddress, drawn: GeneratedValue) -> GeneratedValue {
        let parents = parentNeeds.visibilitySteering[field.id]
        guard !parents.isEmpty, ParentNeeds.settledTypes.contains(field.type), field.type != .string, field.type != .text,
              !replaying, failure == nil,
              drawn.isPresent, !aimsAtValue(field, item: address.item) else { return drawn }
        record.setValue(drawn, at: address, in: rules)
        defer { record.setValue(.absent, at: address, in: rules) }
        // Every parent it decides that a child may need is kept visible, shown by the drawn value or not.
        let conditions = parents.compactMap { parentCondition($0, steeredBy: field) }
        guard conditions.contains(where: { $0.predicate.evaluateCondition(environment) == false }) else { return drawn }
        if field.type == .multiChoice { return parentSteeredChoices(field, address: address, conditions: conditions) ?? drawn }
        if let settled = solve(field, address: address, open: [field.id], assertions: conditions, drawn: drawn, counted: false) {
            return settled
        }
        // A number the solver does not model (`multipleOf`): drawn uniformly among the values of
        // its grid that show the parent, when they are few (`d2` with `multipleOf: 0.25` and no
        // digits after the point, 1...99, shown while `d2 / 4 > 1`: random form 180158 drew it
        // freely and rebuilt 5 questionnaires of 200).
        if let values = gridValues(field) {
            return settleUniformly(field, address: address, among: values, later: [], assertions: conditions, counted: false) ?? drawn
        }
        return drawn
    }

    /// The most values of a number's grid ``gridValues(_:)`` lists.
    static let gridSettleLimit: Int64 = 1024

    /// Every value a bounded number with `multipleOf` can take, at its `fractionDigits` (whole
    /// numbers for an integer), when there are at most ``gridSettleLimit``; nil otherwise.
    private func gridValues(_ field: CompiledField) -> [GeneratedValue]? {
        guard field.type == .integer || field.type == .decimal else { return nil }
        let domain = numberDomain(field)
        guard !domain.steps.isEmpty, !domain.isConstant, domain.lower != nil, domain.upper != nil,
              let scale = field.type == .integer ? 0 : domain.fractionDigits,
              let window = domain.smallWindow(scale: scale, span: ExactDecimal(Int64(1))),
              window.first <= window.last, window.last - window.first < Self.gridSettleLimit else { return nil }
        return (window.first...window.last).map { k in
            numberValue(ExactDecimal(mantissa: k * window.unit, scale: scale), scale: scale, integer: field.type == .integer)
        }
    }

    /// What `field`, deciding last the visibility of `parentID`, must meet: the parent's
    /// `visibleIf`, or, when every child that may need the parent is shown only by a
    /// `visibleIf` that reads `field` too, the parent's `visibleIf` or none of those children
    /// shown (`sec14` required, visible when `day(t4) >= 15`, holding `n15` with `parent:
    /// sec5.f6`, and `sec5` visible only when `today - t4 > 30`, which never holds: `t4` gets
    /// a day before the 15th). Nil when no child may need the parent.
    private func parentCondition(_ parentID: Int, steeredBy field: CompiledField) -> CompiledAssertion? {
        let parent = rules.fields[parentID]
        guard let shown = parent.visibleIf else { return nil }
        let through = steeredThrough(field, parent: parentID)
        var unconditional = false
        var conditional: [(node: CompiledNode, path: String)] = []
        for need in parentNeeds.children[parentID] where !leftEmptyWithParent(need, parentID) {
            guard childNeedsParent(need, filledThrough: through, judgingVisibility: false) else { continue }
            let child = rules.fields[need.field]
            if let visible = child.visibleIf, visible.referencedFields.contains(field.id), need.lastRead <= through {
                conditional.append((visible.root, child.path))
            } else if childNeedsParent(need, filledThrough: through) {
                unconditional = true
            }
        }
        let root: CompiledNode
        var source = "visibleIf of \(parent.path)"
        if unconditional {
            root = shown.root.replacingFields(parentNeeds.fixedValues)
        } else if let first = conditional.first {
            root = .or(shown.root, .not(conditional.dropFirst().reduce(first.node) { .or($0, $1.node) }))
            source += " unless " + conditional.map(\.path).joined(separator: ", ") + " hidden"
        } else {
            return nil
        }
        return CompiledAssertion(predicate: CompiledExpression(root: root), source: source, message: "", rule: "visibleIf",
                                 fieldID: parentID)
    }

    /// A value of the text `field` drawn to meet a decision on its string predicates in the
    /// `visibleIf` of every parent it decides last (``ParentNeeds/visibilitySteering``) with
    /// which those parents are visible, while a child of one is required and visible: from the
    /// field's `seed:` list when some of its values meet it, else from its patterns intersected
    /// with the predicates' (`m12` visible only when `x2 == 'ab'`: `x2` is `ab`), as an
    /// assertion's string predicates are met (``textMeetingDecision``). Nil when no parent needs
    /// it, the `visibleIf` leaves every decision open (the field's own draw then stands), or no
    /// decision can be met (the questionnaire is then checked and rebuilt as before, counted).
    func parentDecidedText(_ field: CompiledField, address: FieldAddress) -> GeneratedValue? {
        guard field.type == .string || field.type == .text, !parentNeeds.visibilitySteering[field.id].isEmpty,
              !replaying, failure == nil, !aimsAtValue(field, item: address.item), allowedValue(field) == nil,
              let (conditions, atoms) = parentTextConditions(field, address: address) else { return nil }
        parentTextAtoms[field.id] = atoms
        defer { parentTextAtoms[field.id] = nil }
        return textMeetingDecision(field, address: address, atoms: atoms, assertions: conditions, later: [], narrowingOnly: true)
    }

    /// The conditions the text `field` must meet to show the parents it decides last while a
    /// child of one needs it (``parentCondition(_:steeredBy:)``), and their string predicates
    /// on `field`; nil when there are none, or more predicates than are decided together. The
    /// field's value is cleared first, so the conditions read it as not yet drawn. The caller
    /// has checked that the text is not replayed, aimed at by a covering case or given one of
    /// its `allow:` values (whose draw takes a random number).
    func parentTextConditions(_ field: CompiledField, address: FieldAddress) -> (conditions: [CompiledAssertion], atoms: [TextAtom])? {
        let parents = parentNeeds.visibilitySteering[field.id]
        guard !parents.isEmpty else { return nil }
        record.setValue(.absent, at: address, in: rules)
        let conditions = parents.compactMap { parentCondition($0, steeredBy: field) }
        guard !conditions.isEmpty else { return nil }
        var atoms: [TextAtom] = []
        for condition in conditions { TextAtom.collect(condition.predicate.root, rules: rules, into: &atoms) }
        atoms = atoms.filter { $0.field == field.id }
        guard !atoms.isEmpty, atoms.count <= Self.textAtomLimit else { return nil }
        return (conditions, atoms)
    }

    /// The most values a multi-choice may have for its sets of choices to be tried in turn.
    static let steeredChoicesLimit = 6

    /// A set of choices of the multi-choice `field`, drawn instead of one that hides a parent
    /// it decides last while a child of that parent needs it (`n3` visible only when
    /// `count(m2) >= 2`: `m2` gets both of its two values), among the sets that keep every
    /// such parent visible, as its own generator draws them (a size uniform over the sizes it
    /// draws, then values uniformly: a set of size k weighs 1/C(n, k)); the drawn set kept when
    /// it fits, so the sets come out with their shares given the parent visible. Nil when the
    /// field has more than ``steeredChoicesLimit`` values, the cases narrow its values, or no
    /// set keeps the parents visible.
    private func parentSteeredChoices(_ field: CompiledField, address: FieldAddress,
                                      conditions: [CompiledAssertion]) -> GeneratedValue? {
        let count = plan.enumValueCount(of: field.id)
        guard count > 0, count <= Self.steeredChoicesLimit, caseChoices(of: field) == nil else { return nil }
        let bounds = plan.fields[field.id].choiceCount
        let low = max(1, bounds.min ?? 1), high = min(count, bounds.max ?? count)
        // The sizes its generator draws (``generateChoices``).
        let drawnHigh = plan.options.boundaries ? high : min(high, low + 3)
        guard low <= drawnHigh else { return nil }
        let needed = conditions.map(\.predicate)
        var fitting: [(mask: UInt32, weight: Int)] = []
        for mask in UInt32(1)..<(UInt32(1) << UInt32(count)) where (low...drawnHigh).contains(mask.nonzeroBitCount) {
            record.setValue(choices(mask, count: count), at: address, in: rules)
            // 60 is a multiple of every C(n, k) for n <= 6, so the weights are whole.
            if needed.allSatisfy({ $0.evaluateCondition(environment) != false }) {
                fitting.append((mask, 60 / Self.binomial(count, mask.nonzeroBitCount)))
            }
        }
        record.setValue(.absent, at: address, in: rules)
        let total = fitting.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var pick = random.int(in: 0...(total - 1))
        for (mask, weight) in fitting {
            if pick < weight { return choices(mask, count: count) }
            pick -= weight
        }
        return nil
    }

    /// C(n, k), for the small n of ``steeredChoicesLimit``.
    private static func binomial(_ n: Int, _ k: Int) -> Int {
        (0..<k).reduce(1) { $0 * (n - $1) / ($1 + 1) }
    }

    /// The set of choices `mask` (bit i: the field's value i), stored in the record.
    private func choices(_ mask: UInt32, count: Int) -> GeneratedValue {
        let start = record.choiceIndexes.count
        for index in 0..<count where mask & (1 << UInt32(index)) != 0 { record.choiceIndexes.append(Int32(index)) }
        return .choices(start: Int32(start), count: Int32(mask.nonzeroBitCount))
    }

    /// Whether the child `need` of `parentID` lies in a section that may be left empty and is
    /// left empty when the parent is (``ParentNeeds/decidedParents``), unless its `requiredIf`
    /// holds or cannot be read yet: the field deciding the parent keeps its share then, and the
    /// section is left empty (`n > 5` shows `since`, needed by `extra.kind` in the optional
    /// section `extra`: `n` stays above 5 in half).
    private func leftEmptyWithParent(_ need: ParentNeeds.Child, _ parentID: Int) -> Bool {
        let child = rules.fields[need.field]
        guard child.group >= 0, rules.groups[child.group].canBeEmpty,
              parentNeeds.decidedParents[child.group].contains(where: { $0.child == need.field && $0.parent == parentID })
        else { return false }
        guard let required = child.groupRequiredIf else { return true }
        // Read only when everything it reads is filled before the section (the root's fields).
        guard required.referencedFields.allSatisfy({ rules.fields[$0].listID == nil && isPresent($0) }) else { return false }
        return required.evaluateCondition(environment) == false
    }

    /// One of the `count` (at most 64) values of `field` drawn uniformly among those with which
    /// `fits` holds once the value is set; nil when none fits or all do (the usual draw then
    /// stands, so a free choice keeps its random stream).
    func uniformFittingPosition(_ field: CompiledField, address: FieldAddress, count: Int,
                                        fits: () -> Bool) -> Int? {
        var allowed: UInt64 = 0
        for position in 0..<count {
            record.setValue(candidate(field, position), at: address, in: rules)
            if fits() { allowed |= 1 << UInt64(position) }
        }
        record.setValue(.absent, at: address, in: rules)
        let total = allowed.nonzeroBitCount
        guard total > 0, total < count else { return nil }
        var pick = random.int(in: 0...(total - 1))
        for position in 0..<count where allowed & (1 << UInt64(position)) != 0 {
            if pick == 0 { return position }
            pick -= 1
        }
        return nil
    }

    /// Whether the optional switch or enum `field` must be filled because, left empty, it hides
    /// a parent whose `visibleIf` it decides while a child of that parent is required and
    /// visible (`e4` optional, `m12` visible only when `e4 == 'blue'`, `d14` required with
    /// `parent: m12`): it is then filled, and ``parentSteeredChoice`` picks a value that keeps
    /// the parent visible.
    func filledForParentVisibility(_ field: CompiledField, address: FieldAddress) -> Bool {
        let parents = parentNeeds.visibilitySteering[field.id]
        guard !parents.isEmpty, !replaying else { return false }
        record.setValue(.absent, at: address, in: rules)
        return parents.contains { parentID in
            !canShowParent(parentID, after: field, item: address.item)
                && parentNeeds.children[parentID].contains { childNeedsParent($0, filledThrough: steeredThrough(field, parent: parentID)) }
        }
    }

    /// Whether the optional switch or enum `field` must be left empty because every value it
    /// can take hides a parent whose `visibleIf` it decides, while left empty it does not and a
    /// child of that parent is required and visible (`rooms[].fixed` optional and const true,
    /// `label` visible only when `NOT rooms[].fixed == TRUE`, `tags` required with `parent:
    /// rooms[].label`): no valid questionnaire has it filled there. Filled by its optional share,
    /// it hid the parent and the questionnaire was rebuilt (805 of 200).
    func emptyForParentVisibility(_ field: CompiledField, address: FieldAddress) -> Bool {
        let parents = parentNeeds.visibilitySteering[field.id]
        guard !parents.isEmpty, !replaying, let values = steerableValues(field) else { return false }
        defer { record.setValue(.absent, at: address, in: rules) }
        return parents.contains { parentID in
            record.setValue(.absent, at: address, in: rules)
            guard parentNeeds.children[parentID].contains(where: { childNeedsParent($0, filledThrough: steeredThrough(field, parent: parentID)) }),
                  canShowParent(parentID, after: field, item: address.item) else { return false }
            return values.allSatisfy { value in
                record.setValue(value, at: address, in: rules)
                return !canShowParent(parentID, after: field, item: address.item)
            }
        }
    }

    /// Every value a switch or enum can be given (its `const` alone when it has one); nil for
    /// other kinds, or more than 64 values.
    func steerableValues(_ field: CompiledField) -> [GeneratedValue]? {
        let tables = plan.fields[field.id]
        switch field.type {
        case .boolean:
            return tables.constantBoolean.map { [.boolean($0)] } ?? [.boolean(false), .boolean(true)]
        case .enumeration:
            if let constant = tables.constantChoice { return [.choice(constant)] }
            let count = plan.enumValueCount(of: field.id)
            return count > 0 && count <= 64 ? (0..<count).map { .choice(Int32($0)) } : nil
        default:
            return nil
        }
    }

    /// The value at `position` of a switch (false, true) or an enum (its values in order).
    private func candidate(_ field: CompiledField, _ position: Int) -> GeneratedValue {
        field.type == .boolean ? .boolean(position == 1) : .choice(Int32(position))
    }

    /// How far the parent's scope is filled while `field` steers the parent's visibility: up to
    /// the field in its own scope; nothing of it when the field lies in an enclosing scope (a
    /// switch at the root deciding a parent in list items).
    private func steeredThrough(_ field: CompiledField, parent: Int) -> Int {
        rules.fields[parent].listID == field.listID ? parentNeeds.position[field.id] : -1
    }

    /// Whether the parent's `visibleIf` holds (or cannot be read) for some values of the
    /// switches and enums read after `field` that are still empty (tried in turn, at most 256
    /// combinations, then put back empty); with none left, whether it holds now. A number, date,
    /// text or multi-choice deciding last and still empty is read as unknown: it is settled to
    /// meet the `visibleIf` when its turn comes (``parentSettledValue``, ``parentDecidedText``).
    private func canShowParent(_ parentID: Int, after field: CompiledField, item: Int) -> Bool {
        guard let condition = rules.fields[parentID].visibleIf else { return true }
        let deciders = parentNeeds.deciders[parentID]
        guard let index = deciders.firstIndex(of: field.id) else { return condition.evaluateCondition(environment) != false }
        let later = deciders[(index + 1)...].filter { !value(of: $0).isPresent }
        let open = later.filter { rules.fields[$0].type == .boolean || rules.fields[$0].type == .enumeration }
        let reading = UnknownFieldsEnvironment(base: environment, unknown: later.filter { !open.contains($0) })
        let counts = open.map { rules.fields[$0].type == .boolean ? 2 : plan.enumValueCount(of: $0) }
        let total = counts.reduce(1) { $0 * max($1, 1) }
        guard total <= 256 else { return true }
        defer { for id in open { record.setValue(.absent, at: FieldAddress(field: id, item: item), in: rules) } }
        for combination in 0..<total {
            var rest = combination
            for (id, count) in zip(open, counts) {
                record.setValue(candidate(rules.fields[id], rest % max(count, 1)), at: FieldAddress(field: id, item: item), in: rules)
                rest /= max(count, 1)
            }
            if condition.evaluateCondition(reading) != false { return true }
        }
        return false
    }
}

/// The builder's values with some fields read as unknown: a field settled later to meet a
/// condition, which may yet take any value, so a switch before it is judged on the others.
struct UnknownFieldsEnvironment<Base: ExpressionEnvironment>: ExpressionEnvironment {
    let base: Base
    let unknown: [Int]
    var today: CivilDate { base.today }
    func lookup(_ field: Int) -> FieldLookup { unknown.contains(field) ? .invalid : base.lookup(field) }
    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? { base.everyItem(of: field, inList: list) }
    func currentItem(ofList list: Int) -> Int? { base.currentItem(ofList: list) }
}
