import Foundation
import XCTest

/// A `cases:` entry on an enum or multi-choice field narrows the field's own values: it need
/// not repeat them (only `maxItems`, only `const`), and a case's `values` keep those of the
/// field's it lists (a value must be one of both). Expected outputs worked out by hand.
final class ChoiceCaseCommandTests: ScratchFolderTestCase {
    private let rules = """
        id: cc
        fields:
          plan: {type: enum, values: [basic, full]}
          extras:
            type: multi-choice
            values: [glass, theft, fire, flood]
            cases:
              - when: "plan == 'basic'"
                maxItems: 1
          level:
            type: enum
            values: [low, mid, high]
            cases:
              - when: "plan == 'basic'"
                const: low
          region:
            type: enum
            values: [north, south, east]
            cases:
              - when: "plan == 'full'"
                values: [north, south]

        """

    func testACaseThatOnlyNarrowsIsCheckedWhileItHolds() throws {
        let rules = try write("rules.yaml", rules)
        // 1: valid. 2: basic allows 1 choice. 3: basic needs level low. 4: full allows north and
        // south of the field's three. 5: 'glass' twice is one `unique` (not one per case);
        // west is in neither list: the field's and the case's `enum` both say so.
        let records = """
            {"plan":"basic","extras":["fire"],"level":"low","region":"east"}
            {"plan":"basic","extras":["glass","theft"],"level":"low","region":"east"}
            {"plan":"basic","extras":["glass"],"level":"mid","region":"east"}
            {"plan":"full","extras":["glass","theft","fire"],"level":"mid","region":"east"}
            {"plan":"full","extras":["glass","glass"],"level":"high","region":"west"}

            """
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", records)])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let shown = run.stdout.replacingOccurrences(of: folder.path + "/", with: "")
        XCTAssertTrue(shown.hasPrefix("""
            data.jsonl:2
              extras: must have at most 1 choice (it has 2) [max-items] (value "[\\"glass\\",\\"theft\\"]")
            data.jsonl:3
              level: must be 'low' [const] (value "mid")
            data.jsonl:4
              region: must be one of north, south [enum] (value "east")
            data.jsonl:5
              extras: lists 'glass' more than once [unique] (value "[\\"glass\\",\\"glass\\"]")
              region: must be one of north, south, east [enum] (value "west")
              region: must be one of north, south [enum] (value "west")

            5 questionnaires: 1 valid, 4 invalid, 0 unreadable
            """), shown)
    }

    func testGeneratedValuesKeepToTheCasesThatHold() throws {
        let rules = try write("rules.yaml", rules)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "200", "--seed", "3"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.contains("rebuilt"), false, run.stderr)
        var fullCounts: Set<Int> = []
        var fullRegions: Set<String> = []
        for line in run.stdout.split(separator: "\n") {
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let extras = try XCTUnwrap(record["extras"] as? [String])
            XCTAssertEqual(Set(extras).count, extras.count, String(line))
            XCTAssertTrue(Set(extras).isSubset(of: ["glass", "theft", "fire", "flood"]), String(line))
            if record["plan"] as? String == "basic" {
                XCTAssertEqual(extras.count, 1, String(line))
                XCTAssertEqual(record["level"] as? String, "low", String(line))
            } else {
                fullCounts.insert(extras.count)
                fullRegions.insert(try XCTUnwrap(record["region"] as? String))
            }
        }
        // Without the case the field's own rules apply: up to four choices, and any region but east.
        XCTAssertEqual(fullCounts, [1, 2, 3, 4])
        XCTAssertEqual(fullRegions, ["north", "south"])
        let check = try Formsmith.run(["validate", "--rules", rules, try write("generated.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    /// A text field whose cases compare one enum with texts (`==`, `!=`, either side) has the
    /// cases that hold looked up by the value drawn (worked out once per run): each value's own
    /// pattern, the `!=` case for two of three, and nothing rebuilt (a wrong lookup would give
    /// gamma the 4-character limit its pattern cannot meet, or alpha beta's pattern).
    func testATextFieldsCasesFollowTheEnumValueTheyCompare() throws {
        let rules = try write("rules.yaml", """
            id: tc
            fields:
              kind: {type: enum, values: [alpha, beta, gamma]}
              code:
                type: string
                cases:
                  - when: "kind == 'alpha'"
                    regex: "^A[0-9]{3}$"
                  - when: "'beta' == kind"
                    regex: "^B[0-9]{2}$"
                  - when: "kind == 'gamma'"
                    regex: "^G[0-9]{5}$"
                  - when: "kind != 'gamma'"
                    maxLength: 4

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        let expected = ["alpha": "^A[0-9]{3}$", "beta": "^B[0-9]{2}$", "gamma": "^G[0-9]{5}$"]
        var seen: [String: Int] = [:]
        for line in run.stdout.split(separator: "\n") {
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let kind = try XCTUnwrap(record["kind"] as? String, String(line))
            let code = try XCTUnwrap(record["code"] as? String, String(line))
            let pattern = try XCTUnwrap(expected[kind], String(line))
            XCTAssertNotNil(code.range(of: pattern, options: .regularExpression), String(line))
            seen[kind, default: 0] += 1
        }
        XCTAssertEqual(seen.values.reduce(0, +), 300)
        XCTAssertEqual(Set(seen.keys), ["alpha", "beta", "gamma"])
    }

    func testACaseNamingNoneOfTheFieldsValuesIsUnsatisfiable() throws {
        let rules = try write("rules.yaml", """
            id: cc
            fields:
              plan: {type: enum, values: [basic, full]}
              level:
                type: enum
                values: [low, mid]
                cases:
                  - when: "plan == 'basic'"
                    const: none

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("level: [const] its case (when: plan == 'basic') allows none of the field's own "
                                          + "values, so no value can be valid while it holds; a case narrows the field's "
                                          + "values: name one of them"), run.stderr)
    }
}
