import Foundation
import XCTest

/// Plain generation settles the values assertions read with the solver (issue 30): no
/// questionnaire is rebuilt, and the free choices keep their shares. The shares are worked out
/// by hand from the rules: a required switch is free (50:50 whatever it adds), an enum no rule
/// reads is free (1/n each), and an item count no rule pins is uniform across its range.
final class SolverGenerationCommandTests: ScratchFolderTestCase {
    /// The motor-insurance renewal shape of the issue: every driver is one more chance for the
    /// documentCount assertion to fail, so rebuilding whole questionnaires made the switch true
    /// in 82% of them.
    static let renewal = """
        id: renewal
        fields:
          unlimitedDrivers: {type: boolean}
        sections:
          drivers:
            type: list
            visibleIf: "!unlimitedDrivers"
            minItems: 1
            maxItems: 3
            fields:
              name: {type: string, regex: '^[A-Z][a-z]{2,8}$'}
              documents:
                type: list
                minItems: 1
                maxItems: 3
                fields:
                  number: {type: string, regex: '^[0-9]{6}$'}
              documentCount: {type: integer, optional: true, min: 1, max: 3}
            assert:
              - that: "empty(drivers[].documentCount) || count(drivers[].documents) == drivers[].documentCount"
                message: documentCount must equal the number of documents
                field: drivers[].documentCount
                rule: document-count
        """

    /// The `cover-assert` form of the issue: the assertion and the bound read money fields only,
    /// so `kind` is free.
    static let coverAssert = """
        id: cover-assert
        fields:
          kind: {type: enum, values: [fire, water, theft, storm, glass]}
          waterSource: {type: enum, values: [pipe, appliance, flood, roof], visibleIf: "kind == 'water'"}
          claimed: {type: decimal, fractionDigits: 2, min: 0.01, max: 5000000}
          deductible: {type: decimal, fractionDigits: 2, min: 0, max: 1000}
          payable: {type: decimal, fractionDigits: 2, min: 0, max: claimed}
        assert:
          - that: "payable + deductible <= claimed"
            rule: payable-limit
        """

