import Foundation
import XCTest

/// XPath's `*`, `div` and `mod` in an XLSForm's constraints, translated into the rules language
/// and checked through the binary; each verdict worked out by hand from the ODK XForms meaning
/// (XPath 1.0 numbers), and the one decided difference (dividing by zero) named.
final class XLSFormArithmeticCommandTests: ScratchFolderTestCase {
    func testMultiplyDivAndModConstraintsGiveTheVerdictsWorkedByHand() throws {
        let form = try write("arith.md", """
            | survey | | | | |
            | | type | name | required | constraint |
            | | decimal | income | yes | . * 12 < 1000000 |
            | | integer | half | | . mod 2 = 0 |
            | | integer | share | | 100 div ${half} > 10 |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        XCTAssertTrue(imported.stdout.contains("(income * 12) < 1000000"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("(half mod 2) == 0"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("(100 / half) > 10"), imported.stdout)

        let data = try write("data.jsonl", """
            {"income": 83333.33, "half": 4, "share": 1}
            {"income": 83333.34, "half": 3, "share": 1}
            {"income": 1, "half": -3, "share": 1}
            {"income": 1, "half": 20, "share": 1}
            {"income": 1, "half": 0, "share": 1}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let income = "  income: does not satisfy the constraint `. * 12 < 1000000` [constraint]\n"
        let half = "  half: does not satisfy the constraint `. mod 2 = 0` [constraint]\n"
        let share = "  share: does not satisfy the constraint `100 div ${half} > 10` [constraint]\n"
        // 1: 83333.33 × 12 = 999999.96; 4 mod 2 = 0; 100 div 4 = 25. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: 83333.34 × 12 = 1000000.08; 3 mod 2 = 1; 100 div 3 = 33.3… > 10.
        XCTAssertTrue(run.stdout.contains("data.jsonl:2\n" + income + half), run.stdout)
        // 3: -3 mod 2 = -1 (the sign of the dividend); 100 div -3 < 0.
        XCTAssertTrue(run.stdout.contains("data.jsonl:3\n" + half + share), run.stdout)
        // 4: 100 div 20 = 5.
        XCTAssertTrue(run.stdout.contains("data.jsonl:4\n" + share), run.stdout)
        // 5: 100 div 0 is Infinity in XPath, so ODK accepts it (Infinity > 10); Formsmith's
        // quotient is null and the comparison false: the difference docs/xlsform-differential.md
        // decides (a share of zero people is a data error the form did not mean to accept).
        XCTAssertTrue(run.stdout.contains("data.jsonl:5\n" + share), run.stdout)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 1 valid, 4 invalid"), run.stdout)
    }

    func testAProductOfTextIsStillListedAsNotCheckable() throws {
        let form = try write("text.md", """
            | survey | | | |
            | | type | name | constraint |
            | | text | t | . * 2 > 1 |

            """)
        let run = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 3, column C (constraint): 't': constraint `. * 2 > 1`: "
                                          + "'*' on values that are not both numbers"), run.stderr)
    }
}
