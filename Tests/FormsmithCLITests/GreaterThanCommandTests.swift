import Foundation
import XCTest

/// `greaterThan` (rule `greater-than`), the bound kind with a rule of its own, through the
/// binary: verdicts (JSON Lines and CSV), generation strictly above the bound and spread over
/// the allowed values, the labelled defect under its own rule (none dropped, each the one
/// violation of its questionnaire), a bound another one shadows listed as not plantable, the
/// unsatisfiable range, `explain`, the JSON Schema export and bad values in a rule file.
final class GreaterThanCommandTests: ScratchFolderTestCase {
    private let bounds = """
        id: above
        fields:
          amount: {type: decimal, greaterThan: 0, optional: true}
          age: {type: integer, greaterThan: 17, optional: true}

        """

    func testValuesAtOrBelowTheBoundBreakGreaterThan() throws {
        let rules = try write("rules.yaml", bounds)
        // By hand: 0.01 > 0 and 18 > 17 pass; 0 is not greater than 0, -0.5 is below it, 17 is
        // not greater than 17.
        let records = """
            {"amount": 0.01}
            {"amount": 0}
            {"amount": -0.5, "age": 17}
            {"age": 18}

            """
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", records)])
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  amount: must be greater than 0 [greater-than] (value \"0\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains(":3\n  amount: must be greater than 0 [greater-than] (value \"-0.5\")\n"
                                          + "  age: must be greater than 17 [greater-than] (value \"17\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 2 invalid"), run.stdout)

        let csv = try Formsmith.run(["validate", "--rules", rules, try write("data.csv", "amount,age\n0.01,18\n0,17\n")])
        XCTAssertEqual(csv.status, 1, csv.stdout)
        XCTAssertTrue(csv.stdout.contains(":3\n  amount: must be greater than 0 [greater-than] (value \"0\")\n"
                                          + "  age: must be greater than 17 [greater-than] (value \"17\")"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), csv.stdout)
    }

