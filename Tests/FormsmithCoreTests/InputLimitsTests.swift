import FormsmithCore
import Foundation
import XCTest

/// Each documented limit (README, "Limits") is reported clearly when hit, the record that hit it
/// is counted as unreadable, and reading goes on.
final class InputLimitsTests: XCTestCase {
    private let rules = try! compileRules("id: x\nfields:\n  id: {type: string}\n  n: {type: integer, optional: true}\n")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ files: [(String, String)], limits: InputLimits = InputLimits(),
                     json: JSONLimits = JSONLimits()) throws -> (ValidationSummary, [RecordResult]) {
        let paths = try files.map { name, text in
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let collector = CollectingReporter()
        let options = ValidationOptions(jobs: 2, inputLimits: limits, jsonLimits: json)
        let summary = BatchValidator(rules: rules, options: options).run(try InputDiscovery.sources(for: paths),
                                                                         reporter: collector)
        XCTAssertEqual(summary.records, summary.valid + summary.invalid + summary.unreadable)
        return (summary, collector.results)
    }

    func testADocumentOverItsSizeLimitIsOneUnreadableRecord() throws {
        let big = "[" + Array(repeating: #"{"id":"a"}"#, count: 200).joined(separator: ",") + "]"
        let (summary, results) = try run([("big.json", big), ("small.json", #"{"id":"b"}"#)],
                                         limits: InputLimits(maxDocumentBytes: 1000))
        XCTAssertEqual([summary.records, summary.valid, summary.unreadable], [2, 1, 1])
        XCTAssertEqual(results.first?.unreadable, "the document is larger than 1000 bytes (the limit of one .json file); "
                       + "use JSON Lines (.jsonl) for large inputs")
    }

    func testARecordOverTheLineLimitIsSkippedAndLaterLinesKeepTheirNumbers() throws {
        let long = #"{"id":""# + String(repeating: "x", count: 3000) + #""}"#
        let lines = [#"{"id":"1"}"#, long, #"{"id":"3","n":"x"}"#, #"{"id":"4"}"#].joined(separator: "\n")
        let (summary, results) = try run([("a.jsonl", lines)], limits: InputLimits(maxRecordBytes: 1024, chunkBytes: 256))
        XCTAssertEqual([summary.records, summary.valid, summary.invalid, summary.unreadable], [4, 2, 1, 1])
        XCTAssertEqual(results.map(\.location.line), [2, 3])
        XCTAssertEqual(results[0].unreadable, "line 2: the record is longer than 1024 bytes (the limit of one line); "
                       + "it was skipped and the next line was read")
        XCTAssertEqual(InputLimits().maxRecordBytes, 64 << 20)
        XCTAssertEqual(InputLimits().maxDocumentBytes, 512 << 20)
    }

    func testNestingAndNodeLimits() throws {
        let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
        let wide = #"{"id":"w","n":["# + (1...25).map(String.init).joined(separator: ",") + "]}"
        let (summary, results) = try run([("a.jsonl", #"{"id":"1","n":"#  + deep + "}\n" + wide + "\n" + #"{"id":"3"}"#)],
                                         json: JSONLimits(maxDepth: 8, maxNodes: 20))
        XCTAssertEqual([summary.records, summary.valid, summary.unreadable], [3, 1, 2])
        XCTAssertEqual(results.map(\.unreadable), [
            "line 1, column 22: nesting deeper than 8 levels; a questionnaire is never this deep",
            "line 2, column 52: the record has more than 20 JSON values; split it or raise the limit",
        ])
        XCTAssertEqual(JSONLimits().maxDepth, 64)
        XCTAssertEqual(JSONLimits().maxNodes, 1_000_000)
    }

    #if os(Linux)
    func testAReadErrorIsReportedOnceAndTheRunEnds() throws {
        // /proc/self/mem opens but every read at offset 0 fails with EIO; before the fix the
        // planner retried the failing descriptor forever.
        let link = folder.appendingPathComponent("mem.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/proc/self/mem")
        try #"{"id":"1"}"#.write(to: folder.appendingPathComponent("ok.jsonl"), atomically: true, encoding: .utf8)
        let collector = CollectingReporter()
        let all = try InputDiscovery.sources(for: [link.path, folder.appendingPathComponent("ok.jsonl").path])
        let both = BatchValidator(rules: rules, options: ValidationOptions(jobs: 1)).run(all, reporter: collector)
        XCTAssertEqual([both.records, both.valid, both.unreadable], [2, 1, 1])
        XCTAssertEqual(collector.results.first?.unreadable, "line 1: read failed: Input/output error; the rest of the file was not read")
    }
    #endif
}
