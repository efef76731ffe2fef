import Foundation
import XCTest

/// NSPredicate-style conditions and strict identifiers through a rule file and the binary.
final class PastedPredicateCommandTests: XCTestCase {
    private static let rules = """
    formsmith: 1
    id: bank-payment
    fields:
      type: {type: integer, min: 1, max: 3}
      kbk:
        type: string
        optional: true
        visibleIf: "($type == 1) OR ($type = 2)"
        requiredIf: "$type IN {1, 2} AND NOT $payer.name BEGINSWITH[c] 'ип '"
      note:
        type: string
        optional: true
        visibleIf: "$payer.name LIKE '*ООО*' AND $flag == YES"
      flag: {type: boolean, optional: true}
    sections:
      payer:
        fields:
          name: {type: string, minLength: 1}
          iban: {type: string, checksum: iban, optional: true}
          ogrn: {type: string, regex: '^\\d{13}$', checksum: ogrn, optional: true}

    """

    private func write(_ text: String, _ name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-nspredicate-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testPastedPredicatesDecideVisibilityAndRequirednessInJSONAndCSV() throws {
        let rules = try write(Self.rules, "rules.yaml")
        let jsonl = try write("""
        {"type": 1, "kbk": "18210102010011000110", "payer": {"name": "ООО Ромашка", "iban": "NO9386011117947"}}
        {"type": 1, "payer": {"name": "ООО Ромашка"}}
        {"type": 1, "payer": {"name": "ИП Петров"}}
        {"type": 3, "kbk": "18210102010011000110", "payer": {"name": "ООО Ромашка"}}
        {"type": 3, "note": "n", "flag": true, "payer": {"name": "ООО Ромашка", "ogrn": "1027700132195"}}
        {"type": 3, "note": "n", "flag": false, "payer": {"name": "ООО Ромашка"}}
        {"type": 3, "payer": {"name": "x", "iban": "NO9386011117948", "ogrn": "2027700132191"}}

        """, "input.jsonl")
        let json = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", jsonl])
        XCTAssertEqual(json.status, 1, json.stderr)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        let failing = lines.filter { !$0.hasPrefix("{\"summary\"") }
        XCTAssertEqual(failing.count, 4, json.stdout + json.stderr)
        guard failing.count == 4 else { return }
        XCTAssertTrue(failing[0].contains("\"line\":2") && failing[0].contains("\"field\":\"kbk\",\"rule\":\"required\""), failing[0])
        XCTAssertTrue(failing[1].contains("\"line\":4") && failing[1].contains("\"field\":\"kbk\",\"rule\":\"visibility\""), failing[1])
        XCTAssertTrue(failing[2].contains("\"line\":6") && failing[2].contains("\"field\":\"note\",\"rule\":\"visibility\""), failing[2])
        // Line 7: the IBAN's Norwegian mod 11 digit and the OGRN's record type (2) are wrong.
        XCTAssertTrue(failing[3].contains("\"line\":7") && failing[3].contains("\"field\":\"payer.iban\",\"rule\":\"checksum\"")
                        && failing[3].contains("\"field\":\"payer.ogrn\",\"rule\":\"checksum\""), failing[3])

        let csv = try write("""
        type,kbk,note,flag,payer.name,payer.iban,payer.ogrn
        1,18210102010011000110,,,ООО Ромашка,NO9386011117947,
        1,,,,ООО Ромашка,,
        1,,,,ИП Петров,,
        3,18210102010011000110,,,ООО Ромашка,,

        """, "input.csv")
        let table = try Formsmith.run(["validate", "--rules", rules, csv])
        XCTAssertEqual(table.status, 1, table.stderr)
        XCTAssertTrue(table.stdout.contains("4 questionnaires: 2 valid, 2 invalid, 0 unreadable"), table.stdout)
        XCTAssertTrue(table.stdout.contains("kbk: is required because `$type IN {1, 2} AND NOT $payer.name BEGINSWITH[c] "
                                            + "'ип '` is true [required]"), table.stdout)
        XCTAssertTrue(table.stdout.contains("it is hidden because `($type == 1) OR ($type = 2)` is false [visibility]"), table.stdout)
    }

    func testUntranslatablePredicateIsARulesErrorWithACaret() throws {
        let rules = try write(Self.rules.replacingOccurrences(of: "BEGINSWITH[c]", with: "BEGINSWITH[cd]"), "broken.yaml")
        let run = try Formsmith.run(["validate", "--rules", rules, "SampleData/customer-survey/valid.jsonl"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("invalid 'requiredIf' of 'kbk': the [d] option (ignore diacritics) is not supported"), run.stderr)
        XCTAssertTrue(run.stderr.contains("""
        $type IN {1, 2} AND NOT $payer.name BEGINSWITH[cd] 'ип '
                                                       ^
        """), run.stderr)
    }

    func testGeneratedQuestionnairesPassTheirOwnPastedPredicates() throws {
        let rules = try write(Self.rules, "generate.yaml")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-nspredicate-generated.jsonl").path
        let generate = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "5", "--optional-rate", "0.9",
                                          "--output", output])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("300 questionnaires: 300 valid"), validate.stdout)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.contains("\"iban\""), "some IBANs are generated")
        XCTAssertTrue(text.contains("\"ogrn\""), "some OGRNs are generated")
        XCTAssertTrue(text.contains("\"kbk\""), "some questionnaires have the conditional field")
    }
}
