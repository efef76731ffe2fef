import Foundation
import XCTest

/// An assertion that needs an always-required field empty can never hold (an empty list or
/// text is not filled): `generate` refuses at once naming the assertion and the field, instead
/// of drawing 100 questionnaires and saying few meet it (issue 30 item 2, the most frequent
/// refusal of the random forms with assertions). Where the rules leave a way out (the field or
/// its list optional), it still generates, and the questionnaires validate.
final class AssertionEmptinessCommandTests: ScratchFolderTestCase {
    /// Each driver's item assertion wants `documents` empty, but `documents` is a required list
    /// (an empty `[]` is reported `required`) and `drivers`, required, has at least one item.
    private static let itemForm = """
        id: item-emptiness
        sections:
          drivers:
            type: list
            minItems: 2
            maxItems: 3
            fields:
              age: {type: integer, min: 18, max: 90}
              documents:
                type: list
                maxItems: 2
                fields:
                  number: {type: string, regex: '^[a-z]{1,6}$'}
            assert:
              - that: "empty(drivers[].documents)"
        """

    func testAnItemAssertionNeedingARequiredListEmptyIsRefusedAtOnce() throws {
        let rules = try write("item.yaml", Self.itemForm)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("drivers[]: [assert] the assertion 'empty(drivers[].documents)' can never hold: "
                                          + "it needs drivers[].documents empty, which the rules always require in each item"),
                      run.stderr)
        XCTAssertFalse(run.stderr.contains("attempts"), run.stderr)
    }

    /// `empty(f1) || empty(f1)` with `f1` required: false in every valid questionnaire.
    func testAQuestionnaireAssertionNeedingARequiredFieldEmptyIsRefusedAtOnce() throws {
        let rules = try write("top.yaml", """
            id: top-emptiness
            fields:
              f1: {type: integer, min: 0, max: 3}
            assert:
              - that: "empty(f1) || empty(f1)"
            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("the assertion 'empty(f1) || empty(f1)' can never hold: it needs f1 empty"), run.stderr)
    }

    /// The same rules with a way out are not refused: `documents` optional (left out of every
    /// item), `drivers` optional (left out), and `empty(f2)` of an optional `f2` beside `f1`.
    func testAssertionsWithAWayOutStillGenerate() throws {
        let innerOptional = Self.itemForm.replacingOccurrences(of: "        maxItems: 2\n",
                                                                with: "        maxItems: 2\n        optional: true\n")
        let outerOptional = Self.itemForm.replacingOccurrences(of: "    maxItems: 3\n", with: "    maxItems: 3\n    optional: true\n")
        XCTAssertNotEqual(innerOptional, Self.itemForm)
        XCTAssertNotEqual(outerOptional, Self.itemForm)
        let top = """
            id: top-way-out
            fields:
              f1: {type: integer, min: 0, max: 3}
              f2: {type: integer, min: 0, max: 3, optional: true}
            assert:
              - that: "empty(f1) || empty(f2) AND present(f1)"
            """
        for (name, text) in [("inner", innerOptional), ("outer", outerOptional), ("top", top)] {
            let rules = try write(name + ".yaml", text)
            let output = path(name + ".jsonl")
            let run = try Formsmith.run(["generate", "--rules", rules, "--count", "20", "--seed", "1", "--output", output])
            XCTAssertEqual(run.status, 0, name + ": " + run.stderr)
            let validate = try Formsmith.run(["validate", "--rules", rules, output])
            XCTAssertTrue(validate.stdout.contains("20 questionnaires: 20 valid, 0 invalid"), name + ": " + validate.stdout)
        }
    }
}
