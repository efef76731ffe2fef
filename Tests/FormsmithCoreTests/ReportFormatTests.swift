import FormsmithCore
import Foundation
import XCTest

/// The CI report formats: SARIF 2.1.0 structure, JUnit XML, GitHub annotations, JSON Lines,
/// and the same report for any number of jobs.
final class ReportFormatTests: XCTestCase {
    typealias MakeReporter = (ReportOutput) -> any ValidationReporter
    static var formats: [(String, MakeReporter)] { [
        ("text", { TextReporter(output: $0) }), ("json", { JSONReporter(output: $0) }),
        ("jsonl", { JSONLinesReporter(output: $0) }), ("junit", { JUnitReporter(output: $0) }),
        ("sarif", { SARIFReporter(output: $0, toolVersion: "9.9.9", informationURI: "https://example.org/formsmith") }),
        ("github", { GitHubReporter(output: $0) }),
    ] }

    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    /// The osago-policy samples plus a CSV file with header problems and a name that needs escaping.
    private func inputs() throws -> [String] {
        let csv = "id,insurant.lastName,vehicle.colour\nQ-1234567,\"Смирнов\u{1}<&>\",white\nQ-2,x,y,z\n"
        return [repositoryRoot.appendingPathComponent("SampleData/osago-policy").path,
                try folder.write("odd & \"named\" <file>.csv", csv)]
    }

