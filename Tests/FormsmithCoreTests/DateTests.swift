import XCTest
@testable import FormsmithCore

final class CivilDateTests: XCTestCase {
    func testKnownDayNumbers() throws {
        let cases: [(Int, Int, Int, Int32)] = [
            (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (2000, 2, 29, 11_016),
            (2026, 11, 22, 20_779), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896), (1600, 2, 29, -135_081),
        ]
        for (year, month, day, number) in cases {
            let date = try XCTUnwrap(CivilDate(year: year, month: month, day: day), "\(year)-\(month)-\(day)")
            XCTAssertEqual(date.dayNumber, number, "\(date)")
            let back = CivilDate(dayNumber: number)
            XCTAssertEqual([back.year, back.month, back.day], [year, month, day])
        }
    }

    func testRoundTripEveryDayOfFourCenturies() {
        var previous: (Int, Int, Int)?
        for number in Int32(-150_000)...Int32(0) {
            let parts = CivilCalendarMath.components(dayNumber: Int(number))
            XCTAssertEqual(CivilCalendarMath.dayNumber(year: parts.year, month: parts.month, day: parts.day), Int(number))
            if let previous, parts.day != 1 { XCTAssertEqual(parts.day, previous.2 + 1) }
            previous = parts
        }
    }

    func testRejectsImpossibleDates() {
        let invalid: [(Int, Int, Int)] = [(2023, 2, 29), (1900, 2, 29), (2020, 4, 31), (2020, 13, 1), (2020, 0, 10),
                                          (2020, 1, 0), (0, 1, 1), (10_000, 1, 1), (2021, 6, 31)]
        for (year, month, day) in invalid { XCTAssertNil(CivilDate(year: year, month: month, day: day), "\(year)-\(month)-\(day)") }
        XCTAssertNotNil(CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2024, month: 2, day: 29))
    }

    func testLeapYears() {
        let leap = [1600, 2000, 2004, 2024, 2400]
        let common = [1700, 1800, 1900, 2023, 2100, 2025]
        for year in leap { XCTAssertTrue(CivilCalendarMath.isLeapYear(year), "\(year)") }
        for year in common { XCTAssertFalse(CivilCalendarMath.isLeapYear(year), "\(year)") }
    }

    func testAddingDurations() throws {
        let cases: [(String, CalendarDuration, String)] = [
            ("2000-02-29", CalendarDuration(years: 18), "2018-02-28"),
            ("2000-02-29", CalendarDuration(years: 1), "2001-02-28"),
            ("2000-02-29", CalendarDuration(years: 4), "2004-02-29"),
            ("2024-01-31", CalendarDuration(months: 1), "2024-02-29"),
            ("2023-01-31", CalendarDuration(months: 1), "2023-02-28"),
            ("2024-03-31", CalendarDuration(months: -1), "2024-02-29"),
            ("2026-11-22", CalendarDuration(years: -18), "2008-11-22"),
            ("2026-11-22", CalendarDuration(days: 60), "2027-01-21"),
            ("2026-11-22", CalendarDuration(years: -100), "1926-11-22"),
            ("2026-12-15", CalendarDuration(months: 1), "2027-01-15"),
            ("2026-01-15", CalendarDuration(months: -1), "2025-12-15"),
            ("2024-01-31", CalendarDuration(years: 1, months: 1, days: 1), "2025-03-01"),
            ("2024-12-31", CalendarDuration(days: 1), "2025-01-01"),
        ]
        for (start, duration, expected) in cases {
            let date = try XCTUnwrap(DatePattern.iso.parse(start))
            XCTAssertEqual(date.adding(duration).description, expected, "\(start) + \(duration)")
        }
    }

    func testAddingOutOfRange() throws {
        let date = try XCTUnwrap(CivilDate(year: 9999, month: 12, day: 1))
        XCTAssertNil(date.addingChecked(CalendarDuration(months: 1)))
        XCTAssertEqual(date.adding(CalendarDuration(months: 1)), .latest)
        XCTAssertNil(date.addingChecked(CalendarDuration(years: .max)))
        XCTAssertEqual(CivilDate.earliest.adding(CalendarDuration(days: -1)), .earliest)
    }

    func testDescriptions() throws {
        XCTAssertEqual(try XCTUnwrap(CivilDate(year: 7, month: 3, day: 9)).description, "0007-03-09")
        let durations: [(CalendarDuration, String)] = [
            (CalendarDuration(years: 18), "18y"), (CalendarDuration(days: -60), "-60d"),
            (CalendarDuration(years: 1, months: 6), "1y6m"), (CalendarDuration(), "0d"),
            (CalendarDuration(years: -1, months: -6), "-1y6m"), (CalendarDuration(years: 1, days: -3), "1y-3d"),
        ]
        for (duration, text) in durations { XCTAssertEqual(duration.description, text) }
        XCTAssertEqual(CalendarDuration(years: 18).negated(), CalendarDuration(years: -18))
    }

    func testTodayIsPlausible() {
        let today = CivilDate.today()
        XCTAssertGreaterThanOrEqual(today.year, 2024)
        XCTAssertLessThan(today.year, 2200)
    }
}

