import Foundation
import XCTest

/// A date whose bound reads an earlier date (`renewed: {min: "issued + 14y", max: "today+30d"}`)
/// keeps a day: the earlier date is drawn only where the later one has room, so nothing is
/// rebuilt (620 questionnaires were rebuilt for 300 on this form before).
final class GenerateDateRoomCommandTests: ScratchFolderTestCase {
    /// Worked out by hand with today 2026-11-22: `issued + 14y <= 2026-12-22` holds up to
    /// `issued` 2012-12-22, and `birth + 18y <= 2026-11-22` up to `birth` 2008-11-22. Over
    /// 300 questionnaires `issued` (about 4,740 days from 2000-01-01) reaches both ends within
    /// a year, and so does `birth`.
    func testAnEarlierDateLeavesRoomForTheDateThatReadsIt() throws {
        let rules = try write("dates.yaml", """
            id: dates
            fields:
              issued: {type: date, min: "2000-01-01", max: "today"}
              renewed: {type: date, min: "issued + 14y", max: "today+30d"}
            sections:
              drivers:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  birth: {type: date, min: "1950-01-01", max: "today"}
                  licence: {type: date, min: "drivers[].birth + 18y", max: "today"}
            """)
        let (output, records) = try generateDiscardingNothing(rules, to: "dates.jsonl")
        let issued = records.compactMap { $0["issued"] as? String }.sorted()
        XCTAssertEqual(issued.count, 300)
        XCTAssertLessThan(issued.first ?? "", "2001-01-01")
        XCTAssertGreaterThan(issued.last ?? "", "2011-12-22")
        XCTAssertLessThanOrEqual(issued.last ?? "", "2012-12-22")
        let births = records.flatMap { ($0["drivers"] as? [[String: Any]]) ?? [] }.compactMap { $0["birth"] as? String }.sorted()
        XCTAssertGreaterThanOrEqual(births.count, 300)
        XCTAssertLessThan(births.first ?? "", "1951-01-01")
        XCTAssertGreaterThan(births.last ?? "", "2007-11-22")
        XCTAssertLessThanOrEqual(births.last ?? "", "2008-11-22")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// The later date in a list's items, the earlier one outside (`filed: {min: "joined + 14y"}`
    /// in `claims[]`): worked out by hand with today 2026-11-22, `joined` keeps room up to
    /// 2012-12-22, and reaches within a year of it over 300 questionnaires.
    func testAnOuterDateLeavesRoomForTheItemDatesThatReadIt() throws {
        let rules = try write("outer.yaml", """
            id: outer
            fields:
              joined: {type: date, min: "2000-01-01", max: "today"}
            sections:
              claims:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  filed: {type: date, min: "joined + 14y", max: "today+30d"}
            """)
        let (output, records) = try generateDiscardingNothing(rules, to: "outer.jsonl")
        let joined = records.compactMap { $0["joined"] as? String }.sorted()
        XCTAssertEqual(joined.count, 300)
        XCTAssertGreaterThan(joined.last ?? "", "2011-12-22")
        XCTAssertLessThanOrEqual(joined.last ?? "", "2012-12-22")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// The room an earlier date keeps depends on another field when the later date's bound
    /// reads it too (`renewed: {min: "issued + 14y", max: "checked + 30d"}`, `checked` filled
    /// first): it must be worked out again for every questionnaire, not kept from the first
    /// one as the room of a later date that reads nothing else is. Worked out by hand:
    /// `issued + 14y <= checked + 30d` holds up to `issued` = `checked + 30d - 14y`, at least
    /// 2001-01-31 for `checked` from 2015-01-01, so `issued` (from 2000-01-01) always has
    /// room and nothing is rebuilt; a room kept from one questionnaire's `checked` would leave
    /// the questionnaires with an earlier `checked` no `renewed` (about half of them rebuilt).
    func testTheRoomIsWorkedOutAgainWhenTheLaterDateReadsAnotherField() throws {
        let rules = try write("two.yaml", """
            id: two
            fields:
              checked: {type: date, min: "2015-01-01", max: "today"}
              issued: {type: date, min: "2000-01-01", max: "today"}
              renewed: {type: date, min: "issued + 14y", max: "checked + 30d"}
            """)
        let (output, records) = try generateDiscardingNothing(rules, to: "two.jsonl")
        XCTAssertEqual(records.count, 300)
        // `issued`'s room ends between 2001-01-31 and 2012-12-22 with `checked`: over 300
        // questionnaires some land past 2010, none past 2012-12-22.
        let issued = records.compactMap { $0["issued"] as? String }.sorted()
        XCTAssertEqual(issued.count, 300)
        XCTAssertGreaterThan(issued.last ?? "", "2010-01-01")
        XCTAssertLessThanOrEqual(issued.last ?? "", "2012-12-22")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// 300 questionnaires of `rules` (seed 2, today 2026-11-22) written to `name`, which must
    /// discard nothing; the output's path and its records.
    private func generateDiscardingNothing(_ rules: String, to name: String) throws -> (String, [[String: Any]]) {
        let output = path(name)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "2", "--today", "2026-11-22",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 300 questionnaires to \(output); nothing discarded\n")
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (output, records)
    }
}
