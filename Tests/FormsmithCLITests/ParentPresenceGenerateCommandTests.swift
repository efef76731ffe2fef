import Foundation
import XCTest

/// A required field's `parent` is kept present by construction (issue 30): the switch or enum
/// that decides the parent's visibility, and the optional fields and sections around it, are
/// chosen so that the parent is there while its child is required and visible, instead of the
/// questionnaire being rebuilt. The expectations are worked out by hand from the rules.
final class ParentPresenceGenerateCommandTests: ScratchFolderTestCase {
    /// `code` is required and needs `shade`, which is visible only when `colour` is blue: so every
    /// valid questionnaire has `colour: blue`, `shade` and `code` (5,227 questionnaires were
    /// rebuilt for 1,000 before).
    static let hiddenParent = """
        id: parent-visibility
        fields:
          colour: {type: enum, values: [red, blue, green], optional: true}
          shade: {type: string, regex: '^[a-z]{3}$', optional: true, visibleIf: "colour == 'blue'"}
          code: {type: integer, min: 1, max: 9, parent: shade}
        """

    /// `extra.end` is required when the optional section `extra` is filled, and needs the
    /// optional `start` outside it: `start` is there whenever `extra` is (267 questionnaires of
    /// 1,000 were rebuilt before), and the section is still left empty at times.
    static let parentOutsideSection = """
        id: parent-section
        fields:
          start: {type: date, min: 2020-01-01, max: 2020-12-31, optional: true}
        sections:
          extra:
            optional: true
            fields:
              note: {type: string, regex: '^[a-z]{4}$'}
              end: {type: date, min: 2021-01-01, max: 2021-12-31, parent: start}
        """

    private func generate(_ text: String, name: String) throws -> [[String: Any]] {
        let rules = try write("\(name).yaml", text)
        let output = path("\(name).jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1000", "--seed", "2", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("wrote 1000 questionnaires to \(output); nothing discarded\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testASwitchOrEnumThatHidesARequiredFieldsParentKeepsItVisible() throws {
        let records = try generate(Self.hiddenParent, name: "hidden")
        XCTAssertEqual(records.count, 1000)
        for record in records {
            XCTAssertEqual(record["colour"] as? String, "blue", "\(record)")
            XCTAssertNotNil(record["shade"], "\(record)")
            XCTAssertNotNil(record["code"], "\(record)")
        }
    }

    func testAParentOutsideAnOptionalSectionIsFilledWhenTheSectionIs() throws {
        let records = try generate(Self.parentOutsideSection, name: "section")
        var filled = 0
        for record in records where record["extra"] != nil {
            filled += 1
            XCTAssertNotNil(record["start"], "\(record)")
        }
        XCTAssertGreaterThan(filled, 0)
        XCTAssertLessThan(filled, 1000)
    }
}
