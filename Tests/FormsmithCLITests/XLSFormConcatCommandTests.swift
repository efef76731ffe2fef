import Foundation
import XCTest

/// XPath's concat() in an XLSForm, translated and checked through the binary with verdicts worked
/// out by hand from the ODK XForms meaning (each argument's string, joined).
final class XLSFormConcatCommandTests: ScratchFolderTestCase {
    func testConcatInAConstraintGivesTheVerdictsWorkedByHand() throws {
        let form = try write("concat.md", """
            | survey | | | | |
            | | type | name | required | constraint |
            | | text | first | yes | |
            | | integer | age | yes | |
            | | select_multiple fruit | ate | | |
            | | text | code | | . = concat(${first}, '-', ${age}, '-', ${ate}) |
            | | text | check | | string-length(concat(., ${first})) < 10 |
            | choices | | | | |
            | | list_name | name | label | |
            | | fruit | apple | Apple | |
            | | fruit | fig | Fig | |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        let data = try write("data.jsonl", """
            {"first": "Ada", "age": 36, "ate": ["apple", "fig"], "code": "Ada-36-apple fig", "check": "abcdef"}
            {"first": "Ada", "age": 36, "code": "Ada-36-", "check": "abcdefg"}
            {"first": "Ada", "age": 36, "ate": ["fig"], "code": "Ada-36-apple"}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: "Ada-36-apple fig" (a select_multiple as its choices, space-separated); "abcdef" +
        // "Ada" is 9 characters. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: nothing eaten is an empty string: "Ada-36-" holds; "abcdefg" + "Ada" is 10.
        XCTAssertTrue(run.stdout.contains(
            "data.jsonl:2\n  check: does not satisfy the constraint `string-length(concat(., ${first})) < 10` [constraint]\n"),
            run.stdout)
        // 3: "Ada-36-fig", not "Ada-36-apple".
        XCTAssertTrue(run.stdout.contains(
            "data.jsonl:3\n  code: does not satisfy the constraint `. = concat(${first}, '-', ${age}, '-', ${ate})` [constraint]\n"),
            run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid"), run.stdout)
    }
}
