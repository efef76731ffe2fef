import Foundation
import XCTest

/// Number defects of fields whose `cases` add number rules are decided for every combination of
/// the cases (issue 22). Worked out by hand:
/// - amount (`multipleOf: 0.05`, `fractionDigits: 2`; a case adds `max: 50`): in either
///   combination every multiple of 0.05 has at most 2 digits, so a value with 3 is off the step:
///   `fraction-digits` is listed. (Before, a field with number cases was not decided, and its 18
///   tries in this run were counted as dropped.)
/// - n (1...9, `multipleOf: 3`; a case adds `const: 3`): without the case `min` (0), `max` (12)
///   and `multiple-of` (a value one unit from a multiple of 3, within 1...9) are plantable, so
///   none is listed; with it only `const`'s defect is offered: the nearest other value 1...9 and
///   the step allow, 6 (before, that field's defects were tried and 9 dropped in this run, and
///   93 questionnaires were rebuilt).
final class UnplantableCaseDefectCommandTests: ScratchFolderTestCase {
    func testEachCombinationOfCasesDecides() throws {
        let rules = try write("rules.yaml", """
            id: u
            fields:
              kind: {type: enum, values: [a, b]}
              amount:
                type: decimal
                min: 0
                max: 100
                fractionDigits: 2
                multipleOf: 0.05
                cases:
                  - when: "kind == 'a'"
                    max: 50
              n:
                type: integer
                min: 1
                max: 9
                multipleOf: 3
                cases:
                  - when: "kind == 'a'"
                    const: 3

            """)
        let output = path("out.jsonl")
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "200", "--seed", "5", "--invalid-rate", "1",
                                     "--labels", labels, "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").prefix(2).map(String.init), [
            "formsmith: note: 1 defect cannot be planted alone in any questionnaire of these rules, so no invalid "
                + "questionnaire carries it:",
            "  amount [fraction-digits]: every number that is a multiple of 0.05 has at most 2 digits after the decimal "
                + "point, so one with more than 2 digits is off the step and breaks `multiple-of` too, whichever of its "
                + "cases hold",
        ], run.stderr)
        XCTAssertFalse(run.stderr.contains("dropped"), run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)

        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let labelled = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n")
        var seen: [String: Set<String>] = [:]
        for (line, label) in zip(records, labelled) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(label.utf8)) as? [String: Any])
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["field"] as? String == "n", let n = record["n"] as? Int, let kind = record["kind"] as? String
            else { continue }
            seen["\(kind) \(object["rule"] as! String)", default: []].insert(String(n))
        }
        XCTAssertEqual(seen["a const"], ["6"], "\(seen)")
        XCTAssertEqual(seen["b min"], ["0"], "\(seen)")
        XCTAssertEqual(seen["b max"], ["12"], "\(seen)")
        XCTAssertTrue(seen["b multiple-of"]?.isSubset(of: ["1", "2", "4", "5", "7", "8"]) ?? false, "\(seen)")
        XCTAssertNil(seen["a min"], "\(seen)")
        XCTAssertNil(seen["a multiple-of"], "\(seen)")
        // Valid questionnaires keep the case's constant.
        let valid = try Formsmith.run(["generate", "--rules", rules, "--count", "40", "--seed", "5"])
        XCTAssertEqual(valid.status, 0, valid.stderr)
        for line in valid.stdout.split(separator: "\n") where line.contains("\"kind\":\"a\"") {
            XCTAssertTrue(line.contains("\"n\":3"), String(line))
        }
    }
}
