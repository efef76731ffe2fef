import FormsmithCore
import XCTest

/// The `empty-window` warning agrees with the compiler, which rejects a range that is empty
/// for the `today` it compiles with: the day the warning names is the first such day.
final class EmptyWindowCheckTests: XCTestCase {
    static let lowers = ["today", "today-1m", "today+1d", "2027-06-30", "today-18y", "today-1y"]
    static let uppers = ["today+60d", "today-30d", "2028-01-01", "today", "today+1m", "today-365d"]

    func testWarningsAgreeWithTheCompiler() throws {
        var warned: [String] = []
        defer { XCTAssertGreaterThanOrEqual(warned.count, 4, "\(warned)") }
        for lower in Self.lowers {
            for upper in Self.uppers {
                let yaml = "id: t\nfields:\n  d: {type: date, min: \(lower), max: \(upper)}\n"
                let findings = Linter.lint(text: yaml, file: "t.yaml", today: testToday)
                if isEmpty(yaml, today: testToday) {
                    XCTAssertEqual(findings.map(\.rule), ["invalid-rules"], "\(lower)...\(upper)")
                    continue
                }
                guard let finding = findings.first(where: { $0.rule == "empty-window" }) else {
                    XCTAssertEqual(findings.map(\.description), [], "\(lower)...\(upper)")
                    for day in sampleDays() {
                        XCTAssertFalse(isEmpty(yaml, today: day), "\(lower)...\(upper) is empty on \(day) unreported")
                    }
                    continue
                }
                let day = try XCTUnwrap(reportedDay(finding.message), finding.message)
                warned.append("\(lower)...\(upper) on \(day)")
                XCTAssertTrue(isEmpty(yaml, today: day), "\(lower)...\(upper) is not empty on \(day)")
                for earlier in sampleDays().filter({ $0 < day }) {
                    XCTAssertFalse(isEmpty(yaml, today: earlier), "\(lower)...\(upper) is already empty on \(earlier)")
                }
            }
        }
    }

    /// The first and last day of every month of the next five years, and the day before each.
    private func sampleDays() -> [CivilDate] {
        var days: [CivilDate] = []
        for month in 0..<60 {
            guard let first = testToday.addingChecked(CalendarDuration(months: month)).flatMap({
                CivilDate(year: $0.year, month: $0.month, day: 1)
            }) else { continue }
            let last = first.adding(CalendarDuration(months: 1, days: -1))
            days += [first, CivilDate(dayNumber: first.dayNumber - 1), last].filter { $0 > testToday }
        }
        return days
    }

    private func isEmpty(_ yaml: String, today: CivilDate) -> Bool {
        do {
            _ = try RuleCompiler.compile(try RulesLoader.read(text: yaml, file: "t.yaml"), today: today)
            return false
        } catch {
            return "\(error)".contains("is empty")
        }
    }

    private func reportedDay(_ message: String) -> CivilDate? {
        guard let range = message.range(of: "when today is ") else { return nil }
        return DatePattern.iso.parse(String(message[range.upperBound...].prefix(10)))
    }
}
