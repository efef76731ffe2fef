import Foundation
import XCTest

/// Numbers and computed dates judged exactly, through the binary: each example of issue 22 with
/// its exit status and violation, in JSON Lines and (for plain decimals) CSV.
final class ExactNumberCommandTests: ScratchFolderTestCase {
    /// Validates `records` (JSON Lines) against a rule file whose fields are `fields`.
    private func validate(_ fields: String, _ records: String, csv: String? = nil,
                          file: StaticString = #filePath, line: UInt = #line) throws -> (Formsmith.Output, Formsmith.Output?) {
        let rules = try write("rules.yaml", "id: exact\nfields:\n" + fields)
        let json = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", try write("data.jsonl", records)])
        XCTAssertNotEqual(json.status, 2, json.stderr, file: file, line: line)
        guard let csv else { return (json, nil) }
        return (json, try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", try write("data.csv", csv)]))
    }

    func testAnIntegerMaximumOfTwoToThe53RejectsTheNextInteger() throws {
        let (run, table) = try validate("  n: {type: integer, max: 9007199254740992}\n",
                                        "{\"n\": 9007199254740992}\n{\"n\": 9007199254740993}\n",
                                        csv: "n\n9007199254740992\n9007199254740993\n")
        for output in [run, table!] {
            XCTAssertEqual(output.status, 1, output.stdout)
            // Line 2 of the JSON Lines file, line 3 of the CSV file (after its header).
            XCTAssertTrue(output.stdout.contains(":\(output.stdout.contains("data.csv") ? 3 : 2)\n"
                                                 + "  n: must be at most 9007199254740992 [max] (value \"9007199254740993\")"),
                          output.stdout)
            XCTAssertTrue(output.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), output.stdout)
        }
    }

