@testable import FormsmithCore
import Foundation
import XCTest

/// The summary an auditor reads, the progress line, and the spool buffer behind JUnit reports.
final class SummaryAndProgressTests: XCTestCase {
    func testViolationsAreCountedByRuleAndFieldMostFrequentFirstWithExampleIDs() throws {
        let rules = try compileRules("id: x\nfields:\n  id: {type: string}\n  a: {type: integer, max: 5}\n  b: {type: integer, max: 5}\n")
        let folder = try ScratchFolder()
        var lines: [String] = []
        for index in 0..<40 {
            let a = index % 2 == 0 ? 9 : 1
            let b = index % 5 == 0 ? 9 : 1
            lines.append(index == 10 ? "{\"a\":9,\"b\":9}" : "{\"id\":\"R\(index)\",\"a\":\(a),\"b\":\(b)}")
        }
        let path = try folder.write("data.jsonl", lines.joined(separator: "\n"))
        let one = try runBatch([path], rules: rules)
        let many = try runBatch([path], rules: rules, options: ValidationOptions(jobs: 3, inputLimits: InputLimits(chunkBytes: 64)))
        XCTAssertEqual(many.summary, one.summary)
        let summary = one.summary
        XCTAssertEqual(summary.byRule.map { "\($0.key) \($0.count)" }, ["max 28", "required 1"])
        XCTAssertEqual(summary.byField.map { "\($0.key) \($0.count)" }, ["a 20", "b 8", "id 1"])
        XCTAssertEqual(summary.byField[0].examples, ["R0", "R2", "R4"])
        XCTAssertEqual(summary.byField[1].examples, ["R0", "R5", "\(path):11"], "a record without id is named by its line")
        XCTAssertEqual(summary.byField.map(\.examples), many.summary.byField.map(\.examples))
    }

    func testProgressLine() {
        let known = ProgressLine.text(ValidationProgress(records: 412_032, bytes: 205_000_000), totalBytes: 500_000_000,
                                      elapsed: 2)
        XCTAssertEqual(known, "[########------------]   41%  412,032 questionnaires  206,016/s  102.5 MB/s  ETA 0:03")
        let unknown = ProgressLine.text(ValidationProgress(records: 999, bytes: 1_000_000), totalBytes: nil, elapsed: 1)
        XCTAssertEqual(unknown, "999 questionnaires  999/s  1.0 MB/s")
        XCTAssertEqual(ProgressLine.duration(3725), "1:02:05")
        XCTAssertEqual(ProgressLine.grouped(1_234_567), "1,234,567")
    }

    func testSpoolBufferSpillsToATemporaryFileAndKeepsTheOrder() {
        let spool = SpoolBuffer(limit: 100)
        var expected = ""
        for index in 0..<500 {
            let line = "line \(index) ж\n"
            spool.append(line)
            expected += line
        }
        let other = SpoolBuffer(limit: 50)
        other.append("head\n")
        spool.drain(into: other)
        let output = ReportOutput()
        other.drain(into: output)
        XCTAssertEqual(output.text, "head\n" + expected)
        spool.append("again\n")
        let second = ReportOutput()
        spool.drain(into: second)
        XCTAssertEqual(second.text, "again\n", "a drained buffer starts empty")
    }
}
