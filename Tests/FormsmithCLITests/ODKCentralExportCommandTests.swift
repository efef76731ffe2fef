import Foundation
import XCTest

/// ODK Central CSV exports through the binary: the main file joined with its repeat files by
/// `KEY`/`PARENT_KEY`, group paths in column names, a geopoint's four columns, a
/// `select_multiple`'s space-separated names, records named by their instanceID, found by the
/// header or by `--input-format odk-csv`. The exports are written here; every verdict is worked
/// out by hand from the form's rows (the comments say which row gives it).
final class ODKCentralExportCommandTests: ScratchFolderTestCase {
    /// site (required, at least two letters); group hh: size (required, at least 1), crops
    /// (maize or beans), loc (a geopoint); repeat people: pname (required), page (below 120).
    func writeForm() throws -> String {
        try write("site.md", """
            | survey | | | | |
            | | type | name | constraint | required |
            | | text | site | string-length(.) >= 2 | yes |
            | | begin group | hh | | |
            | | integer | size | . >= 1 | yes |
            | | select_multiple crops | crops | | |
            | | geopoint | loc | | |
            | | end group | | | |
            | | begin repeat | people | | |
            | | text | pname | | yes |
            | | integer | page | . < 120 | |
            | | end repeat | | | |
            | choices | | | | |
            | | list_name | name | | |
            | | crops | maize | | |
            | | crops | beans | | |

            """)
    }

    let main = """
        SubmissionDate,site,hh-size,hh-crops,hh-loc-Latitude,hh-loc-Longitude,hh-loc-Altitude,hh-loc-Accuracy,meta-instanceID,KEY,SubmitterID,SubmitterName,Status,ReviewState
        2024-05-01T10:00:00.000Z,S1,3,maize beans,-1.5,36.8,1700,5,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131,5,Ana,,approved
        2024-05-01T11:00:00.000Z,,0,maize rice,95,36.8,,,uuid:00000000-0000-4000-8000-000000006132,uuid:00000000-0000-4000-8000-000000006132,5,Ana,,
        2024-05-02T09:00:00.000Z,"S,3",2,,,,,,uuid:00000000-0000-4000-8000-000000006133,uuid:00000000-0000-4000-8000-000000006133,6,"Bo, B",,

        """

    let people = """
        pname,page,PARENT_KEY,KEY
        Ann,30,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131/people[1]
        ,130,uuid:00000000-0000-4000-8000-000000006132,uuid:00000000-0000-4000-8000-000000006132/people[1]
        Zed,40,uuid:00000000-0000-4000-8000-000000007a7a,uuid:00000000-0000-4000-8000-000000007a7a/people[1]
        Cy,119,uuid:00000000-0000-4000-8000-000000006133,uuid:00000000-0000-4000-8000-000000006133/people[1]
        Di,120,uuid:00000000-0000-4000-8000-000000006133,uuid:00000000-0000-4000-8000-000000006133/people[2]

        """

