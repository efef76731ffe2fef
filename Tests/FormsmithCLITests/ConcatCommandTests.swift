import Foundation
import XCTest

/// `concat(a, b, ...)` in the rules language (issue 32), through the binary: each argument written
/// as XPath's string() writes it, verdicts worked out by hand.
final class ConcatCommandTests: ScratchFolderTestCase {
    func testConcatWritesEveryKindOfValueAsXPathDoesAndAnAbsentOneAsNothing() throws {
        let rules = try write("rules.yaml", """
            id: c
            fields:
              first: {type: string}
              last: {type: string, optional: true}
              n: {type: decimal}
              d: {type: date}
              ok: {type: boolean}
              tags: {type: multi-choice, values: [a, b, c]}
            assert:
              - that: concat(first, ' ', last) == 'Ada Lovelace'
                message: full name
              - that: concat(n, '|', d, '|', ok, '|', tags) == '0.5|2024-05-01|true|a c'
                message: all kinds

            """)
        let data = try write("data.jsonl", """
            {"first": "Ada", "last": "Lovelace", "n": 0.5, "d": "2024-05-01", "ok": true, "tags": ["a", "c"]}
            {"first": "Ada Lovelace", "n": 5e-1, "d": "2024-05-01", "ok": true, "tags": ["a", "c"]}
            {"first": "Ada", "last": "Byron", "n": 0.50, "d": "2024-05-01", "ok": false, "tags": ["a"]}
            {"first": "Ada", "last": "Lovelace", "n": 5e-7, "d": "2024-05-01", "ok": true, "tags": ["a", "c"]}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: "Ada" + " " + "Lovelace"; 0.5, the date, true, the choices joined by a space. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: an absent last name is nothing: "Ada Lovelace " (a trailing space); 5e-1 is 0.5.
        XCTAssertTrue(run.stdout.contains("data.jsonl:2\n  (questionnaire): full name [assert]\n/"), run.stdout)
        // 3: Byron; false and one choice.
        XCTAssertTrue(run.stdout.contains("data.jsonl:3\n  (questionnaire): full name [assert]\n"
                                          + "  (questionnaire): all kinds [assert]\n"), run.stdout)
        // 4: 5e-7 is written out, 0.0000005, without an exponent.
        XCTAssertTrue(run.stdout.contains("data.jsonl:4\n  (questionnaire): all kinds [assert]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 1 valid, 3 invalid"), run.stdout)
    }

    func testConcatOfADurationIsARuleFileError() throws {
        let rules = try write("rules.yaml", "id: c\nfields:\n  a: {type: string}\nassert:\n  - that: concat(a, 18y) == 'x'\n    message: x\n")
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", "{}\n")])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("'concat' joins numbers, text, dates and true/false, found duration"), run.stderr)
    }
}
