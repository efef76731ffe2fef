import Foundation
import XCTest

/// `sum(items[].price)` in the rules language (issue 32's `sum()` of a repeat's field), through
/// the binary: each verdict worked out by hand with exact arithmetic.
final class SumCommandTests: ScratchFolderTestCase {
    private func validate(_ rules: String, _ records: String) throws -> Formsmith.Output {
        let file = try write("rules.yaml", rules)
        return try Formsmith.run(["validate", "--rules", file, "--today", "2026-11-22", try write("data.jsonl", records)])
    }

    private let basket = """
        id: basket
        fields:
          items:
            type: list
            optional: true
            fields:
              price: {type: decimal, optional: true, min: 0}
          total: {type: decimal}
        assert:
          - that: sum(items[].price) == total
            message: the total is the sum of the prices
            field: total

        """

    func testTheSumOfTwoItemsIsExactAndABlankPriceOrAnEmptyListAreDecidedByHand() throws {
        let run = try validate(basket, """
            {"items": [{"price": 0.1}, {"price": 0.2}], "total": 0.3}
            {"items": [{"price": 19.99}, {"price": 7}], "total": 27}
            {"items": [], "total": 0}
            {"total": 0}
            {"items": [{"price": 5}, {}], "total": 5}
            {"items": [{"price": 5}, {"price": -1}], "total": 4}

            """)
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: 0.1 + 0.2 = 0.3 exactly (binary doubles give 0.30000000000000004). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: 19.99 + 7 = 26.99, not 27.
        XCTAssertTrue(run.stdout.contains("data.jsonl:2\n  total: the total is the sum of the prices [assert]\n"), run.stdout)
        // 3 and 4: no items (an empty list, or none at all) sum to 0. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:3\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("data.jsonl:4\n"), run.stdout)
        // 5: a blank price makes the sum null (XPath's number('') is NaN), and null == 5 is false.
        XCTAssertTrue(run.stdout.contains("data.jsonl:5\n  total: the total is the sum of the prices [assert]\n"), run.stdout)
        // 6: -1 breaks its own min: the sum is unknown, only the root cause is reported.
        XCTAssertTrue(run.stdout.contains("data.jsonl:6\n  items[1].price: must be at least 0 [min] (value \"-1\")\n\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("6 questionnaires: 3 valid, 3 invalid"), run.stdout)
    }

    func testASumInsideAListItemAddsUpTheInnerListOfThatItem() throws {
        let run = try validate("""
            id: orders
            fields:
              orders:
                type: list
                fields:
                  lines:
                    type: list
                    fields:
                      amount: {type: integer}
                  total: {type: integer, min: "sum(orders[].lines[].amount)"}
                  cap: {type: integer}
                assert:
                  - that: sum(orders[].lines[].amount) <= orders[].cap
                    message: the lines exceed the cap

            """, """
            {"orders": [{"lines": [{"amount": 2}, {"amount": 3}], "total": 5, "cap": 5}, {"lines": [{"amount": 10}], "total": 10, "cap": 10}]}
            {"orders": [{"lines": [{"amount": 2}, {"amount": 3}], "total": 4, "cap": 9}, {"lines": [{"amount": 10}, {"amount": 1}], "total": 11, "cap": 10}]}

            """)
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: order 0 sums 2 + 3 = 5 (total 5 >= 5, cap 5 >= 5); order 1 sums 10 (its own lines
        // only, not 15). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: order 0's total 4 is under 5; order 1's lines 10 + 1 = 11 exceed its cap 10.
        XCTAssertTrue(run.stdout.contains("  orders[0].total: must be at least 5 (sum(orders[].lines[].amount)) [min] (value \"4\")\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("  orders[1]: the lines exceed the cap [assert]\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("orders[0]: the lines"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    func testASumWrittenInsideItsOwnListOrOfTextIsARuleFileError() throws {
        let inside = try validate("""
            id: inside
            fields:
              items:
                type: list
                fields:
                  price: {type: integer}
                  share: {type: integer, max: "sum(items[].price)"}

            """, "{}\n")
        XCTAssertEqual(inside.status, 2, inside.stdout)
        XCTAssertTrue(inside.stderr.contains("sum(items[].price) is written inside the items of 'items'"), inside.stderr)
        let text = try validate("""
            id: text
            fields:
              items:
                type: list
                fields:
                  name: {type: string}
              n: {type: integer, max: "sum(items[].name)"}

            """, "{}\n")
        XCTAssertEqual(text.status, 2, text.stdout)
        XCTAssertTrue(text.stderr.contains("'sum' adds up numbers, found string ('items[].name')"), text.stderr)
        let notList = try validate("""
            id: notlist
            fields:
              a: {type: integer}
              n: {type: integer, max: "sum(a)"}

            """, "{}\n")
        XCTAssertEqual(notList.status, 2, notList.stdout)
        XCTAssertTrue(notList.stderr.contains("'sum' adds up a number field over a list's items: write it as sum(items[].price)"),
                      notList.stderr)
    }
}
