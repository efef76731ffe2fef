import FormsmithValues
import XCTest
@testable import FormsmithCore

/// The Z3 wrapper against truths worked out by hand: exact decimals, cores naming the
/// contradictory assertions, assumptions, scopes and the time limit.
final class ConstraintSolverTests: XCTestCase {
    private func decimal(_ text: String) throws -> ExactDecimal { try XCTUnwrap(ExactDecimal(text)) }
    private func real(_ context: SolverContext, _ text: String) throws -> RealTerm {
        try XCTUnwrap(context.real(decimal(text)))
    }

    func testTheOnlyIntegerLeftIsTheModel() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let x = context.int(named: "x")
        // 1 ≤ x ≤ 3, x ≠ 1, x ≠ 2: only 3 is left.
        solver.assert(x >= context.int(1) && x <= context.int(3))
        solver.assert(x != context.int(1))
        solver.assert(x != context.int(2))
        guard case .satisfiable(let model) = solver.check() else { return XCTFail("1 ≤ x ≤ 3 without 1 and 2 has x = 3") }
        XCTAssertEqual(model.value(of: x), 3)
        XCTAssertEqual(solver.checks, 1)
        XCTAssertEqual(solver.timeouts, 0)
    }

    func testDecimalsAreExactWhereBinaryFloatingPointIsNot() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        // 0.1 + 0.2 = 0.3 exactly (in Double it is 0.30000000000000004): its negation is unsatisfiable.
        let sum = try real(context, "0.1") + real(context, "0.2")
        solver.assert(sum != (try real(context, "0.3")))
        guard case .unsatisfiable = solver.check() else { return XCTFail("0.1 + 0.2 is 0.3") }
    }

    func testAnAssertionOnMoneyPinsTheValuesAtTheBounds() throws {
        // payable + deductible ≤ claimed, claimed = 10.00, payable ≥ 6.50, deductible ≥ 3.50:
        // 6.50 + 3.50 = 10.00 leaves exactly one assignment.
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let payable = context.real(named: "payable"), deductible = context.real(named: "deductible")
        solver.assert(try payable + deductible <= real(context, "10.00"))
        solver.assert(try payable >= real(context, "6.50"))
        solver.assert(try deductible >= real(context, "3.50"))
        guard case .satisfiable(let model) = solver.check() else { return XCTFail("6.50 + 3.50 ≤ 10.00") }
        XCTAssertEqual(model.value(of: payable), try decimal("6.5"))
        XCTAssertEqual(model.value(of: deductible), try decimal("3.5"))
        // One cent more on the deductible and nothing fits: 6.50 + 3.51 = 10.01.
        solver.assert(try deductible >= real(context, "3.51"))
        guard case .unsatisfiable = solver.check() else { return XCTFail("6.50 + 3.51 > 10.00") }
    }

    func testTheCoreNamesTheContradictoryRulesOnly() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let x = context.int(named: "x"), y = context.int(named: "y")
        solver.assert(x > context.int(5), label: "rule A: x > 5")
        solver.assert(y > context.int(0), label: "rule C: y > 0")
        solver.assert(x < context.int(3), label: "rule B: x < 3")
        guard case .unsatisfiable(let core) = solver.check() else { return XCTFail("x > 5 and x < 3") }
        XCTAssertEqual(core.labels, ["rule A: x > 5", "rule B: x < 3"])
        XCTAssertEqual(core.assumptionIndices, [])
    }

    func testAssumptionsInTheCoreAreNamedByPosition() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let kind = context.int(named: "kind")  // 0 fire, 1 water, 2 storm
        let waterSourceFilled = context.bool(named: "waterSource filled")
        solver.assert(kind >= context.int(0) && kind <= context.int(2))
        solver.assert(waterSourceFilled.implies(kind == context.int(1)), label: "visibleIf of waterSource")
        // Assume kind = storm (index 0), a free y (index 1), and waterSource filled (index 2):
        // storm with waterSource filled is forbidden by the visibleIf; y plays no part.
        let y = context.bool(named: "y")
        guard case .unsatisfiable(let core) = solver.check(assuming: [kind == context.int(2), y, waterSourceFilled])
        else { return XCTFail("waterSource is visible for water only") }
        XCTAssertEqual(core.assumptionIndices, [0, 2])
        XCTAssertEqual(core.labels, ["visibleIf of waterSource"])
        // Without the storm assumption it is satisfiable, and the model says water.
        guard case .satisfiable(let model) = solver.check(assuming: [waterSourceFilled]) else {
            return XCTFail("water with waterSource filled is valid")
        }
        XCTAssertEqual(model.value(of: kind), 1)
        XCTAssertTrue(model.value(of: waterSourceFilled))
    }

    func testPopWithdrawsTheScopesTrackedAssertions() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let x = context.int(named: "x")
        solver.assert(x > context.int(5), label: "outer")
        solver.push()
        solver.assert(x < context.int(3), label: "inner")
        guard case .unsatisfiable(let core) = solver.check() else { return XCTFail("x > 5 and x < 3") }
        XCTAssertEqual(core.labels, ["outer", "inner"])
        solver.pop()
        guard case .satisfiable(let model) = solver.check() else { return XCTFail("x > 5 alone holds") }
        XCTAssertGreaterThan(try XCTUnwrap(model.value(of: x)), 5)
        solver.pop()  // no scope open: nothing happens
        guard case .satisfiable = solver.check() else { return XCTFail("x > 5 alone holds") }
    }

    func testAThirdHasNoDecimalButItsExactNumeral() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let x = context.real(named: "x")
        solver.assert(try x + x + x == real(context, "1"))
        guard case .satisfiable(let model) = solver.check() else { return XCTFail("3x = 1 has x = 1/3") }
        XCTAssertEqual(model.numeral(of: x), "1/3")
        XCTAssertNil(model.value(of: x))
    }

    func testRationalNumeralsBothWays() throws {
        XCTAssertEqual(SolverRational(try decimal("-12.5"))?.numeral, "-125/10")
        XCTAssertEqual(SolverRational(try decimal("3"))?.numeral, "3/1")
        XCTAssertEqual(SolverRational(try decimal("0.05"))?.numeral, "5/100")
        XCTAssertEqual(SolverRational(try decimal("1e3"))?.numeral, "1000/1")
        XCTAssertNil(SolverRational(try decimal("1e-999999")), "a million digits are not written out")
        XCTAssertNil(SolverRational(try decimal("1e999999")), "a million digits are not written out")
        XCTAssertEqual(SolverRational.decimal(fromNumeral: "5/4"), try decimal("1.25"))
        XCTAssertEqual(SolverRational.decimal(fromNumeral: "-7/8"), try decimal("-0.875"))
        XCTAssertEqual(SolverRational.decimal(fromNumeral: "3/40"), try decimal("0.075"))
        XCTAssertEqual(SolverRational.decimal(fromNumeral: "42"), try decimal("42"))
        XCTAssertNil(SolverRational.decimal(fromNumeral: "1/3"))
        XCTAssertNil(SolverRational.decimal(fromNumeral: "1/0"))
        XCTAssertNil(SolverRational.decimal(fromNumeral: "x/2"))
    }

    func testABadNumeralIsRefusedNotFatal() throws {
        let context = SolverContext()
        XCTAssertNil(context.int(digits: "12a"))
        XCTAssertNil(context.int(digits: "--1"))
        XCTAssertEqual(context.int(digits: "-123456789012345678901234567890")?.text, "(- 123456789012345678901234567890)")
        XCTAssertNil(context.takeError())
    }

    func testACheckThatRunsOutOfTimeIsCountedAsATimeout() throws {
        // Pigeonhole: 9 pigeons in 8 holes, each hole at most one pigeon. Unsatisfiable, and
        // exponential for the solver's resolution; 1 ms is far too little to prove it.
        let solver = pigeonhole(timeoutMilliseconds: 1)
        guard case .unknown(let reason) = solver.check() else { return XCTFail("9 pigeons in 8 holes in 1 ms") }
        XCTAssertTrue(reason.contains("timeout") || reason.contains("canceled"), reason)
        XCTAssertEqual(solver.timeouts, 1)
        XCTAssertEqual(solver.otherUnknowns, 0)
    }

    /// The pigeonhole of 9 in 8, asserted in a new solver with the given limits (no resource
    /// limit by default, ten minutes of clock by default).
    private func pigeonhole(timeoutMilliseconds: UInt32 = 600_000, resourceLimit: UInt32 = 0) -> ConstraintSolver {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: resourceLimit)
        let pigeons = 9, holes = 8
        let sits = (0..<pigeons).map { p in (0..<holes).map { h in context.bool(named: "p\(p)h\(h)") } }
        for p in 0..<pigeons { solver.assert(context.or(sits[p])) }
        for h in 0..<holes {
            for p in 0..<pigeons {
                for q in (p + 1)..<pigeons { solver.assert(!(sits[p][h] && sits[q][h])) }
            }
        }
        return solver
    }

    /// A resource limit stops a check at the same point whatever the machine's load: the
    /// pigeonhole under 20,000 units gives up (not by time: the clock allows ten minutes), and
    /// counts it apart from timeouts, with the same units spent each time.
    func testAResourceLimitStopsACheckDeterministically() throws {
        var spent: [UInt64] = []
        for _ in 0..<2 {
            let solver = pigeonhole(resourceLimit: 20_000)
            let before = try XCTUnwrap(solver.resourcesSpent)
            guard case .unknown(let reason) = solver.check() else { return XCTFail("9 pigeons in 8 holes in 20,000 units") }
            // Z3 says "canceled", as for the clock; the units spent say which limit it was.
            XCTAssertTrue(reason.contains("canceled") || reason.contains("resource"), reason)
            XCTAssertEqual(solver.resourceOuts, 1)
            XCTAssertEqual(solver.timeouts, 0)
            XCTAssertEqual(solver.exhausted, 1)
            spent.append(try XCTUnwrap(solver.resourcesSpent) - before)
        }
        XCTAssertEqual(spent[0], spent[1])
        XCTAssertGreaterThanOrEqual(spent[0], 20_000)
    }

    /// A budget over several checks: once its checks or units are spent, a check answers unknown
    /// at once (counted as refused), until the budget is lifted.
    func testABudgetRefusesChecksOnceSpent() throws {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context)
        let x = context.int(named: "x")
        solver.assert(x >= context.int(0) && x <= context.int(9))
        solver.startBudget(checks: 2, units: 1_000_000)
        for _ in 0..<2 { guard case .satisfiable = solver.check() else { return XCTFail("0 ≤ x ≤ 9 holds") } }
        guard case .unknown(let reason) = solver.check() else { return XCTFail("a third check within a budget of 2") }
        XCTAssertEqual(reason, ConstraintSolver.budgetSpent)
        XCTAssertEqual(solver.checks, 2)
        XCTAssertEqual(solver.refusedChecks, 1)
        XCTAssertEqual(solver.exhausted, 1)
        solver.endBudget()
        guard case .satisfiable = solver.check() else { return XCTFail("the budget is lifted") }
        // No units left: refused before Z3 is asked.
        solver.startBudget(checks: 10, units: 0)
        guard case .unknown = solver.check() else { return XCTFail("a budget of 0 units") }
        XCTAssertEqual(solver.refusedChecks, 2)
        XCTAssertEqual(solver.checks, 3)
    }
}
