import FormsmithCore
import Foundation
import XCTest

/// `--fail-fast`, `--max-errors` and `--redact`, as the engine applies them.
final class RunOptionsTests: XCTestCase {
    private let rules = try! compileRules("id: x\nfields:\n  id: {type: string}\n  n: {type: integer, max: 5}\n")
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    private func lines(_ values: [String]) -> String {
        values.enumerated().map { "{\"id\":\"R\($0.offset + 1)\",\"n\":\($0.element)}" }.joined(separator: "\n") + "\n"
    }

    func testFailFastStopsAtTheFirstInvalidRecordWhateverTheJobs() throws {
        var values = Array(repeating: "1", count: 300)
        values[120] = "9"
        values[121] = "x"
        values[250] = "9"
        let first = try folder.write("a.jsonl", lines(values))
        let second = try folder.write("b.jsonl", lines(["9"]))
        for jobs in [1, 3] {
            let options = ValidationOptions(jobs: jobs, inputLimits: InputLimits(chunkBytes: 256), failFast: true)
            let run = try runBatch([first, second], rules: rules, options: options)
            XCTAssertEqual(outline(run.results), ["121: n max"], "jobs \(jobs)")
            XCTAssertEqual([run.summary.records, run.summary.valid, run.summary.invalid], [121, 120, 1], "jobs \(jobs)")
            XCTAssertTrue(run.summary.stoppedEarly)
        }
        let unreadable = try folder.write("c.jsonl", "{\"id\":\"R1\",\"n\":1}\n{oops\n{\"id\":\"R3\",\"n\":9}\n")
        let stopped = try runBatch([unreadable], rules: rules, options: ValidationOptions(jobs: 1, failFast: true))
        XCTAssertEqual([stopped.summary.records, stopped.summary.unreadable], [2, 1])
        let text = ReportOutput()
        TextReporter(output: text).finish(stopped.summary)
        XCTAssertTrue(text.text.contains("stopped at the first invalid or unreadable questionnaire (--fail-fast)"))
    }

    func testMaxErrorsShowsTheFirstProblemsAndStillCountsEverything() throws {
        let path = try folder.write("a.jsonl", lines(["9", "1", "x", "9"]) + "{broken\n")
        let output = ReportOutput()
        let summary = BatchValidator(rules: rules, options: ValidationOptions(jobs: 1))
            .run(try InputDiscovery.sources(for: [path]), reporter: ProblemLimit(2, wrapping: JSONReporter(output: output)))
        XCTAssertEqual([summary.records, summary.invalid, summary.unreadable, summary.violations], [5, 2, 2, 2])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["line"] as? Int }, [1, 3])
        let reported = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(reported["truncated"] as? Bool, true)
        XCTAssertEqual(reported["maxErrors"] as? Int, 2)
        XCTAssertEqual(reported["records"] as? Int, 5)
    }

    func testMaxErrorsCutsAQuestionnaireThatStraddlesTheLimit() {
        let collector = CollectingReporter()
        let limit = ProblemLimit(3, wrapping: collector)
        let violation = Violation(field: "a", rule: "min", message: "m")
        let location = RecordLocation(file: "f", line: 1)
        limit.report([RecordResult(location: location, violations: [violation, violation]),
                      RecordResult(location: location, violations: [violation, violation, violation]),
                      RecordResult(location: location, unreadable: "bad")])
        limit.finish(ValidationSummary())
        XCTAssertEqual(collector.results.map(\.violations.count), [2, 1])
        XCTAssertEqual(collector.summary?.truncatedAt, 3)

        let exact = CollectingReporter()
        let roomy = ProblemLimit(2, wrapping: exact)
        roomy.report([RecordResult(location: location, violations: [violation, violation])])
        roomy.finish(ValidationSummary())
        XCTAssertNil(exact.summary?.truncatedAt, "nothing was left out")
    }

    func testValueMaskKeepsTheShapeOnly() {
        XCTAssertEqual(Redaction.redact("А123ВС77"), "Х999ХХ99")
        XCTAssertEqual(Redaction.redact("A123BC77"), "X999XX99")
        XCTAssertEqual(Redaction.redact("+7 (916) 123-45-67"), "+9 (999) 999-99-99")
        XCTAssertEqual(Redaction.redact("a.smirnov@mail.ru"), "x.xxxxxxx@xxxx.xx")
        XCTAssertEqual(Redaction.redact("Ёлкин Пётр"), "Хxxxx Хxxx".replacingOccurrences(of: "x", with: "х"))
        XCTAssertEqual(Redaction.redact("1984-03-15"), "9999-99-99")
        XCTAssertEqual(Redaction.redact(""), "")
    }

    func testRedactMasksValuesAndTheValuesMessagesQuote() throws {
        for ruleSet in SampleDataTests.ruleSets {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(ruleSet).yaml").path,
                                             today: testToday)
            let path = repositoryRoot.appendingPathComponent("SampleData/\(ruleSet)/invalid.jsonl").path
            let plain = try runBatch([path], rules: rules)
            let redacted = try runBatch([path], rules: rules, options: ValidationOptions(jobs: 1, redact: true))
            XCTAssertEqual(redacted.summary, plain.summary, ruleSet)
            for (open, masked) in zip(plain.results, redacted.results) {
                XCTAssertEqual(masked.id, open.id, "ids are not masked")
                XCTAssertEqual(masked.violations.map(\.value), open.violations.map { $0.value.map(Redaction.redact) })
                for (openViolation, maskedViolation) in zip(open.violations, masked.violations) {
                    // Values with a digit or a non-ASCII letter: personal data, never words of a message.
                    guard let value = openViolation.value, value.count >= 3,
                          value.unicodeScalars.contains(where: { $0.properties.numericType != nil || $0.value > 0x7F })
                    else { continue }
                    XCTAssertFalse(maskedViolation.message.contains(value), "\(ruleSet) leaks \(value): \(maskedViolation.message)")
                }
            }
        }
    }

    func testRedactShowsComputedBoundsAsTheirExpression() throws {
        let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml").path,
                                         today: testToday)
        let path = repositoryRoot.appendingPathComponent("SampleData/osago-policy/invalid.jsonl").path
        let plain = try runBatch([path], rules: rules)
        let redacted = try runBatch([path], rules: rules, options: ValidationOptions(jobs: 1, redact: true))
        let message = { (run: RunRecord) in
            run.results.first { $0.location.line == 36 }?.violations.first { $0.field == "drivers[1].licenseIssued" }?.message
        }
        XCTAssertEqual(message(plain), "must be on or after 2006-06-30 (drivers[].birthDate + 18y)")
        XCTAssertEqual(message(redacted), "must be on or after drivers[].birthDate + 18y")
        let survey = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/customer-survey.yaml").path,
                                          today: testToday)
        let choices = try runBatch([repositoryRoot.appendingPathComponent("SampleData/customer-survey/invalid.jsonl").path],
                                   rules: survey, options: ValidationOptions(jobs: 1, redact: true))
        let choice = choices.results.first { $0.location.line == 19 }?.violations.first
        XCTAssertEqual(choice?.message.hasPrefix("'xxx' should be one of"), true, choice?.message ?? "")
        XCTAssertEqual(choice?.value, "xxx")
    }
}
