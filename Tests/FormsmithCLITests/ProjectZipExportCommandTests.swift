import Foundation
import XCTest

/// The zip ODK Central's "Download all submissions (CSV)" gives, in a project run (no
/// `--rules`): found in a folder or named, routed to a form, it is read as `validate --rules`
/// reads it; a zip that cannot be read, or that no glob routes to a form, is one unreadable
/// record naming the file and why, and the other inputs are still checked.
///
/// Verdicts by hand from clinic.xlsx and odk/clinic.zip (clinic.csv and its two repeat files:
/// the three submissions of clinic.jsonl): c1 (…6331) valid; c2 (…6332) an id not like
/// P0042, pregnancy answered while hidden (sex m), a member without a name aged 140 (130 at
/// most), a vaccine dated 2025-01-01 (after today, 2024-06-01) and one without a date; c3
/// (…6333) aged 121 (120 at most), two members declared for the one listed, 43 weeks (42 at
/// most).
final class ProjectZipExportCommandTests: XCTestCase {
    static let fixtures = Formsmith.root.appendingPathComponent("Tests/FormsmithCLITests/Fixtures/xlsform")

    static let c2 = """
          patient_id: an id such as P0042 [regex] (value "X42")
          pregnancy.pregnant: must be empty: it is hidden because `(sex == 'f') && (age >= 12)` is false [visibility] (value "no")
          household.members[0].member_name: is required [required]
          household.members[0].member_age: must be less than 130 [max] (value "140")
          household.members[0].vaccines[0].vaccine_date: not in the future [max] (value "2025-01-01")
          household.members[0].vaccines[1].vaccine_date: is required [required]
        """
    static let c3 = """
          age: must be 0 to 120 [max] (value "121")
          member_count: must equal the number of members [constraint]
          pregnancy.weeks: at most 42 weeks [max] (value "43")
        """

    private func clinicProject(inputs: String) throws -> ProjectFolder {
        let folder = try ProjectFolder()
        try folder.write("formsmith.yaml", "formsmith: 1\nforms:\n  clinic: forms/clinic.xlsx\ninputs:\n\(inputs)")
        try folder.copy(Self.fixtures.appendingPathComponent("clinic.xlsx"), to: "forms/clinic.xlsx")
        try folder.copy(Self.fixtures.appendingPathComponent("odk/clinic.zip"), to: "in/clinic.zip")
        return folder
    }

