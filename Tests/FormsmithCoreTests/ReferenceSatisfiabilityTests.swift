import XCTest
import FormsmithCore
import FormsmithReference

/// The proofs the differential test labels forms "unsatisfiable" with, on forms whose answer
/// is worked out by hand: a proof only where no valid questionnaire exists.
final class ReferenceSatisfiabilityTests: XCTestCase {
    private func reason(_ rules: String) throws -> String? {
        let compiled = try RulesLoader.load(text: rules, file: "rules.yaml", today: CivilDate(year: 2026, month: 11, day: 22)!)
        return ReferenceSatisfiability.unsatisfiable(compiled)
    }

    func testAnAssertionFalseForEveryValueIsAProof() throws {
        // n can only be -3 (required, const): -3 + 2 > 0 is false, and so is empty(n).
        XCTAssertEqual(try reason("""
            id: a
            fields:
              n: {type: integer, max: 0, const: -3}
            assert:
              - {that: "empty(n) || n + 2 > 0", message: m}
            """), "the assertion `empty(n) || n + 2 > 0` is false for every value its fields can take")
        // Optional, n may be empty, which makes the assertion true: no proof.
        XCTAssertNil(try reason("""
            id: b
            fields:
              n: {type: integer, max: 0, const: -3, optional: true}
            assert:
              - {that: "empty(n) || n + 2 > 0", message: m}
            """))
        // 0...10 and a choice of two colours: n > 9 && c == 'red' holds for n = 10, c = red.
        XCTAssertNil(try reason("""
            id: c
            fields:
              n: {type: integer, min: 0, max: 10}
              c: {type: enum, values: [red, blue]}
            assert:
              - {that: "n > 9 && c == 'red'", message: m}
            """))
    }

    func testAnItemAssertionProvesNothingWhenTheListMayBeEmpty() throws {
        let list = { (minimum: Int) in """
            id: l
            sections:
              items:
                type: list
                minItems: \(minimum)
                fields:
                  b: {type: boolean, const: true}
                assert:
                  - {that: "!items[].b", message: m}
            """ }
        XCTAssertEqual(try reason(list(1)), "the assertion `!items[].b` of items, which always has an item, is false for "
                       + "every value its fields can take")
        XCTAssertNil(try reason(list(0)))
    }

    /// Random form 30165's shape: `rooms[].fixed` is const true and always there (required, its
    /// parent `flag` a required switch), so `label` (shown when it is not true) never is; every
    /// inner item needs `tags`, whose parent is `label`; `items` needs two; and `rooms` is
    /// required (an empty list does not meet `required`). No valid questionnaire exists.
    func testARequiredListWhoseItemsNeedAParentNeverShownIsAProof() throws {
        let form = { (roomsKey: String, fixedKey: String) in """
            id: l
            fields:
              flag: {type: boolean}
            sections:
              rooms:
                type: list
                maxItems: 2\(roomsKey)
                fields:
                  fixed: {type: boolean, const: true, parent: "flag"\(fixedKey)}
                  label: {type: string, maxLength: 4, visibleIf: "NOT rooms[].fixed == TRUE"}
                  items:
                    type: list
                    minItems: 2
                    fields:
                      tags: {type: multi-choice, values: [x, y, z], minItems: 1, parent: "rooms[].label"}
            """ }
        XCTAssertEqual(try reason(form("", "")), "rooms is required, and no item of it can be valid: rooms[].items needs an "
                       + "item, and rooms[].items[].tags is required and its parent rooms[].label is hidden by "
                       + "`NOT rooms[].fixed == TRUE`, false for every value its fields can take")
        // Optional, the list may be left out: no proof.
        XCTAssertNil(try reason(form("\n    optional: true", "")))
        // An optional `fixed` may be left empty, which shows `label`: `{"flag": true, "rooms":
        // [{"label": "a", "items": [{"tags": ["x"]}, {"tags": ["y"]}]}]}` is valid, and no proof.
        XCTAssertNil(try reason(form("", ", optional: true")))
    }

    /// Random form 180198's shape: every `outer` item needs `inner` (required, so `[]` does not
    /// do, though `minItems` is 0), every `inner` item needs `code`, whose parent `box` shows
    /// only while `note` starts with an a and `outer[].size > 11`, and `size` is const 4 or
    /// empty: no valid questionnaire. The text `note` can take too many values to try, but the
    /// conjunction is false whatever it holds.
    func testARequiredInnerListWithoutMinItemsStillNeedsAnItem() throws {
        let form = { (innerKey: String) in """
            id: l
            sections:
              outer:
                type: list
                maxItems: 1
                fields:
                  size: {type: integer, min: 3, max: 12, const: 4, optional: true}
                  inner:
                    type: list
                    minItems: 0
                    maxItems: 2\(innerKey)
                    fields:
                      note: {type: string, maxLength: 2, optional: true}
                      box: {type: integer, min: 10, max: 40, visibleIf: "($outer[].inner[].note LIKE[c] 'a*') AND ($outer[].size > 11)"}
                      code: {type: string, minLength: 3, maxLength: 3, parent: "outer[].inner[].box"}
            """ }
        XCTAssertEqual(try reason(form("")), "outer is required, and no item of it can be valid: outer[].inner needs an "
                       + "item, and outer[].inner[].code is required and its parent outer[].inner[].box is hidden by "
                       + "`($outer[].inner[].note LIKE[c] 'a*') AND ($outer[].size > 11)`, false for every value its "
                       + "fields can take")
        // Optional, `inner` may be left out: `{"outer": [{"size": 4}]}` is valid, and no proof.
        XCTAssertNil(try reason(form("\n        optional: true")))
    }
}
