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

    /// One of the `count` (at most 64) values of `field` drawn uniformly among those with which
    /// `fits` holds once the value is set; nil when none fits or all do (the usual draw then
    /// stands, so a free choice keeps its random stream).
    private func uniformFittingPosition(_ field: CompiledField, address: FieldAddress, count: Int,
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
    /// combinations, then put back empty); with none left, whether it holds now.
    private func canShowParent(_ parentID: Int, after field: CompiledField, item: Int) -> Bool {
        guard let condition = rules.fields[parentID].visibleIf else { return true }
        let deciders = parentNeeds.deciders[parentID]
        guard let index = deciders.firstIndex(of: field.id) else { return condition.evaluateCondition(environment) != false }
        let open = deciders[(index + 1)...].filter { !value(of: $0).isPresent }
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
            if condition.evaluateCondition(environment) != false { return true }
        }
        return false
    }
}
