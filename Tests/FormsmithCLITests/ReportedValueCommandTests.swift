import Foundation
import XCTest

/// Values as reports show them: escaped input decoded to the right characters, and `--redact`
/// masking every value, whatever its shape, input format, check kind or report format.
final class ReportedValueCommandTests: XCTestCase {
    static let formats = ["text", "json", "jsonl", "junit", "sarif", "github"]

    /// A rule file whose checks each quote the offending value, with its shapes to mask.
    private static let shapesRules = """
        id: shapes
        fields:
          id: {type: string}
          plate: {type: string, regex: '^[0-9]+$'}
          latinPlate: {type: string, regex: '^[0-9]+$'}
          phone: {type: string, maxLength: 5}
          email: {type: string, mask: '000'}
          name: {type: string, regex: '^[a-z]+$'}
          emoji: {type: string, maxLength: 2}
          colour: {type: enum, values: [red, green]}
          tags: {type: multi-choice, values: [a, b]}
          amount: {type: integer, max: 10}
          born: {type: date, max: '2000-01-01'}
        """

    /// One questionnaire breaking every field of ``shapesRules``, and each value's masked form.
    private static let shapes: [(field: String, json: String, value: String, masked: String)] = [
        ("plate", #""А123ВС77""#, "А123ВС77", "Х999ХХ99"),
        ("latinPlate", #""A123BC77""#, "A123BC77", "X999XX99"),
        ("phone", #""+7 (916) 123-45-67""#, "+7 (916) 123-45-67", "+9 (999) 999-99-99"),
        ("email", #""a.smirnov@mail.ru""#, "a.smirnov@mail.ru", "x.xxxxxxx@xxxx.xx"),
        ("name", #""Ёлкин Пётр""#, "Ёлкин Пётр", "\u{425}\u{445}\u{445}\u{445}\u{445} \u{425}\u{445}\u{445}\u{445}"),
        ("emoji", #""\ud83d\ude00 Qa7""#, "😀 Qa7", "😀 Xx9"),
        ("colour", #""Пурпур7""#, "Пурпур7", "\u{425}\u{445}\u{445}\u{445}\u{445}\u{445}9"),
        ("tags", #"["Zelda42"]"#, "Zelda42", "Xxxxx99"),
        ("amount", "123456", "123456", "999999"),
        ("born", #""2019-07-31""#, "2019-07-31", "9999-99-99"),
    ]

    private func withShapes(_ body: (_ rules: String, _ input: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("shapes.yaml")
        try Self.shapesRules.write(to: rules, atomically: true, encoding: .utf8)
        let record = "{\"id\": \"Q-1\", " + Self.shapes.map { "\"\($0.field)\": \($0.json)" }.joined(separator: ", ") + "}"
        let input = folder.appendingPathComponent("shapes.jsonl")
        try (record + "\n").write(to: input, atomically: true, encoding: .utf8)
        try body(rules.path, input.path)
    }

    /// The `errors` of the first result of a JSON report.
    private func violations(_ json: String) throws -> [[String: String]] {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        return try XCTUnwrap(results.first?["errors"] as? [[String: String]])
    }

    func testASurrogatePairEscapeIsReportedAsItsCharacterInEveryFormat() throws {
        try withShapes { rules, input in
            let json = try Formsmith.run(["validate", "--rules", rules, "--report", "json", input])
            XCTAssertEqual(json.status, 1, json.stderr)
            let emoji = try violations(json.stdout).first { $0["field"] == "emoji" }
            XCTAssertEqual(emoji?["value"], "😀 Qa7")
            XCTAssertEqual(emoji?["value"]?.unicodeScalars.first?.value, 0x1F600)
            for format in Self.formats {
                let run = try Formsmith.run(["validate", "--rules", rules, "--report", format, input])
                XCTAssertEqual(run.status, 1, "\(format): \(run.stderr)")
                XCTAssertFalse(run.stdout.contains("\u{F600}"), "\(format) shows U+F600 for U+1F600")
                XCTAssertFalse(run.stdout.contains("\u{FFFD}"), "\(format) shows a replacement character")
                XCTAssertTrue(run.stdout.contains("😀 Qa7"), "\(format) lost the emoji: \(run.stdout)")
            }
        }
    }

    func testRedactMasksEveryShapeOfValueAndEveryQuotedChoice() throws {
        try withShapes { rules, input in
            let plain = try violations(try Formsmith.run(["validate", "--rules", rules, "--report", "json", input]).stdout)
            let redacted = try Formsmith.run(["validate", "--rules", rules, "--redact", "--report", "json", input])
            XCTAssertEqual(redacted.status, 1, redacted.stderr)
            let masked = try violations(redacted.stdout)
            XCTAssertEqual(masked.map { $0["field"] ?? "" }, plain.map { $0["field"] ?? "" })
            XCTAssertEqual(Set(masked.compactMap { $0["field"] }), Set(Self.shapes.map(\.field)))
            for shape in Self.shapes {
                XCTAssertEqual(plain.first { $0["field"] == shape.field }?["value"], shape.value, shape.field)
                XCTAssertEqual(masked.first { $0["field"] == shape.field }?["value"], shape.masked, shape.field)
            }
            let choice = masked.first { $0["field"] == "tags" }?["message"] ?? ""
            XCTAssertTrue(choice.hasPrefix("'Xxxxx99' should be one of"), choice)
            for format in Self.formats {
                let run = try Formsmith.run(["validate", "--rules", rules, "--redact", "--report", format, input])
                XCTAssertEqual(run.status, 1, "\(format): \(run.stderr)")
                for shape in Self.shapes {
                    XCTAssertFalse(run.stdout.contains(shape.value), "\(format) leaks \(shape.field) \(shape.value)")
                }
                XCTAssertTrue(run.stdout.contains("Q-1"), "\(format): record ids are not masked")
            }
        }
    }

    /// Every value the unredacted JSON report shows that holds a digit or a non-ASCII letter
    /// (personal data, not words of a message), for a rule set and an input; except record ids
    /// (never masked: they are how a report points at a questionnaire), values the rule files
    /// themselves quote (messages name them as examples) and values shorter than 5 characters (which also
    /// occur inside bounds such as 2027-01-21).
    private func secrets(_ ruleSet: String, _ input: String) throws -> Set<String> {
        let run = try Formsmith.run(["validate", "--rules", "Rules/\(ruleSet).yaml", "--today", "2026-11-22",
                                     "--report", "json", input])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        // The rule file and the libraries it includes (Rules/lib/): their messages quote examples.
        let folder = Formsmith.root.appendingPathComponent("Rules")
        let ruleFiles = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".yaml") }
        let rules = try ruleFiles.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        var values = Set<String>()
        for result in try XCTUnwrap(report["results"] as? [[String: Any]]) {
            for violation in result["errors"] as? [[String: Any]] ?? [] {
                guard let value = violation["value"] as? String, value.count >= 5, value != result["id"] as? String,
                      !rules.contains(value),
                      value.unicodeScalars.contains(where: { $0.properties.numericType != nil || $0.value > 0x7F })
                else { continue }
                values.insert(value)
            }
        }
        return values
    }

    func testRedactLeaksNoValueOfTheSamplesInAnyFormatFromJSONOrCSV() throws {
        for ruleSet in ReportOptionsCommandTests.ruleSets {
            for input in ["SampleData/\(ruleSet)", "SampleData/csv/\(ruleSet).csv"] {
                let values = try secrets(ruleSet, input)
                XCTAssertGreaterThanOrEqual(values.count, 5, "\(ruleSet) \(input): too few values to test redaction with")
                for format in Self.formats {
                    let run = try Formsmith.run(["validate", "--rules", "Rules/\(ruleSet).yaml", "--today", "2026-11-22",
                                                 "--redact", "--report", format, input])
                    XCTAssertEqual(run.status, 1, "\(ruleSet) \(format): \(run.stderr)")
                    let leaked = values.filter { run.stdout.contains($0) }.sorted()
                    XCTAssertEqual(leaked, [], "\(ruleSet) \(input) \(format) leaks values")
                }
            }
        }
    }
}
