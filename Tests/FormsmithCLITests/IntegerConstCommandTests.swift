import Foundation
import XCTest

/// `const` on an integer field narrows the number domain to its one value (issue #22): a
/// constant the field's other rules refuse is reported as unsatisfiable, one they allow is
/// generated, and its labelled defect is another value every other rule allows, or it is
/// listed as not plantable. Expected outputs worked out by hand.
final class IntegerConstCommandTests: ScratchFolderTestCase {
    func testAConstantTheOtherRulesRefuseIsUnsatisfiable() throws {
        // By hand: 3 is above max 2; 3 is below min 5 and not a multiple of 2.
        let cases: [(String, String)] = [
            ("{type: integer, const: 3, max: 2}",
             "n: [const] const 3 breaks `max` (at most 2), so no value can be valid; change 'const' or the rule it breaks"),
            ("{type: integer, const: 3, min: 5, multipleOf: 2}",
             "n: [const] const 3 breaks `min` (at least 5) and `multiple-of` (a multiple of 2), so no value can be "
                + "valid; change 'const' or the rule it breaks"),
            ("{type: integer, const: 3, exclusiveMax: 3}",
             "n: [const] const 3 breaks `max` (less than 3), so no value can be valid; change 'const' or the rule it breaks"),
        ]
        for (field, message) in cases {
            let rules = try write("rules.yaml", "id: c\nfields:\n  n: \(field)\n")
            let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1", "--seed", "1"])
            XCTAssertEqual(run.status, 2, field)
            XCTAssertEqual(run.stdout, "", field)
            XCTAssertTrue(run.stderr.contains(message), "\(field): \(run.stderr)")
        }
    }

    func testAConstantTheOtherRulesAllowIsGeneratedAndValid() throws {
        // 3 is within 1...9 and a multiple of 3; 5 is within 5...5; 7 has no other rule.
        let rules = try write("rules.yaml", """
            id: c
            fields:
              n: {type: integer, const: 3, min: 1, max: 9, multipleOf: 3}
              m: {type: integer, const: 5, min: 5, max: 5}
              k: {type: integer, const: 7}

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, String(repeating: "{\"n\":3,\"m\":5,\"k\":7}\n", count: 5))
        let check = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    /// By hand: n's other rules (1...9, multiples of 3) allow 6 = 3 + 3, the nearest value off the
    /// constant; k's allow 8 = 7 + 1. m's allow 5 alone, so its `const` defect cannot exist, and
    /// with a constant every value past a bound or off the step is not the constant either.
    func testTheConstantsDefectIsAnotherAllowedValueOrListed() throws {
        let rules = try write("rules.yaml", """
            id: c
            fields:
              n: {type: integer, const: 3, min: 1, max: 9, multipleOf: 3}
              m: {type: integer, const: 5, min: 5, max: 5}
              k: {type: integer, const: 7}

            """)
        let output = path("out.jsonl")
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "60", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels, "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("dropped"), run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let note = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("formsmith: note: ") }, run.stderr)
        XCTAssertEqual(Array(lines[note..<min(lines.count, note + 7)]), [
            "formsmith: note: 6 defects cannot be planted alone in any questionnaire of these rules, so no invalid "
                + "questionnaire carries them:",
            "  n [min]: `const` allows only 3, so a value that breaks `min` is not 3 and breaks `const` too",
            "  n [max]: `const` allows only 3, so a value that breaks `max` is not 3 and breaks `const` too",
            "  n [multiple-of]: `const` allows only 3, so a value that breaks `multiple-of` is not 3 and breaks `const` too",
            "  m [min]: `const` allows only 5, so a value that breaks `min` is not 5 and breaks `const` too",
            "  m [max]: `const` allows only 5, so a value that breaks `max` is not 5 and breaks `const` too",
            "  m [const]: its other number rules allow no value but 5, its `const`, so any other value breaks one of "
                + "them too",
        ], run.stderr)

        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let labelled = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(records.count, 60)
        var constFields: Set<String> = []
        for (record, label) in zip(records, labelled) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(label.utf8)) as? [String: Any])
            guard object["rule"] as? String == "const" else { continue }
            let field = try XCTUnwrap(object["field"] as? String)
            constFields.insert(field)
            let expected = ["n": "{\"n\":6,\"m\":5,\"k\":7}", "k": "{\"n\":3,\"m\":5,\"k\":8}"][field]
            XCTAssertEqual(String(record), expected, "label \(label)")
        }
        XCTAssertEqual(constFields, ["n", "k"])
        // Each invalid questionnaire breaks its labelled rule, and only it.
        let check = try Formsmith.run(["validate", "--rules", rules, "--report", "json", output])
        XCTAssertEqual(check.status, 1, check.stdout)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["invalid"] as? Int, 60, check.stdout)
        XCTAssertEqual(summary["violations"] as? Int, 60, check.stdout)
    }

    /// A field with its own `const` has one value, so `--cover` gives it no boundary classes to
    /// look for (before: `n=min` and `n=max` were searched for and reported not found).
    func testCoverLooksForNoBoundaryClassOfAConstant() throws {
        let rules = try write("rules.yaml", """
            id: c
            fields:
              n: {type: integer, const: 3, min: 1, max: 9}
              size: {type: integer, min: 1, max: 9}

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "each", "--seed", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // One factor, size: min, inside and max (n has none).
        XCTAssertTrue(run.stderr.contains(
            "covering each: 1 factors, 3 values required: 3 covered by 3 questionnaires, 0 impossible, 0 not found"),
                      run.stderr)
        XCTAssertFalse(run.stderr.contains("n="), run.stderr)
        for line in run.stdout.split(separator: "\n") { XCTAssertTrue(line.hasPrefix("{\"n\":3,"), String(line)) }
    }
}
