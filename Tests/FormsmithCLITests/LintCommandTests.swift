import Foundation
import XCTest

/// `formsmith lint` as users run it: golden reports in text, JSON and SARIF, exit codes.
final class LintCommandTests: XCTestCase {
    static let shipped = ["Rules/osago-policy.yaml", "Rules/payment-order.yaml", "Rules/customer-survey.yaml"]
    static let fixtures = "Tests/FormsmithCLITests/Fixtures"
    static let flawed = fixtures + "/flawed-rules.yaml"
    static let broken = fixtures + "/broken-rules.yaml"

    private func lint(_ arguments: [String]) throws -> Formsmith.Output {
        try Formsmith.run(["lint", "--today", "2026-11-22"] + arguments)
    }

    func testShippedRuleSetsLintClean() throws {
        let run = try lint(["--strict", "--rules"] + Self.shipped)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(run.stderr, "")
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/lint-shipped.txt")
        let sarif = try lint(["--report", "sarif", "--rules"] + Self.shipped)
        XCTAssertEqual(sarif.status, 0)
        Formsmith.assertGolden(sarif.stdout, Self.fixtures + "/expected/lint-shipped.sarif")
        XCTAssertEqual(try results(ofSARIF: sarif.stdout).count, 0)
        let json = try lint(["--report", "json", "--rules"] + Self.shipped)
        XCTAssertEqual(json.status, 0)
        Formsmith.assertGolden(json.stdout, Self.fixtures + "/expected/lint-shipped.json")
    }

