import Foundation
import XCTest

/// A labelled number defect that cannot exist is listed as not plantable alone (with the
/// reason), not tried and counted as dropped. Worked out by hand:
/// - amount (`multipleOf: 0.05`, `fractionDigits: 2`): every multiple of 0.05 has at most 2
///   digits, so a value with 3 is off the step: no `fraction-digits` defect alone. A value off
///   the step with 2 digits (10.01) exists: `multiple-of` is plantable.
/// - rate (`multipleOf: 0.005`, `fractionDigits: 2`): every hundredth is a multiple of 0.005:
///   no `multiple-of` defect alone; 1.005 has 3 digits and is on the step: `fraction-digits` is.
/// - half (integer, `multipleOf: 0.5`): every whole number is a multiple of 0.5: no
///   `multiple-of` defect alone (a value off the step is not a whole number).
/// - coarse (`multipleOf: 0.25`, `fractionDigits: 1`): 0.25 has 2 digits, and 0.1 is not a
///   multiple of 0.25: both defects exist.
/// - trips[].legs[].km (lists inside lists, `multipleOf: 0.5`, `fractionDigits: 1`): 0.5 has 1
///   digit: no `fraction-digits` defect alone; 0.1 is off the step: `multiple-of` is plantable.
/// - toll: its case narrows `fractionDigits` to 1 when it holds, so the field's own rules do not
///   decide for every questionnaire: it is not listed, and what fails is counted as dropped.
final class UnplantableNumberDefectCommandTests: ScratchFolderTestCase {
    func testDefectsThatCannotExistAreListedNotDropped() throws {
        let rules = try write("rules.yaml", """
            id: unplantable
            fields:
              kind: {type: enum, values: [cash, card]}
              amount: {type: decimal, min: 0, max: 100, fractionDigits: 2, multipleOf: 0.05}
              rate: {type: decimal, min: 1, max: 2, fractionDigits: 2, multipleOf: 0.005}
              half: {type: integer, min: 0, max: 10, multipleOf: 0.5}
              coarse: {type: decimal, min: -3, max: 3, fractionDigits: 1, multipleOf: 0.25}
              toll:
                type: decimal
                min: 0
                max: 50
                fractionDigits: 2
                multipleOf: 0.05
                cases:
                  - when: "kind == 'cash'"
                    fractionDigits: 1
            sections:
              trips:
                type: list
                minItems: 2
                maxItems: 2
                fields:
                  legs:
                    type: list
                    minItems: 2
                    maxItems: 2
                    fields:
                      km: {type: decimal, min: 0, max: 1000, fractionDigits: 1, multipleOf: 0.5}

            """)
        let output = path("out.jsonl")
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "7", "--invalid-rate", "1",
                                     "--labels", labels, "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let note = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("formsmith: note: ") }, run.stderr)
        XCTAssertEqual(Array(lines[note..<min(lines.count, note + 5)]), [
            "formsmith: note: 4 defects cannot be planted alone in any questionnaire of these rules, so no invalid "
                + "questionnaire carries them:",
            "  amount [fraction-digits]: every number that is a multiple of 0.05 has at most 2 digits after the decimal "
                + "point, so one with more than 2 digits is off the step and breaks `multiple-of` too",
            "  rate [multiple-of]: every number with at most 2 digits after the decimal point is a multiple of 0.005, so "
                + "a value off the step breaks `fraction-digits` too",
            "  half [multiple-of]: every whole number is a multiple of 0.5, so a value off the step is not a whole number "
                + "(`type`)",
            "  trips[].legs[].km [fraction-digits]: every number that is a multiple of 0.5 has at most 1 digit after the "
                + "decimal point, so one with more than 1 digit is off the step and breaks `multiple-of` too",
        ], run.stderr)
        XCTAssertTrue(lines.last?.hasSuffix("; 4 defects not plantable alone (listed above)") ?? false, run.stderr)
        // Dropped: only toll's, whose case decides per questionnaire (counted and said).
        let dropped = lines.filter { $0.hasPrefix("  ") && $0.hasSuffix("dropped") }
            .map { String($0.split(separator: ":")[0]).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(Set(dropped).subtracting(["toll [fraction-digits]", "toll [multiple-of]"]), [], run.stderr)

        let text = try String(contentsOfFile: labels, encoding: .utf8)
        var seen: Set<String> = []
        for line in text.split(separator: "\n") {
            let label = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let field = (label["field"] as! String).replacingOccurrences(of: "[0]", with: "[]")
                .replacingOccurrences(of: "[1]", with: "[]")
            seen.insert("\(field) \(label["rule"] as! String)")
        }
        XCTAssertEqual(text.split(separator: "\n").count, 400)
        for never in ["amount fraction-digits", "rate multiple-of", "half multiple-of", "trips[].legs[].km fraction-digits"] {
            XCTAssertFalse(seen.contains(never), never)
        }
        for planted in ["amount multiple-of", "rate fraction-digits", "coarse fraction-digits", "coarse multiple-of",
                        "trips[].legs[].km multiple-of"] {
            XCTAssertTrue(seen.contains(planted), "\(planted) never planted: \(seen.sorted())")
        }
    }
}
