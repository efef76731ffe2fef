import Foundation
import XCTest

/// XPath's position(..) in an XLSForm repeat, translated and checked through the binary with
/// verdicts worked out by hand: `..` of a question directly in a repeat is its repeat item, whose
/// position is the item's 1-based place among the repeat's items (in a repeat inside a repeat,
/// among the items of the current outer item).
final class XLSFormPositionCommandTests: ScratchFolderTestCase {
    func testPositionOfTheRepeatItemInAConstraintAndThroughACalculation() throws {
        let form = try write("pos.md", """
            | survey | | | | | |
            | | type | name | required | constraint | calculation |
            | | begin repeat | crop | | | |
            | | integer | bags | yes | . >= position(..) | |
            | | calculate | pos | | | position(..) |
            | | begin repeat | plot | | | |
            | | integer | code | | . = ${pos} * 10 + position(..) | |
            | | end repeat | | | | |
            | | end repeat | | | | |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        let data = try write("data.jsonl", """
            {"crop": [{"bags": 1, "plot": [{"code": 11}, {"code": 12}]}, {"bags": 2, "plot": [{"code": 21}]}]}
            {"crop": [{"bags": 5, "plot": [{"code": 11}, {"code": 11}]}, {"bags": 1, "plot": [{"code": 12}]}]}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: crop 1 has 1 >= 1 bags and plots 11, 12; crop 2 has 2 >= 2 and plot 21 (the plot's
        // place starts again at 1 in each crop). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: crop 1's second plot is 12, not 11; crop 2 has 1 bag, fewer than its place 2; its
        // only plot is 21, not 12.
        for expected in [
            "  crop[0].plot[1].code: does not satisfy the constraint `. = ${pos} * 10 + position(..)` [constraint]\n",
            "  crop[1].bags: does not satisfy the constraint `. >= position(..)` [constraint]\n",
            "  crop[1].plot[0].code: does not satisfy the constraint `. = ${pos} * 10 + position(..)` [constraint]\n",
        ] {
            XCTAssertTrue(run.stdout.contains(expected), expected + "\n" + run.stdout)
        }
        XCTAssertFalse(run.stdout.contains("crop[0].plot[0]"), run.stdout)
        XCTAssertFalse(run.stdout.contains("crop[0].bags"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testPositionUnderAGroupOrOutsideARepeatStaysListed() throws {
        let form = try write("pos2.md", """
            | survey | | | |
            | | type | name | constraint |
            | | begin repeat | crop | |
            | | begin group | g | |
            | | integer | inner | . = position(..) |
            | | end group | | |
            | | end repeat | | |
            | | integer | total | position(..) = 1 |

            """)
        let run = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 5, column C (constraint): 'inner': constraint "
                                          + "`. = position(..)`: position(..) on a question that is not directly inside a "
                                          + "repeat"), run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 8, column C (constraint): 'total': constraint "
                                          + "`position(..) = 1`: position(..) on a question that is not directly inside a "
                                          + "repeat"), run.stderr)
    }
}
