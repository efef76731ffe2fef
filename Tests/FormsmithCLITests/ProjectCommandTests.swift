import Foundation
import XCTest

/// A project file (`formsmith.yaml`): validate with no `--rules` routes every input to its
/// form, in every report format; strict project files; `forms`; finding the file upwards.
final class ProjectCommandTests: XCTestCase {
    static let formats = ["text", "json", "jsonl", "junit", "sarif", "github"]

    func testTheSampleDataValidatesByItsOwnRulesInEveryFormat() throws {
        for format in Self.formats {
            let run = try Formsmith.run(["validate", "--report", format, "SampleData"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr, "")
            let name = format == "text" ? "txt" : format
            Formsmith.assertGolden(run.stdout, "Tests/FormsmithCLITests/Fixtures/expected/project/sample-data.\(name)")
        }
    }

    func testEveryFormAndTheOverallTotalsAddUp() throws {
        let run = try Formsmith.run(["validate", "--report", "json", "SampleData"])
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let summary = report?["summary"] as? [String: Any] ?? [:]
        let forms = summary["byForm"] as? [[String: Any]] ?? []
        XCTAssertEqual(forms.map { $0["form"] as? String }, ["osago-policy", "payment-order", "customer-survey",
                                                             "(unrouted)"])
        for totals in forms + [summary] {
            let count = { (key: String) in totals[key] as? Int ?? -1 }
            XCTAssertGreaterThan(count("records"), 0)
            XCTAssertEqual(count("records"), count("valid") + count("invalid") + count("unreadable"), "\(totals)")
        }
        for key in ["records", "valid", "invalid", "unreadable"] {
            XCTAssertEqual(forms.map { $0[key] as? Int ?? 0 }.reduce(0, +), summary[key] as? Int, key)
        }
        // Every reported result names its form; the samples of each form are judged by its rules.
        let results = report?["results"] as? [[String: Any]] ?? []
        XCTAssertTrue(results.allSatisfy { $0["form"] is String })
        XCTAssertTrue(results.filter { ($0["file"] as? String)?.hasPrefix("SampleData/payment-order/") == true }
            .allSatisfy { $0["form"] as? String == "payment-order" })
    }

    func testAMixedInputIsRoutedRecordByRecord() throws {
        let run = try Formsmith.run(["validate", "SampleData/mixed/submissions.jsonl"])
        XCTAssertEqual(run.status, 1, run.stderr)
        Formsmith.assertGolden(run.stdout, "Tests/FormsmithCLITests/Fixtures/expected/project/mixed.txt")
        XCTAssertTrue(run.stdout.contains("[form-missing]"))
        XCTAssertTrue(run.stdout.contains("no form 'osago-polcy' in the project (did you mean 'osago-policy'?)"))
        XCTAssertFalse(run.stdout.contains("unknown-field"), "the routing member is not a field of the form")

        let csv = try Formsmith.run(["validate", "--report", "json", "SampleData/mixed/submissions.csv"])
        XCTAssertEqual(csv.status, 1, csv.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(csv.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.map { "\($0["line"]!) \($0["form"]!)" },
                       ["5 customer-survey", "6 (unrouted)", "7 (unrouted)"])
        let forms = (report?["summary"] as? [String: Any])?["byForm"] as? [[String: Any]] ?? []
        XCTAssertEqual(forms.map { "\($0["form"]!) \($0["valid"]!)/\($0["records"]!)" },
                       ["payment-order 2/2", "customer-survey 1/2", "(unrouted) 0/2"])
    }

    /// A record no form claims is still reported with its own `id` (read from the record,
    /// since no form's rules say where it is): lines 9 and 10 of the JSON Lines sample, rows 6
    /// and 7 of the CSV one, as written there.
    func testRecordsNoFormClaimsKeepTheirID() throws {
        for (input, expected) in [("SampleData/mixed/submissions.jsonl", ["9 Q-2611002", "10 Q-2611003"]),
                                  ("SampleData/mixed/submissions.csv", ["6 CS-0000003", "7 PO-0000003"])] {
            let run = try Formsmith.run(["validate", "--report", "json", input])
            XCTAssertEqual(run.status, 1, run.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let results = report?["results"] as? [[String: Any]] ?? []
            let unrouted = results.filter { $0["form"] as? String == "(unrouted)" }
            XCTAssertEqual(unrouted.map { "\($0["line"]!) \($0["id"] ?? "no id")" }, expected, input)
        }
    }

    func testRulesGivenOnTheCommandLineIgnoreTheProject() throws {
        let run = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                     "--report", "json", "SampleData/osago-policy"])
        Formsmith.assertGolden(run.stdout, "SampleData/expected/osago-policy.json")
    }

    func testFormsListsTheFormsAsTextAndJSON() throws {
        let text = try Formsmith.run(["forms"])
        XCTAssertEqual(text.status, 0, text.stderr)
        Formsmith.assertGolden(text.stdout, "Tests/FormsmithCLITests/Fixtures/expected/project/forms.txt")
        let json = try Formsmith.run(["validate", "--list-forms", "--report", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        Formsmith.assertGolden(json.stdout, "Tests/FormsmithCLITests/Fixtures/expected/project/forms.json")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
    }

    func testSplitOutputIsWrittenPerForm() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Formsmith.run(["validate", "--split-output", folder.path, "SampleData/osago-policy/valid.jsonl",
                                     "SampleData/payment-order/invalid.jsonl", "SampleData/mixed/submissions.jsonl"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/osago-policy/valid.valid.jsonl"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/payment-order/invalid.invalid.jsonl"))
        // The mixed input: each record in the files of its form, as written.
        let lines = { (name: String) in
            ((try? String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        XCTAssertEqual(lines("osago-policy/submissions.valid.jsonl").count, 2)
        XCTAssertEqual(lines("osago-policy/submissions.invalid.jsonl").count, 1)
        XCTAssertEqual(lines("customer-survey/submissions.valid.jsonl").count, 2)
        XCTAssertEqual(lines("unrouted/submissions.invalid.jsonl").count, 2)
        let source = try String(contentsOfFile: Formsmith.root.path + "/SampleData/mixed/submissions.jsonl", encoding: .utf8)
        XCTAssertTrue(lines("payment-order/submissions.valid.jsonl").allSatisfy { source.contains($0) })
    }

    func testEveryProblemOfAProjectFileIsReportedAtOnce() throws {
        let folder = try ProjectFolder()
        try folder.write("rules/a.yaml", "id: a\nfields:\n  x: {type: string}\n")
        try folder.write("in/a/one.jsonl", "{\"x\": \"1\"}\n")
        try folder.write("formsmith.yaml", """
            formsmith: 1
            forms:
              a: rules/a.yaml
              b: rules/missing.yaml
            inputs:
              in/a/*.jsonl: a
              in/**/one.jsonl: b
              in/none/*.jsonl: a
              in/a/*: c
            defaults:
              jbos: 2
              report: txt
            """)
        let run = try Formsmith.run(["validate", "in"], directory: folder.url)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, """
            formsmith.yaml:4:6: cannot find the rule file 'rules/missing.yaml' of form 'b'; paths are relative to the project file
            formsmith.yaml:7:3: 'in/a/one.jsonl' is claimed by two forms: 'a' (formsmith.yaml:6:3) and 'b'; narrow one of the globs
            formsmith.yaml:8:3: input glob 'in/none/*.jsonl' matches no file; correct it or remove it (globs are relative to the project file)
            formsmith.yaml:9:11: no form 'c' (did you mean 'a'?); route to one of a, b or to 'by-record'
            formsmith.yaml:11:3: unknown key 'jbos' in 'defaults' (did you mean 'jobs'?)
            formsmith.yaml:12:11: unknown report format 'txt' (did you mean 'text'?); use one of text, json, jsonl, junit, sarif, github, html
            formsmith.yaml: 6 problems; the project was not used

            """)
    }

    func testADanglingLinkIsAFileTheGlobsMatch() throws {
        // Input discovery lists a dangling link and reports it unreadable, so the project
        // check counts it as a file too: its glob matches, and the run goes ahead.
        let folder = try ProjectFolder()
        try folder.write("rules/a.yaml", "id: a\nfields:\n  x: {type: string}\n")
        try folder.write("in/one.jsonl", "{\"x\": \"1\"}\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("links"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("links/gone.jsonl").path,
                                                   withDestinationPath: "deleted.jsonl")
        try folder.write("formsmith.yaml", "forms: {a: rules/a.yaml}\ninputs: {in/*.jsonl: a, links/*.jsonl: a}\n")
        let run = try Formsmith.run(["validate", "--report", "jsonl", "in", "links"], directory: folder.url)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains(#""file":"links/gone.jsonl","form":"a""#), run.stdout)
        XCTAssertTrue(run.stdout.contains("cannot open: No such file or directory"), run.stdout)
    }

    func testTheProjectFileIsFoundFromASubfolderAndItsDefaultsApply() throws {
        let folder = try ProjectFolder()
        try folder.write("rules/a.yaml", "id: a\nfields:\n  x: {type: string, maxLength: 1}\n")
        try folder.write("in/one.jsonl", "{\"x\": \"12\"}\n")
        try folder.write(".formsmith.yml", """
            forms: {a: rules/a.yaml}
            inputs: {in/*.jsonl: a}
            defaults: {report: jsonl, redact: true}
            """)
        let run = try Formsmith.run(["validate", "one.jsonl"], directory: folder.url.appendingPathComponent("in"))
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, run.stdout)
        XCTAssertTrue(lines[0].hasPrefix(#"{"file":"one.jsonl","form":"a","line":1"#), String(lines[0]))
        XCTAssertFalse(lines[0].contains(#""12""#), "redact: true masks values")
    }

    func testLintWithoutArgumentsLintsTheProject() throws {
        let clean = try Formsmith.run(["lint"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertEqual(clean.stdout, "5 rule files: no problems\n")

        let folder = try ProjectFolder()
        try folder.write("rules/lib/used.yaml", "definitions:\n  name: {type: string}\n  spare: {type: string}\n")
        try folder.write("rules/lib/idle.yaml", "definitions:\n  code: {type: string, maks: '000'}\n")
        try folder.write("rules/a.yaml", "id: a\ninclude: [lib/used.yaml, lib/idle.yaml]\nfields:\n  x: {use: name}\n")
        try folder.write("in/one.jsonl", "{}\n")
        try folder.write("formsmith.yaml", "forms: {a: rules/a.yaml}\ninputs: {in/*.jsonl: a}\n")
        let run = try Formsmith.run(["lint"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, """
            rules/lib/idle.yaml:1:1: warning[unused-library]: no form uses a definition of this library: remove its 'include', or build fields on it with 'use:'
            rules/lib/idle.yaml:2:24: error[invalid-rules]: unknown key 'maks' in field 'code' (did you mean 'mask'?)
            rules/lib/used.yaml:3:3: warning[unused-definition]: no form of the project uses this library definition: remove it, or build a field on it
            4 rule files: 1 error, 2 warnings

            """)
        try folder.write("formsmith.yaml", "forms: {a: rules/a.yaml}\ninputz: {in/*.jsonl: a}\n")
        let broken = try Formsmith.run(["lint"], directory: folder.url)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.hasPrefix("formsmith.yaml:2:1: error[invalid-project]: unknown key 'inputz' in the "
                                              + "project file (did you mean 'inputs'?)"), broken.stdout)
    }

    func testGenerateAndExplainNameAFormOfTheProject() throws {
        let generated = try Formsmith.run(["generate", "--form", "payment-order", "--count", "3", "--seed", "7"])
        let direct = try Formsmith.run(["generate", "--rules", "Rules/payment-order.yaml", "--today", "2026-11-22",
                                        "--count", "3", "--seed", "7"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(generated.stdout, direct.stdout)
        let explained = try Formsmith.run(["explain", "osago-policy.insurant.lastName"])
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("built on definition 'cyrillicName' from Rules/lib/common.yaml:"),
                      explained.stdout)
        let unknown = try Formsmith.run(["explain", "osago.insurant.lastName"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "formsmith: no form 'osago' in formsmith.yaml; the forms are osago-policy, "
                       + "payment-order, customer-survey\n")
    }

    func testWithoutRulesOrAProjectFileValidateSaysWhatToGive() throws {
        let folder = try ProjectFolder()
        try folder.write("one.jsonl", "{}\n")
        let run = try Formsmith.run(["validate", "one.jsonl"], directory: folder.url)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("validate needs --rules FILE, or a project file (formsmith.yaml"), run.stderr)
    }
}

/// A temporary project folder, removed when released.
final class ProjectFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` (folders created).
    func write(_ name: String, _ text: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
