import Foundation
import XCTest

/// Covering sets with a date bound inside a list item that adds a calendar offset to another
/// item field (`min: drivers[].birthDate + 18y`), issue 30: the solver models the offset exactly
/// on the calendar, so each pair is covered or proven impossible, never "not found". Expected
/// outcomes are worked out by hand from the YAML and the calendar.
///
/// The outcome does not depend on the machine's load: each solver check is limited by Z3's
/// resource units (`SolverCoverModel.resourceLimit`, 2,000,000; these forms' checks take up to
/// 260,000), counted the same on any machine, and the wall-clock limit (30 s) is only a guard
/// behind it. Before, a 2-second wall-clock limit decided, and at load 10 a check of the osago
/// pairs could run out (`solverTimeouts` 1, a pair "not found").
final class CoverDateOffsetCommandTests: ScratchFolderTestCase {
    /// A driver born from 1996-02-29 to 2000-02-29 whose licence is issued no earlier than the
    /// day they turned 18, and at the latest on 2018-02-28.
    private static let licence = """
        id: driver-licence
        fields:
          plan: {type: enum, values: [basic, full]}
        sections:
          drivers:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              birthDate: {type: date, min: 1996-02-29, max: 2000-02-29}
              licenseIssued: {type: date, min: "drivers[].birthDate + 18y", max: 2018-02-28}
        """

    /// By hand: a driver born on 2000-02-29 (`max`) turns 18 on 2018-02-28 (no 29 February in
    /// 2018), the licence's own `max`, so `licenseIssued = inside` (before 2018-02-28) is
    /// impossible with that birth date; every other pair is possible (born on 1996-02-29, the
    /// licence may come from 2014-02-28 on; born inside, from before 2018-02-28). Factors: plan
    /// 2, drivers 3, birthDate 3, licenseIssued 2 (only its upper bound is fixed): 6 + 6 + 4 +
    /// 9 + 6 + 6 = 37 pairs, 1 impossible. Before, the offset was not modelled inside list items
    /// and that pair was "not found after N attempts".
    func testAnItemBoundWithAnOffsetLeavesNothingNotFound() throws {
        let rules = try write("licence.yaml", Self.licence)
        let (run, report, output) = try cover(rules, ["--seed", "1"], name: "licence")
        XCTAssertEqual(report["required"] as? Int, 37)
        XCTAssertEqual(report["impossible"] as? Int, 1, run.stderr)
        XCTAssertEqual(report["covered"] as? Int, 36, run.stderr)
        XCTAssertEqual(report["notFound"] as? Int, 0, run.stderr)
        XCTAssertEqual(report["solverTimeouts"] as? Int, 0)
        XCTAssertEqual(report["unmodelled"] as? [String], [])
        let proven = impossible(report)
        XCTAssertEqual(Array(proven.keys), ["drivers[].birthDate=max, drivers[].licenseIssued=inside"])
        let rule = try XCTUnwrap(proven["drivers[].birthDate=max, drivers[].licenseIssued=inside"])
        XCTAssertTrue(rule.contains("min of drivers[].licenseIssued: 'drivers[].birthDate + 18y'"), rule)
        XCTAssertTrue(rule.contains("the range of drivers[].birthDate: 1996-02-29 to 2000-02-29"), rule)
        XCTAssertTrue(rule.contains("the range of drivers[].licenseIssued: -∞ to 2018-02-28"), rule)
        // The covering questionnaires hold the pair next to it: born 2000-02-29, licence 2018-02-28.
        let firstDrivers = try firstItems(output, list: "drivers")
        XCTAssertTrue(firstDrivers.contains { $0["birthDate"] as? String == "2000-02-29" && $0["licenseIssued"] as? String == "2018-02-28" })
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }

    /// osago-policy: a driver's `birthDate` has `max: today-18y`, `licenseIssued` has
    /// `min: drivers[].birthDate + 18y` and `max: today`. With today 2026-01-01 a driver born on
    /// the `max` day (2008-01-01) turns 18 on 2026-01-01, today, so the licence can only be
    /// issued today (`max`): `birthDate = max` with `licenseIssued = inside` is impossible. With
    /// today 2028-02-29, `max` of birthDate is 2010-02-28 (no 29 February in 2010) and that driver
    /// turns 18 on 2028-02-28, a day before today: the pair is possible, licence on 2028-02-28.
    /// Before, both were "not found after 36 attempts".
    func testOsagoDriverPairIsProvenImpossibleOrCoveredByTheCalendar() throws {
        let rules = "Rules/osago-policy.yaml"
        let pair = "drivers[].birthDate=max, drivers[].licenseIssued=inside"

        let (run, report, _) = try cover(rules, ["--seed", "1", "--today", "2026-01-01"], name: "osago-2026")
        XCTAssertEqual(report["notFound"] as? Int, 0, run.stderr)
        let rule = try XCTUnwrap(impossible(report)[pair], run.stderr)
        XCTAssertTrue(rule.contains("min of drivers[].licenseIssued: 'drivers[].birthDate + 18y'"), rule)
        XCTAssertTrue(rule.contains("the range of drivers[].birthDate: -∞ to 2008-01-01"), rule)
        XCTAssertTrue(rule.contains("the range of drivers[].licenseIssued: -∞ to 2026-01-01"), rule)

        let (leapRun, leapReport, leapOutput) = try cover(rules, ["--seed", "1", "--today", "2028-02-29"], name: "osago-2028")
        XCTAssertEqual(leapReport["notFound"] as? Int, 0, leapRun.stderr)
        XCTAssertNil(impossible(leapReport)[pair])
        let firstDrivers = try firstItems(leapOutput, list: "drivers")
        XCTAssertTrue(firstDrivers.contains { $0["birthDate"] as? String == "2010-02-28" && $0["licenseIssued"] as? String == "2028-02-28" },
                      "\(firstDrivers.map { ($0["birthDate"] ?? "", $0["licenseIssued"] ?? "") })")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2028-02-29", leapOutput])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }

    // MARK: - Helpers

    private func cover(_ rules: String, _ extra: [String], name: String) throws
        -> (run: Formsmith.Output, report: [String: Any], output: String)
    {
        let output = path(name + ".jsonl")
        let report = path(name + ".report.json")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "pairs",
                                     "--output", output, "--coverage-report", report] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        return (run, object ?? [:], output)
    }

    /// The impossible tuples of a report as "factor=value, factor=value" → rule.
    private func impossible(_ report: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for entry in report["impossibleTuples"] as? [[String: Any]] ?? [] {
            let tuple = (entry["tuple"] as? [[String: String]] ?? []).map { "\($0["factor"] ?? "")=\($0["value"] ?? "")" }
            result[tuple.joined(separator: ", ")] = entry["rule"] as? String
        }
        return result
    }

    /// The first item of `list` in each written questionnaire that has one.
    private func firstItems(_ output: String, list: String) throws -> [[String: Any]] {
        try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").compactMap { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (record?[list] as? [[String: Any]])?.first
        }
    }
}
