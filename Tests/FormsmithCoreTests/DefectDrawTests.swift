@testable import FormsmithCore
import XCTest

/// The planter draws its first defect lazily (``DefectGroupTable``): a group uniformly among the
/// groups the questionnaire offers, then a candidate uniformly within it, building only that
/// group's candidates.
final class DefectDrawTests: XCTestCase {
    /// A form whose groups are counted by hand: `name` (a required string) offers `required` and
    /// `type`; `age` (a required integer from 0 to 10) offers `required`, `type`, `min` and `max`;
    /// the questionnaire offers `unknown-field`. Five groups, each drawn a fifth of the time;
    /// `required` and `type` split evenly between the two fields. Every defect fits, so the
    /// first one drawn is the one labelled.
    func testTheFirstDefectIsUniformAmongGroupsThenAmongTheGroupsFields() throws {
        let rules = try compileRules("""
            id: draw
            fields:
              name: {type: string}
              age: {type: integer, min: 0, max: 10}
            """)
        let count = 4000
        let batch = try generate(rules, GenerationOptions(count: count, seed: 12, invalidRate: 1, jobs: 1))
        assertMatchesLabels(batch, rules, "draw")
        XCTAssertEqual(batch.labels.count, count)
        XCTAssertEqual(batch.summary.discards.lines(), [])
        var seen: [String: Int] = [:]
        for label in batch.labels { seen["\(label.field) \(label.rule)", default: 0] += 1 }
        let expected: [String: Double] = [
            "name required": 0.1, "age required": 0.1, "name type": 0.1, "age type": 0.1,
            "age min": 0.2, "age max": 0.2, "unexpectedField unknown-field": 0.2,
        ]
        XCTAssertEqual(Set(seen.keys), Set(expected.keys))
        for (pair, share) in expected {
            // Five standard deviations of a binomial count either side.
            let mean = share * Double(count)
            let spread = 5 * (Double(count) * share * (1 - share)).squareRoot()
            XCTAssertEqual(Double(seen[pair] ?? 0), mean, accuracy: spread, pair)
        }
    }

    /// The form's table holds every group a questionnaire offers, with its field, and the
    /// candidates built for one group are exactly the questionnaire's candidates of that group.
    func testTheTableHoldsEveryGroupAQuestionnaireOffers() throws {
        for name in shippedRuleSets {
            let rules = try shippedRules(name)
            let plan = try GeneratorTables(rules: rules, options: GenerationOptions(count: 300, seed: 17))
            let generator = RecordGenerator(plan: plan, csvWriter: nil)
            let table = generator.defectGroups
            var groupsSeen = Set<DefectGroup>()
            for index in 0..<300 {
                var output: [UInt8] = []
                _ = try generator.generate(index: index, into: &output)
                let planter = DefectPlanter(generator: generator)
                let all = planter.candidates()
                for candidate in all {
                    let position = try XCTUnwrap(table.groups.firstIndex(of: candidate.group),
                                                 "\(name) \(index): \(candidate.group) not in the table")
                    if candidate.kind != .unknownField {
                        XCTAssertTrue(table.fields[position].contains(candidate.address.field),
                                      "\(name) \(index): \(candidate.group) field \(candidate.address.field)")
                    }
                    groupsSeen.insert(candidate.group)
                }
                for (position, group) in table.groups.enumerated() {
                    let lazy = planter.candidates(in: group, fields: table.fields[position]).map(describe)
                    XCTAssertEqual(lazy, all.filter { $0.group == group }.map(describe), "\(name) \(index) \(group)")
                }
            }
            XCTAssertGreaterThan(groupsSeen.count, 10, name)
        }
    }

    private func describe(_ candidate: MutationCandidate) -> String {
        "\(candidate.kind) \(candidate.address.field) \(candidate.address.item) \(candidate.rule)"
    }
}