    /// A folder holding the zip and a JSON Lines file of the same three submissions: the zip's
    /// records are those of the direct `validate --rules` of it (same verdicts, named by
    /// instanceID), the JSON Lines file's by line, and all six are counted.
    func testAZipRoutedToAFormIsValidatedAsTheDirectRunValidatesIt() throws {
        let folder = try clinicProject(inputs: "  in/*: clinic\n")
        try folder.copy(Self.fixtures.appendingPathComponent("clinic.jsonl"), to: "in/clinic.jsonl")
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "in"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("""
            in/clinic.zip:2 (id uuid:00000000-0000-4000-8000-000000006332) [clinic]
            \(Self.c2)
            in/clinic.zip:3 (id uuid:00000000-0000-4000-8000-000000006333) [clinic]
            \(Self.c3)
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("in/clinic.jsonl:2 [clinic]\n\(Self.c2)\nin/clinic.jsonl:3 [clinic]\n\(Self.c3)"),
                      run.stdout)
        XCTAssertFalse(run.stdout.contains("in/clinic.zip:1 "), run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 2 valid, 4 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stdout.contains("clinic  6 questionnaires: 2 valid, 4 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stderr.contains("in/clinic.zip: 3 submissions of an ODK Central CSV export"), run.stderr)
        XCTAssertTrue(run.stderr.contains("in/clinic.zip: clinic-vaccines.csv: 3 repeat rows joined by PARENT_KEY"), run.stderr)

        // The direct run of the same zip gives the same records (without the form's name).
        let direct = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", "forms/clinic.xlsx", "in/clinic.zip"],
                                       directory: folder.url)
        XCTAssertEqual(direct.status, 1, direct.stderr)
        XCTAssertTrue(direct.stdout.contains("""
            in/clinic.zip:2 (id uuid:00000000-0000-4000-8000-000000006332)
            \(Self.c2)
            in/clinic.zip:3 (id uuid:00000000-0000-4000-8000-000000006333)
            \(Self.c3)
            """), direct.stdout)
        XCTAssertTrue(direct.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), direct.stdout)

        // Named on the command line, the zip is read the same way; JSON names each record by its instanceID.
        let named = try Formsmith.run(["validate", "--today", "2024-06-01", "--report", "json", "in/clinic.zip"],
                                      directory: folder.url)
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertTrue(named.stdout.contains(#"{"file":"in/clinic.zip","form":"clinic","line":3,"id":"uuid:00000000-0000-4000-8000-000000006333","errors":[{"field":"age""#),
                      named.stdout)
        XCTAssertTrue(named.stdout.contains(#""summary":{"records":3,"valid":1,"invalid":2,"unreadable":0"#), named.stdout)
    }

    /// A broken zip, a zip that is no Central export, and a zip no glob routes to a form are
    /// each one unreadable record naming the file and why; the export beside them is still
    /// validated and every record counted.
    func testAZipThatCannotBeReadIsOneUnreadableRecordNamingIt() throws {
        let folder = try clinicProject(inputs: "  in/*: clinic\n")
        try folder.write("in/broken.zip", "PK\u{3}\u{4}cut short")
        try folder.copy(Self.fixtures.appendingPathComponent("clinic.xlsx"), to: "in/workbook.zip")
        try folder.copy(Self.fixtures.appendingPathComponent("odk/clinic.zip"), to: "stray/clinic.zip")
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "in", "stray"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("in/broken.zip:1 [clinic]\n  unreadable: in/broken.zip: not an ODK Central export "
                                          + "zip (it cannot be opened as a zip archive"), run.stdout)
        XCTAssertTrue(run.stdout.contains("in/workbook.zip:1 [clinic]\n  unreadable: in/workbook.zip: not an ODK Central "
                                          + "export zip: no FORMID.csv"), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            stray/clinic.zip:1 [(unrouted)]
              unreadable: a .zip is read as the zip of ODK Central's "Download all submissions (CSV)" with the rules \
            of the form the project routes it to, and no glob of the project routes it to a form: route it to its form \
            in `inputs` (such as `stray/clinic.zip: FORM`)
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("in/clinic.zip:3 (id uuid:00000000-0000-4000-8000-000000006333) [clinic]\n\(Self.c3)"),
                      run.stdout)
        // 3 submissions + 3 unreadable zips.
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 1 valid, 2 invalid, 3 unreadable"), run.stdout)

        // --split-output writes each input's records in its own format: a zip is not split, and says so.
        let split = try Formsmith.run(["validate", "--today", "2024-06-01", "--split-output", "out", "in/clinic.zip"],
                                      directory: folder.url)
        XCTAssertEqual(split.status, 1, split.stdout + split.stderr)
        XCTAssertTrue(split.stdout.contains("in/clinic.zip:1 [clinic]\n  unreadable: the zip of an ODK Central CSV export is "
                                            + "not split"), split.stdout)
        XCTAssertTrue(split.stdout.contains("1 questionnaire: 0 valid, 0 invalid, 1 unreadable"), split.stdout)
    }

    /// `validate --rules` of a folder reads the zips in it as a project run does (they were
    /// left out unsaid: only .json, .jsonl and .csv files were listed); with --split-output
    /// each is one unreadable record.
    func testWithRulesAFoldersZipIsReadAsTheExportItIs() throws {
        let folder = try clinicProject(inputs: "  in/*: clinic\n")
        try folder.write("in/broken.zip", "PK\u{3}\u{4}cut short")
        let run = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", "forms/clinic.xlsx", "in"],
                                    directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("""
            in/clinic.zip:2 (id uuid:00000000-0000-4000-8000-000000006332)
            \(Self.c2)
            in/clinic.zip:3 (id uuid:00000000-0000-4000-8000-000000006333)
            \(Self.c3)
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("in/broken.zip:1\n  unreadable: in/broken.zip: not an ODK Central export zip"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 1 valid, 2 invalid, 1 unreadable"), run.stdout)

        let split = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", "forms/clinic.xlsx",
                                       "--split-output", "out", "in"], directory: folder.url)
        XCTAssertEqual(split.status, 1, split.stdout + split.stderr)
        XCTAssertTrue(split.stdout.contains("in/clinic.zip:1\n  unreadable: the zip of an ODK Central CSV export is not "
                                            + "split"), split.stdout)
        XCTAssertTrue(split.stdout.contains("2 questionnaires: 0 valid, 0 invalid, 2 unreadable"), split.stdout)
    }
}

extension ProjectFolder {
    /// Copies the file at `source` to `name` (folders created).
    func copy(_ source: URL, to name: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: file)
    }
}
