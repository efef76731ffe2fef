import Foundation
import XCTest

/// `formsmith schema rules` and `formsmith export json-schema` through the binary; the rule
/// files the rules schema is checked against (scripts/integration/rules-schema.sh) are checked
/// against the loader here.
final class SchemaCommandTests: XCTestCase {
    static let fixtures = "Tests/FormsmithCLITests/Fixtures"

    func testSchemaRulesPrintsTheShippedSchema() throws {
        let run = try Formsmith.run(["schema", "rules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let shipped = try String(contentsOf: Formsmith.root.appendingPathComponent("schemas/formsmith-rules.schema.json"),
                                 encoding: .utf8)
        XCTAssertEqual(run.stdout, shipped)
        XCTAssertEqual(try Formsmith.run(["schema", "forms"]).status, 2)
    }

    func testExportGoldenSchemas() throws {
        for name in ["osago-policy", "customer-survey", "payment-order"] {
            let run = try Formsmith.run(["export", "json-schema", "--rules", "Rules/\(name).yaml"])
            XCTAssertEqual(run.status, 0, run.stderr)
            Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/export-\(name).schema.json")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            XCTAssertEqual(object?["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
            // What the schema leaves out is said on standard error and in $comment alike.
            let gaps = run.stderr.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(run.stderr.hasPrefix("formsmith: the schema leaves out \(gaps.count) checks"), run.stderr)
            let comment = object?["$comment"] as? String ?? ""
            for gap in gaps { XCTAssertTrue(comment.contains(gap), "\(name): \(gap) missing from $comment") }
        }
    }

    func testExportListsWhatItCannotExpress() throws {
        let run = try Formsmith.run(["export", "json-schema", "--rules", "Rules/payment-order.yaml"])
        XCTAssertTrue(run.stderr.contains("  payee.inn: checksum: the inn check digits\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("  tax.docDate: max: the date bound today\n"), run.stderr)
        let osago = try Formsmith.run(["export", "json-schema", "--rules", "Rules/osago-policy.yaml"])
        XCTAssertTrue(osago.stderr.contains("  drivers[].licenseIssued: min: the date bound drivers[].birthDate + 18y\n"),
                      osago.stderr)
        XCTAssertTrue(osago.stderr.contains("  vehicle.year: max: the bound year(today), computed from today\n"),
                      osago.stderr)
    }

    func testExportWritesTheOutputFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("survey.schema.json").path
        let run = try Formsmith.run(["export", "json-schema", "--rules", "Rules/customer-survey.yaml", "--output", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let stdout = try Formsmith.run(["export", "json-schema", "--rules", "Rules/customer-survey.yaml"]).stdout
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), stdout)
        let missing = try Formsmith.run(["export", "json-schema", "--rules", "Rules/customer-survey.yaml",
                                         "--output", folder.appendingPathComponent("no/such/dir.json").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        let schema = try Formsmith.run(["schema", "rules", "--output", folder.appendingPathComponent("no/x.json").path])
        XCTAssertEqual(schema.status, 2)
    }

    func testExportRefusesBrokenRules() throws {
        let run = try Formsmith.run(["export", "json-schema", "--rules", Self.fixtures + "/broken-rules.yaml"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("unknown key 'maks'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing exported"), run.stderr)
    }

    /// Each broken rule file (and definition library) the rules schema must reject is rejected by
    /// the loader too, for the reason its first line gives; the accepted ones load without problems.
    func testRulesSchemaFixturesAgreeWithTheLoader() throws {
        let folder = Formsmith.root.appendingPathComponent(Self.fixtures + "/rules-schema")
        let invalid = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("invalid").path)
        XCTAssertGreaterThanOrEqual(invalid.count, 15)
        for name in invalid.sorted() {
            let path = Self.fixtures + "/rules-schema/invalid/" + name
            let text = try String(contentsOf: Formsmith.root.appendingPathComponent(path), encoding: .utf8)
            let expected = try XCTUnwrap(text.split(separator: "\n").first?.replacingOccurrences(of: "# expect: ", with: ""))
            let run = try Formsmith.run(["lint", "--today", "2026-11-22", "--rules", path])
            XCTAssertEqual(run.status, 1, name)
            XCTAssertTrue(run.stdout.contains(expected), "\(name): \(run.stdout)")
        }
        // Libraries are read through a rule file that includes them, written inside the repository
        // (the project in use, found from the working folder the binary runs in, is the
        // repository's, and a rule file reads only inside its project).
        let work = Formsmith.root.appendingPathComponent(".build/library-fixtures-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        for kind in ["invalid-library", "valid-library"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)
            XCTAssertFalse(names.isEmpty, kind)
            for name in names.sorted() {
                let library = folder.appendingPathComponent(kind).appendingPathComponent(name)
                let ruleFile = work.appendingPathComponent("includes-\(name)")
                try "id: includer\ninclude: \(library.path)\nfields:\n  a: {type: string}\n"
                    .write(to: ruleFile, atomically: true, encoding: .utf8)
                let run = try Formsmith.run(["lint", "--strict", "--today", "2026-11-22", "--rules", ruleFile.path])
                if kind == "valid-library" {
                    XCTAssertEqual(run.status, 0, "\(name): \(run.stdout)")
                } else {
                    let text = try String(contentsOf: library, encoding: .utf8)
                    let expected = try XCTUnwrap(text.split(separator: "\n").first?.replacingOccurrences(of: "# expect: ", with: ""))
                    XCTAssertEqual(run.status, 1, name)
                    XCTAssertTrue(run.stdout.contains(expected), "\(name): \(run.stdout)")
                }
            }
        }
        let valid = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("valid").path)
        let run = try Formsmith.run(["lint", "--strict", "--today", "2026-11-22", "--rules"]
                                    + valid.sorted().map { Self.fixtures + "/rules-schema/valid/" + $0 })
        XCTAssertEqual(run.status, 0, run.stdout)
    }
}
