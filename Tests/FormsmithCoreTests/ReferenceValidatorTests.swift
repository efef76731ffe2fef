import XCTest
import FormsmithCore
import FormsmithReference

/// The reference validator on the examples of docs/rules.md, whose verdicts the document
/// states (so the oracle of the differential test is itself checked against a truth worked
/// out by hand), and on the lists-inside-lists shapes of issue 20.
final class ReferenceValidatorTests: XCTestCase {
    private func verdict(_ rules: String, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let compiled = try RulesLoader.load(text: rules, file: "rules.yaml", today: CivilDate(year: 2026, month: 11, day: 22)!)
        return ReferenceValidator(rules: compiled).verdict(json: json).description
    }

    private let sections = """
        id: sections
        fields:
          kind: {type: enum, values: [person, company]}
        sections:
          owner:
            visibleIf: "!owner.sameAsInsurant"
            fields:
              sameAsInsurant: {type: boolean}
              lastName: {type: string}
              firstName: {type: string}
          company:
            requiredIf: kind == 'company'
            fields:
              name: {type: string}
              inn: {type: string, optional: true, checksum: inn}
          fullName:
            optional: true
            complete: true
            fields:
              last: {type: string, optional: true}
              first: {type: string, optional: true}
        """

    func testSectionsWithConditionsGiveTheVerdictsOfTheRulesDocument() throws {
        XCTAssertEqual(try verdict(sections, #"{"kind": "person", "owner": {"sameAsInsurant": true}}"#), "valid")
        XCTAssertEqual(try verdict(sections, #"{"kind": "person", "owner": {"sameAsInsurant": true, "lastName": "Ivanov"}}"#),
                       "owner.lastName visibility")
        XCTAssertEqual(try verdict(sections, #"{"kind": "company", "owner": {"sameAsInsurant": true}}"#),
                       "company.name required")
        XCTAssertEqual(try verdict(sections, #"{"kind": "person", "owner": {"sameAsInsurant": true}, "fullName": {"last": "Ivanov"}}"#),
                       "fullName.first incomplete-group")
        // The switch hidden by nobody: a missing one is required, and what it would hide is unknown.
        XCTAssertEqual(try verdict(sections, #"{"kind": "person"}"#), "owner.sameAsInsurant required")
    }

    func testObjectsInsideListItems() throws {
        let rules = """
            id: objects
            sections:
              drivers:
                type: list
                fields:
                  birthDate: {type: date, max: today-18y}
                  hasAddress: {type: boolean}
                  address:
                    type: section
                    visibleIf: drivers[].hasAddress
                    fields:
                      city: {type: string}
                      since: {type: date, optional: true, min: "drivers[].birthDate + 14y"}
            """
        XCTAssertEqual(try verdict(rules, #"{"drivers": [{"birthDate": "1990-01-01", "hasAddress": true, "address": {"since": "2003-12-31"}}]}"#),
                       "drivers[0].address.city required\ndrivers[0].address.since min")
        XCTAssertEqual(try verdict(rules, #"{"drivers": [{"birthDate": "1990-01-01", "hasAddress": true, "address": "Kazan"}]}"#),
                       "drivers[0].address type")
    }

    private let documents = """
        id: documents
        sections:
          drivers:
            type: list
            fields:
              birthDate: {type: date, max: today-18y}
              documents:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  type: {type: enum, values: [passport, license]}
                  number:
                    type: string
                    cases:
                      - when: "drivers[].documents[].type == 'passport'"
                        regex: '^[0-9]{4} [0-9]{6}$'
                  issued: {type: date, min: "drivers[].birthDate + 14y"}
                  issuer: {type: string, visibleIf: "drivers[].documents[].type == 'passport'"}
              documentCount: {type: integer, optional: true}
            assert:
              - that: "empty(drivers[].documentCount) || count(drivers[].documents) == drivers[].documentCount"
                message: documentCount must equal the number of documents
        """

    func testListsInsideListItemsGiveTheVerdictsOfTheRulesDocument() throws {
        XCTAssertEqual(try verdict(documents, #"{"drivers": [{"birthDate": "1990-05-01", "documents": [{"type": "passport", "number": "4509 123456", "issued": "2010-06-01", "issuer": "OVD Kazan"}]}]}"#),
                       "valid")
        XCTAssertEqual(try verdict(documents, #"{"drivers": [{"birthDate": "1985-02-03", "documents": [{"type": "passport", "number": "77AB 123456", "issued": "1998-01-01"}], "documentCount": 2}]}"#),
                       "drivers[0].documents[0].issued min\ndrivers[0].documents[0].issuer required\ndrivers[0].documents[0].number regex")
        // Once the documents are valid, the assertion reads their count.
        XCTAssertEqual(try verdict(documents, #"{"drivers": [{"birthDate": "1990-05-01", "documents": [{"type": "license", "number": "x", "issued": "2010-06-01"}], "documentCount": 2}]}"#),
                       "drivers[0] assert")
    }

    func testInnerItemsOfTwoDriversAreReadFromTheirOwnDriver() throws {
        // Issue 20: the last item of every inner list read as empty; items of a level with
        // another number of fields than its parent's read the wrong values.
        let rules = """
            id: nested-min
            sections:
              drivers:
                type: list
                fields:
                  name: {type: string}
                  birthDate: {type: date}
                  documents:
                    type: list
                    maxItems: 3
                    fields:
                      kind: {type: string}
                      issued: {type: date, min: 'drivers[].birthDate + 18y'}
            """
        XCTAssertEqual(try verdict(rules, #"{"drivers": [{"name": "a", "birthDate": "1990-01-01", "documents": [{"kind": "x", "issued": "2010-01-01"}, {"kind": "y", "issued": "2007-12-31"}]}, {"name": "b", "birthDate": "1980-01-01", "documents": [{"kind": "z", "issued": "1999-01-01"}]}]}"#),
                       "drivers[0].documents[1].issued min")
        XCTAssertEqual(try verdict(rules, #"{"drivers": [{"name": "a", "birthDate": "1990-01-01", "documents": [{"kind": "x"}, {}]}]}"#),
                       "drivers[0].documents[0].issued required\ndrivers[0].documents[1].issued required\ndrivers[0].documents[1].kind required")
    }

    func testUnreadableUnknownAndRepeatedMembers() throws {
        let rules = "id: plain\nfields:\n  a: {type: integer, min: 1}\n  b: {type: string, optional: true}\n"
        XCTAssertEqual(try verdict(rules, #"{"a": 1"#), "unreadable")
        XCTAssertEqual(try verdict(rules, #"{"a": 1}x"#), "unreadable")
        XCTAssertEqual(try verdict(rules, #"[{"a": 1}]"#), "(questionnaire) type")
        XCTAssertEqual(try verdict(rules, "null"), "(questionnaire) type")
        // 64 levels of objects and arrays are read; 65 are not (README, Limits).
        let deep = { (levels: Int) in #"{"a":"# + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}" }
        XCTAssertEqual(try verdict(rules, deep(64)), "a type")
        XCTAssertEqual(try verdict(rules, deep(65)), "unreadable")
        XCTAssertEqual(try verdict(rules, #"{"a": 0, "a": 2, "c": null}"#), "a duplicate-field\na min\nc unknown-field")
        XCTAssertEqual(try verdict(rules, #"{"a": 1.0, "b": 3}"#), "a type\nb type")
    }
}
