import Foundation
import XCTest

/// `*`, `/` and `mod` in the rules language (issue 32's "comparison and arithmetic"), through the
/// binary: each verdict worked out by hand, with exact decimal arithmetic (binary doubles would
/// give 0.1 * 3 = 0.30000000000000004).
final class ArithmeticCommandTests: ScratchFolderTestCase {
    /// Validates `records` (JSON Lines) against a rule file with `fields` and `asserts`.
    private func validate(_ fields: String, _ asserts: String, _ records: String) throws -> Formsmith.Output {
        let rules = try write("rules.yaml", "id: arith\nfields:\n" + fields + "assert:\n" + asserts)
        return try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", try write("data.jsonl", records)])
    }

    /// The block a record's violations make in the text report: the file and line, then each line.
    private func block(_ line: Int, _ messages: [String]) -> String {
        "data.jsonl:\(line)\n" + messages.map { "  (questionnaire): \($0) [assert]\n" }.joined()
    }

    func testAProductIsExact() throws {
        let run = try validate("  price: {type: decimal}\n  qty: {type: integer}\n  total: {type: decimal}\n",
                               "  - that: price * qty == total\n    message: total is price times quantity\n",
                               // 0.1 × 3 = 0.3; 19.99 × 7 = 139.93, not 139.94.
                               "{\"price\": 0.1, \"qty\": 3, \"total\": 0.3}\n"
                                   + "{\"price\": 19.99, \"qty\": 7, \"total\": 139.93}\n"
                                   + "{\"price\": 19.99, \"qty\": 7, \"total\": 139.94}\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(3, ["total is price times quantity"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), run.stdout)
    }

    /// An assertion whose value cannot be computed (a remainder or sum past the exact-decimal
    /// digit limit) although every field it reads is valid is reported under its rule with why,
    /// as a bound that cannot be computed is (it used to count as unknown and be skipped without
    /// a word); one that reads an invalid field is still skipped, that field's violation the cause.
    func testAnAssertionThatCannotBeComputedIsReportedNotSkipped() throws {
        let run = try validate("  a: {type: decimal}\n  b: {type: decimal}\n  c: {type: integer, max: 5}\n",
                               "  - that: a mod 7 == 0\n    message: a is a multiple of seven\n"
                                   + "  - that: b + 100 > 0\n    message: b plus 100 is positive\n"
                                   + "  - that: c < 6\n    message: c is small\n",
                               "{\"a\": 14, \"b\": 1, \"c\": 1}\n"                  // 14 mod 7 = 0, 101 > 0: valid
                                   + "{\"a\": 1e999999, \"b\": 1, \"c\": 1}\n"      // a mod 7: a million digits
                                   + "{\"a\": 15, \"b\": 1e-999999999, \"c\": 1}\n" // 15 mod 7 = 1; b + 100: a billion digits
                                   + "{\"a\": 14, \"b\": 1, \"c\": 9}\n")           // c invalid: its max only
        let reason = "needs a value Formsmith does not compute (a number whose exact value would need more than "
            + "100000 digits, a date beyond about 5.8 million years either side of 1970, or a concat() of more than "
            + "1000 characters); the assertion says: "
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(2, ["cannot be checked: `a mod 7 == 0` " + reason + "a is a multiple of seven"])),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(block(3, ["a is a multiple of seven",
                                                    "cannot be checked: `b + 100 > 0` " + reason + "b plus 100 is positive"])),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("data.jsonl:4\n  c: must be at most 5 [max] (value \"9\")\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("c is small"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 1 valid, 3 invalid"), run.stdout)
    }

    func testAProductPast64BitsGoesOnExactly() throws {
        // 3037000500² = 9223372037000250000 > 2^63 - 1 = 9223372036854775807;
        // 3037000499² = 9223372030926249001 is below it.
        let run = try validate("  n: {type: integer}\n",
                               "  - that: n * n > 9223372036854775807\n    message: square past 64 bits\n",
                               "{\"n\": 3037000500}\n{\"n\": 3037000499}\n{\"n\": -3037000500}\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(2, ["square past 64 bits"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 2 valid, 1 invalid"), run.stdout)
    }

    func testMultiplicationBindsTighterThanAddition() throws {
        // 1 + 2 × 3 = 7 (read left to right it would be 9); 1 + 2 × 4 = 9.
        let run = try validate("  a: {type: integer}\n  b: {type: integer}\n  c: {type: integer}\n",
                               "  - that: a + b * c == 7\n    message: seven\n",
                               "{\"a\": 1, \"b\": 2, \"c\": 3}\n{\"a\": 1, \"b\": 2, \"c\": 4}\n")
        XCTAssertTrue(run.stdout.contains(block(2, ["seven"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testAQuotientIsExactWhenItEndsElseRoundedHalfToEvenTo34Digits() throws {
        let thirds = String(repeating: "3", count: 34), sixes = String(repeating: "6", count: 33)
        let run = try validate("  a: {type: integer}\n  b: {type: integer}\n  c: {type: decimal}\n",
                               "  - that: a / b == c\n    message: the quotient\n",
                               "{\"a\": 1, \"b\": 8, \"c\": 0.125}\n"                 // ends: exact
                                   + "{\"a\": 1, \"b\": 3, \"c\": 0.\(thirds)}\n"        // 34 threes
                                   + "{\"a\": 2, \"b\": 3, \"c\": 0.\(sixes)7}\n"        // the 34th digit rounded up
                                   + "{\"a\": 2, \"b\": 3, \"c\": 0.\(sixes)6}\n"        // truncated: wrong
                                   + "{\"a\": 1, \"b\": 3, \"c\": 0.\(thirds)3}\n"       // 35 threes: wrong
                                   + "{\"a\": -7, \"b\": 2, \"c\": -3.5}\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(4, ["the quotient"])), run.stdout)
        XCTAssertTrue(run.stdout.contains(block(5, ["the quotient"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 4 valid, 2 invalid"), run.stdout)
    }

    func testLongQuotientsRoundHalfToEvenAndTinyOrHugeNumbersStayExact() throws {
        let run = try validate("  a: {type: decimal}\n  b: {type: decimal}\n  c: {type: decimal}\n",
                               "  - that: a / b == c || a mod b == c || a * b == c\n    message: no operation gives c\n",
                               // 40 digits ÷ 1: 34 kept, rounded up on 5 followed by 67891.
                               "{\"a\": 1234567890123456789012345678901234567891, \"b\": 1, \"c\": 1234567890123456789012345678901235e6}\n"
                                   // 2000000000000000000000000000000000.5: a tie, the last kept 0 even: down.
                                   + "{\"a\": 20000000000000000000000000000000005, \"b\": 10, \"c\": 2000000000000000000000000000000000}\n"
                                   // the same rounded up would be wrong.
                                   + "{\"a\": 20000000000000000000000000000000005, \"b\": 10, \"c\": 2000000000000000000000000000000001}\n"
                                   // 10^400 mod 3 = 1; 1e-400 × 1e-400 = 1e-800.
                                   + "{\"a\": 1e400, \"b\": 3, \"c\": 1}\n{\"a\": 1e-400, \"b\": 1e-400, \"c\": 1e-800}\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(3, ["no operation gives c"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 4 valid, 1 invalid"), run.stdout)
    }

    func testDividingByZeroIsNullSoOrderingIsFalseAndNotEqualTrue() throws {
        let run = try validate("  a: {type: integer}\n  b: {type: integer}\n",
                               "  - that: a / b > 0\n    message: positive ratio\n"
                                   + "  - that: a / b != 5\n    message: not five\n"
                                   + "  - that: a mod b == 0 || a mod b != 0\n    message: remainder known\n",
                               "{\"a\": 1, \"b\": 0}\n{\"a\": 0, \"b\": 0}\n{\"a\": 10, \"b\": 2}\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        // null > 0 is false; null != 5 is true; null == 0 is false and null != 0 true.
        XCTAssertTrue(run.stdout.contains(block(1, ["positive ratio"])), run.stdout)
        XCTAssertTrue(run.stdout.contains(block(2, ["positive ratio"])), run.stdout)
        // 10 / 2 = 5.
        XCTAssertTrue(run.stdout.contains(block(3, ["not five"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 0 valid, 3 invalid"), run.stdout)
    }

    func testModIsTheRemainderWithTheSignOfTheDividend() throws {
        let run = try validate("  a: {type: decimal}\n  b: {type: decimal}\n  c: {type: decimal}\n",
                               "  - that: a mod b == c\n    message: the remainder\n",
                               "{\"a\": 7, \"b\": 2, \"c\": 1}\n{\"a\": -7, \"b\": 2, \"c\": -1}\n"
                                   + "{\"a\": 7, \"b\": -2, \"c\": 1}\n{\"a\": -7, \"b\": -2, \"c\": -1}\n"
                                   + "{\"a\": 7.5, \"b\": 2, \"c\": 1.5}\n"
                                   + "{\"a\": -7, \"b\": 2, \"c\": 1}\n"   // a floored remainder: wrong
                                   + "{\"a\": 5, \"b\": 0, \"c\": 0}\n")    // mod 0 is null, not 0
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(block(6, ["the remainder"])), run.stdout)
        XCTAssertTrue(run.stdout.contains(block(7, ["the remainder"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("7 questionnaires: 5 valid, 2 invalid"), run.stdout)
    }

    func testModIsAnOperatorOnlyAfterAValueSoAFieldMayBeCalledMod() throws {
        let run = try validate("  mod: {type: integer}\n",
                               "  - that: mod mod 3 == 1\n    message: one more than a multiple of three\n",
                               "{\"mod\": 4}\n{\"mod\": 5}\n")
        XCTAssertTrue(run.stdout.contains(block(2, ["one more than a multiple of three"])), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testMultiplyingADateIsARuleFileErrorThatSaysWhy() throws {
        let run = try validate("  d: {type: date}\n", "  - that: d * 2 > 3\n    message: x\n", "{}\n")
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains(
            "invalid assertion: '*' expects numbers on both sides, found date (dates and durations are only added and subtracted)"),
            run.stderr)
    }

    func testLintTriesEveryEnumValueThroughAProductAndARemainder() throws {
        let rules = try write("rules.yaml", """
            id: l
            fields:
              kind: {type: enum, values: [1, 2, 3]}
              b: {type: string, visibleIf: "kind * 2 == 5"}
              c: {type: string, visibleIf: "kind mod 2 == 0"}

            """)
        let run = try Formsmith.run(["lint", "--rules", rules, "--today", "2026-11-22"])
        // kind × 2 is 2, 4 or 6, never 5; 2 mod 2 is 0, so c can be visible.
        XCTAssertTrue(run.stdout.contains("warning[unreachable-field]: 'b' can never be visible: its visibleIf `kind * 2 == 5` "
                                          + "is false for every questionnaire"), run.stdout)
        XCTAssertFalse(run.stdout.contains("'c' can never be visible"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 rule file: 0 errors, 1 warning"), run.stdout)
    }

    func testGeneratedQuestionnairesMeetAProductAndARemainder() throws {
        let rules = try write("rules.yaml", """
            id: gen
            fields:
              a: {type: integer, min: 0, max: 10}
              b: {type: integer, min: 1, max: 50}
            assert:
              - that: a * 3 <= b
                message: small a
              - that: b mod 7 == 0
                message: b a multiple of 7

            """)
        let output = path("gen.jsonl")
        let generated = try Formsmith.run(["generate", "--rules", rules, "--count", "30", "--seed", "1",
                                           "--today", "2026-11-22", "--output", output])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertFalse(generated.stderr.contains("rebuilt"), generated.stderr)
        // Every questionnaire written is checked here by hand, not by the validator.
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 30)
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int])
            let a = try XCTUnwrap(object["a"]), b = try XCTUnwrap(object["b"])
            XCTAssertTrue(a * 3 <= b && b % 7 == 0, String(line))
        }
    }
}
