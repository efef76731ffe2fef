import Foundation
import XCTest

/// Assertions that test text (string predicates, a text's length) and an optional list an
/// assertion needs filled are met by construction (issue 30, item 1): the solver decides the
/// truth of each string predicate before the text is drawn, the text is drawn to meet the
/// decision (the field's `seed:` list first, then its pattern intersected with the predicate),
/// and nothing is rebuilt. The shares below are worked out by hand from the rules: a text field
/// gets each decision its assertions allow (and the generator can meet) with equal chance.
final class SolverTextGenerationCommandTests: ScratchFolderTestCase {
    static let titles = """
        Phone charger
        Laptop bag
        Desk lamp
        phone case
        Kettle

        """

    /// `title`: of the four decisions on (CONTAINS[c] 'phone', BEGINSWITH 'Desk'), the assertion
    /// allows three; each comes out a third of the time: both true (no seed does both: a value
    /// built from the intersection, beginning `Desk` and containing `phone`), only the first
    /// (the seeds `Phone charger` and `phone case`, a sixth each), only the second (`Desk
    /// lamp`). `code`: of the decisions on its three prefixes, only those with exactly one true
    /// have values (two prefixes at once match nothing), so AB, CD and EF a third each, and
    /// the two digits drawn uniformly (00-99: mean 49.5, standard deviation 28.87).
    static let decided = """
        id: text-decisions
        fields:
          title: {type: text, seed: titles.txt}
          code: {type: string, regex: '^[A-Z]{2}[0-9]{2}$'}
        assert:
          - that: "title CONTAINS[c] 'phone' || title BEGINSWITH 'Desk'"
            rule: title-kind
          - that: "code BEGINSWITH 'AB' || code BEGINSWITH 'CD' || code BEGINSWITH 'EF'"
            rule: code-prefix
        """

    /// `owner` is optional, and when given longer than 3 (by the assertion); `plot` is an
    /// optional list that must have as many items as `plots` says when `plots` is given (the
    /// imported XLSForm's repeat_count): when `plots` is 1-3, `plot` is filled although optional.
    static let lengthAndCount = """
        id: length-and-count
        fields:
          owner: {type: text, optional: true}
          plots: {type: integer, min: 0, max: 3, optional: true}
        sections:
          plot:
            type: list
            optional: true
            maxItems: 5
            fields:
              area: {type: integer, min: 1, max: 9}
        assert:
          - that: "empty(owner) || count(owner) > 3"
            rule: owner-length
          - that: "empty(plots) || count(plot) == plots"
            rule: repeat-count
        """

    private func objects(_ file: String) throws -> [[String: Any]] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func assertShare(_ count: Int, of total: Int, is share: Double, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Double(count) / Double(total), share, accuracy: 0.05, "\(what): \(count) of \(total)", file: file, line: line)
    }

    func testStringPredicatesAreDecidedBeforeTheTextIsDrawn() throws {
        _ = try write("titles.txt", Self.titles)
        let rules = try write("decided.yaml", Self.decided)
        let output = path("decided.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "3000", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("wrote 3000 questionnaires to \(output); nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        let records = try objects(output)
        XCTAssertEqual(records.count, 3000)
        var titles = [String: Int](), built = 0, prefixes = [String: Int](), digits: [Double] = []
        for record in records {
            let title = try XCTUnwrap(record["title"] as? String, "\(record)")
            if ["Phone charger", "phone case", "Desk lamp"].contains(title) {
                titles[title, default: 0] += 1
            } else {
                // Both predicates true: no seed does that, so a value built from the patterns.
                XCTAssertTrue(title.hasPrefix("Desk"), title)
                XCTAssertTrue(title.lowercased().contains("phone"), title)
                built += 1
            }
            let code = try XCTUnwrap(record["code"] as? String, "\(record)")
            XCTAssertEqual(code.count, 4, code)
            prefixes[String(code.prefix(2)), default: 0] += 1
            digits.append(try XCTUnwrap(Double(code.suffix(2)), code))
        }
        assertShare(titles["Desk lamp", default: 0], of: 3000, is: 1.0 / 3.0, "Desk lamp")
        assertShare(titles["Phone charger", default: 0], of: 3000, is: 1.0 / 6.0, "Phone charger")
        assertShare(titles["phone case", default: 0], of: 3000, is: 1.0 / 6.0, "phone case")
        assertShare(built, of: 3000, is: 1.0 / 3.0, "built from the patterns")
        XCTAssertEqual(Set(prefixes.keys), ["AB", "CD", "EF"])
        for prefix in ["AB", "CD", "EF"] { assertShare(prefixes[prefix, default: 0], of: 3000, is: 1.0 / 3.0, prefix) }
        // Mean of the digits 49.5; standard error 28.87 / sqrt(3000) = 0.53, so within 5 of them: ±2.64.
        let mean = digits.reduce(0, +) / Double(digits.count)
        XCTAssertEqual(mean, 49.5, accuracy: 2.64)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }

    func testATextLengthAndAnOptionalListAnAssertionNeedsAreMetByConstruction() throws {
        let rules = try write("length.yaml", Self.lengthAndCount)
        let output = path("length.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "2000", "--seed", "5", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("wrote 2000 questionnaires to \(output); nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        var owners = 0, plotsGiven = [Int: Int]()
        for record in try objects(output) {
            if let owner = record["owner"] as? String {
                owners += 1
                XCTAssertGreaterThan(owner.unicodeScalars.count, 3, owner)
            }
            let items = (record["plot"] as? [Any])?.count ?? 0
            if let plots = record["plots"] as? Int {
                plotsGiven[plots, default: 0] += 1
                XCTAssertEqual(items, plots, "\(record)")
            }
        }
        XCTAssertGreaterThan(owners, 100)
        // Every value of plots occurs, 1-3 with as many items (an optional list filled for it).
        // A quarter each: no value of plots is refused (0 with the list left empty).
        let given = plotsGiven.values.reduce(0, +)
        for plots in 0...3 { assertShare(plotsGiven[plots, default: 0], of: given, is: 0.25, "plots = \(plots)") }
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }
}