    func testTheMainFileAndItsRepeatFileAreJoinedAndRecordsNamedByInstanceID() throws {
        let form = try writeForm()
        let export = try write("site.csv", main)
        try write("site-people.csv", people)
        // Found by its header (KEY, SubmissionDate): no --input-format needed.
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        // Submission 1: S1, 3, maize beans, a geopoint, Ann 30: valid.
        XCTAssertFalse(run.stdout.contains("site.csv:1"), run.stdout)
        // Submission 2: no site (required), size 0 (< 1), rice (not a choice), latitude 95
        // (over 90; altitude and accuracy empty: "95 36.8"), a person without a name aged 130.
        XCTAssertTrue(run.stdout.contains("""
            \(export):2 (id uuid:00000000-0000-4000-8000-000000006132)
              site: is required [required]
              hh.size: must be at least 1 [min] (value "0")
              hh.crops: 'rice' should be one of maize, beans [enum] (value "rice")
              hh.loc: must be a geopoint: latitude longitude [altitude [accuracy]] [regex] (value "95 36.8")
              people[0].pname: is required [required]
              people[0].page: must be less than 120 [max] (value "130")

            """), run.stdout)
        // Submission 3: "S,3" (a quoted comma) is three letters; its second person is 120 (not
        // below 120); its first (119) is fine: the items keep the repeat file's order.
        XCTAssertTrue(run.stdout.contains("""
            \(export):3 (id uuid:00000000-0000-4000-8000-000000006133)
              people[1].page: must be less than 120 [max] (value "120")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)
        // Nothing dropped in silence: Central's columns and the row whose parent is not in the export.
        XCTAssertTrue(run.stderr.contains("\(export): 3 submissions of an ODK Central CSV export, record N its Nth submission"),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains("server columns not checked: SubmissionDate, KEY, SubmitterID, SubmitterName, "
                                          + "Status, ReviewState"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(path("site-people.csv")): 5 repeat rows joined by PARENT_KEY; 1 whose "
                                          + "PARENT_KEY is in no submission of the export, not checked (file lines 4)"),
                      run.stderr)

        // The JSON report names each record by its instanceID too.
        let json = try Formsmith.run(["validate", "--report", "json", "--rules", form, export])
        XCTAssertTrue(json.stdout.contains(#""line":2,"id":"uuid:00000000-0000-4000-8000-000000006132","#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""line":3,"id":"uuid:00000000-0000-4000-8000-000000006133","#), json.stdout)
    }

    /// The same submissions as a KoboToolbox JSON export get the same verdicts (Kobo writes
    /// `group/field` keys, repeat items keyed by their full path, numbers as text).
    func testAKoboExportOfTheSameSubmissionsGetsTheSameVerdicts() throws {
        let form = try writeForm()
        let export = try write("site.csv", main)
        try write("site-people.csv", people)
        let kobo = try write("site.json", """
            [{"site": "S1", "hh/size": "3", "hh/crops": "maize beans", "hh/loc": "-1.5 36.8 1700 5",
              "people": [{"people/pname": "Ann", "people/page": "30"}], "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006131", "_id": 1},
             {"hh/size": "0", "hh/crops": "maize rice", "hh/loc": "95 36.8",
              "people": [{"people/page": "130"}], "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006132", "_id": 2},
             {"site": "S,3", "hh/size": "2", "people": [{"people/pname": "Cy", "people/page": "119"},
              {"people/pname": "Di", "people/page": "120"}], "_uuid": "a3", "_id": 3}]
            """)
        let odk = try Formsmith.run(["validate", "--rules", form, export])
        let koboRun = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, kobo])
        XCTAssertEqual(koboRun.status, 1, koboRun.stderr)
        // Kobo's third submission has no meta/instanceID: it is named by its _uuid.
        XCTAssertEqual(koboRun.stdout.replacingOccurrences(of: kobo, with: export)
                        .replacingOccurrences(of: "(id a3)", with: "(id uuid:00000000-0000-4000-8000-000000006133)"), odk.stdout)
        XCTAssertTrue(koboRun.stdout.contains("\(kobo):3 (id a3)\n"), koboRun.stdout)
    }

    /// `--input-format odk-csv` reads a main file whatever its name; a repeat file that is not
    /// beside it is said (its items read as none), and a repeat file named on its own is not
    /// read as questionnaires. A file that is not an export is one unreadable record.
    func testInputFormatOdkCSVAMissingRepeatFileAndAFileThatIsNotAnExport() throws {
        let form = try writeForm()
        let export = try write("download.csv", main)
        let repeatFile = try write("elsewhere-people.csv", people)
        let notExport = try write("plain.csv", "site,hh.size\nS1,3\n")
        let run = try Formsmith.run(["validate", "--input-format", "odk-csv", "--rules", form, export, repeatFile, notExport])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(path("download-people.csv")): not found beside the main file: that "
                                          + "repeat's items are read as none"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(repeatFile): a repeat file of an ODK Central export (it has PARENT_KEY)"),
                      run.stderr)
        // Without people: submission 1 valid; 2 loses its person's two violations; 3 is valid.
        XCTAssertTrue(run.stdout.contains("\(export):2 (id uuid:00000000-0000-4000-8000-000000006132)\n  site: is required [required]\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("people["), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(notExport):1\n  unreadable: \(notExport): not an ODK Central CSV export: "
                                          + "it has no KEY column"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 1 invalid, 1 unreadable"), run.stdout)
        // A plain questionnaire CSV is still read as one (no KEY column: not taken for an export).
        let plain = try Formsmith.run(["validate", "--rules", form, notExport])
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertTrue(plain.stdout.contains("1 questionnaire: 1 valid"), plain.stdout)
        XCTAssertFalse(plain.stderr.contains("ODK Central"), plain.stderr)
    }

    /// Each input is recognised as an export by its own header, the others read as usual; looking
    /// for a header never opens a named pipe (that would wait for a writer): a FIFO named .csv is
    /// read as every input is, and the run ends.
    func testExportsBesidePlainInputsAndANamedPipeIsNotOpenedToLookForAHeader() throws {
        let form = try writeForm()
        XCTAssertEqual(mkfifo(path("pipe.csv"), 0o600), 0)
        let export = try write("site.csv", main)
        try write("site-people.csv", people)
        let plain = try write("plain.csv", "site,hh.size\nS1,3\n")
        let run = try Formsmith.run(["validate", "--rules", form, plain, export, path("pipe.csv")])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(export):2 (id uuid:00000000-0000-4000-8000-000000006132)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(export):3 (id uuid:00000000-0000-4000-8000-000000006133)"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\(plain):"), run.stdout)
        // 3 submissions (1 valid), the plain row (valid), the pipe: empty, or one unreadable record.
        XCTAssertTrue(run.stdout.contains("questionnaires: 2 valid, 2 invalid"), run.stdout)
    }

    /// Central's KEYs are unique; a KEY repeated (a merged or hand-edited file) cannot say whose
    /// repeat rows are whose: they join the first submission with it only, and the run says so.
    func testARepeatedKEYIsSaidAndItsRepeatRowsJoinTheFirstSubmissionOnly() throws {
        let form = try writeForm()
        let export = try write("site.csv", """
            SubmissionDate,site,hh-size,meta-instanceID,KEY
            2024-05-01T10:00:00.000Z,S1,3,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131
            2024-05-01T11:00:00.000Z,S2,4,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131

            """)
        try write("site-people.csv", "pname,page,PARENT_KEY,KEY\n,130,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131/people[1]\n")
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        // The person (no name, 130) belongs to submission 1 only: 2 violations there, none in 2.
        XCTAssertTrue(run.stdout.contains("""
            \(export):1 (id uuid:00000000-0000-4000-8000-000000006131)
              people[0].pname: is required [required]
              people[0].page: must be less than 120 [max] (value "130")

            """), run.stdout)
        XCTAssertFalse(run.stdout.contains("\(export):2"), run.stdout)
        XCTAssertTrue(run.stderr.contains("1 submission with the KEY of an earlier one (file lines 3): repeat rows are "
                                          + "joined to the first only, so these have none"), run.stderr)
    }

    /// The zip "Download all submissions (CSV)" gives is read as it is: odk/clinic.zip holds
    /// odk/clinic.csv and its two repeat files (the three submissions of clinic-kobo.json).
    /// By hand from clinic.xlsx: c1 valid; c2 an id not like P0042, pregnancy answered while
    /// hidden (m), a member without a name aged 140 (130 at most), a vaccine after today and one
    /// without a date; c3 aged 121, two members declared for one, 43 weeks. A zip that is not an
    /// export (a workbook) is one unreadable record naming what it holds.
    func testTheZipOfACentralExportIsReadAsItIs() throws {
        let fixtures = "Tests/FormsmithCLITests/Fixtures/xlsform/"
        let notExport = path("workbook.zip")
        try FileManager.default.copyItem(atPath: Formsmith.root.appendingPathComponent(fixtures + "clinic.xlsx").path,
                                         toPath: notExport)
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx",
                                     fixtures + "odk/clinic.zip", notExport])
        XCTAssertEqual(run.status, 1, run.stderr)
        let zip = fixtures + "odk/clinic.zip"
        XCTAssertFalse(run.stdout.contains("\(zip):1"), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            \(zip):2 (id uuid:00000000-0000-4000-8000-000000006332)
              patient_id: an id such as P0042 [regex] (value "X42")
              pregnancy.pregnant: must be empty: it is hidden because `(sex == 'f') && (age >= 12)` is false [visibility] (value "no")
              household.members[0].member_name: is required [required]
              household.members[0].member_age: must be less than 130 [max] (value "140")
              household.members[0].vaccines[0].vaccine_date: not in the future [max] (value "2025-01-01")
              household.members[0].vaccines[1].vaccine_date: is required [required]
            \(zip):3 (id uuid:00000000-0000-4000-8000-000000006333)
              age: must be 0 to 120 [max] (value "121")
              member_count: must equal the number of members [constraint]
              pregnancy.weeks: at most 42 weeks [max] (value "43")

            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(notExport):1\n  unreadable: \(notExport): not an ODK Central export zip: no "
                                          + "FORMID.csv"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 1 valid, 2 invalid, 1 unreadable"), run.stdout)
        XCTAssertTrue(run.stderr.contains("\(zip): clinic-vaccines.csv: 3 repeat rows joined by PARENT_KEY"), run.stderr)

        // --split-output reads every input in its own format: the export is not read as one, and that is said.
        let split = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx",
                                       "--split-output", path("split"), fixtures + "odk/clinic.csv"])
        XCTAssertTrue(split.stderr.contains("\(fixtures)odk/clinic.csv looks like an ODK Central export; with "
                                            + "--split-output it is read as a plain file"), split.stderr)
    }

    /// One cut row of the main file (fewer cells than the header: a file cut short or edited by
    /// hand) is one unreadable submission with the file line that says why; the submissions
    /// around it are still read and checked. A cut row of a repeat file cannot say whose item it
    /// is: then the export is one unreadable record, with that line.
    func testACutRowOfTheMainFileIsOneUnreadableSubmissionOnly() throws {
        let form = try writeForm()
        let export = try write("site.csv", """
            SubmissionDate,site,hh-size,meta-instanceID,KEY
            2024-05-01T10:00:00.000Z,S1,3,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131
            2024-05-01T11:00:00.000Z,S2
            2024-05-02T09:00:00.000Z,S3,0,uuid:00000000-0000-4000-8000-000000006133,uuid:00000000-0000-4000-8000-000000006133

            """)
        try write("site-people.csv", "pname,page,PARENT_KEY,KEY\nAnn,30,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131/people[1]\n")
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        // By hand: a1 valid (S1, 3, Ann 30); the row on line 3 has 2 cells of 5; a3 has size 0 (< 1).
        XCTAssertTrue(run.stdout.contains("""
            \(export):2
              unreadable: \(export):3: 2 cells where the header has 5; the file is cut or was edited by hand (this \
            submission only: the others are read)
            \(export):3 (id uuid:00000000-0000-4000-8000-000000006133)
              hh.size: must be at least 1 [min] (value "0")

            3 questionnaires: 1 valid, 1 invalid, 1 unreadable
            """), run.stdout)
        XCTAssertTrue(run.stderr.contains("\(export): 1 row of \(export) cut (not as many cells as the header; file lines 3): "
                                          + "each one unreadable submission, the others read"), run.stderr)
        let json = try Formsmith.run(["validate", "--report", "json", "--rules", form, export])
        XCTAssertTrue(json.stdout.contains(#""line":2,"unreadable":"\#(export):3: 2 cells where the header has 5"#), json.stdout)

        try write("site-people.csv", "pname,page,PARENT_KEY,KEY\nAnn,30\n")
        let cutRepeat = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertTrue(cutRepeat.stdout.contains("\(export):1\n  unreadable: \(path("site-people.csv")):2: 2 cells where the "
                                                + "header has 4"), cutRepeat.stdout)
        XCTAssertTrue(cutRepeat.stdout.contains("1 questionnaire: 0 valid, 0 invalid, 1 unreadable"), cutRepeat.stdout)
    }
}