    func testADecimalMaximumRejectsAValueAboveItInTheTwentiethDigit() throws {
        let (run, table) = try validate("  amount: {type: decimal, max: 1000}\n",
                                        "{\"amount\": 1000.0000000000000001}\n{\"amount\": 1000.0000000000000000}\n",
                                        csv: "amount\n1000.0000000000000001\n1000.0000000000000000\n")
        for output in [run, table!] {
            XCTAssertEqual(output.status, 1, output.stdout)
            XCTAssertTrue(output.stdout.contains(":\(output.stdout.contains("data.csv") ? 2 : 1)\n"
                                                 + "  amount: must be at most 1000 [max] (value \"1000.0000000000000001\")"),
                          output.stdout)
            XCTAssertTrue(output.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), output.stdout)
        }
    }

    func testAnExclusiveMaximumOfInt64MaxAcceptsTheIntegerBelowAndPrintsItExactly() throws {
        let (run, _) = try validate("  n: {type: integer, exclusiveMax: 9223372036854775807}\n",
                                    "{\"n\": 9223372036854775806}\n{\"n\": 9223372036854775807}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":2\n  n: must be less than 9223372036854775807 [max] (value \"9223372036854775807\")"), run.stdout)
        XCTAssertFalse(run.stdout.contains("e+18"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testAnExclusiveMaximumAcceptsAValueJustBelowIt() throws {
        let (run, table) = try validate("  amount: {type: decimal, exclusiveMax: 1000}\n",
                                        "{\"amount\": 999.99999999999999999}\n",
                                        csv: "amount\n999.99999999999999999\n")
        for output in [run, table!] {
            XCTAssertEqual(output.status, 0, output.stdout)
            XCTAssertTrue(output.stdout.contains("1 questionnaire: 1 valid, 0 invalid"), output.stdout)
        }
    }

    func testAnExclusiveMinimumOfZeroAcceptsATinyPositiveNumber() throws {
        let (run, _) = try validate("  rate: {type: decimal, exclusiveMin: 0}\n",
                                    "{\"rate\": 1e-400}\n{\"rate\": 0e-400}\n{\"rate\": -1e-400}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  rate: must be greater than 0 [min] (value \"0e-400\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains(":3\n  rate: must be greater than 0 [min] (value \"-1e-400\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid"), run.stdout)
    }

    func testIntegersPast64BitsAreAcceptedWhenTheyFitTheRange() throws {
        let (run, _) = try validate(
            "  big: {type: integer, optional: true}\n"
                + "  bounded: {type: integer, optional: true, min: 18446744073709551616, max: 1e30}\n",
            "{\"big\": 123456789012345678901234567890}\n{\"big\": -123456789012345678901234567890}\n"
                + "{\"bounded\": 18446744073709551616}\n{\"bounded\": 18446744073709551615}\n"
                + "{\"bounded\": 1000000000000000000000000000000}\n{\"bounded\": 1000000000000000000000000000001}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":4\n  bounded: must be at least 18446744073709551616 [min] (value \"18446744073709551615\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":6\n  bounded: must be at most 1e30 [max] (value \"1000000000000000000000000000001\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 4 valid, 2 invalid"), run.stdout)
    }

    func testAllowedNumbersAndIntegerValuesCompareByValue() throws {
        let (run, table) = try validate(
            "  fee: {type: decimal, min: 1, allow: ['0']}\n"
                + "  months: {type: enum, values: [3, 6, 12], optional: true}\n",
            "{\"fee\": 0.0}\n{\"fee\": 0.5}\n{\"fee\": 1, \"months\": 12.0}\n"
                + "{\"fee\": 1, \"months\": 18446744073709551628}\n",
            csv: "fee,months\n0.0,\n0.5,\n1,12\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  fee: must be at least 1 [min] (value \"0.5\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains(":3\n  months: must be a whole number"), run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":4\n  months: must be one of 3, 6, 12 [enum] (value \"18446744073709551628\")"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 1 valid, 3 invalid"), run.stdout)
        XCTAssertEqual(table!.status, 1, table!.stdout)
        XCTAssertTrue(table!.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), table!.stdout)
    }

    func testPredicatesCompareNumbersExactly() throws {
        let (run, _) = try validate(
            "  amount: {type: decimal}\n"
                + "  reason: {type: string, requiredIf: amount > 1000}\n",
            "{\"amount\": 1000.0000000000000001}\n{\"amount\": 1000.0}\n{\"amount\": 0.1}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":1\n  reason: is required because `amount > 1000` is true [required]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), run.stdout)
    }

    /// Hostile exponents and digits take time in proportion to the text, and arithmetic that
    /// would need more than 100,000 digits is reported rather than attempted or skipped.
    func testHostileNumbersAreJudgedQuicklyAndSaySo() throws {
        let longDigits = "1" + String(repeating: "0", count: 1_000_000) + ".5"
        let start = Date()
        let (run, _) = try validate(
            "  a: {type: decimal, optional: true, fractionDigits: 2, exclusiveMin: 0}\n"
                + "  b: {type: decimal, optional: true, max: a + 100}\n",
            "{\"a\": 1e-999999999}\n{\"a\": 1e999999999}\n{\"a\": \(longDigits)}\n"
                + "{\"a\": 1e999999999, \"b\": 5}\n{\"a\": 1e9999999999999999999}\n")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":1\n  a: must have at most 2 digits after the decimal point [fraction-digits] (value \"1e-999999999\")"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(
            ":4\n  b: cannot be checked against its bound a + 100: its exact value would need more than 100000 digits [max]"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(":5\n  a: has an exponent beyond what Formsmith reads exactly"), run.stdout)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 2 valid, 3 invalid"), run.stdout)
    }

    func testADateBoundComputedPastTheCalendarIsAViolationNotSkipped() throws {
        let fields = "  start: {type: date}\n  end: {type: date, min: start + 1y}\n"
        let (run, _) = try validate(fields, "{\"start\": \"9999-06-01\", \"end\": \"9999-07-01\"}\n"
                                        + "{\"start\": \"2020-06-01\", \"end\": \"2020-07-01\"}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            :1
              end: must be on or after 10000-06-01 (start + 1y), a bound outside the calendar's range: it falls after \
            9999-12-31, the last date a field can hold, so no date satisfies it [min] (value "9999-07-01")
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  end: must be on or after 2021-06-01 (start + 1y) [min]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 0 valid, 2 invalid"), run.stdout)
    }

    func testADateBoundComputedBeforeTheCalendarHoldsForEveryDateOnItsSide() throws {
        // A lower bound before 0001-01-01 is met by every date; an upper one is met by none.
        let fields = "  start: {type: date}\n  after: {type: date, optional: true, min: start - 1y}\n"
            + "  before: {type: date, optional: true, max: start - 1y}\n"
        let (run, _) = try validate(fields, "{\"start\": \"0001-03-01\", \"after\": \"0001-01-01\"}\n"
                                        + "{\"start\": \"0001-03-01\", \"before\": \"0001-01-01\"}\n")
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(":2\n  before: must be on or before 0000-03-01 (start - 1y), a bound outside "
                                          + "the calendar's range: it falls before 0001-01-01, the first date a field can "
                                          + "hold, so no date satisfies it [max]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testGeneratedNumbersKeepToExactBounds() throws {
        // Only 0.2 lies strictly between 0.1 and 0.3 at one digit; only 1000.1 between the
        // bounds of `fee` (1000.0000000000000001 is above 1000.0, which a double cannot tell).
        let rules = try write("rules.yaml", """
            id: exact
            fields:
              rate: {type: decimal, exclusiveMin: 0.1, exclusiveMax: 0.3, fractionDigits: 1}
              fee: {type: decimal, min: 1000.0000000000000001, max: 1000.1, fractionDigits: 1}
              id: {type: integer, min: 9007199254740993, max: 9007199254740994}

            """)
        for boundaries in [[], ["--boundaries"]] {
            let generated = try Formsmith.run(["generate", "--rules", rules, "--count", "40", "--seed", "3"] + boundaries)
            XCTAssertEqual(generated.status, 0, generated.stderr)
            for line in generated.stdout.split(separator: "\n") {
                XCTAssertTrue(line.contains("\"rate\": 0.2") || line.contains("\"rate\":0.2"), String(line))
                XCTAssertTrue(line.contains("1000.1"), String(line))
                XCTAssertTrue(line.contains("9007199254740993") || line.contains("9007199254740994"), String(line))
            }
            let data = try write("generated.jsonl", generated.stdout)
            let check = try Formsmith.run(["validate", "--rules", rules, data])
            XCTAssertEqual(check.status, 0, check.stdout)
        }
    }

    func testARangeEmptyOnlyInItsTwentiethDigitIsARuleFileError() throws {
        let rules = try write("rules.yaml", "id: exact\nfields:\n  a: {type: decimal, min: 1000.0000000000000001, max: 1000}\n")
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", "{\"a\": 1000}\n")])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains(
            "rules.yaml:3:27: the range of 'a' is empty: its lower bound is above its upper bound"), run.stderr)
    }

    func testBoundsPast64BitsAndThirtyFractionDigitsAreGeneratedExactly() throws {
        // Before, `min: 1e30` stopped generation ("no whole number of up to 18 digits") and
        // fractionDigits was cut to 9: now every value is drawn from the exact domain.
        let rules = try write("rules.yaml", """
            id: exact
            fields:
              a: {type: integer, min: 1e30}
              b: {type: integer, min: 18446744073709551616, max: 18446744073709551618}
              c: {type: decimal, exclusiveMin: 0, max: 1e-29, fractionDigits: 30}
              d: {type: integer, min: -1e30, max: -999999999999999999999999999999}

            """)
        for boundaries in [[], ["--boundaries"]] {
            let run = try Formsmith.run(["generate", "--rules", rules, "--count", "30", "--seed", "1"] + boundaries)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "", "nothing discarded")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 30)
            for line in lines {
                // 1e30 to 1e30 + 1000: "1000000000000000000000000000" then three digits.
                XCTAssertNotNil(line.range(of: #""a":\s?(1000000000000000000000000000\d{3}|1000000000000000000000000001000)[,}]"#, options: .regularExpression), line)
                XCTAssertNotNil(line.range(of: #""b":\s?1844674407370955161[678][,}]"#, options: .regularExpression), line)
                // 1e-30 to 1e-29, written with its 30 digits after the point.
                XCTAssertNotNil(line.range(of: #""c":\s?0\.0{28}(0[1-9]|10)[,}]"#, options: .regularExpression), line)
                XCTAssertNotNil(line.range(of: #""d":\s?-(1000000000000000000000000000000|999999999999999999999999999999)[,}]"#,
                                           options: .regularExpression), line)
            }
            let check = try Formsmith.run(["validate", "--rules", rules, try write("generated.jsonl", run.stdout)])
            XCTAssertEqual(check.status, 0, check.stdout)
        }
    }

    func testNumberRulesNoValueSatisfiesAreUnsatisfiable() throws {
        // Emptiness of the domain decides: no whole number strictly between 0 and 1, no whole
        // number (fractionDigits 0) between 0.5 and 0.7, none between 2^64 and 2^64 + 1.
        let cases: [(String, String)] = [
            ("{type: integer, exclusiveMin: 0, exclusiveMax: 1}", "no whole number lies between 0 and 1"),
            ("{type: decimal, min: 0.5, max: 0.7, fractionDigits: 0}", "no whole number lies between 0.5 and 0.7"),
            ("{type: integer, exclusiveMin: 18446744073709551616, exclusiveMax: 18446744073709551617}",
             "no whole number lies between 18446744073709551616 and 18446744073709551617"),
            ("{type: decimal, exclusiveMin: 0.1, exclusiveMax: 0.11, fractionDigits: 2}",
             "no number with at most 2 fraction digits lies between 0.1 and 0.11"),
        ]
        for (field, message) in cases {
            let rules = try write("rules.yaml", "id: exact\nfields:\n  n: \(field)\n")
            let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1", "--seed", "1"])
            XCTAssertEqual(run.status, 2, field)
            XCTAssertEqual(run.stdout, "", field)
            XCTAssertTrue(run.stderr.contains("n: [min] " + message), "\(field): \(run.stderr)")
        }
        // The same bounds with room for a value generate.
        let rules = try write("rules.yaml", "id: exact\nfields:\n  n: {type: decimal, exclusiveMin: 0.1, exclusiveMax: 0.11}\n")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertNotNil(run.stdout.range(of: #""n":\s?0\.10\d*[1-9]"#, options: .regularExpression), run.stdout)
    }

    func testEnumAndConstWholeNumbersPast64BitsAreRefusedNotTurnedIntoText() throws {
        // Before, 18446744073709551616 was read as text, so the enum became a text enum and
        // rejected the JSON number 1 as "must be a string".
        let rules = try write("rules.yaml", """
            id: exact
            fields:
              e: {type: enum, values: [1, 18446744073709551616]}
              c: {type: integer, const: -9223372036854775809}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", "{\"e\": 1, \"c\": 1}\n")])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("rules.yaml:3:31: the whole number 18446744073709551616 is past 64 bits: "
                                          + "'values' and 'const' compare whole numbers from -9223372036854775808 to "
                                          + "9223372036854775807; quote it to list it as text"), run.stderr)
        XCTAssertTrue(run.stderr.contains("rules.yaml:4:29: the whole number -9223372036854775809 is past 64 bits"), run.stderr)
        // At the edge of 64 bits the integer enum holds, and one past it is not one of the values.
        let edge = try write("edge.yaml", "id: exact\nfields:\n  e: {type: enum, values: [1, 9223372036854775807]}\n")
        let check = try Formsmith.run(["validate", "--rules", edge, try write("edge.jsonl",
            "{\"e\": 9223372036854775807}\n{\"e\": 9223372036854775808}\n{\"e\": 1}\n")])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains(":2\n  e: must be one of 1, 9223372036854775807 [enum]"), check.stdout)
        XCTAssertTrue(check.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), check.stdout)
    }

    func testTheJSONSchemaExportWritesBoundsExactly() throws {
        let rules = try write("rules.yaml", """
            id: exact
            fields:
              amount: {type: decimal, exclusiveMin: 0, max: 1000.0000000000000001}
              id: {type: integer, max: 9223372036854775808}

            """)
        let run = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"maximum\": 1000.0000000000000001"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\"maximum\": 9223372036854775808"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\"exclusiveMinimum\": 0"), run.stdout)
    }
}