    private func objects(_ file: String) throws -> [[String: Any]] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func generate(_ rules: String, count: Int, seed: Int, to name: String) throws -> (Formsmith.Output, String) {
        let output = path(name)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", String(count), "--seed", String(seed),
                                     "--output", output])
        return (run, output)
    }

    /// Runs `generate --rules RULES ARGUMENTS --output NAME` (with `--today DAY` when given, for
    /// the validation too) and checks what a generation that discards nothing gives: exit 0, no
    /// questionnaire rebuilt, no value redrawn, no warning, "nothing discarded" in the closing
    /// line (which `--cover` does not write), and every questionnaire it wrote valid. Returns the
    /// run and the output's path.
    @discardableResult
    private func generateDiscardingNothing(_ rules: String, _ arguments: [String], today: String? = nil, to name: String,
                                           file: StaticString = #filePath, line: UInt = #line) throws
        -> (run: Formsmith.Output, output: String)
    {
        let output = path(name)
        let dated = today.map { ["--today", $0] } ?? []
        let run = try Formsmith.run(["generate", "--rules", rules] + arguments + dated + ["--output", output])
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        for word in ["redrawn", "rebuilt", "warning"] {
            XCTAssertFalse(run.stderr.contains(word), "\(word): \(run.stderr)", file: file, line: line)
        }
        if !arguments.contains("--cover") {
            XCTAssertTrue(run.stderr.contains(" to \(output); nothing discarded\n"), run.stderr, file: file, line: line)
        }
        let validate = try Formsmith.run(["validate", "--rules", rules] + dated + [output])
        XCTAssertEqual(validate.status, 0, validate.stdout, file: file, line: line)
        return (run, output)
    }

    func testTheRenewalSwitchStaysFiftyFiftyWithNoQuestionnaireRebuilt() throws {
        let rules = try write("renewal.yaml", Self.renewal)
        let (run, output) = try generateDiscardingNothing(rules, ["--count", "5000", "--seed", "1"], to: "renewal.jsonl")
        // A documentCount drawn unlike its documents was settled by the solver, and said so.
        XCTAssertTrue(run.stderr.contains("\n  drivers[].documentCount [document-count]: "), run.stderr)
        let records = try objects(output)
        XCTAssertEqual(records.count, 5000)
        // A free switch: 2,500 each way, ±5 points (2,250 to 2,750).
        let unlimited = records.filter { $0["unlimitedDrivers"] as? Bool == true }.count
        XCTAssertTrue((2250...2750).contains(unlimited), "unlimitedDrivers true in \(unlimited) of 5000")
        // Where documentCount is given it equals the number of documents, and every size 1-3 of
        // both lists occurs (the drivers' sizes uniformly: a third each, ±5 points).
        var driverSizes = [Int: Int](), documentSizes = Set<Int>(), counted = 0, drivers = 0
        for record in records {
            guard let list = record["drivers"] as? [[String: Any]] else {
                XCTAssertEqual(record["unlimitedDrivers"] as? Bool, true, "\(record)")
                continue
            }
            XCTAssertEqual(record["unlimitedDrivers"] as? Bool, false, "\(record)")
            driverSizes[list.count, default: 0] += 1
            for driver in list {
                drivers += 1
                let documents = try XCTUnwrap(driver["documents"] as? [Any])
                documentSizes.insert(documents.count)
                if let given = driver["documentCount"] as? Int {
                    counted += 1
                    XCTAssertEqual(given, documents.count, "\(driver)")
                }
            }
        }
        XCTAssertEqual(documentSizes, [1, 2, 3])
        let withDrivers = 5000 - unlimited
        for size in 1...3 {
            let share = Double(driverSizes[size, default: 0]) / Double(withDrivers)
            XCTAssertEqual(share, 1.0 / 3.0, accuracy: 0.05, "drivers of size \(size): \(driverSizes)")
        }
        XCTAssertGreaterThan(counted, 0)
        XCTAssertLessThan(counted, drivers)
    }

    func testTheCoverAssertFormKeepsItsEnumUniformWithNoQuestionnaireRebuilt() throws {
        let rules = try write("cover-assert.yaml", Self.coverAssert)
        let output = try generateDiscardingNothing(rules, ["--count", "5000", "--seed", "1"], to: "claims.jsonl").output
        let records = try objects(output)
        XCTAssertEqual(records.count, 5000)
        // Five free values: 20% each, ±5 points (750 to 1,250 of 5,000).
        var kinds = [String: Int]()
        for record in records { kinds[record["kind"] as? String ?? "(none)", default: 0] += 1 }
        XCTAssertEqual(Set(kinds.keys), ["fire", "water", "theft", "storm", "glass"])
        for (kind, count) in kinds { XCTAssertTrue((750...1250).contains(count), "\(kind): \(count) of 5000") }
        // The assertion holds in every questionnaire, in exact cents.
        for record in records {
            let cents = ["payable", "deductible", "claimed"].map { name -> Int in
                let number = record[name] as? NSNumber
                return Int(((number?.doubleValue ?? -1) * 100).rounded())
            }
            XCTAssertLessThanOrEqual(cents[0] + cents[1], cents[2], "\(record)")
        }
    }

    /// A value the assertion rules out is settled uniformly among those it allows, not at the
    /// solver's first answer. `total` is drawn first (0-10, 1/11 each), then `part`: kept when
    /// it is at most `total`, else settled among 0...total; either way `part` is uniform on
    /// 0...total, so part = 0 and part = total each have the share (1/11)·Σ 1/(t+1) over
    /// t = 0...10, which is H(11)/11 = 0.2745 (H the harmonic number, 3.0199).
    func testASettledIntegerIsUniformAmongTheValuesTheAssertionAllows() throws {
        let rules = try write("parts.yaml", """
            id: parts
            fields:
              total: {type: integer, min: 0, max: 10}
              part: {type: integer, min: 0, max: 10}
            assert:
              - that: "part <= total"
                rule: part-of-total
            """)
        let (run, output) = try generate(rules, count: 5000, seed: 2, to: "parts.jsonl")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\n  part [part-of-total]: "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("nothing discarded\n"), run.stderr)
        let records = try objects(output)
        let pairs = records.compactMap { record -> (Int, Int)? in
            guard let total = record["total"] as? Int, let part = record["part"] as? Int else { return nil }
            return (total, part)
        }
        XCTAssertEqual(pairs.count, 5000)
        XCTAssertTrue(pairs.allSatisfy { $0.1 <= $0.0 })
        let atZero = Double(pairs.filter { $0.1 == 0 }.count) / 5000
        let atTotal = Double(pairs.filter { $0.1 == $0.0 }.count) / 5000
        XCTAssertEqual(atZero, 0.2745, accuracy: 0.03)
        XCTAssertEqual(atTotal, 0.2745, accuracy: 0.03)
        // total itself stays free: 1/11 each (455 of 5,000), ±2 points.
        for value in 0...10 {
            let share = Double(pairs.filter { $0.0 == value }.count) / 5000
            XCTAssertEqual(share, 1.0 / 11.0, accuracy: 0.02, "total = \(value)")
        }
    }

    /// An enum an assertion reads, filled after the number it is tied to: `amount` is drawn first
    /// (0-20, 1/21 each), then `kind` (1/3 each), settled among fire and water when it is theft
    /// and amount is above 5. So theft has the share 1/3 · 6/21 = 0.0952, fire and water
    /// (1 - 0.0952) / 2 = 0.4524 each, and nothing is rebuilt.
    func testASettledEnumIsDrawnAmongTheValuesTheAssertionAllows() throws {
        let rules = try write("claims.yaml", """
            id: claims
            fields:
              amount: {type: integer, min: 0, max: 20}
              kind: {type: enum, values: [fire, water, theft]}
            assert:
              - that: "kind != 'theft' OR amount <= 5"
                rule: theft-limit
            """)
        let (run, output) = try generate(rules, count: 5000, seed: 4, to: "claims.jsonl")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\n  kind [theft-limit]: "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("nothing discarded\n"), run.stderr)
        let records = try objects(output)
        XCTAssertEqual(records.count, 5000)
        var kinds = [String: Int]()
        for record in records {
            let kind = record["kind"] as? String ?? "(none)"
            kinds[kind, default: 0] += 1
            if kind == "theft" { XCTAssertLessThanOrEqual(record["amount"] as? Int ?? 99, 5, "\(record)") }
        }
        XCTAssertEqual(Double(kinds["theft", default: 0]) / 5000, 0.0952, accuracy: 0.02, "\(kinds)")
        XCTAssertEqual(Double(kinds["fire", default: 0]) / 5000, 0.4524, accuracy: 0.03, "\(kinds)")
        XCTAssertEqual(Double(kinds["water", default: 0]) / 5000, 0.4524, accuracy: 0.03, "\(kinds)")
    }

    func testTheNestedListsFixtureGeneratesWithNothingDiscarded() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
        let (run, output) = try generateDiscardingNothing(rules, ["--count", "2000", "--seed", "3"], to: "nested.jsonl")
        XCTAssertTrue(run.stderr.contains("wrote 2000 questionnaires to \(output); nothing discarded"), run.stderr)
    }

    /// The nested-lists fixture under `--cover pairs`: values the case does not aim at are
    /// settled as in plain generation, so the item assertion `empty(documentCount) ||
    /// count(documents) == documentCount` is met by construction (75 values were redrawn).
    func testTheNestedListsFixtureCoversPairsWithNothingRedrawn() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
        let run = try generateDiscardingNothing(rules, ["--cover", "pairs", "--seed", "1"], today: "2026-01-01",
                                                to: "nested-pairs.jsonl").run
        XCTAssertTrue(run.stderr.contains("163 covered by 9 questionnaires, 14 impossible, 0 not found"), run.stderr)
    }

    /// Plain generation of the nested-lists fixture keeps `documentCount` as free as the rules
    /// leave it: the assertion allows it present with any number of documents (1 or 2, the one
    /// value equal to the count), so it is filled at the optional rate, 70% of the drivers, and
    /// where filled it is 1 or 2 as often as the documents number 1 or 2 (uniform: 50:50).
    func testTheNestedListsFixtureKeepsDocumentCountAsFreeAsTheRulesLeaveIt() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
        let output = try generateDiscardingNothing(rules, ["--count", "500", "--seed", "1"], today: "2026-01-01",
                                                   to: "nested-plain.jsonl").output
        var drivers = 0, present = 0, ones = 0
        for record in try objects(output) {
            for driver in record["drivers"] as? [[String: Any]] ?? [] {
                drivers += 1
                guard let count = driver["documentCount"] as? Int else { continue }
                present += 1
                if count == 1 { ones += 1 }
                XCTAssertEqual(count, (driver["documents"] as? [Any])?.count, "\(driver)")
            }
        }
        XCTAssertGreaterThan(drivers, 500)
        XCTAssertEqual(Double(present) / Double(drivers), 0.7, accuracy: 0.05, "\(present) of \(drivers)")
        XCTAssertEqual(Double(ones) / Double(max(present, 1)), 0.5, accuracy: 0.05, "\(ones) of \(present)")
    }

    /// The export fixture `conditions.yaml`: `kind: b` hides `detail` and so `extra`, so the item
    /// assertion `kind != 'b' || empty(extra)` holds with either kind and `kind` is free (50:50).
    /// The solver took the open `extra` as filled and settled every `b` to `a` (695 items, all `a`).
    func testAKindThatHidesTheFieldItsAssertionEmptiesStaysFree() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/export/conditions.yaml"
        let (run, output) = try generateDiscardingNothing(rules, ["--count", "500", "--seed", "1"], today: "2026-01-01",
                                                          to: "conditions.jsonl")
        XCTAssertFalse(run.stderr.contains("settled"), run.stderr)
        var items = 0, kindB = 0
        for record in try objects(output) {
            for item in record["items"] as? [[String: Any]] ?? [] {
                items += 1
                if item["kind"] as? String == "b" { kindB += 1 }
            }
        }
        XCTAssertGreaterThan(items, 300)
        XCTAssertEqual(Double(kindB) / Double(max(items, 1)), 0.5, accuracy: 0.05, "\(kindB) of \(items)")
    }

    /// The fixtures known to discard, and why (what the solver does not model yet): none. The
    /// imported XLSForm `xlsform/farm.expected.yaml` was here (its `comment` constraint, CONTAINS /
    /// BEGINSWITH on text, its `count(farm.owner) > 1` and its `repeat_count` rebuilt about 1,121
    /// questionnaires per 500); text predicates, text lengths and a list an assertion needs
    /// filled are now decided by the solver, so any discard there fails this test.
    static let knownDiscards: Set<String> = []

    /// Every rule file among the test fixtures that generates at all (the others are broken on
    /// purpose and refused before anything is drawn) rebuilds no questionnaire and redraws no
    /// value, as the shipped forms do (except ``knownDiscards``).
    func testEveryFixtureThatGeneratesDiscardsNothing() throws {
        let root = URL(fileURLWithPath: "Tests")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "yaml" && $0.path.contains("/Fixtures/") }
            .map(\.path).sorted()
        var generated = 0
        for (index, file) in files.enumerated() {
            let output = path("fixture-\(index).jsonl")
            let run = try Formsmith.run(["generate", "--rules", file, "--count", "300", "--seed", "1", "--output", output])
            guard run.status == 0, !Self.knownDiscards.contains(where: { file.hasSuffix($0) }) else { continue }
            generated += 1
            XCTAssertTrue(run.stderr.hasSuffix("wrote 300 questionnaires to \(output); nothing discarded\n"), "\(file): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("warning"), "\(file): \(run.stderr)")
        }
        // The fixtures with rules that generate (broken ones are most of the rest).
        XCTAssertGreaterThanOrEqual(generated, 10)
    }

    func testSeededOutputWithSettledValuesIsTheSameOnEveryRun() throws {
        let rules = try write("renewal.yaml", Self.renewal)
        let (first, one) = try generate(rules, count: 500, seed: 7, to: "one.jsonl")
        let (second, two) = try generate(rules, count: 500, seed: 7, to: "two.jsonl")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: one)), try Data(contentsOf: URL(fileURLWithPath: two)))
    }
}
