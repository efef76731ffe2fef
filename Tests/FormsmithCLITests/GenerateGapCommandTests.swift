import Foundation
import XCTest

/// What the differential test's random forms found `generate` giving up on (issue 20): a
/// checksum with no format of its own, CSV for lists inside list items whose items may come
/// out empty, and assertions, which generate checks but does not aim at.
final class GenerateGapCommandTests: ScratchFolderTestCase {
    /// Every checksum alone (no regex, mask or format) is generated, and `validate` accepts
    /// what was written. Before, generate drew plain words and gave up after its draws.
    func testChecksumsWithoutAFormatAreGenerated() throws {
        let rules = try write("ids.yaml", """
            id: ids
            fields:
              inn: {type: string, checksum: inn}
              card: {type: string, checksum: luhn}
              vin: {type: string, checksum: vin}
              iban: {type: string, checksum: iban}
              ogrn: {type: string, checksum: ogrn}
              snils: {type: string, checksum: snils}
              bic: {type: string, mask: '000000000'}
              account: {type: string, checksum: {name: bank-account, with: bic}}
            """)
        let output = path("ids.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "200", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 200 questionnaires to \(output); nothing discarded\n")
        let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] ?? [:] }
        // Shapes by hand: INN 10 or 12 digits, SNILS 11, OGRN 13 or 15, card 16, account 20, VIN 17.
        for object in objects {
            XCTAssertTrue([10, 12].contains(object["inn"]?.count), "\(object)")
            XCTAssertEqual(object["snils"]?.count, 11)
            XCTAssertTrue([13, 15].contains(object["ogrn"]?.count), "\(object)")
            XCTAssertEqual(object["card"]?.count, 16)
            XCTAssertEqual(object["account"]?.count, 20)
            XCTAssertEqual(object["vin"]?.count, 17)
        }
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("200 questionnaires: 200 valid, 0 invalid, 0 unreadable"), validate.stdout)
    }

    /// Lists three deep in CSV, every field optional: an item whose fields all came out empty
    /// cannot be a row's last item, so the questionnaire is drawn again and counted. Before,
    /// generate stopped with "the fixture gives a list more items than the CSV columns hold"
    /// although no fixture was given.
    func testCSVOfListsThreeDeepWithOptionalFieldsIsGenerated() throws {
        let rules = try write("deep.yaml", """
            id: deep
            sections:
              drivers:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  name: {type: string, optional: true, maxLength: 5}
                  documents:
                    type: list
                    minItems: 1
                    maxItems: 2
                    fields:
                      kind: {type: string, optional: true, maxLength: 5}
                      pages:
                        type: list
                        maxItems: 2
                        fields:
                          note: {type: string, optional: true, maxLength: 5}
            """)
        let output = path("deep.csv")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "50", "--seed", "1", "--format", "csv",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("fixture"), run.stderr)
        XCTAssertTrue(run.stderr.contains("[csv-empty-item]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: wrote 50 questionnaires to \(output);"), run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("50 questionnaires: 50 valid"), validate.stdout)
    }

    /// A list whose items can only be empty has no CSV row at all: the error names the list and
    /// the reason (exit 2), and JSON of the same form is generated.
    func testCSVOfItemsThatCanOnlyBeEmptyNamesTheListAndTheReason() throws {
        let rules = try write("empty.yaml", """
            id: empty
            sections:
              drivers:
                type: list
                minItems: 1
                maxItems: 2
                fields:
                  documents:
                    type: list
                    minItems: 1
                    maxItems: 2
                    fields:
                      kind: {type: string, optional: true, visibleIf: "false"}
            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1", "--format", "csv"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasSuffix("""
            formsmith: cannot generate: drivers: cannot be written as CSV: in 100 attempts the last item of this list had \
            no filled cell (questionnaire 1); a CSV row holds as many items as 1 + the highest index with a filled cell, \
            so an item whose fields are all empty (optional or hidden) cannot be written; use --format json or jsonl, or \
            require a field of its items

            """), run.stderr)
        let json = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1"])
        XCTAssertEqual(json.status, 0, json.stderr)
    }

    /// An assertion no drawn questionnaire meets is named as what stopped generate, rather
    /// than "no valid value found", which blamed a value.
    func testAnAssertionNoQuestionnaireMeetsIsSaidToBeOne() throws {
        let rules = try write("asserted.yaml", """
            id: asserted
            fields:
              n: {type: integer, min: 0, max: 10}
            assert:
              - that: "n > 20"
                message: n must be above 20
            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "2", "--seed", "1"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasSuffix("""
            [assert] no questionnaire drawn in 100 attempts met this assertion (generate draws each field from its own \
            checks and then checks the assertions, so an assertion that few questionnaires meet, or none, stops it: \
            check that it can hold): n must be above 20

            """), run.stderr)
    }
}
