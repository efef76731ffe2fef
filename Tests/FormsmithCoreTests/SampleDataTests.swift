import FormsmithCore
import Foundation
import XCTest

/// The shipped sample questionnaires get exactly the expected verdicts. The labels of the
/// invalid ones (`invalid.labels.tsv`) were written by hand from the specification of each
/// questionnaire, independently of the validator's output.
final class SampleDataTests: XCTestCase {
    static let ruleSets = ["osago-policy", "payment-order", "customer-survey"]

    private func run(_ ruleSet: String, _ files: [String]) throws -> (ValidationSummary, [RecordResult]) {
        let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(ruleSet).yaml").path,
                                         today: testToday)
        let collector = CollectingReporter()
        let sources = try InputDiscovery.sources(
            for: files.map { repositoryRoot.appendingPathComponent("SampleData/\(ruleSet)/\($0)").path })
        let summary = BatchValidator(rules: rules).run(sources, reporter: collector)
        return (summary, collector.results)
    }

    func testValidSamplesAreValid() throws {
        for ruleSet in Self.ruleSets {
            let (summary, results) = try run(ruleSet, ["valid.jsonl", "valid.json"])
            XCTAssertGreaterThanOrEqual(summary.records, 8, ruleSet)
            XCTAssertEqual(summary.valid, summary.records, "\(ruleSet): \(results.map(pairs))")
        }
    }

    func testInvalidSamplesBreakExactlyTheLabelledRules() throws {
        for ruleSet in Self.ruleSets {
            let labels = try String(contentsOf: repositoryRoot.appendingPathComponent(
                "SampleData/\(ruleSet)/invalid.labels.tsv"), encoding: .utf8)
            var expected: [Int: [String]] = [:]
            for row in labels.split(separator: "\n").dropFirst() {
                let columns = row.split(separator: "\t").map(String.init)
                guard columns.count == 3, let line = Int(columns[0]) else { continue }
                expected[line, default: []].append("\(columns[1]) \(columns[2])")
            }
            let (summary, results) = try run(ruleSet, ["invalid.jsonl"])
            XCTAssertEqual(summary.valid, 0, "\(ruleSet): every invalid sample must be flagged")
            XCTAssertEqual(summary.records, expected.count, "\(ruleSet): one label group per sample line")
            var actual: [Int: [String]] = [:]
            for result in results { actual[result.location.line] = pairs(result) }
            for line in Set(expected.keys).union(actual.keys).sorted() {
                XCTAssertEqual(actual[line, default: []].sorted(), expected[line, default: []].sorted(),
                               "\(ruleSet) invalid.jsonl line \(line)")
            }
        }
    }

    func testEveryRuleOfTheSpecificationIsExercisedBySomeSample() throws {
        var rules: Set<String> = []
        for ruleSet in Self.ruleSets {
            let labels = try String(contentsOf: repositoryRoot.appendingPathComponent(
                "SampleData/\(ruleSet)/invalid.labels.tsv"), encoding: .utf8)
            for row in labels.split(separator: "\n").dropFirst() { rules.insert(String(row.split(separator: "\t")[2])) }
        }
        for rule in ["required", "type", "regex", "mask", "min-length", "max-length", "min", "max", "fraction-digits",
                     "enum", "unique", "const", "checksum", "max-items", "visibility", "parent", "unknown-field"] {
            XCTAssertTrue(rules.contains(rule), "no sample breaks '\(rule)'")
        }
    }

    func testBrokenLinesAreUnreadableAndTheRestIsValidated() throws {
        for ruleSet in Self.ruleSets {
            let (summary, results) = try run(ruleSet, ["broken.jsonl"])
            XCTAssertEqual([summary.records, summary.valid, summary.unreadable], [4, 2, 2], ruleSet)
            XCTAssertEqual(results.map(\.location.line), [2, 4], ruleSet)
        }
    }
}
