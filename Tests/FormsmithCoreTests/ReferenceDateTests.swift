import Foundation
import XCTest
@testable import FormsmithCore

/// `today` is a calendar date in a time zone: the same instant is a different date in Moscow
/// and in UTC around midnight.
final class ReferenceDateTests: XCTestCase {
    func testTheSameInstantIsTheLocalDateOfEachZone() throws {
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-21T22:30:00Z"))  // 01:30 in Moscow
        XCTAssertEqual(CivilDate.date(of: instant, in: try XCTUnwrap(TimeZone(identifier: "UTC"))).description, "2026-11-21")
        XCTAssertEqual(CivilDate.date(of: instant, in: try XCTUnwrap(TimeZone(identifier: "Europe/Moscow"))).description,
                       "2026-11-22")
        XCTAssertEqual(CivilDate.date(of: instant, in: try XCTUnwrap(TimeZone(identifier: "America/New_York"))).description,
                       "2026-11-21")
        let beforeEpoch = try XCTUnwrap(ISO8601DateFormatter().date(from: "1969-12-31T23:00:00Z"))
        XCTAssertEqual(CivilDate.date(of: beforeEpoch, in: try XCTUnwrap(TimeZone(identifier: "UTC"))).description, "1969-12-31")
    }

    func testReportsSayWhichDateWasUsed() throws {
        var summary = ValidationSummary()
        summary.today = CivilDate(year: 2026, month: 11, day: 22)
        XCTAssertTrue(JSONReporter.encode(summary).hasSuffix(#","today":"2026-11-22"}"#))
        XCTAssertTrue(TextReporter.summaryText(summary).contains("today: 2026-11-22"))
        let output = OutputWriter()
        let sarif = SARIFReporter(output: output, toolVersion: "1")
        sarif.finish(summary)
        let log = try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        XCTAssertEqual((run?["properties"] as? [String: Any])?["today"] as? String, "2026-11-22")
    }
}
