import Dispatch
import FormsmithCore
import Foundation
import XCTest

/// The library's in-process API, used as a Swift program would (no @testable import):
/// one questionnaire at a time, from many threads, agreeing with the batch validator.
final class QuestionnaireValidatorTests: XCTestCase {
    private let osago = repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml")

    private func lines(_ path: String) throws -> [String] {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    func testEachSampleGetsTheVerdictAndViolationsOfTheBatchValidator() throws {
        let validator = try QuestionnaireValidator(rulesAt: osago, today: .fixed(testToday))
        XCTAssertEqual(validator.ruleSetID, "osago-policy")
        for file in ["SampleData/osago-policy/valid.jsonl", "SampleData/osago-policy/invalid.jsonl"] {
            let batch = BatchCollector()
            _ = BatchValidator(rules: validator.rules)
                .run([InputSource(path: repositoryRoot.appendingPathComponent(file).path, format: .jsonLines)], reporter: batch)
            let expected = Dictionary(uniqueKeysWithValues: batch.results.map { ($0.location.line, $0) })
            for (offset, line) in try lines(file).enumerated() {
                let result = validator.validate(line, name: file)
                XCTAssertEqual(result.location, RecordLocation(file: file, line: 1))
                XCTAssertEqual(result.violations, expected[offset + 1]?.violations ?? [], "\(file):\(offset + 1)")
                XCTAssertEqual(result.unreadable, expected[offset + 1]?.unreadable, "\(file):\(offset + 1)")
                XCTAssertEqual(result.isValid, expected[offset + 1] == nil)
            }
        }
        let first = try lines("SampleData/osago-policy/invalid.jsonl")[0]
        XCTAssertEqual(validator.violations(in: Data(first.utf8)).map(\.rule), ["regex"])
        XCTAssertEqual(validator.validate(Data(first.utf8)).id, "Q-123456")
    }

    func testBrokenJSONIsUnreadableWithItsLineAndColumn() throws {
        let validator = try QuestionnaireValidator(rulesAt: osago, today: .fixed(testToday))
        let broken = validator.validate("{\"id\": \"Q-0000001\",\n  \"insurant\": {]}")
        XCTAssertFalse(broken.isValid)
        XCTAssertEqual(broken.violations, [])
        XCTAssertTrue(broken.unreadable?.hasPrefix("line 2, column 16: ") == true, broken.unreadable ?? "nil")
        let violations = validator.violations(in: Data("{".utf8))
        XCTAssertEqual(violations.map(\.rule), ["unreadable"])
        XCTAssertEqual(validator.validate("[1, 2]").violations.map(\.rule), ["type"], "a questionnaire is an object")
        XCTAssertEqual(validator.validate("\u{FEFF}{} \n").unreadable, nil, "a byte order mark and white space are fine")
    }

    func testRulesGivenAsTextAndTheirProblems() throws {
        let rules = """
            id: signup
            fields:
              email: {type: string, regex: '^[^@]+@[^@]+$'}
              birthDate: {type: date, max: today-18y}
            """
        let validator = try QuestionnaireValidator(rulesText: rules, today: .fixed(testToday), redactsValues: true)
        XCTAssertTrue(validator.validate(#"{"email": "a@b.ru", "birthDate": "2008-11-22"}"#).isValid)
        let young = validator.validate(#"{"email": "ab.ru", "birthDate": "2008-11-23"}"#)
        XCTAssertEqual(young.violations.map(\.rule), ["regex", "max"])
        XCTAssertEqual(young.violations.first?.value, "xx.xx", "redacted: the shape without the data")
        XCTAssertThrowsError(try QuestionnaireValidator(rulesText: "id: x\nfields:\n  a: {type: strin}\n", file: "db:7")) {
            let problems = ($0 as? RulesError)?.problems.map(\.description) ?? []
            XCTAssertEqual(problems.count, 1)
            XCTAssertTrue(problems.first?.hasPrefix("db:7:3:") == true, "\(problems)")
        }
        XCTAssertThrowsError(try QuestionnaireValidator(rulesAt: URL(fileURLWithPath: "/nonexistent/rules.yaml")))
    }

    func testWithoutADateTheRulesFollowTheClock() throws {
        let rules = "id: age\nfields:\n  birthDate: {type: date, max: today-18y}\n"
        let validator = try QuestionnaireValidator(rulesText: rules)
        let today = CivilDate.today()
        XCTAssertEqual(validator.rules.today, today)
        let adult = today.adding(CalendarDuration(years: -18))
        let minor = CivilDate(dayNumber: adult.dayNumber + 1)
        XCTAssertTrue(validator.validate(#"{"birthDate": "\#(adult)"}"#).isValid)
        XCTAssertEqual(validator.validate(#"{"birthDate": "\#(minor)"}"#).violations.map(\.rule), ["max"])
        let pinned = QuestionnaireValidator(rules: validator.rules)
        XCTAssertEqual(pinned.rules.today, today)
    }

    func testOneValidatorServesManyThreadsAtOnce() throws {
        let validator = try QuestionnaireValidator(rulesAt: osago, today: .fixed(testToday))
        let samples = try lines("SampleData/osago-policy/invalid.jsonl") + lines("SampleData/osago-policy/valid.jsonl")
        let expected = samples.map { validator.validate($0) }
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<20 {
                for (index, sample) in samples.enumerated() where (index + round + worker) % 3 == 0 {
                    if validator.validate(sample) != expected[index] { mismatches.add(index) }
                }
            }
        }
        XCTAssertEqual(mismatches.count, 0)
    }
}

/// Results of a batch run, collected.
private final class BatchCollector: ValidationReporter {
    var results: [RecordResult] = []
    func report(_ results: [RecordResult]) { self.results += results }
    func finish(_ summary: ValidationSummary) {}
}

/// A thread-safe counter of disagreements.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: [Int] = []
    func add(_ index: Int) { lock.withLock { indices.append(index) } }
    var count: Int { lock.withLock { indices.count } }
}
