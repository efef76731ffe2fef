import Foundation
import XCTest

/// Generation never stalls in the solver (issue 30): the form the seeded differential campaign
/// stood on for minutes (`Fixtures/solver/date-offset-in-item.yaml`, reduced) generates at a
/// normal speed and meets its assertion as built. Expected values are worked out by hand with
/// `--today 2026-11-29`.
final class GenerationStallCommandTests: ScratchFolderTestCase {
    private static let form = "Tests/FormsmithCLITests/Fixtures/solver/date-offset-in-item.yaml"

    /// `t8 + 1y <= today` and `t8 >= today - 18y` with today 2026-11-29: t8 lies from
    /// 2008-11-29 to 2025-11-29 (2025-11-29 + 1y is today), and from `t6 + 10d` on (`t6` is at
    /// most 2025-01-01, so there is always such a day). Before,
    /// each settled `t8` searched its range through the calendar split: 20 questionnaires took
    /// 77 CPU seconds (44 s on a quiet machine); under the solver's budget (``SolverBudget``)
    /// that search ran out on 60 values, each said on standard error.
    func testADateOffsetInAListItemSettlesEveryValueWithoutTheModel() throws {
        let output = path("stall.jsonl")
        let run = try Formsmith.run(["generate", "--rules", Self.form, "--count", "20", "--seed", "1",
                                     "--today", "2026-11-29", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("people[].t8 [assert]: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("; nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        // The solver's budget (deterministic: Z3's resource units) never ran out here; with the
        // range searched through the calendar split it ran out on 60 values.
        XCTAssertFalse(run.stderr.contains("ran out of budget"), run.stderr)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(records.count, 20)
        var filled = 0
        for record in records {
            for item in try XCTUnwrap(record["people"] as? [[String: Any]]) {
                let t6 = try XCTUnwrap(item["t6"] as? String)
                guard let t8 = item["t8"] as? String else { continue }
                filled += 1
                // ISO dates compare as text; t6 + 10d is checked on day numbers.
                XCTAssertTrue(("2008-11-29"..."2025-11-29").contains(t8), "t8 \(t8)")
                XCTAssertGreaterThanOrEqual(try Self.day(t8), try Self.day(t6) + 10, "t6 \(t6), t8 \(t8)")
            }
        }
        XCTAssertGreaterThan(filled, 0)
        let validate = try Formsmith.run(["validate", "--rules", Self.form, "--today", "2026-11-29", output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }

    /// Days from 1970-01-01 by the Gregorian rule.
    private static func day(_ text: String) throws -> Int {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        var (year, month) = (parts[0], parts[1])
        if month <= 2 { year -= 1; month += 12 }
        return 365 * year + year / 4 - year / 100 + year / 400 + (153 * (month - 3) + 2) / 5 + parts[2] - 719_469
    }
}
