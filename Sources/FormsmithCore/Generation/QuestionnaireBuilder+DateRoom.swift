/// A date whose bound reads an earlier date of the same scope (`t9: {min: "t8 + 14y", max:
/// "today+30d"}`): the earlier date was drawn from its own range alone, so a `t8` within 14
/// years of the end left `t9` no day, and the questionnaire was rebuilt (187 of 200 on a random
/// form). The earlier date is now drawn only where every later date that reads it keeps a day.
struct DateRoom: Sendable {
    /// Per date field, the later date fields of its scope, or of lists inside it, whose bounds (or
    /// cases' bounds) read it.
    let dependents: [[Int]]
    /// Per date field, whether the ranges of its later dates read nothing but it (no `cases`,
    /// every bound computed from it or fixed per run): then the days that keep them room
    /// depend on its own range alone, and are worked out once per range instead of per
    /// questionnaire (``QuestionnaireBuilder/dateRoomMemo``).
    let readOnlyIt: [Bool]

    init(rules: CompiledRuleSet) {
        var dependents = Array(repeating: [Int](), count: rules.fields.count)
        var position = Array(repeating: -1, count: rules.fields.count)
        for (index, id) in rules.rootScope.order.enumerated() { position[id] = index }
        for list in rules.fields {
            for (index, id) in (list.items?.scope.order ?? []).enumerated() { position[id] = index }
        }
        for later in rules.fields where later.type == .date {
            var read = Set<Int>()
            for checks in [later.checks] + later.cases.map(\.checks) {
                for case .date(let check) in checks {
                    guard let range = check as? RangeCheck.Dates else { continue }
                    for bound in [range.minimum, range.maximum] {
                        if case .dynamic(let expression, _)? = bound?.value { read.formUnion(expression.referencedFields) }
                    }
                }
            }
            for earlier in read.sorted() where rules.fields[earlier].type == .date {
                let scope = rules.fields[earlier].listID
                // In the same scope and before it, or in a scope that encloses its list (filled
                // before the items that read it: `t20` of `lst11[]` with `min: "t3 + 14y"`).
                let sameScope = scope == later.listID && position[earlier] < position[later.id]
                var enclosing = false
                var list = later.listID
                while let current = list, !enclosing {
                    list = rules.fields[current].listID
                    enclosing = list == scope
                }
                if sameScope || (later.listID != scope && enclosing) { dependents[earlier].append(later.id) }
            }
        }
        self.dependents = dependents
        readOnlyIt = dependents.indices.map { earlier in
            dependents[earlier].allSatisfy { id in
                let later = rules.fields[id]
                guard later.cases.isEmpty else { return false }
                for case .date(let check) in later.checks {
                    for bound in [check.bounds.lower, check.bounds.upper] {
                        if case .dynamic(let expression, _)? = bound?.value,
                           !expression.referencedFields.allSatisfy({ $0 == earlier }) { return false }
                    }
                }
                return true
            }
        }
    }
}

/// The days ``QuestionnaireBuilder/roomForLaterDates(_:address:low:high:)`` kept of one range
/// of a date whose later dates read nothing else (``DateRoom/readOnlyIt``).
struct DateRoomMemo {
    let low: Int32, high: Int32
    let kept: (Int32, Int32)
}

extension QuestionnaireBuilder {
    /// Narrows `low...high`, the range of the date field `field` at `address`, to the days with
    /// which every later date of its scope that reads it keeps a day of its own (with what is
    /// known now: bounds reading fields not yet filled are left out). A bound of a date plus a
    /// calendar offset grows with the date, so those days are one interval, found by halving
    /// with the bound itself evaluated (offsets such as `+14y` exact); when neither end keeps
    /// room, or both do, the range is left as it is. A covering case (`--cover`) keeps the
    /// field's own range, whose boundary classes it aims at.
    func roomForLaterDates(_ field: CompiledField, address: FieldAddress, low: Int32, high: Int32) -> (Int32, Int32) {
        let later = dateRoom.dependents[field.id]
        guard !later.isEmpty, low < high, targets == nil else { return (low, high) }
        let memoizable = dateRoom.readOnlyIt[field.id]
        if memoizable, let memo = dateRoomMemo[field.id], memo.low == low, memo.high == high { return memo.kept }
        let kept = narrowForLaterDates(field, address: address, low: low, high: high, later: later)
        if memoizable { dateRoomMemo[field.id] = DateRoomMemo(low: low, high: high, kept: kept) }
        return kept
    }

    /// ``roomForLaterDates(_:address:low:high:)`` worked out: the later dates' ranges evaluated
    /// with the date at each end, then halving when one end keeps room and the other does not.
    private func narrowForLaterDates(_ field: CompiledField, address: FieldAddress, low: Int32, high: Int32,
                                     later: [Int]) -> (Int32, Int32) {
        func keepsRoom(_ day: Int32) -> Bool {
            record.setValue(.date(CivilDate(dayNumber: day)), at: address, in: rules)
            return later.allSatisfy { id in
                let range = dateRange(rules.fields[id])
                guard let start = range.low, let end = range.high else { return true }
                return start <= end
            }
        }
        defer { record.setValue(.absent, at: address, in: rules) }
        let lowKeeps = keepsRoom(low), highKeeps = keepsRoom(high)
        switch (lowKeeps, highKeeps) {
        case (true, false):
            // The last day that keeps room: lo keeps it, hi does not.
            var (lo, hi) = (low, high)
            while hi - lo > 1 {
                let middle = lo + (hi - lo) / 2
                if keepsRoom(middle) { lo = middle } else { hi = middle }
            }
            return (low, lo)
        case (false, true):
            var (lo, hi) = (low, high)
            while hi - lo > 1 {
                let middle = lo + (hi - lo) / 2
                if keepsRoom(middle) { hi = middle } else { lo = middle }
            }
            return (hi, high)
        default:
            return (low, high)
        }
    }
}
