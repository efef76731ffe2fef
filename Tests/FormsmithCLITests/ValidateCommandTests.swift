import Foundation
import XCTest

/// `formsmith validate` as users run it: output, exit codes, golden reports.
final class ValidateCommandTests: XCTestCase {
    static let ruleSets = ["osago-policy", "payment-order", "customer-survey"]

    func testValidSamplesExitZero() throws {
        for name in Self.ruleSets {
            let run = try Formsmith.run(["validate", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22",
                                         "SampleData/\(name)/valid.jsonl", "SampleData/\(name)/valid.json"])
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains(" valid, 0 invalid, 0 unreadable"), run.stdout)
            XCTAssertEqual(run.stderr, "")
        }
    }

    func testJSONReportsOfTheSampleDataMatchTheGoldenFiles() throws {
        for name in Self.ruleSets {
            let run = try Formsmith.run(["validate", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22",
                                         "--report", "json", "SampleData/\(name)"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr, "")
            Formsmith.assertGolden(run.stdout, "SampleData/expected/\(name).json")
            let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let summary = report?["summary"] as? [String: Any] ?? [:]
            let count = { (key: String) in summary[key] as? Int ?? -1 }
            XCTAssertGreaterThan(count("records"), 0)
            XCTAssertEqual(count("records"), count("valid") + count("invalid") + count("unreadable"))
        }
    }

    /// The golden text report is the directory run the README shows (every sample file, in
    /// path order), as the other formats' golden files are.
    func testTextReportMatchesTheGoldenFile() throws {
        let run = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                     "SampleData/osago-policy"])
        XCTAssertEqual(run.status, 1)
        Formsmith.assertGolden(run.stdout, "SampleData/expected/osago-policy.txt")
    }

    func testStandardInputAndOutputFile() throws {
        let line = try String(contentsOf: Formsmith.root.appendingPathComponent("SampleData/customer-survey/valid.jsonl"),
                              encoding: .utf8).split(separator: "\n")[0]
        let run = try Formsmith.run(["validate", "--rules", "Rules/customer-survey.yaml", "--today", "2026-11-22",
                                     "-"], input: line + "\n{\"id\": 1}\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("-:2 (id 1)\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-report.json")
        let toFile = try Formsmith.run(["validate", "--rules", "Rules/customer-survey.yaml", "--today", "2026-11-22",
                                        "--report", "json", "--output", output.path, "-"], input: String(line))
        XCTAssertEqual(toFile.status, 0)
        XCTAssertEqual(toFile.stdout, "")
        let written = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(written.contains("\"records\":1,\"valid\":1"), written)
    }

    func testBrokenRulesExitTwoWithEveryProblemOnStandardError() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("broken-rules.yaml")
        try "id: x\nfields:\n  a: {type: string, regex: '('}\n  b: {type: string, maks: '0'}\n"
            .write(to: rules, atomically: true, encoding: .utf8)
        let run = try Formsmith.run(["validate", "--rules", rules.path, "SampleData/customer-survey/valid.jsonl"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("\(rules.path):3:28: invalid regex:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(rules.path):4:21: unknown key 'maks' in field 'b' (did you mean 'mask'?)"),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains("2 problems; the rules were not used"), run.stderr)
    }

    func testUsageProblemsExitTwo() throws {
        let cases: [[String]] = [
            ["validate"],
            ["validate", "--rules", "Rules/osago-policy.yaml", "--today", "22.11.2026", "SampleData"],
            ["validate", "--rules", "Rules/osago-policy.yaml", "--jobs", "0", "SampleData"],
            ["validate", "--rules", "Rules/osago-policy.yaml", "no/such/file.jsonl"],
            ["validate", "--rules", "no/such/rules.yaml", "SampleData"],
            ["frobnicate"],
        ]
        for arguments in cases {
            let run = try Formsmith.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)")
            XCTAssertFalse(run.stderr.isEmpty, "\(arguments)")
        }
    }

    func testHelpAndVersionExitZero() throws {
        let help = try Formsmith.run(["validate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--rules"), help.stdout)
        let version = try Formsmith.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertFalse(version.stdout.isEmpty)
    }
}
