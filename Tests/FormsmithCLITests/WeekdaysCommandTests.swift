import Foundation
import XCTest

/// `weekdays`, a date filter kind, through the binary: the verdict with its rule and message,
/// generation spread evenly over the allowed days inside the range with nothing rebuilt or
/// redrawn, its labelled defect and the `min`/`max` defects beside it, the rule-file errors
/// (`weekdays: []`, a range holding none of the days) and the JSON Schema export's gap.
final class WeekdaysCommandTests: ScratchFolderTestCase {
    /// The day of the week by Foundation's Gregorian calendar (1 Sunday ... 7 Saturday), an
    /// implementation apart from Formsmith's.
    private func weekday(_ text: String) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = text.split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3, text)
        let date = try XCTUnwrap(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])))
        return calendar.component(.weekday, from: date)
    }

    func testValuesOnOtherDaysAreReportedWithTheAllowedDays() throws {
        let rules = try write("rules.yaml", """
            id: days
            fields:
              d: {type: date, min: 2026-11-01, max: 2026-12-31, weekdays: [mon, tue, wed, thu, fri]}

            """)
        // By hand: 2026-11-23 is a Monday, 2026-11-27 a Friday, 2026-11-28 a Saturday, and
        // 2026-10-30 a Friday before the range (only min is broken).
        let records = """
            {"d": "2026-11-23"}
            {"d": "2026-11-27"}
            {"d": "2026-11-28"}
            {"d": "2026-10-30"}

            """
        let run = try Formsmith.run(["validate", "--rules", rules, try write("data.jsonl", records)])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains(
            ":3\n  d: must fall on mon, tue, wed, thu or fri (2026-11-28 is a sat) [weekdays] (value \"2026-11-28\")\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains(":4\n  d: "), run.stdout)
        XCTAssertFalse(run.stdout.contains("2026-10-30 is a"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 questionnaires: 2 valid, 2 invalid"), run.stdout)
    }

    /// 2,000 dates over 52 whole weeks (2026-01-05, a Monday, to 2027-01-03, a Sunday) with
    /// Monday, Wednesday and Friday allowed: each holds a third of the allowed days, so each
    /// must hold 33.3% ± 5 points of the values; no other day; nothing rebuilt or redrawn
    /// (generation says so on standard error when it is).
    func testGenerationIsUniformOverTheAllowedDays() throws {
        let rules = try write("rules.yaml", """
            id: spread
            fields:
              d: {type: date, min: 2026-01-05, max: 2027-01-03, weekdays: [mon, wed, fri]}

            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "2000", "--seed", "7"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        var counts: [Int: Int] = [:]
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2000)
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = try XCTUnwrap(object["d"] as? String)
            XCTAssertTrue(text >= "2026-01-05" && text <= "2027-01-03", text)
            counts[try weekday(text), default: 0] += 1
        }
        // Foundation: 2 Monday, 4 Wednesday, 6 Friday.
        XCTAssertEqual(Set(counts.keys), [2, 4, 6], "\(counts)")
        for day in [2, 4, 6] {
            let share = Double(counts[day] ?? 0) / 2000 * 100
            XCTAssertEqual(share, 100.0 / 3, accuracy: 5, "weekday \(day): \(counts)")
        }
    }

    /// The range starts on a Monday and ends on a Friday, so the day just past each bound is a
    /// weekend day `weekdays` refuses: the min and max defects step on to a weekday (Friday
    /// 2026-01-02, Monday 2026-12-28) and break their bound alone, and the weekdays defect is a
    /// weekend day inside the range. None is dropped.
    func testDefectsBreakExactlyTheirLabel() throws {
        let rules = try write("rules.yaml", """
            id: defects
            fields:
              d: {type: date, min: 2026-01-05, max: 2026-12-25, weekdays: [mon, tue, wed, thu, fri]}

            """)
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "no defect dropped, nothing rebuilt")
        let written = try String(contentsOfFile: labels, encoding: .utf8)
        let labelled = written.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["rule"] as? String
        }
        for rule in ["weekdays", "min", "max"] {
            XCTAssertTrue(labelled.contains(rule), "no \(rule) defect among \(Set(labelled).sorted())")
        }
        // One label a questionnaire, in order (a questionnaire without `d` has no value to look at).
        let values = run.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["d"] as? String ?? ""
        }
        XCTAssertEqual(values.count, labelled.count)
        for (value, rule) in zip(values, labelled) {
            switch rule {
            case "weekdays":
                XCTAssertTrue(value >= "2026-01-05" && value <= "2026-12-25", value)
                XCTAssertTrue([1, 7].contains(try weekday(value)), "\(value) is not a weekend day")
            case "min": XCTAssertEqual(value, "2026-01-02")
            case "max": XCTAssertEqual(value, "2026-12-28")
            default: break
            }
        }
        let check = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl",
                                       try write("invalid.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 1)
        let reported = check.stdout.split(separator: "\n")
            .filter { $0.hasPrefix("{\"file\"") && $0.contains("\"rule\":\"weekdays\"") }.count
        XCTAssertEqual(reported, labelled.filter { $0 == "weekdays" }.count, "every weekdays label is reported once")
    }

    func testEmptyListsAndEmptiedRangesAreRuleFileErrors() throws {
        let rules = try write("rules.yaml", """
            id: bad
            fields:
              a: {type: date, weekdays: []}
              b: {type: date, min: 2026-11-28, max: 2026-11-29, weekdays: [mon, fri]}
              c: {type: date, weekdays: [mon, someday]}

            """)
        let run = try Formsmith.run(["lint", "--rules", rules])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, """
            \(rules):3:29: error[invalid-rules]: 'weekdays' is an empty list, which lists nothing to allow; give at \
            least one value (weekdays: [a, b]) or leave the key out
            \(rules):4:64: error[invalid-rules]: no day from 2026-11-28 to 2026-11-29 of 'b' is one its weekdays \
            allows, so no date can pass; widen the range or allow more days
            \(rules):5:35: error[invalid-rules]: 'someday' is not a day of the week; write one of mon, tue, wed, thu, \
            fri, sat, sun
            1 rule file: 3 errors, 0 warnings

            """)
    }

    func testTheJSONSchemaExportListsItAsNotExpressed() throws {
        let rules = try write("rules.yaml", "id: days\nfields:\n  d: {type: date, weekdays: [mon]}\n")
        let run = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("d: weekdays: the day of the week of a date"), run.stderr)
    }
}
