import Foundation
import XCTest

/// What the differential check against pyxform and rxeval found in the XLSForm import
/// (scripts/integration/xlsform-rxeval.sh, docs/xlsform-differential.md), each fixed and kept
/// here through the binary, verdicts worked out by hand (today pinned to 2024-06-01).
final class XLSFormCorpusFindingsCommandTests: ScratchFolderTestCase {
    /// The Markdown reader dropped every backslash of a cell, so `^\+?[0-9]{9,12}$` became
    /// `^+?…`, a pattern Formsmith refuses, and the import failed; pyxform keeps a backslash
    /// unless it escapes a bar (`\|`).
    func testBackslashesInAMarkdownCellAreKeptAsPyxformKeepsThem() throws {
        let form = try write("phone.md", #"""
            | survey | | | | |
            | | type | name | constraint | constraint_message |
            | | text | phone | regex(., '^\+?[0-9]{9,12}$') | 9 to 12 digits, a \| b |

            """#)
        let data = try write("phone.jsonl", """
            {"phone": "+254712345678"}
            {"phone": "254712345"}
            {"phone": "+2547123"}
            {"phone": "++254712345"}

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains(#"regex: "^\\+?[0-9]{9,12}$""#), imported.stdout)

        let run = try Formsmith.run(["validate", "--rules", form, data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: a plus and 12 digits; 2: 9 digits, no plus: both fit. 3: 7 digits; 4: two pluses.
        XCTAssertTrue(run.stdout.contains("""
            phone.jsonl:3
              phone: 9 to 12 digits, a | b [regex] (value "+2547123")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            phone.jsonl:4
              phone: 9 to 12 digits, a | b [regex] (value "++254712345")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 2 invalid, 0 unreadable"), run.stdout)
    }

    /// `import xlsform` test-loaded the rules it wrote with today fixed to 2000-01-01, so a date
    /// window from a day after 2000 to today looked empty and the import refused the form.
    func testADateWindowFromAFixedDayToTodayImportsAndChecksBothEnds() throws {
        let form = try write("window.md", """
            | survey | | | | |
            | | type | name | constraint | constraint_message |
            | | date | enrolled | . >= date('2020-01-01') and . <= today() | 2020 to today |

            """)
        let data = try write("window.jsonl", """
            {"enrolled": "2020-01-01"}
            {"enrolled": "2024-06-01"}
            {"enrolled": "2019-12-31"}
            {"enrolled": "2024-06-02"}

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)

        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", form, data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // Both ends are inclusive: 2020-01-01 and today (2024-06-01) pass; the day before the
        // first and the day after today do not.
        XCTAssertTrue(run.stdout.contains("""
            window.jsonl:3
              enrolled: 2020 to today [min] (value "2019-12-31")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            window.jsonl:4
              enrolled: 2020 to today [max] (value "2024-06-02")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 2 invalid, 0 unreadable"), run.stdout)
    }
}
