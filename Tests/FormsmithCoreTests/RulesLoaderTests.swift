import FormsmithCore
import XCTest

/// Every class of rule-file mistake is rejected with its position and a message that says
/// what to do, and all problems of a file are reported at once.
final class RulesLoaderTests: XCTestCase {
    func testInvalidYAMLIsReportedWithItsPosition() {
        let problems = ruleProblems("id: x\nfields:\n  a: {type: string\n")
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:4:1: invalid YAML:"), problems[0])
    }

    func testUnknownKeySuggestsTheClosestOne() {
        let problems = ruleProblems("""
            id: x
            fields:
              phone:
                type: string
                maks: "000"
            """)
        XCTAssertEqual(problems, ["rules.yaml:5:5: unknown key 'maks' in field 'phone' (did you mean 'mask'?)"])
    }

    /// A long mapping: more pairs than the reader marks in one machine word, and more than it
    /// compares one by one for duplicates. Every unknown key is reported with its place, no known
    /// key is, whatever its position, and a repeated key past the first sixteen is found.
    func testUnknownAndDuplicateKeysInALongMapping() {
        var lines = ["id: x", "fields:", "  a:", "    qqqq0: 1", "    title: first"]
        lines += (1..<70).map { "    qqqq\($0): 1" }
        lines += ["    type: string", "    ? [p]", "    : 1", "    ? [q]", "    : 2", "    description: last"]
        let problems = ruleProblems(lines.joined(separator: "\n"))
        let unknown = (0..<70).map { "rules.yaml:\($0 == 0 ? 4 : $0 + 5):5: unknown key 'qqqq\($0)' in field 'a'" }
        // The two list keys have no text: both are unknown, the second a duplicate of the first.
        let listKeys = ["rules.yaml:76:7: unknown key '' in field 'a'", "rules.yaml:78:7: duplicate key ''",
                        "rules.yaml:78:7: unknown key '' in field 'a'"]
        XCTAssertEqual(problems, unknown + listKeys)
    }

