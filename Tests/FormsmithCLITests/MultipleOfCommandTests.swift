import Foundation
import XCTest

/// `multipleOf` through the binary: exact verdicts with the rule id and message (JSON Lines and
/// CSV), generation within the bounds and digits, the unsatisfiable range, the labelled defect,
/// `explain`, the rules schema, the JSON Schema export, and its bad values in a rule file.
final class MultipleOfCommandTests: ScratchFolderTestCase {
    private let steps = """
        id: steps
        fields:
          amount: {type: decimal, multipleOf: 0.05, optional: true}
          sum: {type: integer, multipleOf: 1000, optional: true}

        """

    func testValuesAreJudgedExactlyWithTheRuleAndMessage() throws {
        let rules = try write("rules.yaml", steps)
        // By hand: 0.15 = 3 × 0.05 (2.9999999999999996 in binary floating point), 100.05 = 2001 ×
        // 0.05, 0.151 and 0.07 are not; 3000 = 3 × 1000, 123456789012345678901234567000 too (it
        // ends in 000), 2500 and ...001 are not.
        let records = """
            {"amount": 0.15}
            {"amount": 0.151}
            {"amount": 100.05, "sum": 3000}
            {"amount": 0.07, "sum": 2500}
            {"sum": 123456789012345678901234567000}
            {"sum": 123456789012345678901234567001}

            """
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", records)])
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  amount: must be a whole multiple of 0.05 [multiple-of] (value \"0.151\")"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(":4\n  amount: must be a whole multiple of 0.05 [multiple-of] (value \"0.07\")\n"
                                          + "  sum: must be a whole multiple of 1000 [multiple-of] (value \"2500\")"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":6\n  sum: must be a whole multiple of 1000 [multiple-of] (value \"123456789012345678901234567001\")"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 3 valid, 3 invalid"), run.stdout)

        let csv = try Formsmith.run(["validate", "--rules", rules,
                                     try write("data.csv", "amount,sum\n0.15,\n0.151,\n100.05,3000\n")])
        XCTAssertEqual(csv.status, 1, csv.stdout)
        XCTAssertTrue(csv.stdout.contains(":3\n  amount: must be a whole multiple of 0.05 [multiple-of] (value \"0.151\")"),
                      csv.stdout)
        XCTAssertTrue(csv.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), csv.stdout)
    }

    func testARangeWithNoMultipleIsUnsatisfiable() throws {
        let rules = try write("rules.yaml", "id: empty\nfields:\n  n: {type: integer, min: 1, max: 2, multipleOf: 5}\n")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("n: [multiple-of]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("no whole number between 1 and 2 is a multiple of 5"), run.stderr)
        // The same range with a step that fits it is generated.
        let fits = try write("fits.yaml", "id: fits\nfields:\n  n: {type: integer, min: 1, max: 10, multipleOf: 5}\n")
        let generated = try Formsmith.run(["generate", "--rules", fits, "--count", "20", "--seed", "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let values = Set(generated.stdout.split(separator: "\n").map { String($0) })
        XCTAssertEqual(values, ["{\"n\":5}", "{\"n\":10}"], generated.stdout)
    }

    /// Generated values are multiples of the step inside the bounds and digits, checked here by
    /// integer arithmetic on the written text (hundredths), not by Formsmith.
    func testGeneratedValuesAreMultiplesWithinBoundsAndDigits() throws {
        let rules = try write("rules.yaml", """
            id: gen
            fields:
              amount: {type: decimal, min: 10, max: 20, multipleOf: 0.05, fractionDigits: 2}
              coarse: {type: decimal, min: -3, exclusiveMax: 3, multipleOf: 0.25, fractionDigits: 1}
              sum: {type: integer, min: 0, max: 100000, multipleOf: 1000}

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "7"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var amounts = Set<Int>()
        for line in run.stdout.split(separator: "\n") {
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let amount = try hundredths(XCTUnwrap(record["amount"] as? NSNumber).stringValue)
            XCTAssertTrue(amount % 5 == 0 && (1000...2000).contains(amount), "amount \(amount)/100")
            amounts.insert(amount)
            // coarse: a multiple of 0.25 with at most one digit after the point is a multiple of 0.5.
            let coarse = try hundredths(XCTUnwrap(record["coarse"] as? NSNumber).stringValue)
            XCTAssertTrue(coarse % 50 == 0 && (-300..<300).contains(coarse), "coarse \(coarse)/100")
            let sum = try XCTUnwrap(record["sum"] as? Int)
            XCTAssertTrue(sum % 1000 == 0 && (0...100_000).contains(sum), "sum \(sum)")
        }
        XCTAssertGreaterThan(amounts.count, 50, "amounts barely vary: \(amounts.sorted())")
        let check = try Formsmith.run(["validate", "--rules", rules, try write("gen.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    /// 1234.5 -> 123450 (the text has at most two digits after the point in these tests).
    private func hundredths(_ text: String) throws -> Int {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = try XCTUnwrap(Int(parts[0]))
        guard parts.count == 2 else { return whole * 100 }
        let fraction = String(parts[1]).padding(toLength: 2, withPad: "0", startingAt: 0)
        XCTAssertEqual(parts[1].count <= 2, true, text)
        let cents = try XCTUnwrap(Int(fraction))
        return whole * 100 + (text.hasPrefix("-") ? -cents : cents)
    }

    func testTheLabelledDefectBreaksOnlyTheStepAndRangeDefectsKeepToIt() throws {
        let rules = try write("rules.yaml", """
            id: defects
            fields:
              sum: {type: integer, min: 1000, max: 100000, multipleOf: 1000}

            """)
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels])
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try String(contentsOfFile: labels, encoding: .utf8)
        let rulesLabelled = Set(written.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["rule"] as? String
        })
        // min and max defects step to the next multiple outside the range (0 and 101000), so
        // they break only their bound and are kept.
        for rule in ["multiple-of", "min", "max"] {
            XCTAssertTrue(rulesLabelled.contains(rule), "no \(rule) defect among \(rulesLabelled.sorted())")
        }
        let check = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl",
                                       try write("invalid.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 1)
        // Record lines only (the summary line names the rule too).
        let reported = check.stdout.split(separator: "\n")
            .filter { $0.hasPrefix("{\"file\"") && $0.contains("\"rule\":\"multiple-of\"") }.count
        let labelled = written.split(separator: "\n").filter { $0.contains("\"rule\":\"multiple-of\"") }.count
        XCTAssertEqual(reported, labelled, "every multiple-of label is reported once")
    }

    func testExplainSaysTheStep() throws {
        let rules = try write("rules.yaml", steps)
        for (field, step) in [("amount", "0.05"), ("sum", "1000")] {
            let run = try Formsmith.run(["explain", "--rules", rules, field])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("a whole multiple of \(step), compared exactly"), run.stdout)
            XCTAssertTrue(run.stdout.contains("multiple-of"), run.stdout)
        }
    }

    func testTheExportWritesWholeStepsAndListsFractionalOnes() throws {
        let rules = try write("rules.yaml", steps)
        let run = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"multipleOf\": 1000"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\"multipleOf\": 0.05"), run.stdout)
        XCTAssertTrue(run.stderr.contains("amount: multiple-of: the fractional step 0.05"), run.stderr)
        XCTAssertFalse(run.stderr.contains("sum: multiple-of"), run.stderr)
    }

    func testTheRulesSchemaOffersTheKey() throws {
        let run = try Formsmith.run(["schema", "rules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"multipleOf\""), run.stdout)
        XCTAssertTrue(run.stdout.contains("\"multiple-of\""), run.stdout)
    }

    func testBadStepsAreRuleFileErrorsAtTheirPosition() throws {
        // The value starts at column 34: "  n: {type: integer, multipleOf: " is 33 characters.
        for (value, column) in [("0", 34), ("-5", 34), ("abc", 34)] {
            let rules = try write("bad.yaml", "id: bad\nfields:\n  n: {type: integer, multipleOf: \(value)}\n")
            let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", "{\"n\": 5}\n")])
            XCTAssertEqual(run.status, 2, run.stdout)
            XCTAssertTrue(run.stderr.contains("bad.yaml:3:\(column): multipleOf must be a number above zero, such as 0.05 "
                                              + "or 1000, found '\(value)'"), run.stderr)
        }
        let text = try write("text.yaml", "id: bad\nfields:\n  s: {type: string, multipleOf: 5}\n")
        let run = try Formsmith.run(["validate", "--rules", text, try write("data.jsonl", "{\"s\": \"x\"}\n")])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("multipleOf"), run.stderr)
    }

    /// The export's list of what a case declares comes from every kind: a `format` check under
    /// a condition JSON Schema cannot write is listed, not dropped.
    func testACaseUsingFormatUnderAnUnwritableConditionIsListed() throws {
        let rules = try write("rules.yaml", """
            id: cases
            fields:
              kind: {type: string}
              other: {type: string}
              contact:
                type: string
                cases:
                  - {when: "kind == other", format: email}

            """)
        let run = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("contact: format: the check applies when"), run.stderr)
    }
}
