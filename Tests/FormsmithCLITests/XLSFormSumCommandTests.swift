import Foundation
import XCTest

/// XPath's sum() of a repeat's answers in an XLSForm, translated and checked through the binary
/// with verdicts worked out by hand from the ODK XForms meaning (XPath 1.0: the sum of number()
/// of each node, NaN when one is blank).
final class XLSFormSumCommandTests: ScratchFolderTestCase {
    func testSumOfTwoItemsAndOfTheInnerRepeatOfTheCurrentOuterItem() throws {
        let form = try write("sum.md", """
            | survey | | | | |
            | | type | name | required | constraint |
            | | begin repeat | crop | | |
            | | decimal | bags | | |
            | | end repeat | crop | | |
            | | decimal | total | yes | . = sum(${bags}) |
            | | begin repeat | hh | | |
            | | begin repeat | member | | |
            | | integer | age | yes | |
            | | end repeat | member | | |
            | | integer | ages | yes | . >= sum(${age}) |
            | | end repeat | hh | | |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        XCTAssertTrue(imported.stdout.contains("sum(crop[].bags)"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("sum(hh[].member[].age)"), imported.stdout)
        let data = try write("data.jsonl", """
            {"crop": [{"bags": 1.5}, {"bags": 2.25}], "total": 3.75, "hh": [{"member": [{"age": 30}, {"age": 4}], "ages": 34}, {"member": [{"age": 70}], "ages": 70}]}
            {"crop": [{"bags": 1.5}, {"bags": 2.25}], "total": 3.7, "hh": [{"member": [{"age": 30}, {"age": 4}], "ages": 33}, {"member": [{"age": 70}], "ages": 104}]}
            {"crop": [{"bags": 1.5}, {}], "total": 1.5}
            {"total": 0}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: 1.5 + 2.25 = 3.75; household 0: 30 + 4 = 34 <= 34; household 1: its own member
        // only, 70 <= 70 (over both households it would be 104). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: 3.7 is not 3.75; household 0: 33 < 34; household 1: 104 >= 70 holds.
        XCTAssertTrue(run.stdout.contains("  total: does not satisfy the constraint `. = sum(${bags})` [constraint]\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("  hh[0].ages: does not satisfy the constraint `. >= sum(${age})` [constraint]\n"),
                      run.stdout)
        XCTAssertFalse(run.stdout.contains("hh[1].ages"), run.stdout)
        // 3: a blank bags makes ODK's sum NaN, and NaN = 1.5 is false.
        XCTAssertTrue(run.stdout.contains("data.jsonl:3\n  total: does not satisfy the constraint"), run.stdout)
        // 4: no crop at all: the sum of no nodes is 0. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:4\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 2 invalid"), run.stdout)
    }

    /// A blank answer makes XPath's sum NaN: `NaN = x` is false and `NaN != x` true; Formsmith's
    /// null compares the same way (rxeval 0.1.1 gives these four verdicts too).
    func testABlankAnswerMakesTheSumFailEqualityAndPassInequality() throws {
        let form = try write("blank.md", """
            | survey | | | |
            | | type | name | constraint |
            | | begin repeat | crop | |
            | | decimal | bags | |
            | | end repeat | crop | |
            | | decimal | total | . = sum(${bags}) |
            | | decimal | other | . != sum(${bags}) |

            """)
        let data = try write("data.jsonl", """
            {"crop": [{"bags": 1.5}, {"bags": 2}], "total": 3.5, "other": 3.5}
            {"crop": [{"bags": 1.5}, {}], "total": 1.5, "other": 1.5}
            {"total": 0, "other": 0}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let other = "  other: does not satisfy the constraint `. != sum(${bags})` [constraint]\n"
        let total = "  total: does not satisfy the constraint `. = sum(${bags})` [constraint]\n"
        // 1: 1.5 + 2 = 3.5: total holds, other (3.5 != 3.5) does not.
        XCTAssertTrue(run.stdout.contains(data + ":1\n" + other + data + ":2\n"), run.stdout)
        // 2: NaN: 1.5 = NaN is false, 1.5 != NaN true.
        XCTAssertTrue(run.stdout.contains(data + ":2\n" + total + data + ":3\n"), run.stdout)
        // 3: no items: 0, so 0 = 0 holds and 0 != 0 does not.
        XCTAssertTrue(run.stdout.contains(data + ":3\n" + other + "\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 0 valid, 3 invalid"), run.stdout)
    }

    func testSumInsideItsOwnRepeatOrOfTextStaysListedBySheetRowAndColumn() throws {
        let form = try write("sum2.md", """
            | survey | | | |
            | | type | name | constraint |
            | | begin repeat | crop | |
            | | integer | bags | . <= sum(${bags}) |
            | | text | kind | |
            | | end repeat | crop | |
            | | integer | n | sum(${kind}) > 0 |

            """)
        let run = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 4, column C (constraint): 'bags': constraint "
                                          + "`. <= sum(${bags})`: sum() of ${bags} inside its own repeat"), run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 7, column C (constraint): 'n': constraint "
                                          + "`sum(${kind}) > 0`: sum() of ${kind}, which is not a number"), run.stderr)
    }
}
