import Foundation
import XCTest

/// An assertion that an optional field meets by being empty (`empty(x) || x > y`): the solver
/// took the later optional `x` as filled, so a `y` at its maximum (10, with `x` at most 10)
/// was settled to a smaller value every time, and `y = 10` never came out (0 of 5,000), although
/// the rules allow it with `x` empty.
final class GenerateOptionalAssertionCommandTests: ScratchFolderTestCase {
    /// Worked out by hand: `y` is free (any `y` has a valid questionnaire, with `x` empty), so
    /// each of its 11 values keeps 1/11 (9.1%, ±2 points on 5,000). `x` is filled at the
    /// optional rate (0.5) and then must exceed `y`; with `y = 10` no `x` does, so it is left
    /// empty: empty in 0.5 + 0.5 × 1/11 = 54.5% (±3 points), and empty in every questionnaire
    /// with `y = 10`.
    func testAnOptionalFieldLeftEmptyKeepsTheOtherFieldFree() throws {
        let rules = try write("optional.yaml", """
            id: optional
            fields:
              y: {type: integer, min: 0, max: 10}
              x: {type: integer, min: 0, max: 10, optional: true}
            assert:
              - that: "empty(x) || x > y"
                rule: x-above-y
            """)
        let output = path("optional.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5000", "--seed", "1", "--optional-rate", "0.5",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("formsmith: wrote 5000 questionnaires to \(output); nothing discarded\n"), run.stderr)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(records.count, 5000)
        let atTen = records.filter { $0["y"] as? Int == 10 }
        XCTAssertTrue((350...550).contains(atTen.count), "y = 10 in \(atTen.count) of 5,000; the rules leave it 1/11")
        XCTAssertEqual(atTen.filter { $0["x"] != nil }.count, 0)
        let empty = records.filter { $0["x"] == nil }.count
        XCTAssertTrue((2_575...2_875).contains(empty), "x empty in \(empty) of 5,000; 54.5% expected")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }
}
