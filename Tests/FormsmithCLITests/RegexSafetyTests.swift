import Foundation
import XCTest

/// A pathological pattern against a long non-matching value: the match stops at the PCRE2
/// limits, the field gets a `regex-limit` violation, and the run goes on to the next questionnaire.
final class RegexSafetyTests: XCTestCase {
    func testCatastrophicBacktrackingEndsInARegexLimitViolation() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        let rules = folder.appendingPathComponent("rules.yaml")
        try """
            formsmith: 1
            id: backtracking
            fields:
              id: {type: string}
              value: {type: string, regex: '^(a+)+$'}
              mask: {type: string, optional: true, regex: '^(\\w+\\s?)*$'}

            """.write(to: rules, atomically: true, encoding: .utf8)
        let slow = String(repeating: "a", count: 5000) + "!"
        let records = [
            #"{"id": "slow", "value": "\#(slow)"}"#,
            #"{"id": "fine", "value": "aaaa"}"#,
            #"{"id": "slow-too", "value": "aaaa", "mask": "\#(String(repeating: "word ", count: 2000))!"}"#,
            #"{"id": "wrong", "value": "b"}"#,
        ]
        let data = folder.appendingPathComponent("data.jsonl")
        try records.joined(separator: "\n").write(to: data, atomically: true, encoding: .utf8)

        // No timing assertion: the generous timeout only turns a hang into a failure.
        let run = try Formsmith.run(["validate", "--rules", rules.path, "--report", "json", data.path], timeout: 120)
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try ValidationReport(run.stdout)
        XCTAssertEqual(report.counts, [4, 1, 3, 0])
        XCTAssertEqual(report.results.map { $0.id ?? "" }, ["slow", "slow-too", "wrong"])
        XCTAssertEqual(report.results[0].errors, ["value regex-limit"])
        XCTAssertTrue(report.results[0].messages[0].contains("hit the match limit"), report.results[0].messages[0])
        XCTAssertEqual(report.results[1].errors, ["mask regex-limit"])
        XCTAssertEqual(report.results[2].errors, ["value regex"])
    }
}
