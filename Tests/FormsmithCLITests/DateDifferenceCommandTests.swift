import Foundation
import XCTest

/// `date - date` in the rules language: the whole number of days between two dates (issue 32's
/// days between two dates), through the binary with verdicts counted on a calendar by hand.
final class DateDifferenceCommandTests: ScratchFolderTestCase {
    func testDateMinusDateIsTheWholeNumberOfDaysBetweenThem() throws {
        let rules = try write("rules.yaml", """
            id: stay
            fields:
              arrived: {type: date}
              left: {type: date, optional: true}
              nights: {type: integer}
            assert:
              - that: left - arrived == nights
                message: the nights are the days between arrival and departure
                field: nights

            """)
        let data = try write("data.jsonl", """
            {"arrived": "2024-02-28", "left": "2024-03-01", "nights": 2}
            {"arrived": "2023-02-28", "left": "2023-03-01", "nights": 2}
            {"arrived": "2023-12-31", "left": "2024-01-01", "nights": 1}
            {"arrived": "2024-03-10", "left": "2024-03-03", "nights": -7}
            {"arrived": "2024-03-10", "nights": 0}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let message = "  nights: the nights are the days between arrival and departure [assert]\n"
        // 1: 2024 is a leap year: Feb 28 → Feb 29 → Mar 1 is 2 days. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: 2023 is not: Feb 28 → Mar 1 is 1 day, not 2.
        XCTAssertTrue(run.stdout.contains("data.jsonl:2\n" + message), run.stdout)
        // 3: across the year, 1 day. 4: leaving before arriving is negative, -7. Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:3\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("data.jsonl:4\n"), run.stdout)
        // 5: no departure: null - date is null, and null == 0 is false.
        XCTAssertTrue(run.stdout.contains("data.jsonl:5\n" + message), run.stdout)
        XCTAssertTrue(run.stdout.contains("5 questionnaires: 3 valid, 2 invalid"), run.stdout)
    }

    func testTheDaysAreANumberAndADateMinusADurationStaysADate() throws {
        let good = try write("good.yaml", """
            id: good
            fields:
              a: {type: date}
              b: {type: date, min: "a - 2w"}
              n: {type: integer, max: "b - a"}

            """)
        let run = try Formsmith.run(["validate", "--rules", good, try write("d.jsonl", """
            {"a": "2024-01-15", "b": "2024-01-01", "n": -14}
            {"a": "2024-01-15", "b": "2023-12-31", "n": 0}
            {"a": "2024-01-15", "b": "2024-01-20", "n": 6}

            """)])
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: b is a - 14 days exactly, n = -14 = b - a. Valid.
        XCTAssertFalse(run.stdout.contains("d.jsonl:1\n"), run.stdout)
        // 2: 2023-12-31 is before 2024-01-01 (a - 2w): min; n is then unknown against it, not reported.
        XCTAssertTrue(run.stdout.contains("d.jsonl:2\n  b: must be on or after 2024-01-01 (a - 2w) [min] (value \"2023-12-31\")\n"
                                          + path("d.jsonl") + ":3\n"), run.stdout)
        // 3: b - a is 5 days, n 6 is over.
        XCTAssertTrue(run.stdout.contains("d.jsonl:3\n  n: must be at most 5 (b - a) [max] (value \"6\")\n"), run.stdout)
        let bad = try write("bad.yaml", """
            id: bad
            fields:
              a: {type: date}
              b: {type: date, min: "b - a"}

            """)
        // The days are a number: a date's bound cannot be one.
        let refused = try Formsmith.run(["lint", "--rules", bad])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue((refused.stdout + refused.stderr).contains("bound of 'b' must give a date, but `b - a` gives an integer"),
                      refused.stdout + refused.stderr)
    }
}
