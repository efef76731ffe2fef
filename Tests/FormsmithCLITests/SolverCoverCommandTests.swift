import Foundation
import XCTest

/// Covering sets by satisfiability (issue 30), through the binary: every required tuple is
/// covered or proven impossible with the rules the solver's core names, worked out by hand from
/// the YAML; questionnaires aimed by the solver pass an assertion as built (nothing rebuilt).
final class SolverCoverCommandTests: ScratchFolderTestCase {
    /// The issue's form: an enum, a field visible for one of its values, and money tied by an
    /// assertion and a bound that names another field.
    private static let coverAssert = """
        id: cover-assert
        fields:
          kind: {type: enum, values: [fire, water, theft, storm, glass]}
          waterSource: {type: enum, values: [pipe, appliance, flood, roof], visibleIf: "kind == 'water'"}
          claimed: {type: decimal, fractionDigits: 2, min: 0.01, max: 5000000}
          deductible: {type: decimal, fractionDigits: 2, min: 0, max: 1000}
          payable: {type: decimal, fractionDigits: 2, min: 0, max: claimed}
        assert:
          - that: "payable + deductible <= claimed"
        """

    /// A chain of three visibilities: `d` is shown only when `c` is `c1`, `c` only when `b` is
    /// `b1`, `b` only when `a` is `x`. So `a = y` with `d` filled needs all three rules to be
    /// seen impossible, more than a search over one or two rules does.
    private static let chain = """
        id: chain
        fields:
          a: {type: enum, values: [x, y]}
          b: {type: enum, values: [b1, b2], visibleIf: "a == 'x'"}
          c: {type: enum, values: [c1, c2], visibleIf: "b == 'b1'"}
          d: {type: enum, values: [d1, d2], visibleIf: "c == 'c1'"}
        """

    /// The issue's form: a number three lists deep, visible only in a basement room's invoice
    /// receipt (its `visibleIf` reads the outermost item).
    private static let nestedVisibility = """
        id: cover-nested-visibility
        fields:
          kind: {type: enum, values: [fire, water, storm]}
        sections:
          rooms:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              name: {type: enum, values: [kitchen, living, bedroom, bathroom, basement]}
              items:
                type: list
                minItems: 1
                maxItems: 3
                fields:
                  receipts:
                    type: list
                    minItems: 1
                    maxItems: 2
                    fields:
                      kind: {type: enum, values: [cash, online, invoice]}
                      dryingCost:
                        type: decimal
                        fractionDigits: 2
                        min: 0
                        max: 5000
                        visibleIf: "$rooms[].name == 'basement' AND $rooms[].items[].receipts[].kind == 'invoice'"
        """

