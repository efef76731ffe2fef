@testable import FormsmithCore
import XCTest

/// `hidden-required` compares what the conditions of a field and its parent mean, not their
/// text: conditions that agree for every questionnaire (written differently, in either dialect)
/// are silent; conditions that disagree are reported with a questionnaire that shows it, worked
/// out by hand below.
final class HiddenRequiredCheckTests: XCTestCase {
    /// The messages of the `hidden-required` findings of a rule file with a parent `p`
    /// (visible when `parent`) and a required child `c` (visible when `child`), over `fields`.
    private func findings(_ fields: String, parent: String, child: String) -> [String] {
        let yaml = """
            id: compare
            fields:
            \(fields)
              p: {type: string, visibleIf: \(quoted(parent))}
              c: {type: string, parent: p, visibleIf: \(quoted(child))}
            """
        return Linter.lint(text: yaml, file: "compare.yaml", today: testToday)
            .filter { $0.rule == "hidden-required" }.map(\.message)
    }

    private func quoted(_ predicate: String) -> String {
        "'" + predicate.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private let enumType = "  type: {type: enum, values: [1, 2, 3]}"
    private let integerN = "  n: {type: integer, optional: true}"

    func testTheIssueCaseIsSilentInBothDialects() {
        for (parent, child) in [("($type == 2) OR ($type == 3)", "$type IN {2, 3}"),
                                ("type == 2 || type == 3", "type in [2, 3]"),
                                ("type in [2, 3]", "($type == 2) OR ($type == 3)"),
                                ("$type IN {2, 3}", "$type IN {2, 3}"),
                                ("type != 1 && present(type)", "$type BETWEEN {2, 3}")] {
            XCTAssertEqual(findings(enumType, parent: parent, child: child), [], "\(parent) / \(child)")
        }
    }

    func testEquivalentConditionsOnNumbersDatesAndTextAreSilent() {
        // Whole numbers: n > 5 is n >= 6; a decimal would not be.
        XCTAssertEqual(findings(integerN, parent: "n > 5", child: "n >= 6"), [])
        XCTAssertEqual(findings(integerN, parent: "n > 5", child: "!(n <= 5) && present(n)"), [])
        XCTAssertEqual(findings(integerN, parent: "n BETWEEN {1, 3}", child: "n == 1 || n == 2 || n == 3"), [])
        // The child visible in fewer questionnaires than the parent is fine too (it is hidden
        // whenever the parent is).
        XCTAssertEqual(findings(integerN, parent: "n > 5", child: "n > 10"), [])
        // Dates against a bound computed from today.
        let born = "  born: {type: date, optional: true}"
        XCTAssertEqual(findings(born, parent: "born <= today - 18y", child: "!(born > today - 18y) && present(born)"), [])
        // Strings: the same test written in the two dialects.
        let inn = "  inn: {type: string, optional: true}"
        XCTAssertEqual(findings(inn, parent: "$inn BEGINSWITH '77'", child: "inn MATCHES '77.*'"), [])
        XCTAssertEqual(findings(inn, parent: "inn == '7701'", child: "$inn == '7701'"), [])
    }

    func testContradictingConditionsAreReportedWithAQuestionnaireThatShowsIt() {
        // type = 3: the parent is hidden (so empty) while the child is visible (so required).
        let enumCase = findings(enumType, parent: "$type == 2", child: "$type IN {2, 3}")
        XCTAssertEqual(enumCase.count, 1)
        XCTAssertTrue(enumCase.first?.contains("as when type = 3:") == true, "\(enumCase)")
        XCTAssertTrue(enumCase.first?.contains("(it is hidden when `$type == 2` is false)") == true, "\(enumCase)")
        // n = 5 is where `n > 5` and `n >= 5` part.
        let boundary = findings(integerN, parent: "n > 5", child: "n >= 5")
        XCTAssertEqual(boundary.count, 1)
        XCTAssertTrue(boundary.first?.contains("as when n = 5:") == true, "\(boundary)")
        // A decimal between 5 and 6 parts `n >= 6` and `n > 5` (whole numbers do not: see above).
        XCTAssertEqual(findings(integerN, parent: "n >= 6", child: "n > 5"), [])
        let decimal = findings("  n: {type: decimal, optional: true}", parent: "n >= 6", child: "n > 5")
        XCTAssertEqual(decimal.count, 1)
        XCTAssertTrue(decimal.first?.contains("as when n = 5.5:") == true, "\(decimal)")
        // Dates: the day before the bound.
        let born = findings("  born: {type: date, optional: true}", parent: "born < 2000-01-01", child: "born <= 2000-01-01")
        XCTAssertTrue(born.first?.contains("as when born = 2000-01-01:") == true, "\(born)")
        // Strings: CONTAINS[c] holds for text BEGINSWITH does not ('x77').
        let inn = findings("  inn: {type: string, optional: true}", parent: "$inn BEGINSWITH '77'",
                           child: "$inn CONTAINS[c] '77'")
        XCTAssertTrue(inn.first?.contains("as when inn = 'x77':") == true, "\(inn)")
        // Two fields: the child ignores the second switch the parent reads.
        let two = findings("  a: {type: boolean}\n  b: {type: boolean}", parent: "a && b", child: "a")
        XCTAssertTrue(two.first?.contains("as when a = true, b = false:") == true, "\(two)")
    }

    func testAnOptionalParentIsComparedWithItsEmptiness() {
        let yaml = """
            id: optional
            fields:
              kind: {type: enum, values: [a, b]}
              docType: {type: string, optional: true}
              fine: {type: string, parent: docType, visibleIf: present(docType)}
              broken: {type: string, parent: docType, visibleIf: "kind == 'a'"}
            """
        let messages = Linter.lint(text: yaml, file: "optional.yaml", today: testToday)
            .filter { $0.rule == "hidden-required" }.map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.hasPrefix("'broken' is required") == true, "\(messages)")
        XCTAssertTrue(messages.first?.contains("(it is optional), as when kind = 'a':") == true, "\(messages)")
    }

