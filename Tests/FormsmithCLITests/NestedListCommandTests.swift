import Foundation
import XCTest

/// Lists inside list items through the binary: the text and JSON reports of the fixture's
/// questionnaires (golden files, every index in the paths), the exit codes, CSV columns with one
/// index per list, a rule-file error for a `[]` reference through a list that does not enclose
/// the field, `export json-schema` writing nested arrays, and `--seed-data` records pinning inner items.
final class NestedListCommandTests: XCTestCase {
    static let fixtures = "Tests/FormsmithCLITests/Fixtures/nested-lists"

    private func validate(_ file: String, _ extra: [String] = []) throws -> Formsmith.Output {
        try Formsmith.run(["validate", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22"] + extra
                          + [Self.fixtures + "/" + file])
    }

    func testValidQuestionnairesPassInJSONLinesAndCSV() throws {
        for file in ["valid.jsonl", "valid.csv"] {
            let run = try validate(file)
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains("2 questionnaires: 2 valid, 0 invalid, 0 unreadable"), run.stdout)
        }
    }

    func testTheTextAndJSONReportsNameEveryIndex() throws {
        let text = try validate("invalid.jsonl")
        XCTAssertEqual(text.status, 1, text.stderr)
        Formsmith.assertGolden(text.stdout, Self.fixtures + "/expected/invalid.txt")
        let json = try validate("invalid.jsonl", ["--report", "json"])
        XCTAssertEqual(json.status, 1, json.stderr)
        Formsmith.assertGolden(json.stdout, Self.fixtures + "/expected/invalid.json")
        XCTAssertTrue(json.stdout.contains(#""field" : "drivers[1].documents[0].issued""#)
                      || json.stdout.contains(#""field":"drivers[1].documents[0].issued""#)
                      || json.stdout.contains(#""field": "drivers[1].documents[0].issued""#), json.stdout)
    }

    func testCSVColumnsWithOneIndexPerListGiveTheSamePaths() throws {
        let run = try validate("invalid.csv")
        XCTAssertEqual(run.status, 1, run.stderr)
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/invalid-csv.txt")
        XCTAssertTrue(run.stdout.contains("drivers[1].documents[0].issued: must be on or after 1999-02-03 "
                                          + "(drivers[].birthDate + 14y) [min]"), run.stdout)
    }

    func testAReferenceThroughAListThatDoesNotEncloseTheFieldIsARuleFileError() throws {
        let run = try Formsmith.run(["lint", "--rules", Self.fixtures + "/non-enclosing-reference.yaml"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue((run.stdout + run.stderr).contains("non-enclosing-reference.yaml:6:"), run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("'drivers[].documents[].type' means a field of the current item of "
                                                         + "'drivers[].documents'"), run.stdout + run.stderr)
    }

    func testGeneratedQuestionnairesValidateBackWithTheirLabelsInJSONLinesAndCSV() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["jsonl", "csv"] {
            let output = folder.appendingPathComponent("generated.\(format)").path
            let labels = folder.appendingPathComponent("labels-\(format).jsonl").path
            let generate = try Formsmith.run(["generate", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                              "--count", "120", "--seed", "9", "--invalid-rate", "0.5", "--format", format,
                                              "--output", output, "--labels", labels])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let run = try Formsmith.run(["validate", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                         "--report", "json", output])
            XCTAssertEqual(run.status, 1, run.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            var reported: [String] = []
            for result in report?["results"] as? [[String: Any]] ?? [] {
                for error in result["errors"] as? [[String: Any]] ?? [] {
                    reported.append("\(result["line"] ?? "") \(error["field"] ?? "") \(error["rule"] ?? "")")
                }
            }
            let expected = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n").map { line in
                let label = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return "\(label?["line"] ?? "") \(label?["field"] ?? "") \(label?["rule"] ?? "")"
            }
            XCTAssertEqual(reported.sorted(), expected.sorted(), format)
            XCTAssertTrue(expected.contains { $0.contains("].documents[") }, "\(format): \(expected)")
        }
    }

    func testSeedDataRecordsKeepValuesInsideInnerItemsAndReportThoseThatBreakARule() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = folder.appendingPathComponent("renewals.jsonl")
        try (#"{"drivers": [{"documents": [{"type": "passport", "number": "4509 123456"}]}]}"# + "\n"
             + #"{"drivers": [{}, {"documents": [{"type": "license", "issued": "2999-01-01"}]}]}"# + "\n")
            .write(to: records, atomically: true, encoding: .utf8)
        let seedData = folder.appendingPathComponent("seed.yaml")
        try "records: renewals.jsonl\n".write(to: seedData, atomically: true, encoding: .utf8)
        let run = try Formsmith.run(["generate", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                     "--seed-data", seedData.path, "--count", "10", "--seed", "3"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first,
            "\(records.path):2:63: warning: \"2999-01-01\" breaks the rule max of 'drivers[1].documents[0].issued' "
                + "(must be on or before 2026-11-22 (today)); not used")
        // The form's assertion (documentCount equals the number of documents) is constructed:
        // a documentCount drawn unlike its documents is settled by the solver (and that is said),
        // no questionnaire is rebuilt.
        XCTAssertEqual(lines.count, 3, run.stderr)
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("formsmith: the solver settled values that assertions read") == true,
                      run.stderr)
        XCTAssertTrue(lines.last?.hasPrefix("  drivers[].documentCount [document-count]: ") == true, run.stderr)
        XCTAssertTrue(lines.last?.hasSuffix(" settled by the solver") == true, run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        let objects = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(objects.count, 10)
        for (index, object) in objects.enumerated() {
            let drivers = object["drivers"] as? [[String: Any]] ?? []
            let documents = drivers.map { $0["documents"] as? [[String: Any]] ?? [] }
            if index % 2 == 0 {
                XCTAssertEqual(documents.first?.first?["number"] as? String, "4509 123456", "\(object)")
                XCTAssertEqual(documents.first?.count, 1, "\(object)")
            } else {
                XCTAssertEqual(documents.count, 2, "\(object)")
                XCTAssertEqual(documents.last?.first?["type"] as? String, "license", "\(object)")
                XCTAssertNotEqual(documents.last?.first?["issued"] as? String, "2999-01-01", "\(object)")
            }
        }
        let path = folder.appendingPathComponent("generated.jsonl")
        try run.stdout.write(to: path, atomically: true, encoding: .utf8)
        let check = try Formsmith.run(["validate", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                       path.path])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    func testExplainShowsWhatAnInnerItemFieldReadsAndWhatReadsTheInnerList() throws {
        let issued = try Formsmith.run(["explain", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                        "drivers[].documents[].issued"])
        XCTAssertEqual(issued.status, 0, issued.stderr)
        XCTAssertTrue(issued.stdout.contains("reads      drivers[].birthDate (min)"), issued.stdout)
        let documents = try Formsmith.run(["explain", "--rules", Self.fixtures + "/rules.yaml", "--today", "2026-11-22",
                                           "drivers[].documents"])
        XCTAssertEqual(documents.status, 0, documents.stderr)
        XCTAssertTrue(documents.stdout.contains("at least 1 and at most 2 items [min-items, max-items]"), documents.stdout)
        XCTAssertTrue(documents.stdout.contains("read by    assertion 'document-count' of drivers (that)"), documents.stdout)
    }

    func testTheJSONSchemaNestsTheArrays() throws {
        let run = try Formsmith.run(["export", "json-schema", "--rules", Self.fixtures + "/rules.yaml", "--today",
                                     "2026-11-22"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let schema = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let drivers = (schema?["properties"] as? [String: Any])?["drivers"] as? [String: Any]
        let item = drivers?["items"] as? [String: Any]
        let documents = (item?["properties"] as? [String: Any])?["documents"] as? [String: Any]
        XCTAssertEqual(documents?["type"] as? String, "array")
        XCTAssertEqual(documents?["maxItems"] as? Int, 2)
        let inner = (documents?["items"] as? [String: Any])?["properties"] as? [String: Any]
        XCTAssertEqual(Set(inner?.keys.map { $0 } ?? []), ["type", "number", "issued", "issuer"])
        XCTAssertTrue(run.stderr.contains("drivers[].documents[].issued: min: the date bound drivers[].birthDate + 14y"),
                      run.stderr)
    }
}