    /// Every pair of the nested form is covered or proven impossible, whatever the seed: before,
    /// one pair with the third-level number was "not found" on most seeds (seed 1: kind=water
    /// with dryingCost=max), because the solver's row for it left the room and the receipt
    /// undecided and the questionnaire was built with any of them, hiding the number. By hand:
    /// the top-level kind is free, and a basement room's invoice receipt shows the number, which
    /// may then be 0, 5000 or between, so each kind meets each of the three classes; the
    /// written questionnaires hold all nine (rooms[0].items[0].receipts[0].dryingCost).
    func testAThirdLevelNumberIsCoveredWithEveryValueOfTheTopLevel() throws {
        let rules = try write("nested.yaml", Self.nestedVisibility)
        for seed in 1...4 {
            let output = path("nested-\(seed).jsonl")
            let report = path("nested-\(seed).report.json")
            let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "pairs", "--seed", String(seed),
                                         "--output", output, "--coverage-report", report])
            XCTAssertEqual(run.status, 0, run.stderr)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
                                        as? [String: Any])
            XCTAssertEqual(object["notFound"] as? Int, 0, "seed \(seed): \(run.stderr)")
            let required = try XCTUnwrap(object["required"] as? Int)
            XCTAssertEqual((object["covered"] as? Int ?? 0) + (object["impossible"] as? Int ?? 0), required, "seed \(seed)")
            var seen = Set<String>()
            for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
                let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let rooms = record["rooms"] as? [[String: Any]]
                let items = rooms?.first?["items"] as? [[String: Any]]
                let receipt = (items?.first?["receipts"] as? [[String: Any]])?.first
                guard let kind = record["kind"] as? String, let cost = receipt?["dryingCost"] as? Double else { continue }
                seen.insert(kind + "=" + (cost == 0 ? "min" : cost == 5000 ? "max" : "inside"))
            }
            let all = Set(["fire", "water", "storm"].flatMap { kind in ["min", "inside", "max"].map { kind + "=" + $0 } })
            XCTAssertEqual(all.subtracting(seen), [], "seed \(seed)")
            try assertValid(rules, output, count: try String(contentsOfFile: output, encoding: .utf8)
                                .split(separator: "\n").count)
        }
    }

    /// Issue 30: sets no larger than PICT's. By hand (README, "The solver behind covering
    /// sets"), no set of cover-assert's pairs is smaller than 24: each of the 4 water sources
    /// with each of the 3 classes of `claimed` needs its own `water` row (12), and each of the
    /// 4 other kinds with each class of `claimed` needs its own row (12). PICT writes 26 on the
    /// same model; one greedy search (`--searches 1`) writes 26 here too (seed 1). The default
    /// three searches run (the bound that would stop them early, 15 = 5 kinds × 3 classes of
    /// `claimed`, is below 24) and the smallest set reaches the minimum.
    func testPairsOfCoverAssertReachTheHandWorkedMinimum() throws {
        let rules = try write("cover-assert.yaml", Self.coverAssert)
        let (run, report, output) = try cover(rules, "pairs", name: "minimum")
        XCTAssertEqual(report["questionnaires"] as? Int, 24, run.stderr)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        XCTAssertEqual(report["searchPasses"] as? Int, 3)
        XCTAssertTrue(run.stderr.contains("the smallest set of 3 greedy searches kept"), run.stderr)
        try assertValid(rules, output, count: 24)

        let (single, singleReport, singleOutput) = try cover(rules, "pairs", name: "single", ["--searches", "1"])
        XCTAssertEqual(singleReport["questionnaires"] as? Int, 26, single.stderr)
        XCTAssertEqual(singleReport["searchPasses"] as? Int, 1)
        XCTAssertEqual(singleReport["notFound"] as? Int, 0)
        XCTAssertFalse(single.stderr.contains("greedy searches kept"), single.stderr)
        try assertValid(rules, singleOutput, count: 26)

        for refused in [["--cover", "pairs", "--searches", "0"], ["--count", "3", "--searches", "2"]] {
            let run = try Formsmith.run(["generate", "--rules", rules, "--seed", "1"] + refused)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("--searches"), run.stderr)
        }
    }

    /// Issue 30: no larger than PICT's sets (`Benchmarks/pairwise.sh`, the PICT of the pypict 0.3.0
    /// wheel, on the same factors and exclusions): 26 rows on cover-nested-visibility, 9 on the
    /// nested-lists fixture. One greedy search wrote 28 and 10 (seed 1). On the fixture, 9 is
    /// the least possible: 1 to 3 drivers (min, mid, max) with the first driver's optional
    /// `documentCount` of 1 or 2 (min, max, absent) make 9 pairs, each possible (the assertion
    /// only ties the count to that driver's documents) and each needing its own questionnaire.
    func testNestedFormsAreNoLargerThanPICTs() throws {
        let nested = try write("nested.yaml", Self.nestedVisibility)
        let (_, report, output) = try cover(nested, "pairs", name: "nested-size")
        XCTAssertLessThanOrEqual(report["questionnaires"] as? Int ?? .max, 26)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        try assertValid(nested, output, count: report["questionnaires"] as? Int ?? -1)
        let fixture = "Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
        let (run, lists, listOutput) = try cover(fixture, "pairs", name: "lists-size")
        XCTAssertEqual(lists["questionnaires"] as? Int, 9, run.stderr)
        // 9 after dropping the one questionnaire of 10 whose pairs the others hold; the ones
        // after it are rebuilt at their new position (the fixture's `id` numbers it) and come
        // back the same, so nothing redundant stays.
        XCTAssertEqual(lists["redundantDropped"] as? Int, 1)
        XCTAssertEqual(lists["redundantKept"] as? Int, 0)
        XCTAssertTrue(run.stderr.contains("1 questionnaire dropped whose every pair another one also covered"), run.stderr)
        let ids = try String(contentsOfFile: listOutput, encoding: .utf8).split(separator: "\n").map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        XCTAssertEqual(ids, (1...9).map { "NL-000000\($0)" })
        XCTAssertEqual(lists["notFound"] as? Int, 0)
        try assertValid(fixture, listOutput, count: lists["questionnaires"] as? Int ?? -1)
    }

    private func cover(_ rules: String, _ strength: String, name: String, _ extra: [String] = []) throws
        -> (run: Formsmith.Output, report: [String: Any], output: String)
    {
        let output = path(name + ".jsonl")
        let report = path(name + ".report.json")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", strength, "--seed", "1",
                                     "--output", output, "--coverage-report", report] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        return (run, object ?? [:], output)
    }

    private func assertValid(_ rules: String, _ output: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout, file: file, line: line)
        XCTAssertTrue(validate.stdout.contains("\(count) questionnaires: \(count) valid, 0 invalid"), validate.stdout,
                      file: file, line: line)
    }

    /// The impossible tuples of a report as "factor=value, factor=value" → rule.
    private func impossible(_ report: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for entry in report["impossibleTuples"] as? [[String: Any]] ?? [] {
            let tuple = (entry["tuple"] as? [[String: String]] ?? []).map { "\($0["factor"] ?? "")=\($0["value"] ?? "")" }
            result[tuple.joined(separator: ", ")] = entry["rule"] as? String
        }
        return result
    }

    /// Factors by hand: kind 5, waterSource 4 + absent, claimed min/inside/max, deductible
    /// min/inside/max, payable min/inside (its max names a field), `if kind == 'water'`: 5 + 5
    /// + 3 + 3 + 2 + 2 = 20 values, every one possible. Before the solver, 6 were not found.
    func testEachReachesAllTwentyValuesWithNothingRebuilt() throws {
        let rules = try write("cover-assert.yaml", Self.coverAssert)
        let (run, report, output) = try cover(rules, "each", name: "each")
        XCTAssertEqual(report["required"] as? Int, 20)
        XCTAssertEqual(report["covered"] as? Int, 20)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        XCTAssertEqual(report["impossible"] as? Int, 0)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        try assertValid(rules, output, count: report["questionnaires"] as? Int ?? -1)
    }

    /// Pairs by hand: sizes 5, 5, 3, 3, 2, 2 give (20² − 76) / 2 = 162. Impossible:
    /// kind × waterSource: 4 other kinds × 4 sources (visibleIf) and water × absent (required);
    /// waterSource × the condition: 4 sources × false (visibleIf), absent × true (required);
    /// kind × the condition: 5 (the condition itself); claimed = min (0.01) with
    /// deductible = max (1000), since payable ≥ 0 (the assertion) — 16 + 1 + 4 + 1 + 5 + 1 = 28.
    /// claimed = min with payable inside is possible (0.01 + 0 ≤ 0.01): covered, not "not found".
    func testPairsAreCoveredOrProvenImpossibleByTheirRules() throws {
        let rules = try write("cover-assert.yaml", Self.coverAssert)
        let (run, report, output) = try cover(rules, "pairs", name: "pairs")
        XCTAssertEqual(report["required"] as? Int, 162)
        XCTAssertEqual(report["impossible"] as? Int, 28)
        XCTAssertEqual(report["covered"] as? Int, 134)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        let proven = impossible(report)
        // The core: claimed = min is 0.01, deductible = max is 1000, payable is at least 0, and the assertion.
        XCTAssertEqual(proven["claimed=min, deductible=max"], "the range of claimed: 0.01 to 5000000, with the range of "
                       + "deductible: 0 to 1000, with the range of payable: 0 to ∞, with assert 'payable + deductible <= claimed'")
        XCTAssertEqual(proven["kind=storm, waterSource=roof"], "visibleIf of waterSource: 'kind == 'water''")
        XCTAssertEqual(proven["kind=water, waterSource=absent"], "waterSource is required while visible")
        XCTAssertNil(proven["claimed=min, payable=inside"])
        XCTAssertEqual(report["unmodelled"] as? [String], [])
        XCTAssertEqual(report["solverTimeouts"] as? Int, 0)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        XCTAssertTrue(run.stderr.contains("1 pair forbidden by the range of claimed"), run.stderr)
        try assertValid(rules, output, count: report["questionnaires"] as? Int ?? -1)
    }

    /// a=y with d filled (d1 or d2) is forbidden only by the three visibleIfs together; the
    /// report names all three. Pairs by hand: a 2, b/c/d 2 + absent each, the three conditions
    /// 2 each; of a × d, only (x, d1), (x, d2), (x, absent), (y, absent) are possible.
    func testAChainOfThreeRulesIsProvenImpossibleWithAllThreeNamed() throws {
        let rules = try write("chain.yaml", Self.chain)
        let (_, report, output) = try cover(rules, "pairs", name: "chain")
        XCTAssertEqual(report["notFound"] as? Int, 0)
        let proven = impossible(report)
        for value in ["d1", "d2"] {
            let rule = try XCTUnwrap(proven["a=y, d=\(value)"], "\(proven.keys.sorted())")
            for name in ["visibleIf of b: 'a == 'x''", "visibleIf of c: 'b == 'b1''", "visibleIf of d: 'c == 'c1''"] {
                XCTAssertTrue(rule.contains(name), rule)
            }
        }
        XCTAssertNil(proven["a=y, d=absent"])
        XCTAssertNil(proven["a=x, d=d1"])
        try assertValid(rules, output, count: report["questionnaires"] as? Int ?? -1)
    }

    /// The nested-lists fixture: `documentCount` is a whole number from 1 to 2, so nothing lies
    /// strictly inside its range; it has no `inside` class to aim at (bounds one apart give `min`
    /// and `max` only, see CoverNarrowRangeTests), and nothing of `each` is left not found.
    func testANarrowWholeRangeHasNoInsideClassToMiss() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
        let output = path("each.jsonl"), reportPath = path("each.report.json")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "each", "--seed", "1", "--today", "2026-01-01",
                                     "--output", output, "--coverage-report", reportPath])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reportPath))) as? [String: Any] ?? [:]
        XCTAssertEqual(report["notFound"] as? Int, 0)
        let factors = report["factors"] as? [[String: Any]] ?? []
        let documentCount = try XCTUnwrap(factors.first { $0["name"] as? String == "drivers[].documentCount" })
        XCTAssertEqual(documentCount["values"] as? [String], ["min", "max", "absent"])
    }

    /// `formsmith coverage` of one questionnaire: what it does not hold is either proven
    /// impossible (the same 28 pairs, the assertion's among them) or not covered.
    func testCoverageOfAnExistingSetNamesTheImpossiblePairs() throws {
        let rules = try write("cover-assert.yaml", Self.coverAssert)
        let one = try write("one.jsonl", "{\"kind\": \"fire\", \"claimed\": 100, \"deductible\": 10, \"payable\": 50}\n")
        let measured = path("measured.json")
        let run = try Formsmith.run(["coverage", "--rules", rules, "--cover", "pairs", "--coverage-report", measured, one])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: measured))) as? [String: Any] ?? [:]
        // One questionnaire holds 15 pairs (6 factors: kind, waterSource=absent, three insides, the condition false).
        XCTAssertEqual(report["covered"] as? Int, 15)
        XCTAssertEqual(report["impossible"] as? Int, 28)
        XCTAssertEqual(report["notFound"] as? Int, 162 - 15 - 28)
        XCTAssertTrue(impossible(report)["claimed=min, deductible=max"]?.hasSuffix("with assert 'payable + deductible <= claimed'") == true)
    }
}