    func testValuesThatCannotBeTriedAreSaidNotGuessed() {
        // The condition reads a list's size: lint tries no values of a list and says so.
        let yaml = """
            id: undecided
            fields:
              items: {type: list, optional: true, fields: {name: {type: string}}}
              p: {type: string, visibleIf: 'count(items) > 1'}
              c: {type: string, parent: p, visibleIf: 'count(items) >= 2'}
            """
        let messages = Linter.lint(text: yaml, file: "undecided.yaml", today: testToday)
            .filter { $0.rule == "hidden-required" }.map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("lint could not tell whether 'c' is hidden then (it cannot try every "
                                               + "value of 'items')") == true, "\(messages)")
    }

    func testSamplesIncludeBoundariesOfEveryConstant() throws {
        let rules = try compileRules("""
            id: samples
            fields:
              n: {type: integer, optional: true}
              s: {type: string, optional: true}
              d: {type: date, optional: true}
              v: {type: string, visibleIf: "n > 5 && s BEGINSWITH 'ab' && d < 2001-02-03"}
            """)
        let context = LintContext(ruleSet: rules.ruleSet, compiled: rules, today: testToday)
        let visibleIf = try XCTUnwrap(context.compiledField("v")?.visibleIf)
        let samples = PredicateSamples([visibleIf], context: context)
        func values(_ path: String) -> [String] {
            let id = rules.fieldIDs[path]!
            return samples.fields.first { $0.id == id }!.states.map {
                if case .value(let value) = $0 { return value.description }
                return $0 == .absent ? "empty" : "unknown"
            }
        }
        XCTAssertEqual(values("n"), ["empty", "0", "4", "5", "6"])
        XCTAssertEqual(values("s"), ["empty", "'x'", "'ab'", "'abx'", "'xab'", "'AB'"])
        XCTAssertEqual(values("d"), ["empty", "2001-02-02", "2001-02-03", "2001-02-04", "2026-11-22"])
        // A field that must always be filled is never tried empty.
        let required = try compileRules("id: r\nfields:\n  k: {type: enum, values: [a, b]}\n  v: {type: string, visibleIf: \"k == 'a'\"}\n")
        let requiredContext = LintContext(ruleSet: required.ruleSet, compiled: required, today: testToday)
        let kSamples = PredicateSamples([try XCTUnwrap(requiredContext.compiledField("v")?.visibleIf)], context: requiredContext)
        XCTAssertEqual(kSamples.fields.first?.states, [.value(.string("a")), .value(.string("b"))])
    }
}
