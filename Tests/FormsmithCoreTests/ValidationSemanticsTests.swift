import FormsmithCore
import XCTest

/// The validation semantics the rules reference promises, one behaviour per test.
final class ValidationSemanticsTests: XCTestCase {
    private let vehicleRules = """
        id: x
        sections:
          vehicle:
            fields:
              hasPlate: {type: boolean}
              plate: {type: string, visibleIf: vehicle.hasPlate, mask: '000'}
        """

    func testHiddenFieldMustBeEmptyAndVisibleFieldIsRequired() throws {
        let rules = try compileRules(vehicleRules)
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":false}}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":false,"plate":""}}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":false,"plate":"12x"}}"#, against: rules)),
                       ["vehicle.plate visibility"])
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":true}}"#, against: rules)), ["vehicle.plate required"])
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":true,"plate":"12x"}}"#, against: rules)),
                       ["vehicle.plate mask"])
    }

    func testAnUnknownPredicateReportsOnlyTheRootCause() throws {
        let rules = try compileRules(vehicleRules)
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"plate":"123"}}"#, against: rules)), ["vehicle.hasPlate required"])
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":"yes"}}"#, against: rules)), ["vehicle.hasPlate type"])
        // The plate's own format is still checked when its visibility is unknown.
        XCTAssertEqual(pairs(validate(#"{"vehicle":{"hasPlate":1,"plate":"1"}}"#, against: rules)),
                       ["vehicle.hasPlate type", "vehicle.plate mask"])
    }

    /// A value equal to an exclusive bound breaks it (the declarative check words it even when
    /// the plan has already said "not certainly passes"); one inside passes.
    func testAValueEqualToAnExclusiveBoundBreaksIt() throws {
        let rules = try compileRules("""
            id: x
            fields:
              count: {type: integer, exclusiveMin: 0, exclusiveMax: 4}
              ratio: {type: decimal, exclusiveMax: 1.5}
              day: {type: date, exclusiveMin: 2024-02-28, exclusiveMax: 2024-03-01}
            """)
        XCTAssertEqual(pairs(validate(#"{"count":3,"ratio":1.4,"day":"2024-02-29"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"count":4,"ratio":1.5,"day":"2024-03-01"}"#, against: rules)),
                       ["count max", "ratio max", "day max"])
        XCTAssertEqual(pairs(validate(#"{"count":0,"ratio":1,"day":"2024-02-28"}"#, against: rules)),
                       ["count min", "day min"])
    }

    /// A list one item short of `minItems` breaks it; one with exactly `minItems` passes.
    func testAListOneItemShortOfMinItemsBreaksIt() throws {
        let rules = try compileRules("""
            id: x
            fields:
              tags: {type: multi-choice, values: [a, b, c], minItems: 2, maxItems: 2}
            """)
        XCTAssertEqual(pairs(validate(#"{"tags":["a","b"]}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"tags":["a"]}"#, against: rules)), ["tags min-items"])
        XCTAssertEqual(pairs(validate(#"{"tags":["a","b","c"]}"#, against: rules)), ["tags max-items"])
    }

    func testRequiredIfAndOptional() throws {
        let rules = try compileRules("""
            id: x
            fields:
              kind: {type: enum, values: [person, company]}
              inn: {type: string, optional: true, requiredIf: "kind == 'company'"}
              note: {type: string, optional: true}
            """)
        XCTAssertEqual(pairs(validate(#"{"kind":"person"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"kind":"company"}"#, against: rules)), ["inn required"])
        XCTAssertEqual(pairs(validate(#"{"kind":"company","inn":"1","note":null}"#, against: rules)), [])
    }

    func testParentMustBeFilledFirst() throws {
        let rules = try compileRules("""
            id: x
            fields:
              docType: {type: enum, values: [passport]}
              docNumber: {type: string, parent: docType}
            """)
        XCTAssertEqual(pairs(validate(#"{"docNumber":"1"}"#, against: rules)), ["docType required", "docNumber parent"])
        XCTAssertEqual(pairs(validate(#"{"docType":"passport","docNumber":"1"}"#, against: rules)), [])
    }

    func testListItemsAreCheckedWithItemRelativeBounds() throws {
        let rules = try compileRules("""
            id: x
            fields:
              drivers:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  birthDate: {type: date}
                  licenseIssued: {type: date, min: 'drivers[].birthDate + 18y', max: today}
            """)
        let ok = #"{"drivers":[{"birthDate":"2000-02-29","licenseIssued":"2018-02-28"}]}"#
        XCTAssertEqual(pairs(validate(ok, against: rules)), [])
        let early = #"{"drivers":[{"birthDate":"2000-01-01","licenseIssued":"2019-01-01"},"#
            + #"{"birthDate":"2000-01-01","licenseIssued":"2017-12-31"}]}"#
        XCTAssertEqual(pairs(validate(early, against: rules)), ["drivers[1].licenseIssued min"])
        XCTAssertEqual(pairs(validate(#"{"drivers":[]}"#, against: rules)), ["drivers required"])
        XCTAssertEqual(pairs(validate(#"{"drivers":[1,{"birthDate":"2000-01-01","licenseIssued":"2020-01-01","x":1}]}"#,
                                      against: rules)), ["drivers[0] type", "drivers[1].x unknown-field"])
        let three = #"{"drivers":[{"birthDate":"2000-01-01","licenseIssued":"2020-01-01"},"#
            + #"{"birthDate":"2000-01-01","licenseIssued":"2020-01-01"},"#
            + #"{"birthDate":"2000-01-01","licenseIssued":"2020-01-01"}]}"#
        XCTAssertEqual(pairs(validate(three, against: rules)), ["drivers max-items"])
        // The bound is skipped when the field it reads is invalid: only the root cause is reported.
        XCTAssertEqual(pairs(validate(#"{"drivers":[{"birthDate":"2000-13-01","licenseIssued":"2001-01-01"}]}"#,
                                      against: rules)), ["drivers[0].birthDate type"])
    }

    func testSectionOfTheWrongTypeIsOneViolation() throws {
        let rules = try compileRules("""
            id: x
            sections:
              owner:
                fields:
                  name: {type: string}
                  age: {type: integer}
            """)
        XCTAssertEqual(pairs(validate(#"{"owner":"Ivanov"}"#, against: rules)), ["owner type"])
        XCTAssertEqual(pairs(validate(#"{"owner":null}"#, against: rules)), ["owner.name required", "owner.age required"])
    }

    func testDuplicateAndUnknownMembers() throws {
        let rules = try compileRules("id: x\nfields:\n  a: {type: string}\n")
        XCTAssertEqual(pairs(validate(#"{"a":"1","a":"2","b":3}"#, against: rules)),
                       ["a duplicate-field", "b unknown-field"])
        XCTAssertEqual(pairs(validate(#"[1]"#, against: rules)), [" type"])
    }

    func testAssertionsAtBothLevels() throws {
        let rules = try compileRules("""
            id: x
            fields:
              from: {type: date}
              to: {type: date}
              items:
                type: list
                optional: true
                fields:
                  low: {type: integer}
                  high: {type: integer}
                assert:
                  - that: items[].low <= items[].high
                    message: low must not exceed high
                    field: items[].high
            assert:
              - that: from <= to
                message: the period ends before it starts
                rule: period-order
            """)
        let result = validate(#"{"from":"2020-02-01","to":"2020-01-01","items":[{"low":1,"high":2},{"low":3,"high":2}]}"#,
                              against: rules)
        XCTAssertEqual(pairs(result), ["items[1].high assert", " period-order"])
        XCTAssertEqual(result.violations.last?.message, "the period ends before it starts")
    }

    func testAllowedSpecialValuesSkipTheOtherChecks() throws {
        let rules = try compileRules("""
            id: x
            fields:
              docDate: {type: date, format: dd.MM.yyyy, max: today, allow: ['0']}
            """)
        XCTAssertEqual(pairs(validate(#"{"docDate":"0"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"docDate":"21.11.2026"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"docDate":"23.11.2026"}"#, against: rules)), ["docDate max"])
        XCTAssertEqual(pairs(validate(#"{"docDate":"00"}"#, against: rules)), ["docDate type"])
    }

    func testCustomMessagesAndRecordID() throws {
        let rules = try compileRules("""
            id: x
            fields:
              id: {type: string}
              code: {type: string, regex: '\\d+', messages: {regex: must be digits only}}
            """)
        let result = validate(#"{"id":"Q-1","code":"12a"}"#, against: rules)
        XCTAssertEqual(result.id, "Q-1")
        XCTAssertEqual(result.violations, [Violation(field: "code", rule: "regex", message: "must be digits only",
                                                     value: "12a")])
    }

    func testEscapedStringsAreDecodedBeforeChecking() throws {
        let rules = try compileRules("id: x\nfields:\n  name: {type: string, regex: '[А-Я][а-я]+', maxLength: 4}\n")
        XCTAssertEqual(pairs(validate(#"{"name":"\u0418\u0432\u0430\u043d"}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"\u006eame":"Иванов"}"#, against: rules)), ["name max-length"])
    }

    func testUnreadableJSONNamesLineAndColumn() throws {
        let rules = try compileRules("id: x\nfields:\n  a: {type: string}\n")
        let result = validate("{\"a\": \"x\",\n \"b\" 1}", against: rules)
        XCTAssertEqual(result.unreadable, "line 2, column 6: expected ':' after the member name")
    }
}
