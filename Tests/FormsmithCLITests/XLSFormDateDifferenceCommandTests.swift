import Foundation
import XCTest

/// The days between two dates in an XLSForm (`${a} - ${b}` on date questions and
/// `decimal-date-time(${a}) - decimal-date-time(${b})`), translated and checked through the binary
/// with verdicts counted by hand: the ODK XForms specification turns a date into its days since
/// 1970-01-01 for arithmetic, so the difference is the number of days between them.
final class XLSFormDateDifferenceCommandTests: ScratchFolderTestCase {
    func testDaysBetweenDatesGiveTheVerdictsCountedByHand() throws {
        let form = try write("days.md", """
            | survey | | | | |
            | | type | name | required | constraint |
            | | date | start | yes | |
            | | date | end | yes | . - ${start} <= 30 |
            | | integer | nights | | . = decimal-date-time(${end}) - decimal-date-time(${start}) |
            | | date | seen | | today() - . < 7 |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        let data = try write("data.jsonl", """
            {"start": "2024-02-01", "end": "2024-03-02", "nights": 30, "seen": "2026-11-16"}
            {"start": "2024-02-01", "end": "2024-03-03", "nights": 31, "seen": "2026-11-15"}
            {"start": "2023-02-01", "end": "2023-03-03", "nights": 29}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: February 2024 has 29 days: Feb 1 → Mar 2 is 30 days (<= 30, nights 30); today
        // 2026-11-22 - 2026-11-16 is 6 days (< 7). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: Feb 1 → Mar 3 is 31 days (> 30; nights 31 right); seen 7 days ago is not < 7.
        XCTAssertTrue(run.stdout.contains("  end: does not satisfy the constraint `. - ${start} <= 30` [constraint]\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("  seen: does not satisfy the constraint `today() - . < 7` [constraint]\n"),
                      run.stdout)
        // 3: February 2023 has 28 days: Feb 1 → Mar 3 is 30 days (end holds), so nights 29 is wrong.
        XCTAssertTrue(run.stdout.contains("data.jsonl:3\n  nights: does not satisfy the constraint "
                                          + "`. = decimal-date-time(${end}) - decimal-date-time(${start})` [constraint]\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid"), run.stdout)
    }
}