    /// 2,000 ages of `greaterThan: 17, max: 21` are 18, 19, 20 and 21 only, each within 5 points
    /// of a quarter; amounts of `greaterThan: 0, max: 100, fractionDigits: 2` lie in 0.01...100
    /// (checked in hundredths on the written text, not by Formsmith). Nothing redrawn.
    func testGeneratedValuesLieAboveTheBoundAndSpreadOverIt() throws {
        let rules = try write("rules.yaml", """
            id: gen
            fields:
              amount: {type: decimal, greaterThan: 0, max: 100, fractionDigits: 2}
              age: {type: integer, greaterThan: 17, max: 21}

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "2000", "--seed", "5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "nothing rebuilt, redrawn or dropped")
        var ages: [Int: Int] = [:]
        var lines = 0
        for line in run.stdout.split(separator: "\n") {
            lines += 1
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            ages[try XCTUnwrap(record["age"] as? Int), default: 0] += 1
            let amount = try XCTUnwrap(record["amount"] as? NSNumber).stringValue
            let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
            let cents = try XCTUnwrap(Int(parts[0])) * 100
                + (parts.count > 1 ? try XCTUnwrap(Int(parts[1].padding(toLength: 2, withPad: "0", startingAt: 0))) : 0)
            XCTAssertTrue(cents >= 1 && cents <= 10_000, "amount \(amount) is not in 0.01...100")
            XCTAssertTrue(parts.count == 1 || parts[1].count <= 2, amount)
        }
        XCTAssertEqual(lines, 2000)
        XCTAssertEqual(Set(ages.keys), [18, 19, 20, 21], "\(ages)")
        for (age, count) in ages {
            XCTAssertLessThanOrEqual(abs(Double(count) / 2000 - 0.25), 0.05, "age \(age): \(count) of 2000")
        }
    }

    /// With `--invalid-rate 1`, both fields carry `greater-than` labels; each labelled
    /// questionnaire's one violation is its label, and the defect is the bound itself (the
    /// first value at or below it: 17, and 0 for the amount), worked out by hand.
    func testTheLabelledDefectBreaksGreaterThanAlone() throws {
        let rules = try write("rules.yaml", """
            id: defects
            fields:
              amount: {type: decimal, greaterThan: 0, max: 100, fractionDigits: 2}
              age: {type: integer, greaterThan: 17, max: 21}

            """)
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "nothing rebuilt, redrawn, dropped or listed as not plantable")
        let records = run.stdout.split(separator: "\n").map(String.init)
        let labelLines = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(labelLines.count, 400)
        var labelled: [Int: (field: String, rule: String)] = [:]
        var greaterThan: [String: Int] = [:]
        for line in labelLines {
            let label = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let (field, rule) = (try XCTUnwrap(label["field"] as? String), try XCTUnwrap(label["rule"] as? String))
            labelled[try XCTUnwrap(label["line"] as? Int)] = (field, rule)
            guard rule == "greater-than" else { continue }
            greaterThan[field, default: 0] += 1
            let record = try XCTUnwrap(JSONSerialization.jsonObject(
                with: Data(records[try XCTUnwrap(label["line"] as? Int) - 1].utf8)) as? [String: Any])
            let value = try XCTUnwrap(record[field] as? NSNumber)
            XCTAssertEqual(value.doubleValue, field == "age" ? 17 : 0, "\(field) defect \(value)")
        }
        XCTAssertGreaterThan(greaterThan["age", default: 0], 10, "\(greaterThan)")
        XCTAssertGreaterThan(greaterThan["amount", default: 0], 10, "\(greaterThan)")

        let check = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl",
                                       try write("invalid.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 1)
        var checked = 0
        for line in check.stdout.split(separator: "\n") where line.hasPrefix("{\"file\"") {
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let errors = try XCTUnwrap(report["errors"] as? [[String: Any]])
            let label = try XCTUnwrap(labelled[try XCTUnwrap(report["line"] as? Int)])
            XCTAssertEqual(errors.count, 1, "\(line)")
            XCTAssertEqual(errors.first?["rule"] as? String, label.rule, "\(line)")
            checked += 1
        }
        XCTAssertEqual(checked, 400)
    }

    /// A bound another bound of its side makes redundant cannot be broken alone, and is listed
    /// (not tried and dropped): `min: 5` shadows `greaterThan: 3` (a value at most 3 is below
    /// 5), and `greaterThan: 7` shadows `min: 5` (4 is not above 7).
    func testAShadowedBoundIsListedAsNotPlantable() throws {
        let rules = try write("rules.yaml", """
            id: shadow
            fields:
              a: {type: integer, min: 5, greaterThan: 3, max: 9}
              b: {type: integer, min: 5, greaterThan: 7, max: 9}

            """)
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels, "--output", path("out.jsonl")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("a [greater-than]: `min` is as tight as `greater-than` or tighter"), run.stderr)
        XCTAssertTrue(run.stderr.contains("b [min]: `greater-than` is as tight as `min` or tighter"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing discarded"), run.stderr)
        let written = try String(contentsOfFile: labels, encoding: .utf8)
        XCTAssertFalse(written.contains("\"field\":\"a\",\"rule\":\"greater-than\""), written)
        XCTAssertFalse(written.contains("\"field\":\"b\",\"rule\":\"min\""), written)
        XCTAssertTrue(written.contains("\"field\":\"a\",\"rule\":\"min\""), written)
        XCTAssertTrue(written.contains("\"field\":\"b\",\"rule\":\"greater-than\""), written)
    }

    /// A fixed upper end at or below the bound is a rule-file error when the rules load (so
    /// `lint` finds it, as it finds `min` above `max`); an integer range with no whole number
    /// above the bound is `lint`'s `empty-number-range` error, and generation refuses it before
    /// drawing, under the bound's rule (before: only after 100 failed attempts, and lint said
    /// nothing).
    func testARangeTheBoundEmptiesIsFoundByLintAndByGeneration() throws {
        let rules = try write("empty.yaml", """
            id: empty
            fields:
              a: {type: integer, greaterThan: 10, max: 5}
              b: {type: decimal, greaterThan: 5, exclusiveMax: 5}
              c: {type: integer, greaterThan: 4, max: 5}

            """)
        let lint = try Formsmith.run(["lint", "--rules", rules])
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        let output = lint.stdout + lint.stderr
        XCTAssertTrue(output.contains("empty.yaml:3:35: error[invalid-rules]: the range of 'a' is empty: no number is "
                                      + "greater than 10 and at most its max 5; lower greaterThan or raise max"), output)
        XCTAssertTrue(output.contains("empty.yaml:4:35: error[invalid-rules]: the range of 'b' is empty: no number is "
                                      + "greater than 5 and below its exclusiveMax 5"), output)
        XCTAssertFalse(output.contains("'c'"), output)
        XCTAssertTrue(output.contains("2 errors"), output)

        // 4.5 < n <= 4.9 and 4 < m <= 4.5 hold no whole number; 4 < k <= 5 holds 5.
        let grid = try write("grid.yaml", """
            id: grid
            fields:
              n: {type: integer, greaterThan: 4.5, max: 4.9}
              m: {type: integer, greaterThan: 4, max: 4.5}
              k: {type: integer, greaterThan: 4, max: 5}

            """)
        let gridLint = try Formsmith.run(["lint", "--rules", grid])
        XCTAssertEqual(gridLint.status, 1, gridLint.stdout + gridLint.stderr)
        XCTAssertTrue(gridLint.stdout.contains("grid.yaml:3:3: error[empty-number-range]: the range of 'n' holds no value: "
                                               + "no whole number lies above 4.5 and at most 4.9"), gridLint.stdout)
        XCTAssertTrue(gridLint.stdout.contains("grid.yaml:4:3: error[empty-number-range]: the range of 'm' holds no value: "
                                               + "no whole number lies above 4 and at most 4.5"), gridLint.stdout)
        XCTAssertFalse(gridLint.stdout.contains("'k'"), gridLint.stdout)
        let run = try Formsmith.run(["generate", "--rules", grid, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("n: [greater-than] no whole number lies above 4.5 and at most 4.9"), run.stderr)
        XCTAssertFalse(run.stderr.contains("attempts"), run.stderr)
    }

    func testExplainAndTheRulesSchemaSayTheBound() throws {
        let rules = try write("rules.yaml", bounds)
        let run = try Formsmith.run(["explain", "--rules", rules, "age"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("greater than 17 [greater-than]"), run.stdout)
        let schema = try Formsmith.run(["schema", "rules"])
        XCTAssertEqual(schema.status, 0, schema.stderr)
        XCTAssertTrue(schema.stdout.contains("\"greaterThan\""), schema.stdout)
        XCTAssertTrue(schema.stdout.contains("\"greater-than\""), schema.stdout)
    }

    /// `exclusiveMinimum` is written; beside the range's own `exclusiveMin` (a schema holds one)
    /// the bound is listed as not expressed instead.
    func testTheExportWritesExclusiveMinimumOrListsIt() throws {
        let rules = try write("rules.yaml", """
            id: export
            fields:
              amount: {type: decimal, greaterThan: 0.5}
              both: {type: integer, greaterThan: 3, exclusiveMin: 1}

            """)
        let run = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"amount\": {\n      \"type\": \"number\",\n      \"exclusiveMinimum\": 0.5\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\"exclusiveMinimum\": 1\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\"exclusiveMinimum\": 3"), run.stdout)
        XCTAssertTrue(run.stderr.contains("both: greater-than: greater than 3, beside the field's exclusiveMin"), run.stderr)
        XCTAssertFalse(run.stderr.contains("amount: greater-than"), run.stderr)
    }

    func testBadBoundsAreRuleFileErrorsAtTheirPosition() throws {
        let rules = try write("bad.yaml", "id: bad\nfields:\n  a: {type: integer, greaterThan: abc}\n  s: {type: string, greaterThan: 3}\n")
        let run = try Formsmith.run(["lint", "--rules", rules])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let output = run.stdout + run.stderr
        XCTAssertTrue(output.contains("bad.yaml:3:35: error[invalid-rules]: greaterThan must be a number, such as 0 or 17.5, "
                                      + "found 'abc'"), output)
        XCTAssertTrue(output.contains("bad.yaml:4:34: error[invalid-rules]: 'greaterThan' does not apply to string field 's'"),
                      output)
    }
}