    private func report(_ make: MakeReporter, jobs: Int = 1, chunkBytes: Int = 1 << 20) throws -> (String, ValidationSummary) {
        let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml").path,
                                         today: testToday)
        let output = ReportOutput()
        let summary = BatchValidator(rules: rules, options: ValidationOptions(jobs: jobs, inputLimits: InputLimits(chunkBytes: chunkBytes)))
            .run(try InputDiscovery.sources(for: try inputs()), reporter: make(output))
        return (output.text, summary)
    }

    func testEveryFormatIsTheSameForOneJobAndForMany() throws {
        for (name, make) in Self.formats {
            let (one, _) = try report(make)
            let (many, _) = try report(make, jobs: 3, chunkBytes: 2048)
            XCTAssertEqual(one, many, name)
            XCTAssertFalse(one.isEmpty, name)
        }
    }

    func testSARIFHasTheStructureOfSARIF210() throws {
        let (text, summary) = try report(Self.formats[4].1)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, SARIFReporter.schema)
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "formsmith")
        XCTAssertEqual(driver["version"] as? String, "9.9.9")
        XCTAssertNotNil(URL(string: try XCTUnwrap(driver["informationUri"] as? String))?.scheme)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(ruleIDs.count, rules.count)
        XCTAssertEqual(Set(ruleIDs).count, ruleIDs.count, "rule ids are unique")
        for rule in rules {
            let description = (rule["shortDescription"] as? [String: Any])?["text"] as? String
            XCTAssertFalse(description?.isEmpty ?? true, "\(rule)")
        }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, summary.violations + summary.unreadable)
        for result in results {
            let ruleID = try XCTUnwrap(result["ruleId"] as? String)
            XCTAssertEqual(result["ruleIndex"] as? Int, ruleIDs.firstIndex(of: ruleID), ruleID)
            XCTAssertEqual(result["level"] as? String, "error")
            let message = (result["message"] as? [String: Any])?["text"] as? String
            XCTAssertFalse(message?.isEmpty ?? true)
            let locations = try XCTUnwrap(result["locations"] as? [[String: Any]])
            let physical = try XCTUnwrap(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try XCTUnwrap((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertNotNil(URL(string: uri), "a valid URI reference: \(uri)")
            XCTAssertFalse(uri.contains(" "), uri)
            let line = try XCTUnwrap((physical["region"] as? [String: Any])?["startLine"] as? Int)
            XCTAssertGreaterThanOrEqual(line, 1)
        }
        XCTAssertTrue(Set(ruleIDs).isSuperset(of: ["unreadable", "unknown-field", "mask", "required"]))
        XCTAssertEqual(SARIFReporter.uri("a b/ж.csv"), "a%20b/%D0%B6.csv")
        XCTAssertEqual(SARIFReporter.uri("/tmp/x.csv"), "file:///tmp/x.csv")
    }

    func testJUnitIsWellFormedXMLWithOneSuitePerFileAndOneCasePerInvalidQuestionnaire() throws {
        let (text, summary) = try report(Self.formats[3].1)
        let root = try XMLElementNode.parse(text)
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attributes["tests"], String(summary.records))
        XCTAssertEqual(root.attributes["failures"], String(summary.invalid))
        XCTAssertEqual(root.attributes["errors"], String(summary.unreadable))
        let suites = root.elements("testsuite")
        XCTAssertEqual(suites.count, try InputDiscovery.sources(for: try inputs()).count)
        var tests = 0
        for suite in suites {
            let cases = suite.elements("testcase")
            XCTAssertEqual(cases.flatMap { $0.elements("failure") }.count, Int(suite.attributes["failures"] ?? ""))
            XCTAssertEqual(cases.flatMap { $0.elements("error") }.count, Int(suite.attributes["errors"] ?? ""))
            XCTAssertTrue(cases.allSatisfy { $0.children.count == 1 }, "each case fails once")
            tests += Int(suite.attributes["tests"] ?? "") ?? 0
        }
        XCTAssertEqual(tests, summary.records)
        let odd = try XCTUnwrap(suites.last)
        XCTAssertTrue(odd.attributes["name"]?.hasSuffix("odd & \"named\" <file>.csv") ?? false)
        let failure = try XCTUnwrap(odd.elements("testcase").first { $0.attributes["name"]?.hasSuffix(":2 Q-1234567") ?? false })
        XCTAssertTrue(failure.elements("failure")[0].text.contains("(value \"Смирнов\\u0001<&>\")"),
                      failure.elements("failure")[0].text)
        XCTAssertEqual(XMLText.escaped("a\u{1}\n<'\">&"), "a\\u{1}\\u{A}&lt;&apos;&quot;&gt;&amp;")
        XCTAssertEqual(XMLText.escaped("a\n<'\">", attribute: false), "a\\u{A}&lt;'\"&gt;")
    }

    func testGitHubAnnotationsEscapeDataAndProperties() throws {
        let location = RecordLocation(file: "dir, with: 50%.jsonl", line: 7)
        XCTAssertEqual(GitHubReporter.annotation(location, rule: "mask", text: "a: 100%\r\nnext"),
                       "::error file=dir%2C with%3A 50%25.jsonl,line=7,title=formsmith mask::a: 100%25%0D%0Anext\n")
        XCTAssertEqual(GitHubReporter.annotation(RecordLocation(file: "x", line: 0), rule: "unreadable", text: "t"),
                       "::error file=x,title=formsmith unreadable::t\n")
        let (text, summary) = try report(Self.formats[5].1)
        let annotations = text.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(annotations.count, summary.violations + summary.unreadable)
        XCTAssertTrue(annotations.contains { $0.contains(",title=formsmith mask::vehicle.plate: ") })
        XCTAssertTrue(text.contains("questionnaires: \(summary.valid) valid"))
    }

    func testJSONLinesStreamsAResultPerLineAndEndsWithTheSummary() throws {
        let output = ReportOutput()
        let reporter = JSONLinesReporter(output: output)
        reporter.report([RecordResult(location: RecordLocation(file: "f", line: 2), unreadable: "bad")])
        XCTAssertEqual(output.text, "{\"file\":\"f\",\"line\":2,\"unreadable\":\"bad\",\"errors\":[]}\n",
                       "written as soon as it is found")
        let (text, summary) = try report(Self.formats[2].1)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, summary.invalid + summary.unreadable + 1)
        for line in lines {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
        let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
        XCTAssertEqual((last?["summary"] as? [String: Any])?["records"] as? Int, summary.records)
    }
}