    func testUnknownTypeAndDefinition() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: strnig}
              b: {use: nameRU}
            definitions:
              nameRu: {type: string}
            """)
        XCTAssertEqual(problems.count, 2)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:3:13: unknown type 'strnig' (did you mean 'string'?)"), problems[0])
        XCTAssertEqual(problems[1], "rules.yaml:4:12: unknown definition 'nameRU' (did you mean 'nameRu'?)")
    }

    func testRegexThatDoesNotCompileShowsPCRE2MessageAndCaret() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: string, regex: 'ab(c'}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:3:28: invalid regex: missing closing parenthesis"), problems[0])
        XCTAssertTrue(problems[0].contains("ab(c\n"), problems[0])
    }

    func testBadMask() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: string, mask: '00 [AB'}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:3:27: invalid mask:"), problems[0])
    }

    func testBadExpressionShowsACaret() {
        let problems = ruleProblems("""
            id: x
            fields:
              kind: {type: integer}
              a: {type: string, visibleIf: 'kind in [1, 2'}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:4:32: invalid 'visibleIf' of 'a':"), problems[0])
        XCTAssertTrue(problems[0].contains("kind in [1, 2\n"), problems[0])
        XCTAssertTrue(problems[0].contains("            ^ expected ']' to close the list"), problems[0])
    }

    func testUnknownFieldReferenceSuggestsTheField() {
        let problems = ruleProblems("""
            id: x
            sections:
              vehicle:
                fields:
                  hasPlate: {type: boolean}
                  plate: {type: string, visibleIf: vehicle.hasPlat}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix(
            "rules.yaml:6:40: invalid 'visibleIf' of 'vehicle.plate': unknown field 'vehicle.hasPlat' "
                + "(did you mean 'vehicle.hasPlate'?)"), problems[0])
    }

    func testItemReferenceOutsideItsList() {
        let problems = ruleProblems("""
            id: x
            fields:
              start: {type: date, min: 'drivers[].birthDate'}
              drivers:
                type: list
                fields:
                  birthDate: {type: date}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].contains("can only be used inside that list"), problems[0])
    }

    func testCycleIsReportedWithItsPath() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: string, visibleIf: "present(b)"}
              b: {type: string, visibleIf: "present(a)"}
            """)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:3:3: fields depend on each other in a cycle: a -> b -> a"),
                      problems[0])
    }

    func testCycleIsReportedAlongsideOtherProblems() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: string, visibleIf: "present(b)"}
              b: {type: string, visibleIf: "present(a)"}
              c: {type: string, regex: '('}
            """)
        XCTAssertEqual(problems.count, 2, problems.joined(separator: "\n"))
        XCTAssertTrue(problems[0].contains("cycle: a -> b -> a"), problems[0])
    }

    func testEmptyRanges() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: integer, min: 10, max: 5}
              b: {type: string, minLength: 3, maxLength: 2}
              c: {type: date, min: today, max: today-1d}
            """)
        XCTAssertEqual(problems.count, 3)
        XCTAssertTrue(problems[0].hasPrefix("rules.yaml:3:27: the range of 'a' is empty"), problems[0])
        XCTAssertEqual(problems[1], "rules.yaml:4:32: minLength 3 is greater than maxLength 2")
        XCTAssertTrue(problems[2].hasPrefix("rules.yaml:5:24: the range of 'c' is empty"), problems[2])
    }

    func testTypeMismatchesInRules() {
        let problems = ruleProblems("""
            id: x
            fields:
              a: {type: integer, mask: '000'}
              b: {type: date, min: 5}
              c: {type: string, visibleIf: "a + 1"}
              d: {type: enum}
              e: {type: string, checksum: inm}
            """)
        XCTAssertEqual(problems.count, 5, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.contains("rules.yaml:3:28: 'mask' does not apply to integer field 'a'"))
        XCTAssertTrue(problems.contains { $0.hasPrefix("rules.yaml:4:24: a date bound must be a date") })
        XCTAssertTrue(problems.contains { $0.contains("'visibleIf' of 'c' must give a boolean") })
        XCTAssertTrue(problems.contains { $0.contains("enum field 'd' needs 'values' or 'valuesFrom'") })
        XCTAssertTrue(problems.contains { $0.contains("unknown checksum 'inm' (did you mean 'inn'?)") })
    }

    func testAllProblemsAreReportedAtOnceInFileOrder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("all-problems.yaml")
        try """
            id: x
            fields:
              a: {type: string, regex: '('}
              b: {type: string, maxLenght: 3}
              c: {type: integer, min: 3, max: 1}
            """.write(to: file, atomically: true, encoding: .utf8)
        var problems: [String] = []
        XCTAssertThrowsError(try RulesLoader.load(path: file.path, today: testToday)) { error in
            problems = (error as? RulesError)?.problems.map(\.description) ?? []
        }
        XCTAssertEqual(problems.count, 3, problems.joined(separator: "\n"))
        XCTAssertEqual(problems.map { $0.split(separator: ":")[1] }, ["3", "4", "5"])
    }

    func testMissingIdAndFields() {
        let problems = ruleProblems("title: nothing\n")
        XCTAssertTrue(problems.contains("rules.yaml:1:1: a rule set needs an 'id' (for example 'osago-policy')"))
        XCTAssertTrue(problems.contains("rules.yaml:1:1: the rule set declares no fields"))
    }

    func testRulesMayBeWrittenAsJSON() throws {
        let rules = try compileRules(#"{"id": "x", "fields": {"a": {"type": "string", "regex": "^\\d+$"}}}"#)
        XCTAssertEqual(pairs(validate(#"{"a": "12"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"a": "1x"}"#, against: rules)), ["a regex"])
    }

    func testScalarsAreTheTextWrittenWhateverTypeYAMLWouldGiveThem() throws {
        // The loader reads every value as its text (no YAML 1.1 type resolution): words YAML
        // would read as booleans, nulls, numbers or dates are allowed values as written.
        let rules = try compileRules("""
            id: x
            title: null
            fields:
              a: {type: enum, values: [yes, "no", ~, 2026-01-01, 0x1F, 1_000, .inf]}
            """)
        for value in ["yes", "no", "~", "2026-01-01", "0x1F", "1_000", ".inf"] {
            XCTAssertEqual(pairs(validate(#"{"a": "\#(value)"}"#, against: rules)), [], value)
        }
        XCTAssertEqual(pairs(validate(#"{"a": "true"}"#, against: rules)), ["a enum"])
        XCTAssertEqual(pairs(validate(#"{"a": "31"}"#, against: rules)), ["a enum"])
    }

    func testAKeyWrittenPlainAndQuotedIsADuplicate() {
        let problems = ruleProblems("""
            id: x
            fields:
              true: {type: string}
              "true": {type: string}
            """)
        XCTAssertEqual(problems.count, 1, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.first?.contains("duplicate key") == true, problems.first ?? "")
        XCTAssertTrue(problems.first?.contains("true") == true, problems.first ?? "")
    }

    func testTheShippedRuleSetsLoad() throws {
        for name in ["osago-policy", "payment-order", "customer-survey"] {
            let path = repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path
            let rules = try RulesLoader.load(path: path, today: testToday)
            XCTAssertEqual(rules.id, name)
        }
    }
}
