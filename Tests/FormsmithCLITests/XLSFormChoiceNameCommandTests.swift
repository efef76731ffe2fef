import Foundation
import XCTest

/// jr:choice-name() compared with a label written out, translated statically by the import (the
/// value is one of the choices whose label, in the form's default language, is that text) and
/// checked through the binary with verdicts worked out by hand from the choices sheet.
final class XLSFormChoiceNameCommandTests: ScratchFolderTestCase {
    func testALabelComparisonIsTheChoicesCarryingThatLabel() throws {
        let form = try write("names.md", """
            | survey | | | | | |
            | | type | name | required | relevant | constraint |
            | | select_one fruit | fav | yes | | |
            | | text | why | | jr:choice-name(${fav}, '${fav}') = 'Red fruit' | |
            | | select_one fruit | other | | | jr:choice-name(., '${other}') != 'Green fruit' |
            | | select_one fruit | none | | | jr:choice-name(., '${none}') = 'Blue fruit' |
            | choices | | | | | |
            | | list_name | name | label::English (en) | label::French (fr) | |
            | | fruit | apple | Red fruit | Fruit rouge | |
            | | fruit | cherry | Red fruit | Fruit rouge | |
            | | fruit | pear | Green fruit | Fruit vert | |
            | settings | | | | | |
            | | form_id | default_language | | | |
            | | names | English (en) | | | |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("not checkable"), imported.stderr)
        let data = try write("data.jsonl", """
            {"fav": "cherry", "why": "sweet", "other": "apple"}
            {"fav": "pear", "why": "sour", "other": "pear"}
            {"fav": "apple", "none": "apple"}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: cherry is labelled Red fruit (in English, the default language), so 'why' may be
        // answered; apple is not Green fruit. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: pear is Green fruit: 'why' is not relevant yet answered, and 'other' breaks its
        // constraint.
        XCTAssertTrue(run.stdout.contains("data.jsonl:2\n  why: must be empty"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  other: does not satisfy the constraint "
                                          + "`jr:choice-name(., '${other}') != 'Green fruit'` [constraint]\n"), run.stdout)
        // 3: no choice is labelled Blue fruit, so 'none' can never hold it.
        XCTAssertTrue(run.stdout.contains("data.jsonl:3\n  none: does not satisfy the constraint "
                                          + "`jr:choice-name(., '${none}') = 'Blue fruit'` [constraint]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid"), run.stdout)
    }

    func testChoiceNameAsAValueOrOfATextQuestionStaysListed() throws {
        let form = try write("names2.md", """
            | survey | | | | |
            | | type | name | calculation | constraint |
            | | select_one yn | ok | | |
            | | calculate | ok_label | jr:choice-name(${ok}, '${ok}') | |
            | | text | t | | jr:choice-name(., '${t}') = 'Yes' |
            | choices | | | | |
            | | list_name | name | label | |
            | | yn | yes | Yes | |

            """)
        let run = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 4, column C (calculation): 'ok_label': calculation "
                                          + "`jr:choice-name(${ok}, '${ok}')`: the function jr:choice-name() as a value"),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains("not checkable: survey row 5, column D (constraint): 't': constraint "
                                          + "`jr:choice-name(., '${t}') = 'Yes'`: jr:choice-name() of '${t}', which is not "
                                          + "a select with its choices in the choices sheet"), run.stderr)
    }
}
