import Foundation
import XCTest

/// XLSForms through the binary: `import xlsform` (the golden rule file, what is not checkable
/// listed with sheet, row and column, `--strict`), and `validate`, `explain`, `lint` and
/// `generate` taking the XLSForm itself as `--rules`. Every verdict below was worked out by
/// hand from the form's rows (the comments say which row gives it).
final class XLSFormImportCommandTests: ScratchFolderTestCase {
    private let fixtures = "Tests/FormsmithCLITests/Fixtures/xlsform/"

    private func fixture(_ name: String) -> String { fixtures + name }

    /// The report's block for one record: its `file:line` then its violations, in order.
    private func block(_ file: String, _ line: Int, _ violations: [String]) -> String {
        "\(fixture(file)):\(line)\n" + violations.map { "  \($0)\n" }.joined()
    }

    func testMarkdownFormRequiredRelevantConstraintsAndARepeat() throws {
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixture("household.md"),
                                     fixture("household.jsonl")])
        XCTAssertEqual(run.status, 1, run.stderr)
        // Record 1 (married, a child of 7 for a parent of 34) and 2 (19, not married, no
        // children: the repeat is shown only above 20 and may be empty) are valid.
        XCTAssertFalse(run.stdout.contains("household.jsonl:1\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("household.jsonl:2\n"), run.stdout)
        // Record 3: "C" is one letter (string-length(.) >= 2), 17 is under 18, married without a
        // spouse (required, relevant when married = yes), a visit after today.
        XCTAssertTrue(run.stdout.contains(block("household.jsonl", 3, [
            "respondent: at least two letters [min-length] (value \"C\")",
            "age: must be 18 to 120 [min] (value \"17\")",
            "spouse: is required [required]",
            "visit: not in the future [max] (value \"2024-07-01\")",
        ])), run.stdout)
        // Record 4: a spouse while not married (hidden), a child without a name, a child as old
        // as the parent (. < ${age} inside the repeat reads the parent's age).
        XCTAssertTrue(run.stdout.contains(block("household.jsonl", 4, [
            "spouse: must be empty: it is hidden because `married == 'yes'` is false [visibility] (value \"X\")",
            "children[1].child_name: is required [required]",
            "children[0].child_age: younger than the parent [constraint]",
        ])), run.stdout)
        // Record 5: a choice not in the list, children although 19 (relevant ${age} > 20).
        XCTAssertTrue(run.stdout.contains(block("household.jsonl", 5, [
            "married: must be one of yes, no [enum] (value \"maybe\")",
        ])), run.stdout)
        XCTAssertTrue(run.stdout.contains("  children: must be empty: it is hidden because `age > 20` is false [visibility]"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 2 valid, 3 invalid, 0 unreadable"), run.stdout)
        // The constraint with substr() is not checked, and the run says so before anything else;
        // the one with '*' is checked (no record has an income), so it is not listed.
        XCTAssertTrue(run.stderr.contains("household.md: not checkable: survey row 13, column F (constraint): 'initial': "
                                          + "constraint `. = substr(${respondent}, 0, 1)`: the function substr() has no "
                                          + "equivalent in Formsmith's expression language"),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains("household.md: 1 part of the form not checkable"), run.stderr)
    }

    /// What the form does not check is listed quoting its cells, text of the form's author: a
    /// character that reorders what the terminal shows (U+202E, right-to-left override; control
    /// characters are refused earlier) is written escaped (it was written raw to standard error).
    func testWhatIsNotCheckableIsListedWithTheFormsTextEscaped() throws {
        let form = try write("hostile.md", """
            | survey | | | | |
            | | type | name | constraint | required |
            | | text | respondent | | yes |
            | | text | initial | . = substr(${respondent}, 0, 1) or . = '\u{202E}gpj.exe' | |

            """)
        let run = try Formsmith.run(["validate", "--rules", form, try write("one.jsonl", "{\"respondent\": \"Ada\"}\n")])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("hostile.md: not checkable: survey row 4, column C (constraint): 'initial': "
                                          + "constraint `. = substr(${respondent}, 0, 1) or . = '\\u{202E}gpj.exe'`"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{202E}"), run.stderr)
    }

    func testCSVFormCoversEveryQuestionTypeGroupsRepeatsAndChoiceFilters() throws {
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixture("farm.csv"),
                                     fixture("farm.jsonl")])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stdout.contains("farm.jsonl:1\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains(block("farm.jsonl", 2, [
            "intro: must be empty: it is hidden because `false` is false [visibility] (value \"text\")",  // a note holds nothing
            "consent: must be one of OK [enum] (value \"yes\")",                            // acknowledge
            "code: eight digits [regex] (value \"1234\")",                                  // regex(., '^[0-9]{8}$')
            "arrived: must be a time such as 14:30:00.000+03:00 [regex] (value \"25:00\")",
            "seen: must be a date and time such as 2024-05-01T14:30:00.000+03:00 [regex] (value \"2024-05-01 09:20\")",
            "location: must be a geopoint: latitude longitude [altitude [accuracy]] [regex] (value \"95 10\")",
            "photo: has media type application/pdf; allowed: image/* [media-type] (value \"application/pdf\")",
            "rating: must be a whole multiple of 2 [multiple-of] (value \"5\")",             // range step=2 from 0
            "district: is a choice its choice_filter `region = ${region}` does not offer [choice-filter]",
            "crops: at most two crops [max-items] (value \"[\\\"maize\\\", \\\"beans\\\", \\\"rice\\\"]\")",
            "comment: is required because `((plots + 1)) > 3` is true [required]",          // plots2 = plots + 1 = 5
            "born: must be before 2024-06-01 (today) [max] (value \"2030-01-01\")",
            "village: must be one of kofi, ama [enum] (value \"accra\")",                  // from villages.csv
            "farm.area: is required [required]",                                            // group shown: plots > 0
            "plot: must have as many items as ${plots} says (repeat_count) [repeat-count]", // 1 item, plots 4
            "visit: must have at least 2 items (it has 1) [min-items]",                     // repeat_count 2
        ])), run.stdout)
        XCTAssertTrue(run.stdout.contains(block("farm.jsonl", 3, [
            "consent: is required [required]",
            "rating: is required [required]",
            "region: is required [required]",
            "district: is required [required]",
            "crops_other: must be empty: it is hidden because `'other' in crops` is false [visibility] (value \"x\")",
            "farm.area: must be empty: it is hidden because `plots > 0` is false [visibility] (value \"2\")",
        ])), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)
    }

    func testXLSXWorkbookWithRepeatsInsideAGroupAndARepeat() throws {
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixture("clinic.xlsx"),
                                     fixture("clinic.jsonl")])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stdout.contains("clinic.jsonl:1\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains(block("clinic.jsonl", 2, [
            "patient_id: an id such as P0042 [regex] (value \"X42\")",
            "pregnancy.pregnant: must be empty: it is hidden because `(sex == 'f') && (age >= 12)` is false "
                + "[visibility] (value \"no\")",
            "household.members[0].member_name: is required [required]",
            "household.members[0].member_age: must be less than 130 [max] (value \"140\")",
            "household.members[0].vaccines[0].vaccine_date: not in the future [max] (value \"2025-01-01\")",
            "household.members[0].vaccines[1].vaccine_date: is required [required]",
        ])), run.stdout)
        XCTAssertTrue(run.stdout.contains(block("clinic.jsonl", 3, [
            "age: must be 0 to 120 [max] (value \"121\")",
            "member_count: must equal the number of members [constraint]",  // count(${members}) = 1, not 2
            "pregnancy.weeks: at most 42 weeks [max] (value \"43\")",
        ])), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)
        XCTAssertEqual(run.stderr.contains("not checkable"), false, run.stderr)  // everything translated
    }

    func testImportWritesTheGoldenRuleFileAndListsWhatIsNotCheckable() throws {
        let run = try Formsmith.run(["import", "xlsform", fixture("farm.csv")])
        XCTAssertEqual(run.status, 0, run.stderr)
        let golden = try String(contentsOfFile: Formsmith.root.appendingPathComponent(fixture("farm.expected.yaml")).path,
                                encoding: .utf8)
        XCTAssertEqual(run.stdout, golden)
        let listed = run.stderr.split(separator: "\n").map(String.init)
        // `sum(${plot_area}) > 0` (survey row 34) is translated since sum() is (XLSFormSumCommandTests).
        XCTAssertEqual(listed, [
            "\(fixture("farm.csv")): not checkable: survey row 36, column A (type): 'town': the choices come from "
                + "'missing.csv', which is not beside the form (or not a plain .csv file name with a name column); "
                + "the answer is not checked against them",
            "\(fixture("farm.csv")): 1 part of the form not checkable (listed above)",
        ])
        // The rule file written by --output is the same text, and loads on its own.
        let written = path("farm.yaml")
        let toFile = try Formsmith.run(["import", "xlsform", fixture("farm.csv"), "--output", written])
        XCTAssertEqual(toFile.status, 0, toFile.stderr)
        XCTAssertEqual(try String(contentsOfFile: written, encoding: .utf8), golden)
    }

    func testStrictRefusesAFormWithAnythingNotCheckable() throws {
        let written = path("farm.yaml")
        let strict = try Formsmith.run(["import", "xlsform", fixture("farm.csv"), "--strict", "--output", written])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("--strict: 1 part of the form not checkable; nothing written"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: written))
        // A form with everything translated passes --strict.
        let clean = try Formsmith.run(["import", "xlsform", fixture("clinic.xlsx"), "--strict"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertTrue(clean.stdout.contains("# Everything of the form is checked."), clean.stdout)
        XCTAssertTrue(clean.stdout.contains("      # survey row 10: begin repeat members\n      members:\n        type: list"),
                      clean.stdout)
    }

    func testExplainSaysWhatIsNotCheckableAndWhereItCameFrom() throws {
        let run = try Formsmith.run(["explain", "--rules", fixture("farm.csv"), "town"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("not checkable: the choices come from 'missing.csv', which is not beside the "
                                          + "form (or not a plain .csv file name with a name column); the answer is not "
                                          + "checked against them (survey row 36, column A (type))"), run.stdout)
        // Line 153 of farm.expected.yaml is `town:` (its comment, line 152, says survey row 36).
        XCTAssertTrue(run.stdout.contains("declared at line 153 of the rules `formsmith import xlsform "
                                          + "\(fixture("farm.csv"))` writes (its comment there names the survey row)"),
                      run.stdout)
        let nested = try Formsmith.run(["explain", "--rules", fixture("clinic.xlsx"), "household.members[].vaccines[].vaccine_date"])
        XCTAssertEqual(nested.status, 0, nested.stderr)
        XCTAssertFalse(nested.stdout.contains("not checkable"), nested.stdout)
    }

    func testLintAndGenerateTakeTheXLSForm() throws {
        let lint = try Formsmith.run(["lint", "--rules", fixture("clinic.xlsx")])
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("1 rule file: no problems"), lint.stdout)
        let generated = try Formsmith.run(["generate", "--rules", fixture("clinic.xlsx"), "--count", "20", "--seed", "7",
                                           "--today", "2024-06-01", "--output", path("clinic.jsonl")])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let check = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixture("clinic.xlsx"),
                                       path("clinic.jsonl")])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("20 questionnaires: 20 valid, 0 invalid, 0 unreadable"), check.stdout)
    }

    func testBrokenFormsAreNamedBySheetRowAndColumn() throws {
        let notZip = try write("broken.xlsx", "this is not a workbook")
        let run = try Formsmith.run(["import", "xlsform", notZip])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("broken.xlsx: not an .xlsx workbook"), run.stderr)

        let unbalanced = try write("unbalanced.md", """
            | survey |             |       |
            |        | type        | name  |
            |        | begin group | g     |
            |        | integer     | n     |
            |        | end repeat  |       |
            |        | select_one nope | s |

            """)
        let bad = try Formsmith.run(["validate", "--rules", unbalanced, try write("x.jsonl", "{}\n")])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("survey row 5, column A (type): 'end repeat' without its 'begin repeat'"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("survey row 3: 'g' is begun but never ended"), bad.stderr)

        let noSurvey = try write("nosurvey.csv", "choices,,\n,list_name,name\n,yn,yes\n")
        let missing = try Formsmith.run(["import", "xlsform", noSurvey])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no 'survey' sheet (the sheets are choices)"), missing.stderr)

        let unknownList = try write("list.md", """
            | survey |                 |      |
            |        | type            | name |
            |        | select_one nope | s    |

            """)
        let list = try Formsmith.run(["import", "xlsform", unknownList])
        XCTAssertEqual(list.status, 2)
        XCTAssertTrue(list.stderr.contains("survey row 3, column A (type): 'select_one nope' names no list of the choices sheet"),
                      list.stderr)
    }

    func testAWorkbookAsExcelWritesItSharedStringsRichTextAndNumberCells() throws {
        // visits.xlsx (make-visits-xlsx.py): text in sharedStrings.xml, the label "Visit note" in
        // two rich-text runs beside a phonetic run "X" that is not text, repeat_count 2 as a
        // number cell, the survey sheet listed second through an absolute relationship target.
        let imported = try Formsmith.run(["import", "xlsform", fixture("visits.xlsx"), "--strict"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("""
              # survey row 2: integer n
              n:
                type: integer
                title: "How many"
                max: 3
            sections:
              # survey row 3: begin repeat v
              v:
                type: list
                optional: true
                minItems: 2
                maxItems: 2
                fields:
                  # survey row 4: text visit_note
                  visit_note:
                    type: text
                    title: "Visit note"

            """), imported.stdout)
        let records = try write("visits.jsonl", """
            {"n": 4, "v": [{"visit_note": "a"}]}
            {"n": 3, "v": [{"visit_note": "a"}, {"visit_note": "b"}]}

            """)
        let run = try Formsmith.run(["validate", "--rules", fixture("visits.xlsx"), records])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("visits.jsonl:1\n  n: must be at most 3 [max] (value \"4\")\n"
                                          + "  v: must have at least 2 items (it has 1) [min-items]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)
    }

    func testNamesFormsmithExpressionsCannotSpellAreListedNotFatal() throws {
        // XLSForm names may hold '-' and any script's letters; a rule file takes them as field
        // names, its expressions do not. Before, such a reference made rules that did not load.
        let form = try write("names.md", """
            | survey  |                       |           |          |                  |
            |         | type                  | name      | required | constraint       |
            |         | integer               | first-age | yes      | . > 0 and . != 5 |
            |         | select_one c or_other | цвет      | yes      |                  |
            |         | integer               | later     |          | . > ${first-age} |
            | choices |                       |           |          |                  |
            |         | list_name             | name      |          |                  |
            |         | c                     | red       |          |                  |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let listed = imported.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: form + ": ", with: "") }
        XCTAssertEqual(listed, [
            "not checkable: survey row 3, column D (constraint): 'first-age': constraint `. > 0 and . != 5`: the path "
                + "first-age has a name with characters other than ASCII letters, digits and '_', or a word such as "
                + "today, which Formsmith's expressions cannot name (the rest of it is checked)",
            "not checkable: survey row 4, column A (type): 'цвет_other': or_other: shown only when 'other' is chosen, "
                + "which is not checked: the path цвет has a name with characters other than ASCII letters, digits and "
                + "'_', or a word such as today, which Formsmith's expressions cannot name",
            "not checkable: survey row 5, column D (constraint): 'later': constraint `. > ${first-age}`: the path "
                + "first-age has a name with characters other than ASCII letters, digits and '_', or a word such as "
                + "today, which Formsmith's expressions cannot name",
            "3 parts of the form not checkable (listed above)",
        ])
        // `. > 0` is still checked (exclusiveMin); `. != 5` is not, so 5 passes.
        let records = try write("names.jsonl", """
            {"first-age": 0, "цвет": "red"}
            {"first-age": 5, "цвет": "other", "цвет_other": "blue"}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, records])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("names.jsonl:1\n  first-age: must be greater than 0 [min] (value \"0\")\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)
    }

    func testCSVCellsHoldingLineBreaksQuotesAndBackslashes() throws {
        // A quoted cell across two lines (the label of t) is one cell: the rows after it stay in
        // the survey (before, they were read as a sheet named after the label's second line, and
        // n and u were lost without a word). Rows are numbered by the line they start on.
        let form = try write("weird.csv", #"""
            survey,,,,,
            ,type,name,label,relevant,constraint
            ,select_one c,pick,"Say ""hi"" \ and: {x}",,
            ,text,t,"multi
            line",${pick} = 'don''t',"regex(., ""^[a-z']+$"")"
            ,integer,n,# not a comment,,. > -5
            ,text,u,x,"${pick} = ""a'b""",
            choices,,,,,
            ,list_name,name,label,,
            ,c,don't,Don't,,
            ,c,"a'b",AB,,

            """#)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("    title: \"Say \\\"hi\\\" \\\\ and: {x}\"\n    values: [\"don't\", \"a'b\"]\n"),
                      imported.stdout)
        XCTAssertTrue(imported.stdout.contains("    title: \"multi\\nline\"\n"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("  # survey row 6: integer n\n"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("  # survey row 7: text u\n"), imported.stdout)
        // XPath has no '' escape inside a string: that relevant is listed, at the line the row starts on.
        XCTAssertTrue(imported.stderr.contains("not checkable: survey row 4, column D (relevant): 't': relevant "
                                               + "`${pick} = 'don''t'`"), imported.stderr)
        // By hand: -5 is not > -5; u is shown only when pick is a'b; "it's" matches ^[a-z']+$.
        let records = try write("weird.jsonl", """
            {"pick": "a'b", "t": "x", "n": -5}
            {"pick": "don't", "t": "it's", "n": -4, "u": "z"}

            """)
        let run = try Formsmith.run(["validate", "--rules", form, records])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("weird.jsonl:1\n  n: does not satisfy the constraint `. > -5` [constraint]\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("weird.jsonl:2\n  u: must be empty: it is hidden because `pick == 'a\\'b'` is "
                                          + "false [visibility] (value \"z\")\n"), run.stdout)
    }

    func testSheetsAndColumnsTheImportDoesNotReadAreListed() throws {
        let form = try write("extra.md", """
            | survey   |           |      |                   |          |
            |          | type      | name | bind::odk:length  | trigger  | my_check |
            |          | integer   | n    | 3                 |          | n < 4    |
            | entities |           |      |                   |          |
            |          | list_name | label |                  |          |
            |          | people    | x    |                   |          |

            """)
        let imported = try Formsmith.run(["import", "xlsform", form])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("extra.md: not checkable: survey column C (bind::odk:length): bind attributes "
                                               + "are not translated\n"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("extra.md: not checkable: survey column E (my_check): a column the import "
                                               + "does not read\n"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("extra.md: not checkable: sheet entities: a sheet the import does not read\n"),
                      imported.stderr)
        XCTAssertFalse(imported.stderr.contains("(trigger)"), imported.stderr)  // how the app behaves, not a check
        XCTAssertTrue(imported.stdout.contains("# Not checkable (3):\n"), imported.stdout)
        let strict = try Formsmith.run(["import", "xlsform", form, "--strict"])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertEqual(strict.stdout, "")
    }

    func testDeepExpressionsAndNestingAreRefusedWithoutCrashing() throws {
        // 5,000 parentheses, 5,000 minus signs: each a level of recursion in a parser.
        let deep = "| survey | | | |\n| | type | name | constraint |\n"
            + "| | integer | n | " + String(repeating: "(", count: 5000) + ". > 1" + String(repeating: ")", count: 5000) + " |\n"
            + "| | integer | m | " + String(repeating: "-", count: 5000) + "1 < . |\n"
        let expressions = try Formsmith.run(["import", "xlsform", try write("deep.md", deep)])
        XCTAssertEqual(expressions.status, 0, String(expressions.stderr.prefix(2000)))
        XCTAssertTrue(expressions.stderr.contains("the expression nests more than 100 levels of parentheses and calls"),
                      String(expressions.stderr.prefix(2000)))
        XCTAssertTrue(expressions.stderr.contains("the expression nests too deeply"), String(expressions.stderr.prefix(2000)))
        XCTAssertTrue(expressions.stderr.contains("2 parts of the form not checkable"), String(expressions.stderr.suffix(500)))

        var nested = "| survey | | |\n| | type | name |\n"
        for level in 0..<40 { nested += "| | begin group | g\(level) |\n" }
        nested += "| | integer | deep |\n" + String(repeating: "| | end group | |\n", count: 40)
        let groups = try Formsmith.run(["import", "xlsform", try write("nested.md", nested)])
        XCTAssertEqual(groups.status, 2, groups.stderr)
        XCTAssertTrue(groups.stderr.contains("nested.md: survey row 34, column A (type): groups and repeats nest deeper than "
                                             + "the 31 levels a Formsmith rule file holds"), groups.stderr)
    }

    func testAChoiceFilterOverThousandsOfChoicesLoads() throws {
        // 2,000 districts in 20 regions: district dN belongs to region r(N mod 20). One assertion
        // over every choice nested past what an expression may, and the import wrote rules that
        // did not load; now there is one per region.
        var form = "survey,,,,\n,type,name,required,choice_filter\n,select_one r,reg,yes,\n"
            + ",select_one d,dist,yes,r = ${reg}\nchoices,,,,\n,list_name,name,r,\n"
        for region in 0..<20 { form += ",r,r\(region),,\n" }
        for district in 0..<2000 { form += ",d,d\(district),r\(district % 20),\n" }
        let rules = try write("districts.csv", form)
        let records = try write("districts.jsonl", """
            {"reg": "r1", "dist": "d21"}
            {"reg": "r1", "dist": "d22"}
            {"reg": "r19", "dist": "d1999"}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, records])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("districts.jsonl:2\n  dist: is a choice its choice_filter `r = ${reg}` does not "
                                          + "offer [choice-filter]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 2 valid, 1 invalid, 0 unreadable"), run.stdout)
    }

    func testChoicesFromAFileAreReadOnlyBesideTheForm() throws {
        // The form's folder holds villages.csv; one folder up holds secret.csv, which a path in the
        // form must not read into the rule file.
        let form = folder.appendingPathComponent("form")
        try FileManager.default.createDirectory(at: form, withIntermediateDirectories: true)
        try "name,label\nkofi,Kofi\nama,Ama\n".write(to: form.appendingPathComponent("villages.csv"), atomically: true,
                                                     encoding: .utf8)
        try write("secret.csv", "name\ntop-secret\n")
        let rules = form.appendingPathComponent("files.md").path
        try """
            | survey | | |
            | | type | name |
            | | select_one_from_file villages.csv | village |
            | | select_one_from_file ../secret.csv | peek |
            | | select_multiple_from_file absent.csv | many |

            """.write(toFile: rules, atomically: true, encoding: .utf8)
        let imported = try Formsmith.run(["import", "xlsform", rules])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("  village:\n    type: enum\n    values: [\"kofi\", \"ama\"]\n"), imported.stdout)
        XCTAssertFalse(imported.stdout.contains("top-secret"), imported.stdout)
        XCTAssertTrue(imported.stderr.contains("survey row 4, column A (type): 'peek': the choices come from '../secret.csv'"),
                      imported.stderr)
        XCTAssertTrue(imported.stderr.contains("survey row 5, column A (type): 'many': the choices come from 'absent.csv', "
                                               + "which is not beside the form (or not a plain .csv file name with a name "
                                               + "column); the answer (read as one text of space-separated names) is not "
                                               + "checked against them"), imported.stderr)
    }

    func testReservedNamesCollidingOtherQuestionsAndEmptyListsAreSaid() throws {
        // A question named `today` is a field, but `${today}` in an expression would read the
        // reference date: listed, not translated. or_other's question colliding with one of the
        // form's, and a list with no named choice, are errors naming the row.
        let reserved = try write("reserved.md", """
            | survey | | | |
            | | type | name | relevant |
            | | date | today | |
            | | integer | x | ${today} < today() |

            """)
        let run = try Formsmith.run(["import", "xlsform", reserved])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("survey row 4, column C (relevant): 'x': relevant `${today} < today()`: the path "
                                          + "today has a name with characters other than ASCII letters, digits and '_', or "
                                          + "a word such as today, which Formsmith's expressions cannot name"), run.stderr)
        let colliding = try write("colliding.md", """
            | survey | | |
            | | type | name |
            | | select_one c or_other | s |
            | | text | s_other |
            | | select_one empty | e |
            | choices | | |
            | | list_name | name |
            | | c | a |
            | | empty | |

            """)
        let bad = try Formsmith.run(["import", "xlsform", colliding])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("survey row 3, column A (type): or_other adds the question 's_other', which the "
                                          + "form already has; rename one of them"), bad.stderr)
    }

    func testAKoboJSONExportGetsTheVerdictsOfTheSameSubmissionsAsJSONLines() throws {
        // clinic-kobo.json holds the three submissions of clinic.jsonl as KoboToolbox exports them:
        // group/field keys, repeat items keyed by their full path, numbers as text, server keys.
        let native = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixture("clinic.xlsx"),
                                        fixture("clinic.jsonl")])
        let kobo = try Formsmith.run(["validate", "--today", "2024-06-01", "--input-format", "kobo-json",
                                      "--rules", fixture("clinic.xlsx"), fixture("clinic-kobo.json")])
        XCTAssertEqual(kobo.status, 1, kobo.stderr)
        // The same verdicts; the export's records are named by their meta/instanceID too.
        XCTAssertEqual(kobo.stdout.replacingOccurrences(of: "clinic-kobo.json", with: "clinic.jsonl")
                        .replacingOccurrences(of: #" \(id uuid:[0-9a-f-]{36}\)"#, with: "", options: .regularExpression),
                       native.stdout)
        XCTAssertTrue(kobo.stdout.contains("clinic-kobo.json:2 (id uuid:00000000-0000-4000-8000-000000006332)\n"), kobo.stdout)
        XCTAssertTrue(kobo.stdout.contains("clinic-kobo.json:3 (id uuid:00000000-0000-4000-8000-000000006333)\n"), kobo.stdout)
        XCTAssertTrue(kobo.stderr.contains("clinic-kobo.json: 3 submissions of a KoboToolbox export, record N its Nth "
                                           + "submission; server keys not checked: __version__ (2), _attachments (1), "
                                           + "_id (3), _submission_time (1), formhub/uuid (2)"), kobo.stderr)

        // select_multiple as space-separated names, a decimal written as text.
        let form = try write("crops.md", """
            | survey | | | |
            | | type | name | constraint |
            | | select_multiple crops | crops | count-selected(.) <= 2 |
            | | decimal | area | . > 0.5 |
            | choices | | | |
            | | list_name | name | |
            | | crops | maize | |
            | | crops | beans | |

            """)
        let export = try write("crops.json", """
            [{"crops": "maize beans", "area": "0.75"}, {"crops": "maize rice", "area": "0.5"}, {"crops": "maize beans maize"}]
            """)
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("crops.json:2\n  crops: 'rice' should be one of maize, beans [enum] (value \"rice\")\n"
                                          + "  area: must be greater than 0.5 [min] (value \"0.5\")\n"), run.stdout)
        // maize twice: three names, one repeated.
        XCTAssertTrue(run.stdout.contains("crops.json:3\n  crops: must have at most 2 choices (it has 3) [max-items]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  crops: lists 'maize' more than once [unique]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)

        let usage = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, "-"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--input-format kobo-json reads files, not standard input"), usage.stderr)
    }

    /// JSON numbers and booleans in a Kobo export are read by the engine's parser and kept as
    /// written: 10.001 is not rounded (two digits allowed, at most 10), `true` stays a boolean,
    /// a quote inside a text survives the rewriting. Verdicts by hand.
    func testAKoboExportKeepsNumbersDigitForDigitAndBooleans() throws {
        let form = try write("k.yaml", """
            id: k
            fields:
              ok: {type: boolean}
              n: {type: decimal, fractionDigits: 2, max: 10}
              name: {type: string, maxLength: 3}
            """)
        let export = try write("k.json", #"[{"ok": true, "n": 1.10, "name": "a\"b"}, {"ok": false, "n": 10.001, "name": "abcd"}]"#)
        let run = try Formsmith.run(["validate", "--today", "2026-01-01", "--input-format", "kobo-json", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stdout.contains("k.json:1\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("k.json:2\n  n: must be at most 10 [max] (value \"10.001\")\n"
                                          + "  n: must have at most 2 digits after the decimal point [fraction-digits] (value \"10.001\")\n"
                                          + "  name: must be at most 3 characters long (it has 4) [max-length] (value \"abcd\")\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)
    }

    /// A Kobo export is opened as every input is, and one that cannot be read is one unreadable
    /// record of the run, named with why, while the other exports are still checked: a missing
    /// file, a folder, a FIFO with no writer (reads as empty: not JSON, not a hang) and a file
    /// that is not JSON, beside an export of one valid and one invalid submission. By hand:
    /// 4 unreadable + 2 submissions = 6 records, 1 valid, 1 invalid, exit 1.
    func testAKoboExportThatCannotBeReadIsCountedUnreadableAndTheOthersAreChecked() throws {
        let form = try write("k.yaml", "id: k\nfields:\n  a: {type: string, maxLength: 2}\n")
        try FileManager.default.createDirectory(atPath: path("folder.json"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path("pipe.json"), 0o600), 0)
        let text = try write("text.json", "not json\n")
        let good = try write("good.json", #"[{"a": "ok"}, {"a": "long"}]"#)
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, path("missing.json"),
                                     path("folder.json"), good, path("pipe.json"), text])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(path("missing.json")):1\n  unreadable: cannot read '\(path("missing.json"))'"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\(path("folder.json")):1\n  unreadable: cannot read '\(path("folder.json"))'"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\(path("pipe.json")):1\n  unreadable: \(path("pipe.json")): not a KoboToolbox JSON export"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\(text):1\n  unreadable: \(text): not a KoboToolbox JSON export"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(good):2\n  a: must be at most 2 characters long (it has 4) [max-length]"),
                      run.stdout)
        XCTAssertFalse(run.stdout.contains("\(good):1\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 1 valid, 1 invalid, 4 unreadable"), run.stdout)
        // The same in the JSON report: every record is valid, invalid or unreadable.
        let json = try Formsmith.run(["validate", "--report", "json", "--input-format", "kobo-json", "--rules", form,
                                      path("missing.json"), good])
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertTrue(json.stdout.contains(#""records":3,"valid":1,"invalid":1,"unreadable":1"#), json.stdout)
    }

    /// The converted copy of a Kobo export is written through the run's output guard: on
    /// SIGTERM it is removed with every other temporary file, so no submission data is left in
    /// the temporary folder (TMPDIR) once the run is over, interrupted or not.
    func testTheConvertedKoboExportIsLeftNowhereWhenTheRunEndsOrIsInterrupted() throws {
        let form = try write("k.yaml", "id: k\nfields:\n  a: {type: string, regex: '(a|b)*c'}\n")
        let submission = #"{"a": "\#(String(repeating: "ab", count: 40))c"}"#
        let export = try write("big.json", "[" + Array(repeating: submission, count: 50_000).joined(separator: ",\n") + "]")
        let temporary = path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)

        func start() throws -> (Process, Pipe) {
            let process = Process()
            process.executableURL = Formsmith.products.appendingPathComponent("formsmith")
            process.arguments = ["validate", "--jobs", "1", "--input-format", "kobo-json", "--rules", form, export]
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            let stderr = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = stderr
            try process.run()
            return (process, stderr)
        }
        // Finished: nothing left.
        let (finished, _) = try start()
        finished.waitUntilExit()
        XCTAssertEqual(finished.terminationStatus, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [])

        // Interrupted while validating (the converted copy exists): nothing left either.
        let (interrupted, stderr) = try start()
        let deadline = Date().addingTimeInterval(120)
        while (try FileManager.default.contentsOfDirectory(atPath: temporary)).isEmpty, interrupted.isRunning,
              Date() < deadline {
            usleep(20_000)
        }
        XCTAssertTrue(interrupted.isRunning, "the run ended before it could be interrupted: make the export larger")
        kill(interrupted.processIdentifier, SIGTERM)
        interrupted.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(interrupted.terminationStatus, 143, message)
        XCTAssertTrue(message.contains("interrupted by SIGTERM"), message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [])
    }
}