    /// A definition holding a field that uses it again crashed every command (stack overflow);
    /// now lint reports it at the inner `use`, goes on with the next file and exits 1.
    func testADefinitionContainingItselfIsReportedNotACrash() throws {
        let looping = Self.fixtures + "/definition-inside-itself.yaml"
        let run = try lint(["--rules", looping, Self.shipped[2]])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, """
            \(looping):10:14: error[invalid-rules]: field 'insurer.deputy' uses definition 'party' inside a field \
            built on it, so the definition would contain itself without end; describe this field without 'use', or use \
            another definition
            2 rule files: 1 error, 0 warnings

            """)
        for command in [["validate", "--rules", looping, "SampleData/customer-survey/valid.jsonl"],
                        ["generate", "--rules", looping, "--count", "1"]] {
            let other = try Formsmith.run(command)
            XCTAssertEqual(other.status, 2, "\(command): \(other.stderr)")
            XCTAssertTrue(other.stderr.contains("uses definition 'party' inside a field built on it"), other.stderr)
        }
    }

    func testFlawedRulesTextReport() throws {
        let run = try lint(["--rules", Self.flawed])
        XCTAssertEqual(run.status, 0, "warnings alone do not fail without --strict: \(run.stderr)")
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/lint-flawed.txt")
        XCTAssertTrue(run.stdout.hasSuffix("1 rule file: 0 errors, 18 warnings\n"), run.stdout)
        let strict = try lint(["--strict", "--rules", Self.flawed])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stdout, run.stdout)
    }

    func testFlawedRulesTriggerEveryWarning() throws {
        let run = try lint(["--report", "sarif", "--rules", Self.flawed])
        let log = try sarifLog(run.stdout)
        let run0 = (log["runs"] as? [[String: Any]])?.first
        let driver = (run0?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rules = driver?["rules"] as? [[String: Any]] ?? []
        let warnings = rules.filter { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning" }
            .compactMap { $0["id"] as? String }
        XCTAssertGreaterThanOrEqual(warnings.count, 9)
        let reported = Set(try results(ofSARIF: run.stdout).compactMap { $0["ruleId"] as? String })
        for id in warnings { XCTAssertTrue(reported.contains(id), "the flawed fixture does not trigger \(id)") }
    }

    func testFlawedRulesJSONReport() throws {
        let run = try lint(["--report", "json", "--rules", Self.flawed, Self.broken])
        XCTAssertEqual(run.status, 1)
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/lint-flawed.json")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        let findings = report["findings"] as? [[String: Any]] ?? []
        let summary = report["summary"] as? [String: Int] ?? [:]
        XCTAssertEqual(report["files"] as? [String], [Self.flawed, Self.broken])
        XCTAssertEqual(summary["files"], 2)
        XCTAssertEqual(summary["errors"], findings.filter { $0["level"] as? String == "error" }.count)
        XCTAssertEqual(summary["warnings"], findings.filter { $0["level"] as? String == "warning" }.count)
        XCTAssertEqual(summary["errors"], 3)
        for finding in findings {
            for key in ["file", "rule", "level", "message"] { XCTAssertNotNil(finding[key] as? String, key) }
            XCTAssertGreaterThan(finding["line"] as? Int ?? 0, 0)
            XCTAssertGreaterThan(finding["column"] as? Int ?? 0, 0)
        }
    }

    func testFlawedRulesSARIFReport() throws {
        let run = try lint(["--report", "sarif", "--rules", Self.flawed, Self.broken])
        XCTAssertEqual(run.status, 1)
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/lint-flawed.sarif")
        let log = try sarifLog(run.stdout)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = log["runs"] as? [[String: Any]] ?? []
        XCTAssertEqual(runs.count, 1)
        let driver = (runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any] ?? [:]
        XCTAssertEqual(driver["name"] as? String, "formsmith")
        let rules = (driver["rules"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let results = try results(ofSARIF: run.stdout)
        XCTAssertEqual(results.count, 22)
        for result in results {
            let ruleID = result["ruleId"] as? String ?? ""
            XCTAssertTrue(rules.contains(ruleID), ruleID)
            XCTAssertEqual(result["ruleIndex"] as? Int, rules.firstIndex(of: ruleID))
            XCTAssertTrue(["error", "warning"].contains(result["level"] as? String ?? ""))
            XCTAssertFalse(((result["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
            XCTAssertTrue([Self.flawed, Self.broken].contains(uri ?? ""), uri ?? "no uri")
            let region = location?["region"] as? [String: Any]
            XCTAssertGreaterThan(region?["startLine"] as? Int ?? 0, 0)
            XCTAssertGreaterThan(region?["startColumn"] as? Int ?? 0, 0)
        }
    }

    func testBrokenRulesAreErrorsWithTheirLocations() throws {
        let run = try lint(["--rules", Self.broken])
        XCTAssertEqual(run.status, 1)
        Formsmith.assertGolden(run.stdout, Self.fixtures + "/expected/lint-broken.txt")
        XCTAssertTrue(run.stdout.contains("\(Self.broken):7:33: error[invalid-rules]: unknown key 'maks'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(Self.broken):5:3: warning[unused-definition]"), run.stdout)
    }

    func testOutputFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-lint.sarif")
        let run = try lint(["--report", "sarif", "--output", output.path, "--rules", Self.flawed])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try results(ofSARIF: try String(contentsOf: output, encoding: .utf8)).count, 18)
    }

    func testUsageProblemsExitTwo() throws {
        let cases: [[String]] = [
            ["lint", "--project", "no/such/formsmith.yaml"],
            ["lint", "--rules"],
            ["lint", "--rules", "Rules/osago-policy.yaml", "--today", "22.11.2026"],
            ["lint", "--rules", "Rules/osago-policy.yaml", "--report", "xml"],
            ["lint", "--rules", "no/such/rules.yaml"],
        ]
        for arguments in cases {
            let run = try Formsmith.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)")
            XCTAssertFalse(run.stderr.isEmpty, "\(arguments)")
        }
        let help = try Formsmith.run(["lint", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--strict"), help.stdout)
    }

    private func sarifLog(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    private func results(ofSARIF text: String) throws -> [[String: Any]] {
        let runs = try sarifLog(text)["runs"] as? [[String: Any]]
        return runs?.first?["results"] as? [[String: Any]] ?? []
    }

    /// The form: a parent visible when `($type == 2) OR ($type == 3)` and a required
    /// child visible when `$type IN {2, 3}` mean the same, so lint is silent; a child visible
    /// for type 1 too is reported with that questionnaire, and `--strict` fails on it.
    func testHiddenRequiredComparesWhatConditionsMean() throws {
        let folder = try ProjectFolder()
        try folder.write("transfer.yaml", """
            id: transfer
            fields:
              type: {type: enum, values: [1, 2, 3]}
              docType: {type: string, visibleIf: '($type == 2) OR ($type == 3)'}
              docNumber: {type: string, parent: docType, visibleIf: '$type IN {2, 3}'}
              taxNumber: {type: string, parent: docType, visibleIf: 'type in [2, 3]'}
            """)
        let silent = try Formsmith.run(["lint", "--strict", "--rules", "transfer.yaml"], directory: folder.url)
        XCTAssertEqual(silent.status, 0, silent.stdout + silent.stderr)
        XCTAssertEqual(silent.stdout, "1 rule file: no problems\n")

        try folder.write("transfer.yaml", """
            id: transfer
            fields:
              type: {type: enum, values: [1, 2, 3]}
              docType: {type: string, visibleIf: '($type == 2) OR ($type == 3)'}
              docNumber: {type: string, parent: docType, visibleIf: '$type IN {1, 2}'}
            """)
        let warned = try Formsmith.run(["lint", "--strict", "--rules", "transfer.yaml"], directory: folder.url)
        XCTAssertEqual(warned.status, 1, warned.stdout + warned.stderr)
        XCTAssertEqual(warned.stdout, """
            transfer.yaml:5:37: warning[hidden-required]: 'docNumber' is required but cannot be filled while its parent \
            'docType' is empty, and 'docType' may be empty (it is hidden when `($type == 2) OR ($type == 3)` is false), \
            as when type = 1: such a questionnaire can never be valid; add 'requiredIf: present(docType)' to \
            'docNumber', or make 'docType' required
            1 rule file: 0 errors, 1 warning

            """)
    }

    /// A list-valued check key written as an empty list (`extensions: []`) was accepted and
    /// ignored, so a field meant to limit its files limited nothing. Each is now a rule-file
    /// error at the list's line and column, for lint as for every command that loads the rules.
    func testEmptyListsAreErrorsAtTheirLocations() throws {
        let folder = try ProjectFolder()
        try folder.write("empties.yaml", """
            id: empties
            fields:
              scan: {type: attachment, extensions: [], mediaTypes: []}
              kind: {type: enum, values: []}
              code: {type: string, allow: []}
            """)
        let run = try Formsmith.run(["lint", "--rules", "empties.yaml"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, """
            empties.yaml:3:40: error[invalid-rules]: 'extensions' is an empty list, which lists nothing to allow; \
            give at least one value (extensions: [a, b]) or leave the key out
            empties.yaml:3:56: error[invalid-rules]: 'mediaTypes' is an empty list, which lists nothing to allow; \
            give at least one value (mediaTypes: [a, b]) or leave the key out
            empties.yaml:4:30: error[invalid-rules]: 'values' is an empty list, which lists nothing to allow; \
            give at least one value (values: [a, b]) or leave the key out
            empties.yaml:5:31: error[invalid-rules]: 'allow' is an empty list, which lists nothing to allow; \
            give at least one value (allow: [a, b]) or leave the key out
            1 rule file: 4 errors, 0 warnings

            """)
        let validate = try Formsmith.run(["validate", "--rules", "empties.yaml", "-"], input: "{}", directory: folder.url)
        XCTAssertEqual(validate.status, 2, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stderr.contains("empties.yaml:3:40: 'extensions' is an empty list"), validate.stderr)
    }
}
