@testable import FormsmithCore
import XCTest

/// Sections with `visibleIf`, `requiredIf`, `optional` and `complete` (all or none): validated
/// from JSON and CSV, and generated valid with labelled defects.
final class GroupConditionTests: XCTestCase {
    static let rulesText = """
        id: groups
        fields:
          kind: {type: enum, values: [person, company]}
        sections:
          owner:
            visibleIf: "!owner.sameAsInsurant"
            fields:
              sameAsInsurant: {type: boolean}
              lastName: {type: string}
              birthDate: {type: date, optional: true}
          company:
            requiredIf: kind == 'company'
            fields:
              name: {type: string}
              inn: {type: string, optional: true, regex: '[0-9]{10}'}
          fullName:
            optional: true
            complete: true
            fields:
              last: {type: string, optional: true}
              first: {type: string, optional: true}
              middle: {type: string, optional: true, visibleIf: kind == 'person'}
        """

    private func check(_ json: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let rules = try compileRules(Self.rulesText)
        XCTAssertEqual(pairs(validate(json, against: rules)), expected, json, file: file, line: line)
    }

    func testAHiddenSectionMustBeEmptyButItsSwitchStaysVisible() throws {
        try check(#"{"kind": "person", "owner": {"sameAsInsurant": true}}"#, [])
        try check(#"{"kind": "person", "owner": {"sameAsInsurant": true, "lastName": "Ivanov"}}"#,
                  ["owner.lastName visibility"])
        try check(#"{"kind": "person", "owner": {"sameAsInsurant": false}}"#, ["owner.lastName required"])
        try check(#"{"kind": "person", "owner": {"sameAsInsurant": false, "lastName": "Ivanov"}}"#, [])
        try check(#"{"kind": "person"}"#, ["owner.sameAsInsurant required"])
    }

    func testAConditionalSectionIsRequiredWhileItsConditionHoldsOrOnceItIsStarted() throws {
        let owner = #""owner": {"sameAsInsurant": true}"#
        try check(#"{"kind": "person", \#(owner)}"#, [])
        try check(#"{"kind": "company", \#(owner)}"#, ["company.name required"])
        try check(#"{"kind": "company", \#(owner), "company": {"name": "Romashka"}}"#, [])
        // Started although not required: its required fields must be filled.
        try check(#"{"kind": "person", \#(owner), "company": {"inn": "7707083893"}}"#, ["company.name required"])
        try check(#"{"kind": "person", \#(owner), "company": {}}"#, [])
    }

    func testAnAllOrNoneSectionNamesWhatIsFilled() throws {
        let owner = #""owner": {"sameAsInsurant": true}"#
        try check(#"{"kind": "company", \#(owner), "company": {"name": "R"}, "fullName": {}}"#, [])
        try check(#"{"kind": "person", \#(owner), "fullName": {"last": "Ivanov", "first": "Ivan", "middle": "I"}}"#, [])
        let rules = try compileRules(Self.rulesText)
        let result = validate(#"{"kind": "person", \#(owner), "fullName": {"last": "Ivanov"}}"#, against: rules)
        XCTAssertEqual(pairs(result), ["fullName.first incomplete-group", "fullName.middle incomplete-group"])
        XCTAssertEqual(result.violations.first?.message,
                       "must be filled: section 'fullName' is all or none (complete: true) and last is filled; "
                       + "fill it or leave the whole section empty")
        // A field hidden by its own condition is not expected.
        try check(#"{"kind": "company", \#(owner), "company": {"name": "R"}, "fullName": {"last": "I", "first": "I"}}"#, [])
    }

    func testCSVColumnsOfConditionalSectionsAreNotRequiredInTheHeader() throws {
        let folder = try ScratchFolder()
        let rules = try compileRules(Self.rulesText)
        let csv = """
            kind,owner.sameAsInsurant,owner.lastName,fullName.last,fullName.first
            person,true,,,
            person,false,Ivanov,Ivanov,
            company,true,,,

            """
        let run = try runBatch([folder.write("groups.csv", csv)], rules: rules)
        // No fullName.middle column: a person's started full name can never be complete.
        XCTAssertEqual(outline(run.results), [
            "3: fullName.first incomplete-group", "3: fullName.middle incomplete-group", "4: company.name required",
        ])
    }

    func testTheGeneratorHonoursSectionConditionsAndLabelsEachKindOfDefect() throws {
        let rules = try compileRules(Self.rulesText)
        let valid = try generate(rules, GenerationOptions(count: 300, seed: 5))
        assertMatchesLabels(valid, rules, "valid")
        let objects = valid.objects
        XCTAssertTrue(objects.contains { value($0, "company.name") != nil && value($0, "kind") as? String == "person" },
                      "an optional-looking section is sometimes filled")
        XCTAssertTrue(objects.contains { value($0, "fullName.last") != nil })
        XCTAssertTrue(objects.contains { value($0, "fullName.last") == nil })
        for object in objects where value(object, "fullName.last") != nil {
            XCTAssertNotNil(value(object, "fullName.first"), "all or none: \(object)")
        }
        let invalid = try generate(rules, GenerationOptions(count: 400, seed: 6, invalidRate: 1))
        assertMatchesLabels(invalid, rules, "invalid")
        let labelled = Set(invalid.labels.map { "\($0.field) \($0.rule)" })
        for expected in ["fullName.first incomplete-group", "owner.lastName visibility", "company.name required"] {
            XCTAssertTrue(labelled.contains(expected), "no \(expected) defect in \(labelled.sorted())")
        }
    }

    func testGeneratedCSVIsValidAndItsLabelsMatchTheValidator() throws {
        let rules = try compileRules(Self.rulesText)
        let folder = try ScratchFolder()
        let valid = try generate(rules, GenerationOptions(count: 200, seed: 7, format: .csv))
        XCTAssertEqual(outline(try runBatch([folder.write("valid.csv", valid.bytes)], rules: rules).results), [])
        let invalid = try generate(rules, GenerationOptions(count: 200, seed: 8, format: .csv, invalidRate: 1))
        let run = try runBatch([folder.write("invalid.csv", invalid.bytes)], rules: rules)
        XCTAssertGreaterThan(invalid.labels.count, 150)
        XCTAssertEqual(outline(run.results).sorted(), invalid.labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted())
        XCTAssertTrue(invalid.labels.contains { $0.rule == RuleIdentifier.incompleteGroup })
    }
}
