import Foundation
import XCTest

/// An optional field that a required field names as its `parent` is filled whenever that
/// child will be required and visible: left empty by chance, it made the child unfillable and
/// the questionnaire was rebuilt (the commonest rebuild of the differential test's random
/// forms without assertions).
final class GenerateParentCommandTests: ScratchFolderTestCase {
    /// `detail` is always required and names `note` as its parent, so `note` is filled in
    /// every questionnaire; `reason` is required only when `kind` is `away`, and `kind` comes
    /// before `extra`, so `extra` is filled in every `away` questionnaire and, for `home`, left
    /// empty at the optional rate (0.5 here: half, ±15 points on about 200).
    func testAnOptionalParentOfARequiredFieldIsFilledWithNothingRebuilt() throws {
        let rules = try write("parents.yaml", """
            id: parents
            fields:
              kind: {type: enum, values: [home, away]}
              note: {type: string, regex: '^[a-z]{3}$', optional: true}
              detail: {type: enum, values: [a, b], parent: note}
              extra: {type: string, regex: '^[a-z]{2}$', optional: true}
              reason: {type: enum, values: [x, y], requiredIf: "kind == 'away'", parent: extra}
            """)
        let output = path("parents.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "5",
                                     "--optional-rate", "0.5", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 400 questionnaires to \(output); nothing discarded\n")
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(records.count, 400)
        XCTAssertEqual(records.filter { $0["note"] == nil || $0["detail"] == nil }.count, 0)
        let away = records.filter { $0["kind"] as? String == "away" }
        let home = records.filter { $0["kind"] as? String == "home" }
        XCTAssertEqual(away.filter { $0["extra"] == nil || $0["reason"] == nil }.count, 0)
        let emptyExtra = home.filter { $0["extra"] == nil }.count
        XCTAssertGreaterThan(home.count, 150)
        XCTAssertTrue((35...65).contains(100 * emptyExtra / max(home.count, 1)),
                      "extra empty in \(emptyExtra) of \(home.count) home questionnaires; the rules leave it free there")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }
}
