import Foundation
import XCTest

/// `generate --shape kobo-json`: generated submissions written as a KoboToolbox JSON export.
/// The values are pinned with `--fixture` (and `--optional-rate 0`), so the expected export is
/// written out by hand from Kobo's shape: `group/field` keys, repeat items keyed by their full
/// path, numbers as text, a select_multiple's names joined by spaces.
final class GenerateExportShapeCommandTests: ScratchFolderTestCase {
    private let fixtures = "Tests/FormsmithCLITests/Fixtures/xlsform/"

    func testGeneratedSubmissionsInKoboShapeWithRepeatsInsideAGroupAndARepeat() throws {
        let fixture = try write("fixture.json", """
            {"patient_id": "P0042", "age": 30, "sex": "m", "member_count": 1,
             "household": {"members": [{"member_name": "Ada", "vaccines": [{"vaccine_date": "2024-01-05"}]}]}}
            """)
        let run = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "2",
                                     "--seed", "1", "--shape", "kobo-json", "--fixture", fixture, "--optional-rate", "0"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // sex m hides the pregnancy group; nothing optional is filled beyond the fixture.
        let submission = #"{"age": "30", "household/members": [{"household/members/member_name": "Ada", "#
            + #""household/members/vaccines": [{"household/members/vaccines/vaccine_date": "2024-01-05"}]}], "#
            + #""member_count": "1", "patient_id": "P0042", "sex": "m"}"#
        XCTAssertEqual(run.stdout, "[\n\(submission),\n\(submission)\n]\n")
    }

    func testASelectMultipleAndAGroupAndTheExportReadsBackValid() throws {
        let form = try write("site.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | | begin group | hh | |
            | | integer | size | yes |
            | | select_multiple crops | crops | |
            | | end group | | |
            | | begin repeat | people | |
            | | text | pname | yes |
            | | end repeat | | |
            | choices | | | |
            | | list_name | name | |
            | | crops | maize | |
            | | crops | beans | |

            """)
        let fixture = try write("fixture.json", """
            {"site": "S1", "hh": {"size": 3, "crops": ["maize", "beans"]}, "people": [{"pname": "Ann"}],
             "meta": {"instanceID": "uuid:f1"}}
            """)
        let output = path("submissions.json")
        let run = try Formsmith.run(["generate", "--rules", form, "--count", "1", "--seed", "4", "--shape", "kobo-json",
                                     "--fixture", fixture, "--optional-rate", "0", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), """
            [
            {"hh/crops": "maize beans", "hh/size": "3", "meta/instanceID": "uuid:f1", "people": [{"people/pname": "Ann"}], "site": "S1"}
            ]

            """)
        // Read back as a Kobo export: valid, named by its instanceID.
        let check = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, output])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("1 questionnaire: 1 valid, 0 invalid, 0 unreadable"), check.stdout)

        // Random submissions of the form, in Kobo's shape, are valid read back (30 of them).
        let many = try Formsmith.run(["generate", "--rules", form, "--count", "30", "--seed", "9", "--shape", "kobo-json",
                                      "--output", path("many.json")])
        XCTAssertEqual(many.status, 0, many.stderr)
        let back = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, path("many.json")])
        XCTAssertTrue(back.stdout.contains("30 questionnaires: 30 valid, 0 invalid, 0 unreadable"), back.stdout)

        let refused = try Formsmith.run(["generate", "--rules", form, "--count", "1", "--shape", "odata"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--shape must be kobo-json or odk-csv"), refused.stderr)
    }

    /// `--shape odk-csv`: the main file and one file per repeat beside it, rows keyed as
    /// Central keys them (briefcase.js: the instanceID, then each group's name and each
    /// repeat's name with its 1-based position). No instanceID pinned: KEY is uuid:formsmith-N.
    func testGeneratedSubmissionsInODKCentralCSVShape() throws {
        let fixture = try write("fixture.json", """
            {"patient_id": "P0042", "age": 30, "sex": "m", "member_count": 1,
             "household": {"members": [{"member_name": "Ada", "vaccines": [{"vaccine_date": "2024-01-05"}]}]}}
            """)
        let run = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "2",
                                     "--seed", "1", "--shape", "odk-csv", "--fixture", fixture, "--optional-rate", "0",
                                     "--output", path("clinic.csv")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("clinic.csv"), encoding: .utf8), """
            SubmissionDate,patient_id,age,sex,member_count,pregnancy-pregnant,pregnancy-weeks,meta-instanceID,meta-deprecatedID,meta-instanceName,KEY
            ,P0042,30,m,1,,,,,,uuid:formsmith-1
            ,P0042,30,m,1,,,,,,uuid:formsmith-2

            """)
        XCTAssertEqual(try String(contentsOfFile: path("clinic-members.csv"), encoding: .utf8), """
            member_name,member_age,PARENT_KEY,KEY
            Ada,,uuid:formsmith-1,uuid:formsmith-1/household/members[1]
            Ada,,uuid:formsmith-2,uuid:formsmith-2/household/members[1]

            """)
        XCTAssertEqual(try String(contentsOfFile: path("clinic-vaccines.csv"), encoding: .utf8), """
            vaccine_date,PARENT_KEY,KEY
            2024-01-05,uuid:formsmith-1/household/members[1],uuid:formsmith-1/household/members[1]/vaccines[1]
            2024-01-05,uuid:formsmith-2/household/members[1],uuid:formsmith-2/household/members[1]/vaccines[1]

            """)
        // Random submissions in this shape are valid read back (joined by PARENT_KEY).
        let many = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count",
                                      "25", "--seed", "3", "--shape", "odk-csv", "--output", path("many.csv")])
        XCTAssertEqual(many.status, 0, many.stderr)
        let back = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", path("many.csv")])
        XCTAssertTrue(back.stdout.contains("25 questionnaires: 25 valid, 0 invalid, 0 unreadable"), back.stdout + back.stderr)
        XCTAssertFalse(back.stderr.contains("whose PARENT_KEY is in no submission"), back.stderr)

        // An instanceID pinned for every submission is a KEY once only: later ones get uuid:formsmith-N.
        let same = try write("same.json", #"{"patient_id": "P0042", "age": 30, "sex": "m", "meta": {"instanceID": "uuid:x"}}"#)
        let keyed = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "3",
                                       "--seed", "1", "--shape", "odk-csv", "--fixture", same, "--optional-rate", "0",
                                       "--output", path("same.csv")])
        XCTAssertEqual(keyed.status, 0, keyed.stderr)
        let keys = try String(contentsOfFile: path("same.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        XCTAssertEqual(keys, ["uuid:x", "uuid:formsmith-2", "uuid:formsmith-3"])

        let noOutput = try Formsmith.run(["generate", "--rules", fixtures + "clinic.xlsx", "--count", "1", "--shape", "odk-csv"])
        XCTAssertEqual(noOutput.status, 2)
        XCTAssertTrue(noOutput.stderr.contains("give --output FORMID.csv"), noOutput.stderr)
    }
}
