@testable import FormsmithCore
import FormsmithValues
import XCTest

/// Checks are grouped by the value type they apply to: every compiled integer and decimal field
/// (and each of its cases) holds only ``ValueCheck/number(_:)`` checks, every date field only
/// ``ValueCheck/date(_:)`` checks, whatever the rule set (the shipped ones, lists inside lists,
/// cases) — so the code for numbers and dates never sees another type's check.
final class NumberCheckGroupingTests: XCTestCase {
    /// Number and date fields with every number and date key, in cases, inside lists inside lists.
    private static let inline = """
        id: grouping
        fields:
          premium: {type: decimal, exclusiveMin: 0, max: 1000000, fractionDigits: 2, multipleOf: 0.05}
          seats: {type: integer, const: 5}
          kind: {type: enum, values: [car, truck]}
          axles:
            type: integer
            min: 2
            cases:
              - when: "kind == 'truck'"
                min: 3
                max: 9
                multipleOf: 1
              - when: "kind == 'car'"
                const: 2
          weight:
            type: decimal
            cases:
              - when: "kind == 'truck'"
                fractionDigits: 1
                max: 40
          start: {type: date, min: 2000-01-01, max: today}
          end:
            type: date
            min: start + 1d
            cases:
              - when: "kind == 'truck'"
                max: start + 1y
        sections:
          drivers:
            type: list
            fields:
              born: {type: date, max: today-18y}
              trips:
                type: list
                fields:
                  km: {type: decimal, min: 0, max: "drivers[].trips[].limit", fractionDigits: 1}
                  limit: {type: integer, min: 1, max: 5000}
                  day:
                    type: date
                    min: drivers[].born + 18y
                    cases:
                      - when: "drivers[].trips[].limit > 10"
                        exclusiveMax: today
        """

    func testNumberAndDateFieldsHoldOnlyChecksOfTheirType() throws {
        var sets: [(String, CompiledRuleSet)] = [("inline", try compileRules(Self.inline))]
        let rules = repositoryRoot.appendingPathComponent("Rules")
        for name in ["osago-policy", "payment-order", "customer-survey"] {
            let path = rules.appendingPathComponent(name + ".yaml").path
            sets.append((name, try RulesLoader.load(path: path, today: testToday)))
        }
        let fixtures = repositoryRoot.appendingPathComponent("Tests/FormsmithCLITests/Fixtures")
        for path in ["nested-lists/rules.yaml", "nested-shapes/three-deep.yaml", "rules-schema/valid/every-key.yaml",
                     "export/conditions.yaml"] {
            sets.append((path, try RulesLoader.load(path: fixtures.appendingPathComponent(path).path, today: testToday)))
        }
        var seen: [String: Int] = ["number": 0, "date": 0, "case": 0]
        for (name, set) in sets {
            for field in set.fields where [.integer, .decimal, .date].contains(field.type) {
                let lists = [field.checks] + field.cases.map(\.checks)
                seen["case", default: 0] += field.cases.count
                for (index, checks) in lists.enumerated() {
                    for check in checks {
                        let place = "\(name): \(field.path)" + (index == 0 ? "" : " case \(index)")
                        switch (field.type, check) {
                        case (.integer, .number), (.decimal, .number): seen["number", default: 0] += 1
                        case (.date, .date): seen["date", default: 0] += 1
                        default: XCTFail("\(place) (\(field.type)) holds a \(check.kind) check of another type")
                        }
                    }
                }
            }
        }
        // The inline set alone: premium 3, seats 1, axles 1 + 2 + 1, weight 2, km 2, limit 1
        // number checks; start 1, end 2, born 1, day 2 date checks; axles 2, weight 1, end 1, day 1 cases.
        XCTAssertGreaterThanOrEqual(seen["number"]!, 13)
        XCTAssertGreaterThanOrEqual(seen["date"]!, 6)
        XCTAssertGreaterThanOrEqual(seen["case"]!, 5)
    }

    /// The inline set compiles each kind to the struct its file declares, by field type.
    func testEachKindCompilesToItsTypesStruct() throws {
        let set = try compileRules(Self.inline)
        func kinds(_ path: String, case index: Int? = nil) -> [CheckKind] {
            guard let field = set.fields.first(where: { $0.path == path }) else { return [] }
            return (index.map { field.cases[$0].checks } ?? field.checks).map(\.kind)
        }
        XCTAssertEqual(kinds("premium"), [.range, .fractionDigits, .multipleOf])
        XCTAssertEqual(kinds("seats"), [.constant])
        XCTAssertEqual(kinds("axles", case: 0), [.range, .multipleOf])
        XCTAssertEqual(kinds("axles", case: 1), [.constant])
        XCTAssertEqual(kinds("end", case: 0), [.range])
        let premium = try XCTUnwrap(set.fields.first { $0.path == "premium" })
        var narrowings: [NumberDomain.Rule] = []
        for case .number(let check) in premium.checks { narrowings += check.narrowings }
        XCTAssertEqual(narrowings, [.lower, .upper, .fractionDigits, .step(ExactDecimal("0.05")!)])
    }
}
