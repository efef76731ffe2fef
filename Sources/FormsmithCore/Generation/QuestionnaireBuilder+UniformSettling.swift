/// A settled number drawn uniformly instead of taken from the solver's model.
///
/// For a number with more values than ``QuestionnaireBuilder/smallDomainLimit`` the solver's
/// model used to be the settled value, and Z3 answers with the same extreme again and again:
/// for `a + 500 <= b` (both 0…1000), `a` came out 0 in half of all questionnaires. Instead the
/// lowest and highest grid steps the assertions allow here are found (bisection with solver
/// checks), a step is drawn uniformly between them with the generator's seeded random, and the
/// draw is checked with the solver pinned to it. When the allowed steps are not one interval
/// and ``uniformDrawAttempts`` draws miss, or the range cannot be found (unbounded, or the
/// solver cannot say), the model's value is kept and counted
/// (``GenerationDiscards/settledFromModel``).
extension QuestionnaireBuilder {
    /// How many uniform draws are checked before the model's value is taken.
    static let uniformDrawAttempts = 8
    /// The same for a date: the days `month()`/`day()` allow are seldom one range
    /// (`month(d) == 3 || day(d) == 1` allows 42 days of 2026, one in eight of its range; 8 draws
    /// missed a third of the time, 64 miss about once in 5,000).
    static let dateDrawAttempts = 64

    /// The grid step (`steps × 10^-scale`) of `field` to settle on: uniform among those the
    /// assertions asserted in `solver` allow when found, else the model's (counted under `rule`);
    /// nil when the model has none. `solver` holds the assertions and `model` satisfies them.
    /// `fits`: whether a drawn step keeps the assertions, when that can be told without the
    /// solver (the last value they read: evaluated as the validator does); else a solver check.
    /// `dateWindow`: for a date, the days its generator would draw from here.
    /// `exactModel`: when `solver` holds a superset of what the assertions allow (a date's
    /// months and years as bounds, ``SolverCalendar/boundsOffsets``), the value of an exact
    /// model, asked only when no draw fits; nil when there is none.
    func uniformSteps(_ field: CompiledField, scale: Int, rule: String, model: SolverModel,
                      in solver: ConstraintSolver, key: String?, fits: ((Int64) -> Bool)? = nil,
                      dateWindow: (low: Int32, high: Int32)? = nil, exactModel: (() -> Int64?)? = nil) -> Int64? {
        let steps = solver.context.int(named: Self.gridName(field.id))
        guard let found = model.value(of: steps) else { return nil }
        // The range depends only on what the key writes out: asked again, it is reused.
        let range: ClosedRange<Int64>?
        if let key, let known = settleRanges[key] {
            range = known
        } else {
            range = allowedRange(field, steps: steps, scale: scale, from: found, in: solver, dateWindow: dateWindow)
            if let key {
                if settleRanges.count >= Self.feasibilityAnswerLimit { settleRanges.removeAll(keepingCapacity: true) }
                settleRanges[key] = .some(range)
            }
        }
        if let range {
            if range.lowerBound == range.upperBound, fits?(range.lowerBound) ?? true { return range.lowerBound }
            for _ in 0..<(field.type == .date ? Self.dateDrawAttempts : Self.uniformDrawAttempts) {
                let candidate = Int64(random.int(in: Int(range.lowerBound)...Int(range.upperBound)))
                if let fits {
                    if fits(candidate) { return candidate }
                    continue
                }
                solver.push()
                solver.assert(steps == solver.context.int(candidate))
                let holds = if case .satisfiable = solver.check() { true } else { false }
                solver.pop()
                if holds { return candidate }
            }
        }
        let value: Int64
        if let exactModel {
            guard let exact = exactModel() else { return nil }
            value = exact
        } else {
            value = found
        }
        discards.addSettledFromModel(field: field.path, rule: rule)
        return value
    }

