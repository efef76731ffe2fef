import Foundation
import XCTest

/// A date read through two of `year()`, `month()` and `day()` in one condition is settled by the
/// solver in milliseconds: the calendar splits the date's day number once, not once per part
/// (two splits of one day drove every check of random form 9's shape past its million resource
/// units, 5 s each: 39 of 20 questionnaires rebuilt and 14 s in all). The truth is worked out by
/// hand from the date's text, not by the engine's validator.
final class DatePartsGenerateCommandTests: ScratchFolderTestCase {
    /// `x` shows only from 1999 on and on the 15th of a month or later, and the list's `n`
    /// (at least one item) needs `x`: so `t1` must be filled and steered into that window.
    static let dateParts = """
        id: date-parts
        fields:
          t1: {type: date, optional: true}
        sections:
          sec:
            fields:
              x: {type: string, maxLength: 6, visibleIf: "(year(t1) + 1 >= 2000) && (day(t1) >= 15)"}
          items:
            type: list
            minItems: 1
            maxItems: 2
            fields:
              n: {type: integer, min: 1, max: 9, parent: "sec.x"}
        """

    func testADateReadByYearAndDaySettlesWithoutRunningOutOrRebuilding() throws {
        // Nothing ran out, nothing rebuilt: the only line on standard error is the summary.
        let rules = try write("date-parts.yaml", Self.dateParts)
        for record in try generateWithNothingDiscarded(rules: rules, count: 40, seed: 3) {
            let line = "\(record)"
            // `t1` is "YYYY-MM-DD": year 1999 or later, day of the month 15 or later.
            let date = try XCTUnwrap(record["t1"] as? String, line)
            let parts = date.split(separator: "-").compactMap { Int($0) }
            XCTAssertEqual(parts.count, 3, date)
            XCTAssertGreaterThanOrEqual(parts[0], 1999, line)
            XCTAssertGreaterThanOrEqual(parts[2], 15, line)
            XCTAssertNotNil((record["sec"] as? [String: Any])?["x"], line)
            let items = try XCTUnwrap(record["items"] as? [[String: Any]], line)
            XCTAssertTrue((1...2).contains(items.count), line)
            for item in items { XCTAssertNotNil(item["n"] as? Int, line) }
        }
    }
}
