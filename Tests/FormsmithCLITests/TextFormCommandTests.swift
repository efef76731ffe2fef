import Foundation
import XCTest

/// Text as people type it, through the binary: values that fail only because of their Unicode
/// form, an invisible character or surrounding spaces get one `text-form` violation (JSON and
/// CSV), `normalize: nfc` accepts decomposed letters, and `generate` labels the defect.
final class TextFormCommandTests: ScratchFolderTestCase {
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

    /// The same verdicts for CSV rows: CSV lines are one further down, as the header is line 1.
    private static func oneLineDown(_ verdicts: [String]) -> [String] {
        verdicts.map { line in
            let number = Int(line.prefix(while: \.isNumber))!
            return "\(number + 1)" + line.drop(while: \.isNumber)
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
        XCTAssertEqual(try violations(run.stdout), Self.oneLineDown(expected))
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

    // MARK: - Enum values and choices

    private let choiceRules = """
        id: choices
        fields:
          lastName: {type: enum, values: [Семёнов, Иванов]}
          cover: {type: multi-choice, optional: true, values: [стёкла, угон]}

        """

    private let expectedChoices = [
        "1 lastName text-form: looks right but fails only because of how it is written: letters in decomposed Unicode "
            + "(a letter followed by a combining mark, such as е and U+0308 for ё): write them composed (NFC)",
        "2 lastName text-form: looks right but fails only because of how it is written: a zero-width space (U+200B) at "
            + "character 4: remove it",
        "3 lastName text-form: looks right but fails only because of how it is written: spaces before or after the text: trim them",
        "4 cover text-form: 'уг\u{00AD}он' looks right but fails only because of how it is written: a soft hyphen "
            + "(U+00AD) at character 3: remove it",
        "5 lastName enum: must be one of Семёнов, Иванов",
        "5 cover enum: 'кража' should be one of стёкла, угон",
    ]

    func testEnumValuesAndChoicesThatFailOnlyByTheirFormSaySo() throws {
        let rulesPath = try write("choices.yaml", choiceRules)
        let input = try write("choices.jsonl", [
            #"{"lastName": "Семе\u0308нов"}"#, #"{"lastName": "Ива\u200Bнов"}"#, #"{"lastName": " Иванов"}"#,
            #"{"lastName": "Иванов", "cover": ["стёкла", "уг\u00ADон"]}"#, #"{"lastName": "Ivanov", "cover": ["кража"]}"#,
            #"{"lastName": "Семёнов", "cover": ["угон"]}"#,
        ].joined(separator: "\n") + "\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try violations(run.stdout), expectedChoices)
    }

    func testEnumCSVCellsGetTheSameVerdicts() throws {
        let rulesPath = try write("choices.yaml", choiceRules)
        let input = try write("choices.csv", "lastName,cover\nСеме\u{0308}нов,\nИва\u{200B}нов,\n\" Иванов\",\n"
                              + "Иванов,стёкла;уг\u{00AD}он\nIvanov,кража\nСемёнов,угон\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try violations(run.stdout), Self.oneLineDown(expectedChoices))
    }

    func testNormalizeNFCAcceptsDecomposedEnumValuesAndChoices() throws {
        let rulesPath = try write("choices.yaml", choiceRules.replacingOccurrences(of: "id: choices\n",
                                                                                   with: "id: choices\nnormalize: nfc\n"))
        let input = try write("choices.jsonl", [
            #"{"lastName": "Семе\u0308нов", "cover": ["сте\u0308кла"]}"#, #"{"lastName": "Семе\u0308нов\u200B"}"#,
        ].joined(separator: "\n") + "\n")
        let run = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", input])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try violations(run.stdout).map { String($0.prefix(20)) }, ["2 lastName text-form"])
    }

    func testGenerateLabelsMistypedEnumValuesAndValidateFindsExactlyThem() throws {
        let rulesPath = try write("choices.yaml", choiceRules)
        for format in ["jsonl", "csv"] {
            let output = folder.appendingPathComponent("choices.\(format)").path
            let generate = try Formsmith.run(["generate", "--rules", rulesPath, "--count", "300", "--seed", "3",
                                              "--invalid-rate", "1", "--output", output])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
                .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            let mistyped = labels.filter { $0["rule"] as? String == "text-form" }
            XCTAssertEqual(Set(mistyped.compactMap { $0["field"] as? String }), ["lastName", "cover"], format)
            let validate = try Formsmith.run(["validate", "--rules", rulesPath, "--report", "json", output])
            let found = try violations(validate.stdout).filter { $0.contains(" text-form: ") }
            XCTAssertEqual(Set(found.map { String($0.prefix(while: \.isNumber)) }),
                           Set(mistyped.map { "\($0["line"] ?? "")" }), format)
            XCTAssertEqual(found.count, mistyped.count, format)
        }
    }
}