    /// The lowest and highest values of `steps` the solver's assertions allow (`start` is one of
    /// them): first within the window the field's own generator draws from (its bounds; 0…1000
    /// or 0…10000 from the bound it has where it has one end or none), so a field without `min`
    /// settled below a field it must stay under is drawn in 0…that, as it would be drawn; then
    /// anywhere. Nil when the range has no end or the solver cannot say.
    private func allowedRange(_ field: CompiledField, steps: IntTerm, scale: Int, from start: Int64,
                              in solver: ConstraintSolver, dateWindow: (low: Int32, high: Int32)?) -> ClosedRange<Int64>? {
        let window: (first: Int64, last: Int64)?
        if field.type == .date {
            // A date is drawn from its bounds, or 50 years from the one it has (from today back
            // without any), kept where later dates reading it have room.
            window = dateWindow.map { (Int64($0.low), Int64($0.high)) }
        } else if let small = numberDomain(field).smallWindow(scale: scale, span: Self.numberSpan(integer: field.type == .integer)),
                  case let (first, overflowFirst) = small.first.multipliedReportingOverflow(by: small.unit),
                  case let (last, overflowLast) = small.last.multipliedReportingOverflow(by: small.unit),
                  !overflowFirst, !overflowLast {
            window = (first, last)
        } else {
            window = nil
        }
        if let (first, last) = window, first <= last {
            solver.push()
            defer { solver.pop() }
            solver.assert(steps >= solver.context.int(first) && steps <= solver.context.int(last))
            if case .satisfiable(let inside) = solver.check(), let inner = inside.value(of: steps),
               let range = extremes(steps, from: inner, in: solver) {
                return range
            }
        }
        return extremes(steps, from: start, in: solver)
    }

    private func extremes(_ steps: IntTerm, from start: Int64, in solver: ConstraintSolver) -> ClosedRange<Int64>? {
        guard let low = extremeSteps(steps, from: start, downward: true, in: solver),
              let top = extremeSteps(steps, from: start, downward: false, in: solver), low <= top else { return nil }
        return low...top
    }

    /// The lowest (`downward`) or highest value of `steps` the solver's assertions allow, found
    /// from `start` (a value they allow) by doubling the distance until a check fails and then
    /// halving it; nil when the distance passes 2^62 (no bound) or a check is undecided.
    private func extremeSteps(_ steps: IntTerm, from start: Int64, downward: Bool, in solver: ConstraintSolver) -> Int64? {
        var allowed = start
        var refused: Int64? = nil
        var distance: Int64 = 1
        // Whether some allowed value lies at or beyond `bound`; moves `allowed` to the model's.
        func reaches(_ bound: Int64) -> Bool? {
            solver.push()
            defer { solver.pop() }
            solver.assert(downward ? steps <= solver.context.int(bound) : steps >= solver.context.int(bound))
            switch solver.check() {
            case .satisfiable(let model):
                guard let value = model.value(of: steps) else { return nil }
                allowed = value
                return true
            case .unsatisfiable: return false
            case .unknown: return nil
            }
        }
        while refused == nil {
            let (bound, overflow) = downward ? allowed.subtractingReportingOverflow(distance)
                : allowed.addingReportingOverflow(distance)
            guard !overflow, let reached = reaches(bound) else { return nil }
            if !reached {
                refused = bound
            } else {
                // Past 2^62 steps away there is no end to find (and doubling would overflow).
                guard distance <= Int64(1) << 61 else { return nil }
                distance *= 2
            }
        }
        // Between `allowed` (allowed) and `refused` (nothing at or beyond it): halve the gap.
        while var gap = refused.map({ downward ? allowed - $0 : $0 - allowed }), gap > 1 {
            gap /= 2
            let middle = downward ? allowed - gap : allowed + gap
            guard let reached = reaches(middle) else { return nil }
            if !reached { refused = middle }
        }
        return allowed
    }
}
