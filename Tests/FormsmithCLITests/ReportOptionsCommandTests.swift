import Foundation
import XCTest

/// `formsmith validate` with the CI report formats, CSV input and the run options, as users
/// run it: golden reports, identical output for any --jobs, exit codes, nothing on stderr.
final class ReportOptionsCommandTests: XCTestCase {
    static let ruleSets = ["osago-policy", "payment-order", "customer-survey"]
    static let formats = ["jsonl", "junit", "sarif", "github"]

    private func validate(_ ruleSet: String, _ arguments: [String], input: String? = nil) throws -> Formsmith.Output {
        try Formsmith.run(["validate", "--rules", "Rules/\(ruleSet).yaml", "--today", "2026-11-22"] + arguments,
                          input: input)
    }

    func testEveryReportFormatOfTheSampleDataMatchesItsGoldenFileForAnyJobs() throws {
        for ruleSet in Self.ruleSets {
            for format in Self.formats {
                let one = try validate(ruleSet, ["--report", format, "--jobs", "1", "SampleData/\(ruleSet)"])
                XCTAssertEqual(one.status, 1, "\(ruleSet) \(format): \(one.stderr)")
                XCTAssertEqual(one.stderr, "", "nothing on stderr when it is not a terminal")
                Formsmith.assertGolden(one.stdout, "SampleData/expected/\(ruleSet).\(format)")
                let two = try validate(ruleSet, ["--report", format, "--jobs", "2", "SampleData/\(ruleSet)"])
                XCTAssertEqual(two.stdout, one.stdout, "\(ruleSet) \(format): --jobs 2")
            }
        }
    }

    func testTextReportsOfTheOtherSamplesAndOfTheCSVSamplesMatchTheirGoldenFiles() throws {
        for ruleSet in ["payment-order", "customer-survey"] {
            let run = try validate(ruleSet, ["SampleData/\(ruleSet)"])
            XCTAssertEqual(run.status, 1)
            Formsmith.assertGolden(run.stdout, "SampleData/expected/\(ruleSet).txt")
        }
        for ruleSet in Self.ruleSets {
            let run = try validate(ruleSet, ["SampleData/csv/\(ruleSet).csv"])
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr, "")
            Formsmith.assertGolden(run.stdout, "SampleData/expected/\(ruleSet).csv.txt")
            let jobs = try validate(ruleSet, ["--jobs", "2", "SampleData/csv/\(ruleSet).csv"])
            XCTAssertEqual(jobs.stdout, run.stdout)
        }
    }

    func testCSVFromStandardInputWithADelimiter() throws {
        let rows = [["id", "respondent.country", "answers.recommend", "answers.channels", "answers.lastPurchase", "consent"],
                    ["CS-1", "RU", "9", "web;app", "2026-11-01", "true"]]
        let tabbed = rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
        let run = try validate("customer-survey", ["--input-format", "csv", "--delimiter", "tab", "-"], input: tabbed)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1 questionnaire: 1 valid"), run.stdout)
        let wrong = try validate("customer-survey", ["--input-format", "csv", "-"], input: tabbed)
        XCTAssertEqual(wrong.status, 1, "read with commas, the header is one unknown column")
        XCTAssertTrue(wrong.stdout.contains("-:1\n  unreadable: the CSV header row has"), wrong.stdout)
    }

    func testFailFastStopsAtTheFirstInvalidQuestionnaire() throws {
        let run = try validate("osago-policy", ["--fail-fast", "SampleData/osago-policy/valid.jsonl",
                                                "SampleData/osago-policy/invalid.jsonl"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("SampleData/osago-policy/invalid.jsonl:1 (id Q-123456)\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("8 questionnaires: 7 valid, 1 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stdout.contains("(--fail-fast)"), run.stdout)
        let valid = try validate("osago-policy", ["--fail-fast", "SampleData/osago-policy/valid.jsonl"])
        XCTAssertEqual(valid.status, 0)
    }

    func testMaxErrorsTruncatesTheReportButNotTheCounts() throws {
        let run = try validate("osago-policy", ["--max-errors", "3", "--report", "json", "SampleData/osago-policy"])
        XCTAssertEqual(run.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        let problems = results.reduce(0) { $0 + (($1["errors"] as? [Any])?.count ?? 0) + ($1["unreadable"] == nil ? 0 : 1) }
        XCTAssertEqual(problems, 3)
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["records"] as? Int, 56)
        XCTAssertEqual(summary["violations"] as? Int, 51)
        XCTAssertEqual(summary["maxErrors"] as? Int, 3)
        let none = try validate("osago-policy", ["--max-errors", "0", "SampleData/osago-policy/invalid.jsonl"])
        XCTAssertTrue(none.stdout.hasPrefix("\n43 questionnaires: 0 valid, 43 invalid"), none.stdout)
        XCTAssertTrue(none.stdout.contains("output truncated after 0 problems (--max-errors 0)"), none.stdout)
    }

    func testRedactMasksValuesInEveryFormat() throws {
        for format in ["text", "json", "jsonl", "junit", "sarif", "github"] {
            let run = try validate("osago-policy", ["--redact", "--report", format, "SampleData/osago-policy/invalid.jsonl"])
            XCTAssertEqual(run.status, 1)
            for secret in ["A123BC77", "89217008090", "oleg.grigoriev@example", "780107000004", "1926-11-21"] {
                XCTAssertFalse(run.stdout.contains(secret), "\(format) leaks \(secret)")
            }
            XCTAssertTrue(run.stdout.contains("X999XX99"), format)
        }
    }

    func testSplitOutputWritesValidAndInvalidFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-split-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try validate("customer-survey", ["--split-output", directory.path, "SampleData/customer-survey",
                                                   "SampleData/csv/customer-survey.csv"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(written, ["broken.invalid.jsonl", "broken.valid.jsonl", "customer-survey.invalid.csv",
                                 "customer-survey.valid.csv", "invalid.invalid.jsonl", "valid.valid.json",
                                 "valid.valid.jsonl"])
        let validCSV = try String(contentsOf: directory.appendingPathComponent("customer-survey.valid.csv"), encoding: .utf8)
        // The header, the 7 valid samples, and 3 invalid JSON samples that CSV cannot express (CSVParityTests).
        XCTAssertEqual(validCSV.split(separator: "\n").count, 1 + 7 + 3)
        let again = try validate("customer-survey", ["--split-output", directory.path,
                                                     "SampleData/csv/customer-survey.csv"])
        XCTAssertEqual(again.status, 1)
    }

    func testUsageProblemsOfTheNewOptionsExitTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-not-a-directory")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let cases: [[String]] = [
            ["--report", "xml", "SampleData/osago-policy"],
            ["--delimiter", "|", "SampleData/osago-policy"],
            ["--max-errors", "-1", "SampleData/osago-policy"],
            ["--input-format", "tsv", "SampleData/osago-policy"],
            ["--split-output", file.path, "SampleData/osago-policy"],
        ]
        for arguments in cases {
            let run = try validate("osago-policy", arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)")
            XCTAssertFalse(run.stderr.isEmpty, "\(arguments)")
        }
    }
}
