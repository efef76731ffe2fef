import Foundation
import XCTest

/// `format:` through the binary: JSON and CSV input get the same `format` violations with what
/// is wrong, `lint` catches a format on a non-text field and an unknown format, `generate`
/// writes addresses that pass, and `explain` names the standard.
final class FormatCommandTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private let rulesText = """
        id: contacts
        fields:
          email: {type: string, format: email}
          site: {type: string, format: url, optional: true}
          phone: {type: string, format: phone, optional: true}

        """

    func testJSONAndCSVReportTheSameFormatViolations() throws {
        let folder = try folder()
        let rules = folder.appendingPathComponent("rules.yaml")
        try rulesText.write(to: rules, atomically: true, encoding: .utf8)
        let jsonl = folder.appendingPathComponent("contacts.jsonl")
        try """
            {"email": "anna.petrova@mail.ru", "site": "https://volga-insure.ru/forms", "phone": "+74951234567"}
            {"email": "c737kb.@u.ru"}
            {"email": "oleg@example", "site": "volga-insure.ru", "phone": "+7 (495) 123-45-67"}

            """.write(to: jsonl, atomically: true, encoding: .utf8)
        let csv = folder.appendingPathComponent("contacts.csv")
        try """
            email,site,phone
            anna.petrova@mail.ru,https://volga-insure.ru/forms,+74951234567
            c737kb.@u.ru,,
            oleg@example,volga-insure.ru,+7 (495) 123-45-67

            """.write(to: csv, atomically: true, encoding: .utf8)
        let expected = [
            "email: must be an e-mail address such as name@example.com (the part before '@' ends with a dot) [format] (value \"c737kb.@u.ru\")",
            "email: must be an e-mail address such as name@example.com (the domain has no dot: a top-level domain such as .com is missing) [format] (value \"oleg@example\")",
            "site: must be an http or https URL such as https://example.com/path (it has no scheme such as https:) [format] (value \"volga-insure.ru\")",
            "phone: must be a phone number in E.164 form such as +74951234567 (it contains spaces, hyphens or brackets; E.164 is '+' and digits only) [format] (value \"+7 (495) 123-45-67\")",
        ]
        for input in [jsonl, csv] {
            let result = try Formsmith.run(["validate", "--rules", rules.path, input.path])
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            for line in expected { XCTAssertTrue(result.stdout.contains(line), "\(input.lastPathComponent): \(line)\n\(result.stdout)") }
            XCTAssertTrue(result.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), result.stdout)
        }
    }

    func testLintReportsAFormatOnANumberAndAnUnknownFormatWithASuggestion() throws {
        let folder = try folder()
        let rules = folder.appendingPathComponent("rules.yaml")
        try """
            id: broken
            fields:
              email: {type: string, format: emial}
              age: {type: integer, format: email}

            """.write(to: rules, atomically: true, encoding: .utf8)
        let result = try Formsmith.run(["lint", "--rules", rules.path])
        XCTAssertNotEqual(result.status, 0)
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("rules.yaml:3:33: error[invalid-rules]: unknown format 'emial' (did you mean 'email'?)"), output)
        XCTAssertTrue(output.contains("rules.yaml:4:32: error[invalid-rules]: 'format' does not apply to integer field 'age'"), output)
    }

    func testGeneratedValuesPassAndLabelledDefectsBreakTheFormat() throws {
        let folder = try folder()
        let rules = folder.appendingPathComponent("rules.yaml")
        try rulesText.write(to: rules, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("generated.jsonl")
        let labels = folder.appendingPathComponent("generated.labels.jsonl")
        let generate = try Formsmith.run(["generate", "--rules", rules.path, "--count", "300", "--seed", "11",
                                          "--invalid-rate", "0.5", "--output", output.path, "--labels", labels.path])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let labelText = try String(contentsOf: labels, encoding: .utf8)
        XCTAssertTrue(labelText.contains("\"rule\":\"format\"") || labelText.contains("\"rule\": \"format\""), labelText)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        let emails = lines.compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["email"] as? String
        }
        XCTAssertGreaterThan(Set(emails).count, 100, "generated addresses are varied")
        let explain = try Formsmith.run(["explain", "--rules", rules.path, "email"])
        XCTAssertTrue(explain.stdout.contains("must be an e-mail address such as name@example.com (RFC 5321/5322"),
                      explain.stdout)
    }
}
