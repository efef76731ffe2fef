@testable import FormsmithCore
import XCTest

/// A solver check that runs out of its limit is counted under the field it was made for
/// (`solver-budget`, said as `the solver ran out of its budget on some values`), also a check
/// on whether an optional field must be filled, made outside any value's budget. The solver's
/// limit is made tiny (one of Z3's resource units a check) so that every check runs out, the
/// same way on any machine (as in ``ConstraintSolverTests``).
final class SolverBudgetChargeTests: XCTestCase {
    /// `a` is optional and read by an assertion with `c` filled after it, so whether `a` must be
    /// filled is asked of the solver (with `c` open); at optional rate 0 `a` is then left empty.
    /// `b` is read by no assertion: no check is ever made for it. `c` is settled by the solver.
    static let presenceCheck = """
        id: presence-budget
        fields:
          a: {type: integer, min: 1, max: 9, optional: true}
          b: {type: integer, min: 1, max: 9}
          c: {type: integer, min: 1, max: 9}
        assert:
          - that: "present(a) || c > 5"
            rule: sum
        """

    /// Builds `count` questionnaires with a solver whose every check runs out; the fields the
    /// values the solver ran out of budget on were counted under, with their counts.
    private func chargedFields(count: Int) throws -> [String: Int] {
        let rules = try compileRules(Self.presenceCheck)
        let plan = try GeneratorTables(rules: rules, options: GenerationOptions(count: count, seed: 1, optionalRate: 0))
        let builder = QuestionnaireBuilder(plan: plan)
        builder.madeAssertionSolver = ConstraintSolver(context: SolverContext(), resourceLimit: 1)
        for index in 0..<count {
            _ = builder.build(index: index, attempt: 0, random: SeededRandom(seed: UInt64(index)))
        }
        // Each questionnaire made one check (whether `a` must be filled), and it ran out.
        XCTAssertEqual(builder.madeAssertionSolver?.exhausted, count)
        var charged: [String: Int] = [:]
        for (reason, values) in builder.discards.solverBudgetSpent { charged[reason.field, default: 0] += values }
        return charged
    }

    /// Every questionnaire asks whether `a` must be filled, and that check runs out: it counts
    /// for `a` (10 of 10), never for `b`, for which no check is made (it took all 10 before).
    func testACheckOnWhetherAFieldMustBeFilledCountsForThatField() throws {
        let charged = try chargedFields(count: 10)
        XCTAssertEqual(charged["a"], 10, "\(charged)")
        XCTAssertNil(charged["b"], "\(charged)")
    }
}
