import Foundation
import XCTest

/// A KoboToolbox JSON export recognised by its content, whatever its name (as OData responses
/// and ODK Central CSV files are): a JSON array, or the API's `{"results": [...]}`, naming a key
/// only Kobo writes (`_uuid`, `_submission_time`, `formhub/uuid`, …). A plain JSON document of
/// questionnaires is still read as one. Verdicts worked out by hand.
final class KoboDetectionCommandTests: ScratchFolderTestCase {
    /// site (required, at least two letters); group hh: size (at least 1).
    private func writeForm() throws -> String {
        try write("site.md", """
            | survey | | | | |
            | | type | name | constraint | required |
            | | text | site | string-length(.) >= 2 | yes |
            | | begin group | hh | | |
            | | integer | size | . >= 1 | |
            | | end group | | | |

            """)
    }

    /// 1: valid. 2: site "S" is one letter (constraint → min-length); hh/size "0" below 1 (min).
    private let submissions = """
        {"_id": 1, "_uuid": "b1", "_submission_time": "2024-05-01T10:00:00", "formhub/uuid": "f",
         "site": "S1", "hh/size": "3", "meta/instanceID": "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e41"},
        {"_id": 2, "_uuid": "b2", "_submission_time": "2024-05-01T11:00:00", "formhub/uuid": "f",
         "site": "S", "hh/size": "0", "meta/instanceID": "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e42"}
        """

    private func expected(_ export: String) -> String {
        """
        \(export):2 (id uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e42)
          site: must be at least 2 characters long (it has 1) [min-length] (value "S")
          hh.size: must be at least 1 [min] (value "0")

        2 questionnaires: 1 valid, 1 invalid, 0 unreadable
        """
    }

    func testAKoboArrayNamedAnyhowIsReadAsAnExport() throws {
        let form = try writeForm()
        let export = try write("download.txt", "[\(submissions)]")
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(expected(export)), run.stdout)
        XCTAssertTrue(run.stderr.contains("\(export): 2 submissions of a KoboToolbox export, record N its Nth submission; "
                                          + "server keys not checked: _id (2), _submission_time (2), _uuid (2), formhub/uuid (2)"),
                      run.stderr)
    }

    func testTheAPIsResultsObjectIsReadAsAnExport() throws {
        let form = try writeForm()
        let export = try write("page.json", #"{"count": 2, "next": null, "previous": null, "results": ["# + submissions + "]}")
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(expected(export)), run.stdout)
    }

    /// A JSON document of questionnaires in the rule file's shape (no Kobo key) is not taken for
    /// an export: its `hh` object is read as it is, and nothing is said of Kobo.
    func testPlainJSONQuestionnairesAreNotTakenForAnExport() throws {
        let form = try writeForm()
        let plain = try write("plain.json", #"[{"site": "S1", "hh": {"size": 3}}, {"site": "S2", "hh": {"size": 0}}]"#)
        let run = try Formsmith.run(["validate", "--rules", form, plain])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("hh.size: must be at least 1 [min] (value \"0\")"), run.stdout)
        XCTAssertFalse(run.stderr.contains("KoboToolbox"), run.stderr)
    }

    /// `generate --shape kobo-json` writes no server keys, but `meta/instanceID` as one key,
    /// which only a Kobo export holds: read back without --input-format, as an export, valid.
    func testAGeneratedKoboExportIsRecognisedByItsInstanceIDKey() throws {
        let form = try writeForm()
        let output = path("generated.json")
        let generated = try Formsmith.run(["generate", "--rules", form, "--count", "5", "--seed", "1", "--optional-rate", "1",
                                           "--shape", "kobo-json", "--output", output])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let run = try Formsmith.run(["validate", "--rules", form, output])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 5 valid, 0 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stderr.contains("\(output): 5 submissions of a KoboToolbox export"), run.stderr)
    }
}
