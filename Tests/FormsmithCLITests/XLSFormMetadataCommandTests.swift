import Foundation
import XCTest

/// ODK's `meta` group as the import gives it, through the binary: `instanceID` and
/// `deprecatedID` are `uuid:` and a UUID (as JavaRosa and Enketo write them), `instanceName`
/// is a field only when the settings sheet has an `instance_name`; generated submissions carry
/// instanceIDs of that shape. Verdicts worked out by hand.
final class XLSFormMetadataCommandTests: ScratchFolderTestCase {
    private func writeForm(instanceName: Bool) throws -> String {
        try write("visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | settings | | | |
            | | form_id | \(instanceName ? "instance_name" : "version") | |
            | | visit | \(instanceName ? "concat(${site}, '-', today())" : "1") | |

            """)
    }

    func testTheImportWritesInstanceIDAsAUUIDAndInstanceNameOnlyWithItsSetting() throws {
        let plain = try Formsmith.run(["import", "xlsform", try writeForm(instanceName: false)])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let pattern = #"regex: "^uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$""#
        XCTAssertTrue(plain.stdout.contains("""
                  instanceID:
                    type: string
                    optional: true
                    \(pattern)
            """), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("""
                  deprecatedID:
                    type: string
                    optional: true
                    \(pattern)
            """), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("instanceName:"), plain.stdout)
        let named = try Formsmith.run(["import", "xlsform", try writeForm(instanceName: true)])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stdout.contains("""
                  # metadata instanceName: the settings' instance_name `concat(${site}, '-', today())` (not computed)
                  instanceName:
                    type: string
                    optional: true
            """), named.stdout)
    }

    /// 1: a UUID instanceID and an instanceName the form names: valid. 2: neither ID a UUID:
    /// two regex violations. 3: `UUID:` in capitals is not the `uuid:` prefix: regex. Without
    /// instance_name, submission 1's instanceName is a key the form does not have.
    func testAKoboExportIsCheckedForTheShapeOfItsIDs() throws {
        let export = try write("visit.json", """
            [{"site": "S1", "meta/instanceID": "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "meta/instanceName": "S1-2024-05-01"},
             {"site": "S2", "meta/instanceID": "uuid:not-a-uuid", "meta/deprecatedID": "2"},
             {"site": "S3", "meta/instanceID": "UUID:6F1C2D3E-4A5B-4C6D-8E7F-9A0B1C2D3E4F"}]
            """)
        let message = "must be uuid: and a UUID, such as uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f [regex]"
        let named = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules",
                                       try writeForm(instanceName: true), export])
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertTrue(named.stdout.hasPrefix("""
            \(export):2 (id uuid:not-a-uuid)
              meta.instanceID: \(message) (value "uuid:not-a-uuid")
              meta.deprecatedID: \(message) (value "2")
            \(export):3 (id UUID:6F1C2D3E-4A5B-4C6D-8E7F-9A0B1C2D3E4F)
              meta.instanceID: \(message) (value "UUID:6F1C2D3E-4A5B-4C6D-8E7F-9A0B1C2D3E4F")

            3 questionnaires: 1 valid, 2 invalid, 0 unreadable
            """), named.stdout)
        let plain = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules",
                                       try writeForm(instanceName: false), export])
        XCTAssertTrue(plain.stdout.hasPrefix("""
            \(export):1 (id uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f)
              meta.instanceName: is not a field of this questionnaire (did you mean 'instanceID'?) [unknown-field] \
            (value "S1-2024-05-01")
            """), plain.stdout)
    }

    /// Every optional field filled: each generated instanceID (and deprecatedID) is `uuid:` and
    /// a UUID in lowercase, as Central's are, checked here with a pattern of the test's own; no
    /// instanceName without its setting.
    func testGeneratedSubmissionsCarryUUIDInstanceIDs() throws {
        let output = path("visits.json")
        let run = try Formsmith.run(["generate", "--rules", try writeForm(instanceName: false), "--count", "20",
                                     "--seed", "1", "--optional-rate", "1", "--shape", "kobo-json", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let submissions = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
                                        as? [[String: Any]])
        XCTAssertEqual(submissions.count, 20)
        let uuid = try NSRegularExpression(pattern: "^uuid:[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$")
        for submission in submissions {
            for key in ["meta/instanceID", "meta/deprecatedID"] {
                let id = try XCTUnwrap(submission[key] as? String, "\(key) in \(submission)")
                XCTAssertEqual(uuid.numberOfMatches(in: id, range: NSRange(id.startIndex..., in: id)), 1, id)
            }
            XCTAssertNil(submission["meta/instanceName"], "\(submission)")
        }
    }
}
