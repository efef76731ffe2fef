import Foundation
import XCTest

/// A list that a repeat count and a `sum()` over its items both read, the shape of the imported
/// farm XLSForm (`plots` says how many `plot` items there are, and `total`, when filled, needs
/// `sum(plot[].area) > 0`). The solver saw the two assertions apart: `total` was filled although
/// `plots` was already 0, and the list's count was settled while its items' sum read as blank,
/// so about 4 questionnaires in 10 were rebuilt.
final class SumSettlingCommandTests: ScratchFolderTestCase {
    static let form = """
        id: plots
        fields:
          plots: {type: integer, min: 0, max: 3, optional: true}
          total: {type: integer, min: 1, max: 9, optional: true}
        sections:
          plot:
            type: list
            optional: true
            maxItems: 3
            fields:
              area: {type: decimal, fractionDigits: 1, min: 0.1, max: 100}
        assert:
          - that: "empty(plots) || count(plot) == plots"
            field: plot
            rule: repeat-count
          - that: "empty(total) || sum(plot[].area) > 0"
            field: total
            rule: total-needs-area
        """

    /// Worked out by hand: `plots` is filled at the optional rate (0.5), each of 0..3 a quarter
    /// of those (every value has a valid questionnaire). `total` is filled at the optional rate
    /// too, except that with `plots` 0 the list is empty, its sum 0, and `total` must be left
    /// empty: filled in 0.5 × (1 − 0.5 × 0.25) = 43.75% (±3 points on 4,000). The areas are
    /// positive, so any item makes the sum positive.
    func testARepeatCountAndASumOverTheSameListAreSettledTogether() throws {
        let rules = try write("plots.yaml", Self.form)
        let output = path("plots.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "4000", "--seed", "1", "--optional-rate", "0.5",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("formsmith: wrote 4000 questionnaires to \(output); nothing discarded\n"), run.stderr)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(records.count, 4000)
        var zeroPlots = 0
        var totals = 0
        for record in records {
            let items = (record["plot"] as? [Any])?.count ?? 0
            if let plots = record["plots"] as? Int {
                XCTAssertEqual(items, plots, "\(record)")
                if plots == 0 { zeroPlots += 1 }
            }
            if record["total"] != nil {
                totals += 1
                XCTAssertGreaterThan(items, 0, "\(record)")
            }
        }
        XCTAssertTrue((400...600).contains(zeroPlots), "plots = 0 in \(zeroPlots) of 4,000; 12.5% expected")
        XCTAssertTrue((1_630...1_870).contains(totals), "total filled in \(totals) of 4,000; 43.75% expected")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }
}