final class DatePatternTests: XCTestCase {
    func testParsesAndFormats() throws {
        let cases: [(String, String, (Int, Int, Int))] = [
            ("yyyy-MM-dd", "2026-11-22", (2026, 11, 22)),
            ("dd.MM.yyyy", "29.02.2024", (2024, 2, 29)),
            ("MM/dd/yyyy", "12/31/1999", (1999, 12, 31)),
            ("yyyyMMdd", "20000101", (2000, 1, 1)),
            ("dd.MM.yyyy г.", "01.05.2020 г.", (2020, 5, 1)),
            ("yyyy/MM/dd", "2024/02/29", (2024, 2, 29)),
            ("yyyy.MM.dd", "0001.01.01", (1, 1, 1)),
        ]
        for (pattern, text, (year, month, day)) in cases {
            let compiled = try DatePattern(pattern)
            let date = try XCTUnwrap(compiled.parse(text), "\(pattern) \(text)")
            XCTAssertEqual([date.year, date.month, date.day], [year, month, day])
            XCTAssertEqual(compiled.format(date), text)
            var bytes = Array(text.utf8)
            let fromBytes = bytes.withUnsafeMutableBufferPointer { compiled.parse(UnsafeBufferPointer($0)) }
            XCTAssertEqual(fromBytes, date)
        }
        XCTAssertEqual(try DatePattern("yyyy-MM-dd"), DatePattern.iso)
    }

    func testRejectsMalformedOrImpossibleInput() throws {
        let cases: [(String, String)] = [
            ("yyyy-MM-dd", "2023-02-29"), ("dd.MM.yyyy", "31.04.2020"), ("yyyy-MM-dd", "2020-1-01"),
            ("yyyy-MM-dd", "2020-01-1"), ("yyyy-MM-dd", " 2020-01-01"), ("yyyy-MM-dd", "2020-01-01 "),
            ("yyyy-MM-dd", "2020/01/01"), ("yyyy-MM-dd", "+020-01-01"), ("yyyy-MM-dd", "2020-13-01"),
            ("yyyy-MM-dd", "0000-01-01"), ("yyyy-MM-dd", ""), ("dd.MM.yyyy", "2020-01-01"),
            ("yyyy-MM-dd", "2020-01-0١"), ("MM/dd/yyyy", "31/12/1999"), ("yyyy/MM/dd", "2020-01-01"),
            ("yyyy.MM.dd", "2020.0a.01"), ("yyyy.MM.dd", "202.-01.01"), ("yyyy-MM-dd", "2021-02-29"),
        ]
        for (pattern, text) in cases { XCTAssertNil(try DatePattern(pattern).parse(text), "\(pattern) \(text)") }
    }

