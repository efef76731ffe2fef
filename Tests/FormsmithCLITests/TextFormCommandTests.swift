import Foundation
import XCTest

/// Text as people type it, through the binary: values that fail only because of their Unicode
/// form, an invisible character or surrounding spaces get one `text-form` violation (JSON and
/// CSV), `normalize: nfc` accepts decomposed letters, and `generate` labels the defect.
final class TextFormCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-text-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private let rules = """
        id: names
        fields:
          lastName: {type: string, regex: '^[А-ЯЁ][а-яё]+$', messages: {regex: must be a Cyrillic name such as Иванов}}
          code: {type: string, optional: true, mask: 'SS00'}

        """

    /// One report line per input line: (line, rule, message) of the JSON report.
    private func violations(_ report: String) throws -> [String] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let records = try XCTUnwrap(object["results"] as? [[String: Any]])
        return records.flatMap { record in
            (record["errors"] as? [[String: Any]] ?? []).map {
                "\(record["line"] ?? "?") \($0["field"] ?? "") \($0["rule"] ?? ""): \($0["message"] ?? "")"
            }
        }
    }

    private let expected = [
        "1 lastName text-form: looks right but fails only because of how it is written: letters in decomposed Unicode "
            + "(a letter followed by a combining mark, such as е and U+0308 for ё): write them composed (NFC)",
        "2 lastName text-form: looks right but fails only because of how it is written: a zero-width space (U+200B) at "
            + "character 4: remove it",
        "3 lastName text-form: looks right but fails only because of how it is written: spaces before or after the text: trim them",
        "4 code text-form: looks right but fails only because of how it is written: a soft hyphen (U+00AD) at character 3: remove it",
        "5 lastName regex: must be a Cyrillic name such as Иванов",
    ]

    func testJSONValuesThatFailOnlyByTheirFormSaySo() throws {
        let rulesPath = try write("names.yaml", rules)
        let input = try write("names.jsonl", [
            #"{"lastName": "Семе\u0308нов"}"#, #"{"lastName": "Ива\u200Bнов"}"#, #"{"lastName": "Иванов "}"#,
            #"{"lastName": "Иванов", "code": "AB\u00AD12"}"#, #"{"lastName": "Ivanov"}"#, #"{"lastName": "Семёнов"}"#,
        ].joined(separator: "\n") + "\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try violations(run.stdout), expected)
    }

    func testCSVCellsGetTheSameVerdicts() throws {
        let rulesPath = try write("names.yaml", rules)
        let input = try write("names.csv", "lastName,code\nСеме\u{0308}нов,\nИва\u{200B}нов,\n\"Иванов \",\n"
                              + "Иванов,AB\u{00AD}12\nIvanov,\nСемёнов,\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        // CSV lines are one further down: the header is line 1.
        XCTAssertEqual(try violations(run.stdout), expected.map { line in
            let number = Int(line.prefix(while: \.isNumber))!
            return "\(number + 1)" + line.drop(while: \.isNumber)
        })
    }

    func testNormalizeNFCAcceptsDecomposedLettersOnly() throws {
        let rulesPath = try write("names.yaml", "normalize: nfc\n" + rules)
        let input = try write("names.jsonl", #"{"lastName": "Семе\u0308нов"}"# + "\n" + #"{"lastName": "Семе\u0308нов\u200B"}"# + "\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        let found = try violations(run.stdout)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("2 lastName text-form:") == true, "\(found)")
        // The field's own setting wins over the rule set's.
        let strict = try write("strict.yaml", "normalize: nfc\n" + rules.replacingOccurrences(
            of: "Иванов}}", with: "Иванов}, normalize: none}"))
        let again = try Formsmith.run(["validate", "--rules", strict, "--report", "json", input])
        XCTAssertEqual(try violations(again.stdout).map { String($0.prefix(20)) },
                       ["1 lastName text-form", "2 lastName text-form"])
    }

    func testLintRejectsAnUnknownSetting() throws {
        let rulesPath = try write("bad.yaml", "normalize: nfd\n" + rules)
        let run = try Formsmith.run(["lint", rulesPath])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("bad.yaml:1:12: error[invalid-rules]: unknown normalize setting 'nfd' "
                                          + "(did you mean 'nfc'?); use nfc"), run.stdout)
    }

    func testGenerateLabelsMistypedTextAndValidateFindsExactlyIt() throws {
        let output = folder.appendingPathComponent("mixed.jsonl").path
        let generate = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "400", "--seed", "8",
                                          "--today", "2026-11-22", "--invalid-rate", "1", "--output", output])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let mistyped = labels.filter { $0["rule"] as? String == "text-form" }
        XCTAssertGreaterThan(mistyped.count, 3, "no text-form defects among \(labels.count) labels")
        let validate = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                          "--report", "json", output])
        let found = try violations(validate.stdout).filter { $0.contains(" text-form: ") }
        XCTAssertEqual(found.count, mistyped.count)
        XCTAssertEqual(Set(found.map { String($0.prefix(while: \.isNumber)) }),
                       Set(mistyped.map { "\($0["line"] ?? "")" }))
    }
}
