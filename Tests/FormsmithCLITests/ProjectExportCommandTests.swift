import Foundation
import XCTest

/// Server exports in a project run (no `--rules`): an ODK Central CSV file, an OData response
/// and a KoboToolbox export routed to a form are recognised by their content and read with that
/// form's rules, as `--rules` reads them; each record is named by its instanceID and its form.
/// Verdicts worked out by hand.
final class ProjectExportCommandTests: XCTestCase {
    /// An export's name (found by the project's glob) and its server keys come from data: they
    /// are written escaped on standard error (they were written raw), so an escape sequence or a
    /// line break in either cannot act on the terminal or forge a line.
    func testAnExportsNameAndServerKeysAreWrittenEscaped() throws {
        let folder = try ProjectFolder()
        try folder.write("forms/visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |

            """)
        try folder.write("formsmith.yaml", "formsmith: 1\nforms:\n  visit: forms/visit.md\ninputs:\n  in/*: visit\n")
        try folder.write("in/k\u{1B}[2J\nformsmith: all fine.json", """
            [{"_id": 1, "_uuid": "k1", "_x\\u001b[31m": 1, "site": "S1",
              "meta/instanceID": "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e41"}]
            """)
        let run = try Formsmith.run(["validate", "in"], directory: folder.url)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("in/k\\u{1B}[2J\\u{A}formsmith: all fine.json: 1 submission of a KoboToolbox "
                                          + "export, record N its Nth submission; server keys not checked: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("_x\\u{1B}[31m (1)"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\nformsmith: all fine"), run.stderr)
    }

    func testExportsRoutedToAFormAreReadAsExportsWithItsRules() throws {
        let folder = try ProjectFolder()
        // site (required); photo (an image, required).
        try folder.write("forms/visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | | image | photo | yes |

            """)
        try folder.write("formsmith.yaml", """
            formsmith: 1
            forms:
              visit: forms/visit.md
            inputs:
              in/*: visit
            """)
        let first = "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e41"
        let second = "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e42"
        // In each export, submission 1 is valid (photo.jpg is an image/*); submission 2 has no
        // site (required) and notes.pdf for its photo (media-type).
        try folder.write("in/visit.csv", """
            SubmissionDate,site,photo,meta-instanceID,KEY
            2024-05-01T10:00:00.000Z,S1,photo.jpg,\(first),\(first)
            2024-05-01T11:00:00.000Z,,notes.pdf,\(second),\(second)

            """)
        try folder.write("in/central.json", """
            {"@odata.context": "https://central.example/v1/projects/1/forms/visit.svc/$metadata#Submissions",
             "value": [{"__id": "\(first)", "site": "S1", "photo": "photo.jpg", "meta": {"instanceID": "\(first)"}},
                       {"__id": "\(second)", "site": null, "photo": "notes.pdf", "meta": {"instanceID": "\(second)"}}]}
            """)
        try folder.write("in/kobo.json", """
            [{"_id": 1, "_uuid": "k1", "site": "S1", "photo": "photo.jpg", "meta/instanceID": "\(first)"},
             {"_id": 2, "_uuid": "k2", "photo": "notes.pdf", "meta/instanceID": "\(second)"}]
            """)
        let run = try Formsmith.run(["validate", "in"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        for export in ["in/central.json", "in/kobo.json", "in/visit.csv"] {
            XCTAssertTrue(run.stdout.contains("""
                \(export):2 (id \(second)) [visit]
                  site: is required [required]
                  photo: has media type application/pdf; allowed: image/* [media-type] (value "application/pdf")

                """), run.stdout)
            XCTAssertFalse(run.stdout.contains("\(export):1 "), run.stdout)
        }
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 3 valid, 3 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stderr.contains("in/central.json: 2 submissions of an ODK Central OData response"), run.stderr)
        XCTAssertTrue(run.stderr.contains("in/kobo.json: 2 submissions of a KoboToolbox export"), run.stderr)
        XCTAssertTrue(run.stderr.contains("in/visit.csv: 2 submissions of an ODK Central CSV export"), run.stderr)
        // --split-output writes each input's records in its own format: the exports are read as
        // the plain files they are, and each is said.
        let split = try Formsmith.run(["validate", "--split-output", "out", "in"], directory: folder.url)
        XCTAssertTrue(split.stderr.contains("formsmith: in/kobo.json looks like a KoboToolbox JSON export; with "
                                            + "--split-output it is read as a plain file (not rewritten): leave out "
                                            + "--split-output to read it as an export"), split.stderr)
        XCTAssertTrue(split.stderr.contains("formsmith: in/central.json looks like an ODK Central OData response"), split.stderr)
        XCTAssertTrue(split.stderr.contains("formsmith: in/visit.csv looks like an ODK Central export"), split.stderr)
    }

    /// Two forms, an export each with one photo answered by a file name: the notice that their
    /// size and content are not checkable is said once for the run, with both counted.
    func testTheAttachmentNoticeIsSaidOnceAcrossForms() throws {
        let folder = try ProjectFolder()
        for form in ["a", "b"] {
            try folder.write("forms/\(form).md", """
                | survey | | | |
                | | type | name | required |
                | | image | photo | yes |

                """)
            try folder.write("in/\(form)/export.json", """
                {"@odata.context": "https://central.example/v1/projects/1/forms/\(form).svc/$metadata#Submissions",
                 "value": [{"__id": "x", "photo": "p.png"}]}
                """)
        }
        try folder.write("formsmith.yaml", """
            formsmith: 1
            forms:
              a: forms/a.md
              b: forms/b.md
            inputs:
              in/a/*: a
              in/b/*: b
            """)
        let run = try Formsmith.run(["validate", "in"], directory: folder.url)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 2 valid, 0 invalid, 0 unreadable"), run.stdout)
        XCTAssertEqual(run.stderr.components(separatedBy: "attachment answer").count, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: 2 attachment answers of the exports given as a file name"), run.stderr)
    }
}
