@testable import FormsmithCore
import FormsmithReference
import XCTest

/// The forms of `FuzzDifferential`'s seed corpus (random forms 1 to 40: `Fuzz/run.sh` writes a
/// `generated-N` seed for each) generate their pools without the solver running out of its
/// budget. Loading a form generates that pool, libFuzzer gives an input 10 s, and a check that
/// runs out of its 1,000,000 resource units takes seconds: form 9 ran out on every value of
/// `t1` (its `year()` and `day()` each split the day apart) and stopped CI's fuzz step on its
/// third seed. The budget is counted in Z3's resource units, not time, so this is the same on
/// any machine and under any load.
final class DifferentialPoolBudgetTests: XCTestCase {
    func testTheFuzzSeedFormsGenerateTheirPoolsWithinTheSolverBudget() throws {
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        var spent: [String] = []
        var built = 0
        for seed in UInt64(1)...40 {
            let form = RandomForm(seed: seed)
            let rules = try RulesLoader.load(text: form.yaml, file: "random.yaml", today: today)
            guard KnownEngineBugs.bug(of: rules.ruleSet) == nil,
                  let plan = try? GeneratorTables(rules: rules, options: DifferentialForm.poolOptions(seed: seed)) else { continue }
            let builder = QuestionnaireBuilder(plan: plan)
            let root = SeededRandom(seed: seed)
            // The first attempt at each questionnaire of the pool, as the batch makes it.
            for index in 0..<DifferentialForm.poolSize {
                _ = builder.build(index: index, attempt: 0, random: root.derived(UInt64(index)))
                built += 1
            }
            let exhausted = builder.madeAssertionSolver?.exhausted ?? 0
            if exhausted > 0 || !builder.discards.solverBudgetSpent.isEmpty {
                spent.append("form \(seed): \(exhausted) checks without an answer; "
                             + builder.discards.solverBudgetSpentLines.joined(separator: "; "))
            }
        }
        XCTAssertEqual(spent, [], "forms of the fuzz seed corpus on which the solver ran out")
        // Most of the 40 forms have a plan (the rest meet a known bug or cannot be generated).
        XCTAssertGreaterThan(built, 30 * DifferentialForm.poolSize)
    }
}
