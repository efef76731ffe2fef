import Foundation
import XCTest

/// Dates that assertions read are settled by the solver as day numbers (issue 30): before, the
/// solver gave up on a date, so `appointment <= today + 30d` with `min: today` was met only by
/// the one draw in 600 that landed in the window (generate stopped after 100 attempts), and
/// `end - start <= 14` rebuilt 3,681 questionnaires to write 2,000.
///
/// Every expected figure is worked out by hand from the rules, with `--today 2026-11-29`.
final class DateSettlingCommandTests: ScratchFolderTestCase {
    /// Runs `generate` on `rules` (written to `name`) and returns the run and each record.
    private func generate(_ rules: String, name: String, count: Int) throws -> (Formsmith.Output, [[String: Any]]) {
        let file = try write(name, rules)
        let output = path(name + ".jsonl")
        let run = try Formsmith.run(["generate", "--rules", file, "--count", String(count), "--seed", "1",
                                     "--today", "2026-11-29", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.count, count)
        // Nothing thrown away, and each settled date drawn uniformly, not the solver's model.
        XCTAssertTrue(run.stderr.contains("; nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        XCTAssertFalse(run.stderr.contains("taken from the solver's model"), run.stderr)
        return (run, objects)
    }

    /// Days from 1970-01-01, computed here by the Gregorian rule, to compare dates by hand.
    private static func day(_ text: Any?) throws -> Int {
        let parts = try XCTUnwrap(text as? String).split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        var (year, month) = (parts[0], parts[1])
        if month <= 2 { year -= 1; month += 12 }
        let days = 365 * year + year / 4 - year / 100 + year / 400 + (153 * (month - 3) + 2) / 5 + parts[2]
        return days - 719_469
    }

    /// `min: today` and `appointment <= today + 30d`: the 31 days 2026-11-29 … 2026-12-29.
    /// A date drawn in the window stays, one drawn after it (the generator draws up to 50 years
    /// on) is settled uniformly in it, so each day has 1/31: 100 of 3,100, standard deviation
    /// √(3100 · 1/31 · 30/31) ≈ 9.8; every day between 55 and 145 (over 4.5 deviations).
    func testADateWithinThirtyDaysOfTodayReachesEveryDayAboutEqually() throws {
        let (run, objects) = try generate("""
            id: appointment
            fields:
              appointment: {type: date, min: today}
            assert:
              - that: "appointment <= today + 30d"
            """, name: "appointment.yaml", count: 3100)
        XCTAssertTrue(run.stderr.contains("appointment [assert]: "), run.stderr)
        var shares: [Int: Int] = [:]
        for object in objects { shares[try Self.day(object["appointment"]), default: 0] += 1 }
        let first = try Self.day("2026-11-29")
        XCTAssertEqual(shares.keys.sorted(), Array(first...(first + 30)))
        for (day, count) in shares { XCTAssertTrue((55...145).contains(count), "day \(day): \(count) of 3,100") }
    }

    /// The XLSForm corpus constraint `. >= today() and . <= today() + 30`, imported as the bound
    /// `min: today` and the assertion `appointment <= today + 30d`: it generates.
    func testTheImportedXLSFormDateWindowGenerates() throws {
        let (_, objects) = try generate("""
            | survey   |         |             |             |          |                                    |
            |          | type    | name        | label       | required | constraint                         |
            |          | date    | appointment | Appointment | yes      | . >= today() and . <= today() + 30 |
            | settings |         |             |             |          |                                    |
            |          | form_id |             |             |          |                                    |
            |          | window  |             |             |          |                                    |
            """, name: "window.md", count: 200)
        let first = try Self.day("2026-11-29")
        for object in objects { XCTAssertTrue((first...(first + 30)).contains(try Self.day(object["appointment"]))) }
    }

    /// `start` in January 2026, `end` from `start` to 2026-02-28, `end - start <= 14`. Every
    /// `start` leaves `end` room, so `start` is never settled; `end` is kept when drawn within 14
    /// days and settled uniformly among them otherwise, so `end - start` is uniform on 0…14:
    /// 133.3 of 2,000 each (deviation 11.2; 80…190 allowed). `end` is settled when drawn past
    /// 14 days: for `start` = January d, `end` has 60 − d days, 45 − d of them too far, so
    /// 2,000 × mean over d of (45 − d)/(60 − d) = 1,287.7 (deviation 21.4; ±110 allowed).
    func testAnEndWithinFourteenDaysOfItsStart() throws {
        let (run, objects) = try generate("""
            id: pair
            fields:
              start: {type: date, min: 2026-01-01, max: 2026-01-31}
              end: {type: date, min: start, max: 2026-02-28}
            assert:
              - that: "end - start <= 14"
            """, name: "pair.yaml", count: 2000)
        XCTAssertFalse(run.stderr.contains("start [assert]"), run.stderr)
        let settled = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("end [assert]: ") })
        let count = try XCTUnwrap(Int(settled.split(separator: ":")[1].split(separator: " ")[0]))
        XCTAssertTrue((1178...1398).contains(count), String(settled))
        var gaps: [Int: Int] = [:]
        for object in objects { gaps[try Self.day(object["end"]) - Self.day(object["start"]), default: 0] += 1 }
        XCTAssertEqual(gaps.keys.sorted(), Array(0...14))
        for (gap, count) in gaps { XCTAssertTrue((80...190).contains(count), "end − start = \(gap): \(count) of 2,000") }
    }

    /// `licence >= birth + 18y` with months and years exact as the validator adds them: born
    /// 2008-02-29, the eighteenth birthday is 2026-02-28 (no 29 February in 2026), so the licence
    /// ranges over 2026-02-28 … 2026-03-31 (32 days, about 1,000 / 32 ≈ 31 on the first); born
    /// 2008-03-01, over 2026-03-01 … 2026-03-31, never 28 February.
    func testEighteenYearsAfterALeapDayEndTheDayBefore() throws {
        let (_, objects) = try generate("""
            id: licence
            fields:
              birth: {type: date, min: 2008-02-29, max: 2008-03-01}
              licence: {type: date, min: 2025-01-01, max: 2026-03-31}
            assert:
              - that: "licence >= birth + 18y"
            """, name: "licence.yaml", count: 2000)
        let february28 = try Self.day("2026-02-28"), march31 = try Self.day("2026-03-31")
        var leapBorn: [Int: Int] = [:], marchBorn: [Int: Int] = [:]
        for object in objects {
            let licence = try Self.day(object["licence"])
            if try Self.day(object["birth"]) == Self.day("2008-02-29") {
                leapBorn[licence, default: 0] += 1
            } else {
                marchBorn[licence, default: 0] += 1
            }
        }
        XCTAssertEqual(leapBorn.keys.sorted(), Array(february28...march31))
        XCTAssertGreaterThanOrEqual(leapBorn[february28] ?? 0, 10)
        XCTAssertEqual(marchBorn.keys.sorted(), Array((february28 + 1)...march31))
    }

    /// `month(renewal) == 3 || day(renewal) == 1` in 2026: March's 31 days and the first of
    /// the 11 other months, 42 days, not one range. A day drawn among them stays, any other is
    /// settled by drawing in the range the solver allows (1 January … 1 December) until a draw
    /// is allowed, so each of the 42 has 1/42: 100 of 4,200 (deviation 9.9; 55…145 allowed).
    func testAMonthOrADayOfTheMonthIsSettledAmongTheDaysAllowed() throws {
        let (run, objects) = try generate("""
            id: renewal
            fields:
              renewal: {type: date, min: 2026-01-01, max: 2026-12-31}
            assert:
              - that: "month(renewal) == 3 || day(renewal) == 1"
            """, name: "renewal.yaml", count: 4200)
        XCTAssertTrue(run.stderr.contains("renewal [assert]: "), run.stderr)
        var allowed = (1...12).map { String(format: "2026-%02d-01", $0) }
        allowed += (2...31).map { String(format: "2026-03-%02d", $0) }
        var shares: [String: Int] = [:]
        for object in objects { shares[try XCTUnwrap(object["renewal"] as? String), default: 0] += 1 }
        XCTAssertEqual(shares.keys.sorted(), allowed.sorted())
        for (day, count) in shares { XCTAssertTrue((55...145).contains(count), "\(day): \(count) of 4,200") }
    }

    /// A settled date keeps a later date that reads it room, as a drawn one does: `t12` needs a
    /// day from `t11 + 10d` to 2030-12-31, so `t11` is drawn from 2000-01-01 to 2030-12-21, and
    /// settled (`day(t11) >= 15`) within the same days, 31 years of which 2030 is one: about
    /// 65 of 2,000 in 2030. Settled up to 2050 (the 50 years after `min`), 163 of 200
    /// questionnaires of a random form with this shape were rebuilt.
    func testASettledDateKeepsALaterDateThatReadsItRoom() throws {
        let (_, objects) = try generate("""
            id: room
            fields:
              t11: {type: date, min: 2000-01-01}
              t12: {type: date, min: "t11 + 10d", max: 2030-12-31}
            assert:
              - that: "day(t11) >= 15"
            """, name: "room.yaml", count: 2000)
        var in2030 = 0
        for object in objects {
            let t11 = try XCTUnwrap(object["t11"] as? String), t12 = try Self.day(object["t12"])
            XCTAssertGreaterThanOrEqual(Int(t11.suffix(2)) ?? 0, 15, t11)
            XCTAssertLessThanOrEqual(try Self.day(t11), try Self.day("2030-12-21"), t11)
            XCTAssertGreaterThanOrEqual(t12, try Self.day(t11) + 10)
            if t11.hasPrefix("2030-") { in2030 += 1 }
        }
        XCTAssertTrue((25...110).contains(in2030), "t11 in 2030: \(in2030) of 2,000")
    }
}
