/// The budget of the solver that settles values (issue 30: generation never hangs in it).
///
/// Each check stops after ``checkUnits`` of Z3's resource units (its `rlimit`: a count of
/// the solver's own steps, so a check stops at the same point however busy the machine is), and
/// the checks made for one value (drawing it, settling it, the search for the range it is
/// drawn in) stop once ``valueUnits`` units or ``valueChecks`` checks are spent.
/// A check that gets no answer falls back as "the solver cannot say" always has: the value is
/// kept as drawn and the built questionnaire checked (rebuilt when it breaks an assertion), or
/// a settled value is the solver's model rather than drawn uniformly; and the value is counted
/// (``GenerationDiscards/solverBudgetSpent``) and said on standard error. The wall-clock limit
/// (``checkMilliseconds``) stays as a last guard only, far above what the units take. After
/// ``spentValuesPerField`` values of one field ran out, its later values are not solved at all
/// (each counted too), so a form the solver is slow on costs a few budgets in all.
public enum SolverBudget {
    /// Z3 resource units one check may spend. A check of a date's range search through the
    /// calendar split took up to 310,000 (0.9 s at load 4); with months as bounds, at most 410.
    public static let checkUnits: UInt32 = 1_000_000
    /// Z3 resource units all checks for one value may spend (the last may overrun it by up to
    /// ``checkUnits``): about a second of the solver on an idle machine.
    public static let valueUnits: UInt64 = 1_000_000
    /// Checks one value may take (a range search takes about 30, a small domain up to 64).
    public static let valueChecks = 600
    /// The wall-clock limit of one check, a guard behind the units.
    public static let checkMilliseconds: UInt32 = 10_000
    /// Values of one field whose budget may run out before the solver is no longer asked about
    /// that field's later values (each refused at once, counted the same way): a form the
    /// solver is slow on costs a few budgets, not one for every value.
    public static let spentValuesPerField = 3
}

extension QuestionnaireBuilder {
    /// The solver that settles values assertions read (made on first use, one per builder).
    var assertionSolver: ConstraintSolver {
        if let madeAssertionSolver { return madeAssertionSolver }
        let solver = ConstraintSolver(context: SolverContext(), timeoutMilliseconds: SolverBudget.checkMilliseconds,
                                      resourceLimit: SolverBudget.checkUnits)
        if solverBudgetActive {
            solver.startBudget(checks: solverBudgetGivenUp ? 0 : SolverBudget.valueChecks,
                               units: solverBudgetGivenUp ? 0 : SolverBudget.valueUnits)
        }
        madeAssertionSolver = solver
        return solver
    }

    /// `fill()` with the solver's checks under one value's budget; when a check of it (or one
    /// made for the field before, outside the budget) got no answer because a limit ran out, the
    /// value of `field` is counted.
    func withSolverBudget(for field: CompiledField, _ fill: () -> GeneratedValue) -> GeneratedValue {
        // A solver made inside starts with the budget (see ``assertionSolver``) and 0 exhausted;
        // checks made before for this field (whether it must be filled) count for it too.
        let givenUp = (budgetSpentValues[field.id] ?? 0) >= SolverBudget.spentValuesPerField
        madeAssertionSolver?.startBudget(checks: givenUp ? 0 : SolverBudget.valueChecks, units: givenUp ? 0 : SolverBudget.valueUnits)
        solverBudgetActive = true
        solverBudgetGivenUp = givenUp
        let value = fill()
        solverBudgetActive = false
        madeAssertionSolver?.endBudget()
        chargeUnansweredChecks(to: field)
        return value
    }

    /// Counts a value of `field` when a solver check made for it since the last one counted got
    /// no answer because a limit ran out: its value's own checks, and those made outside that
    /// budget on whether it must be filled (``assertionsNeedFilled(_:address:)``). Called once
    /// `field` is decided, filled or left empty, so such a check is never counted under the next
    /// field that has a budget.
    func chargeUnansweredChecks(to field: CompiledField) {
        guard let solver = madeAssertionSolver, solver.exhausted > attributedExhaustions else { return }
        attributedExhaustions = solver.exhausted
        discards.addSolverBudgetSpent(field: field.path)
        budgetSpentValues[field.id, default: 0] += 1
    }
}