    /// `yearMonthDay` reads exactly the dates `parse` reads, as `yyyymmdd` (worked out by hand),
    /// and nothing else: the validator compares these numbers with constant bounds.
    func testYearMonthDayReadsTheSameDatesAsParse() throws {
        let valid: [(String, String, Int)] = [
            ("yyyy-MM-dd", "2023-02-28", 20_230_228), ("yyyy-MM-dd", "2024-02-29", 20_240_229),
            ("yyyy-MM-dd", "0001-01-01", 10_101), ("yyyy-MM-dd", "9999-12-31", 99_991_231),
            ("dd.MM.yyyy", "30.04.2020", 20_200_430), ("MM/dd/yyyy", "12/31/1999", 19_991_231),
            ("yyyyMMdd", "20000229", 20_000_229),
        ]
        for (pattern, text, expected) in valid {
            var bytes = Array(text.utf8)
            let read = bytes.withUnsafeMutableBufferPointer { try? DatePattern(pattern).yearMonthDay(UnsafeBufferPointer($0)) }
            XCTAssertEqual(read, expected, "\(pattern) \(text)")
        }
        let invalid: [(String, String)] = [
            ("yyyy-MM-dd", "2023-02-29"), ("yyyy-MM-dd", "1900-02-29"), ("dd.MM.yyyy", "31.04.2020"),
            ("yyyy-MM-dd", "0000-01-01"), ("yyyy-MM-dd", "2020-13-01"), ("yyyy-MM-dd", "2020-00-10"),
            ("yyyy-MM-dd", "2020-01-00"), ("yyyy-MM-dd", "2020/01/01"), ("yyyy-MM-dd", "2020-01-1"), ("yyyy-MM-dd", ""),
        ]
        for (pattern, text) in invalid {
            var bytes = Array(text.utf8)
            let read = bytes.withUnsafeMutableBufferPointer { try? DatePattern(pattern).yearMonthDay(UnsafeBufferPointer($0)) }
            XCTAssertNil(read, "\(pattern) \(text)")
        }
        // Ordered as the dates: every day of 1999-2001 (a leap year between) against the next.
        var date = try XCTUnwrap(CivilDate(year: 1999, month: 1, day: 1))
        while date.year < 2002 {
            let next = CivilDate(dayNumber: date.dayNumber + 1)
            XCTAssertLessThan(date.yearMonthDay, next.yearMonthDay, date.description)
            XCTAssertEqual(date.yearMonthDay, date.year * 10_000 + date.month * 100 + date.day)
            date = next
        }
        // Past the years a field holds, as computed bounds can be.
        XCTAssertEqual(CivilDate(dayNumber: CivilDate.latest.dayNumber + 1).yearMonthDay, 100_000_101)
        XCTAssertLessThan(CivilDate(dayNumber: CivilDate.earliest.dayNumber - 1).yearMonthDay, 10_101)
    }

    func testRejectsBadPatterns() {
        let cases: [(String, DatePatternError)] = [
            ("yyyy-MM", .missingComponent(pattern: "yyyy-MM", component: "dd")),
            ("yy-MM-dd", .unknownLetters(pattern: "yy-MM-dd", letters: "yy")),
            ("yyyy-MM-dd-dd", .duplicatedComponent(pattern: "yyyy-MM-dd-dd", component: "dd")),
            ("yyyy-MM-ddTHH", .unknownLetters(pattern: "yyyy-MM-ddTHH", letters: "THH")),
            ("yyyy-mm-dd", .unknownLetters(pattern: "yyyy-mm-dd", letters: "mm")),
        ]
        for (pattern, expected) in cases {
            XCTAssertThrowsError(try DatePattern(pattern), pattern) { error in
                XCTAssertEqual(error as? DatePatternError, expected)
                XCTAssertTrue("\(error)".contains("yyyy, MM and dd"), "\(error)")
            }
        }
    }
}
