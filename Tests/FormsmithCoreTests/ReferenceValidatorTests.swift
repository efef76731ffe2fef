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

    /// docs/rules.md, "Attachments": its example verdicts, and the members worked out by hand
    /// from the section's "The members, exactly".
    func testAttachmentsGiveTheVerdictsOfTheRulesDocument() throws {
        let rules = """
            id: files
            fields:
              registrationScan:
                type: attachment
                optional: true
                mediaTypes: [application/pdf, image/jpeg, image/png]
                maxSize: 10MB
              documents:
                type: attachment
                multiple: true
                extensions: [pdf, jpg, jpeg]
                minSize: 1KB
                minItems: 1
                maxItems: 2
            """
        let jpeg = #"{"name": "IMG_4821.jpg", "mediaType": "image/jpeg", "size": 2315904}"#
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "registration-scan-3.pdf", "mediaType": "application/pdf", "size": 482133, "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}, "documents": [\#(jpeg)]}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "scan.jpg", "mediaType": "application/pdf", "size": 482133}, "documents": [\#(jpeg), {"name": "notes.txt", "mediaType": "text/plain", "size": 12}]}"#),
                       "documents[1] extension\ndocuments[1] min-size\nregistrationScan extension")
        // Capitals in the media type and the extension; exactly 10 MB; a name without an extension.
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "SCAN.PDF", "mediaType": "Application/PDF", "size": 10000000}, "documents": [{"name": "scan", "mediaType": "application/pdf", "size": 1000}]}"#),
                       "documents[0] extension")
        // The phone recordings of the document's table: `amr` is `audio/amr`, so an allowed media
        // type does not save an `.amr` name; `wav` takes either of its two types.
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "memo.amr", "mediaType": "image/png", "size": 5}, "documents": [\#(jpeg)]}"#),
                       "registrationScan extension")
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "memo.wav", "mediaType": "image/png", "size": 5}, "documents": [\#(jpeg)]}"#),
                       "registrationScan extension")
        // One byte over; a media type not allowed; three files; an empty array is not filled.
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "a.gif", "mediaType": "image/gif", "size": 10000001}, "documents": [\#(jpeg), \#(jpeg), \#(jpeg)]}"#),
                       "documents max-items\nregistrationScan max-size\nregistrationScan media-type")
        XCTAssertEqual(try verdict(rules, #"{"documents": []}"#), "documents required")
        // Members: missing, null, of the wrong form, unknown, twice; the file's checks still run
        // when only url or sha256 is wrong, and not when the size is unreadable.
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "a.pdf", "mediaType": null, "size": 1.0}, "documents": [{"name": "a/b.pdf", "mediaType": "image jpeg", "size": -1, "thumb": 1}]}"#),
                       "documents[0].mediaType type\ndocuments[0].name type\ndocuments[0].size type\ndocuments[0].thumb unknown-field\nregistrationScan.mediaType required\nregistrationScan.size type")
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": {"name": "a.png", "mediaType": "image/png", "size": 5, "url": "no url", "sha256": "abc"}, "documents": [{"name": "a.txt", "mediaType": "text/plain", "size": 5, "name": "b.pdf"}, 7]}"#),
                       "documents[0] extension\ndocuments[0] min-size\ndocuments[0].name duplicate-field\ndocuments[1] type\nregistrationScan.sha256 type\nregistrationScan.url type")
        // `[]` is not filled (docs/rules.md, "Types and their JSON form"), also for a single attachment.
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": [], "documents": {"name": "a.pdf", "mediaType": "application/pdf", "size": 2000}}"#),
                       "documents type")
        XCTAssertEqual(try verdict(rules, #"{"registrationScan": "scan.pdf", "documents": [{"name": "a.pdf", "mediaType": "application/pdf", "size": 2000}]}"#),
                       "registrationScan type")
    }
}
