import Foundation
import XCTest

/// Issue 31, items 11 and 12: `export json-schema` says no less than the truth. A multi-choice
/// case's `values` were exported as an empty schema (accepting anything) without a word, and a
/// date as `format: date` alone, which validators ignore by default.
final class SafeExportCommandTests: ScratchFolderTestCase {
    private func export(_ rules: String) throws -> (schema: [String: Any], stderr: String) {
        try write("r.yaml", rules)
        let run = try Formsmith.run(["export", "json-schema", "--rules", "r.yaml"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]), run.stderr)
    }

    func testAMultiChoiceCaseKeepsItsValues() throws {
        let (schema, _) = try export("""
            id: export-case-values
            fields:
              kind: {type: enum, values: [fire, theft]}
              causes:
                type: multi-choice
                values: [shortCircuit, burglary, weather]
                cases:
                  - when: "kind == 'theft'"
                    values: [burglary]
            """)
        // The case's rule: if kind is theft, then causes (when filled) holds only burglary.
        let rules = schema["allOf"] as? [[String: Any]] ?? []
        let text = String(decoding: try JSONSerialization.data(withJSONObject: rules, options: [.sortedKeys]), as: UTF8.self)
        XCTAssertTrue(text.contains(#""items":{"enum":["burglary"],"type":"string"}"#), text)
        XCTAssertTrue(text.contains(#""const":"theft""#), text)
    }

    func testAnISODateHasAPatternAndTheCalendarIsListedAsAGap() throws {
        let (schema, stderr) = try export("id: d\nfields:\n  born: {type: date}\n")
        let born = (schema["properties"] as? [String: Any])?["born"] as? [String: Any]
        XCTAssertEqual(born?["format"] as? String, "date")
        // The layout: four digits, two, two; so 2026-10-03T10:00 no longer passes.
        let pattern = try XCTUnwrap(born?["pattern"] as? String, "\(born ?? [:])")
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ value: String) -> Bool {
            regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
        }
        XCTAssertTrue(matches("2026-10-03"), pattern)
        XCTAssertFalse(matches("2026-10-03T10:00"), pattern)
        XCTAssertFalse(matches("26-10-03"), pattern)
        XCTAssertTrue(stderr.contains("born: type: a real calendar date written yyyy-MM-dd"), stderr)
    }
}
