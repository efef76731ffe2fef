import Foundation
import XCTest

/// `formsmith generate` as users run it: golden output, the round trip through `validate`,
/// labels, usage errors and unsatisfiable rules.
final class GenerateCommandTests: ScratchFolderTestCase {
    func testSmallBatchMatchesTheGoldenFiles() throws {
        for format in ["jsonl", "csv"] {
            let run = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "3", "--seed", "42",
                                         "--today", "2026-11-22", "--format", format])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "")
            Formsmith.assertGolden(run.stdout, "SampleData/expected/generated-osago-policy.\(format)")
        }
    }

    func testGeneratedQuestionnairesValidateBack() throws {
        for name in ValidateCommandTests.ruleSets {
            let output = path("\(name).jsonl")
            let generate = try Formsmith.run(["generate", "--rules", "Rules/\(name).yaml", "--count", "500", "--seed", "7",
                                              "--today", "2026-11-22", "--output", output])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            XCTAssertTrue(generate.stderr.contains("wrote 500 questionnaires"), generate.stderr)
            let validate = try Formsmith.run(["validate", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22", output])
            XCTAssertEqual(validate.status, 0, validate.stdout)
            XCTAssertTrue(validate.stdout.contains("500 questionnaires: 500 valid"), validate.stdout)
        }
    }

    func testPipedIntoValidateThroughStandardInput() throws {
        let generate = try Formsmith.run(["generate", "--rules", "Rules/payment-order.yaml", "--count", "50", "--seed", "1",
                                          "--today", "2026-11-22"])
        let validate = try Formsmith.run(["validate", "--rules", "Rules/payment-order.yaml", "--today", "2026-11-22", "-"],
                                         input: generate.stdout)
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }

    func testValidateReportsExactlyTheLabelledDefects() throws {
        let output = path("mixed.json")
        let generate = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "300", "--seed", "3",
                                          "--today", "2026-11-22", "--invalid-rate", "0.4", "--output", output])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertGreaterThan(labels.count, 80)
        let validate = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                          "--report", "json", output])
        XCTAssertEqual(validate.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        let reported = results.map { result -> String in
            let errors = (result["errors"] as? [[String: Any]] ?? []).map { "\($0["field"]!) \($0["rule"]!)" }
            return "\(result["index"] ?? -1) \(result["id"] ?? "") \(errors)"
        }
        let expected = labels.map { "\($0["index"]!) \($0["id"]!) [\"\($0["field"]!) \($0["rule"]!)\"]" }
        XCTAssertEqual(reported, expected)
        XCTAssertTrue(labels.allSatisfy { ($0["line"] as? Int) == ($0["index"] as? Int ?? 0) + 2 })
    }

    func testGeneratedCSVValidatesBackWithExactlyTheLabelledDefects() throws {
        for name in ValidateCommandTests.ruleSets {
            let output = path("\(name).csv")
            let generate = try Formsmith.run(["generate", "--rules", "Rules/\(name).yaml", "--count", "400", "--seed", "11",
                                              "--today", "2026-11-22", "--invalid-rate", "0.3", "--output", output])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
                .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            XCTAssertGreaterThan(labels.count, 50, name)
            let validate = try Formsmith.run(["validate", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22",
                                              "--report", "json", output])
            XCTAssertEqual(validate.status, 1, validate.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
            let results = report?["results"] as? [[String: Any]] ?? []
            let reported = results.map { result -> String in
                let errors = (result["errors"] as? [[String: Any]] ?? []).map { "\($0["field"]!) \($0["rule"]!)" }
                return "\(result["line"] ?? -1) \(errors)"
            }
            let expected = labels.map { "\($0["line"]!) [\"\($0["field"]!) \($0["rule"]!)\"]" }
            XCTAssertEqual(reported, expected, name)
            let summary = report?["summary"] as? [String: Any] ?? [:]
            XCTAssertEqual(summary["records"] as? Int, 400, name)
        }
    }

    func testSeedIsPrintedWhenNotGivenAndSameSeedRepeatsTheOutput() throws {
        let first = try Formsmith.run(["generate", "--rules", "Rules/customer-survey.yaml", "--count", "5"])
        XCTAssertEqual(first.status, 0)
        let seed = first.stderr.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
        XCTAssertTrue(first.stderr.hasPrefix("formsmith: seed \(seed) "), first.stderr)
        let again = try Formsmith.run(["generate", "--rules", "Rules/customer-survey.yaml", "--count", "5",
                                       "--seed", seed, "--jobs", "1"])
        XCTAssertEqual(again.stdout, first.stdout)
    }

    func testUsageProblemsExitTwo() throws {
        let noLabels = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "5",
                                          "--invalid-rate", "0.5"])
        XCTAssertEqual(noLabels.status, 2)
        XCTAssertTrue(noLabels.stderr.contains("--labels"), noLabels.stderr)
        let badRate = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "5",
                                         "--optional-rate", "2"])
        XCTAssertEqual(badRate.status, 2)
        let missingFixture = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "5",
                                                "--fixture", path("missing.json")])
        XCTAssertEqual(missingFixture.status, 2)
        XCTAssertTrue(missingFixture.stderr.contains("cannot read the fixture"), missingFixture.stderr)
    }

    func testUnsatisfiableRulesExitTwoNamingTheField() throws {
        let rules = path("impossible.yaml")
        try "id: x\nfields:\n  code: {type: string, regex: '^\\d{3}$', maxLength: 2}\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("formsmith: cannot generate: code: [regex] the regex"), run.stderr)
    }

    func testFixturePinsFields() throws {
        let fixture = path("fixture.json")
        try #"{"vehicle": {"hasPlate": false}, "drivers": [{"birthDate": "2000-02-29"}]}"#
            .write(toFile: fixture, atomically: true, encoding: .utf8)
        let run = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "20", "--seed", "2",
                                     "--today", "2026-11-22", "--fixture", fixture])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 20)
        XCTAssertTrue(lines.allSatisfy { $0.contains(#""hasPlate":false"#) && $0.contains(#""birthDate":"2000-02-29""#) })
    }
}
