import FormsmithCore
import Foundation
import XCTest

/// Reading files of questionnaires: JSON Lines, JSON documents and arrays, ordering, jobs.
final class BatchValidationTests: XCTestCase {
    private var folder: URL!
    private let rules = try! compileRules("id: x\nfields:\n  id: {type: string}\n  n: {type: integer, max: 5}\n")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ bytes: [UInt8]) -> String {
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    private func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }

    private func run(_ paths: [String], jobs: Int = 1, limits: InputLimits = InputLimits()) throws
        -> (ValidationSummary, [RecordResult], String)
    {
        let collector = CollectingReporter()
        let json = ReportOutput()
        let jsonReporter = JSONReporter(output: json)
        let both = FanOutReporter([collector, jsonReporter])
        let summary = BatchValidator(rules: rules, options: ValidationOptions(jobs: jobs, inputLimits: limits))
            .run(try InputDiscovery.sources(for: paths), reporter: both)
        XCTAssertEqual(summary.records, summary.valid + summary.invalid + summary.unreadable)
        return (summary, collector.results, json.text)
    }

    func testJSONLinesWithBlankLinesCRLFAndABrokenLine() throws {
        let path = write("a.jsonl", [0xEF, 0xBB, 0xBF] + Array(
            "{\"id\":\"1\",\"n\":1}\r\n\n   \n{\"id\":\"2\",\"n\":9}\n{\"id\":\"3\",\"n\":\n{\"id\":\"4\",\"n\":2}".utf8))
        let (summary, results, _) = try run([path])
        XCTAssertEqual([summary.records, summary.valid, summary.invalid, summary.unreadable], [4, 2, 1, 1])
        XCTAssertEqual(results.map(\.location.line), [4, 5])
        XCTAssertEqual(results[0].id, "2")
        XCTAssertEqual(results[1].unreadable, "line 5, column 15: unexpected end of input: expected a value")
    }

    func testJSONArrayElementsAreLocatedByIndexAndLine() throws {
        let path = write("a.json", "[\n  {\"id\":\"1\",\"n\":1},\n  {\"id\":\"2\",\n   \"n\":7}\n]\n")
        let (summary, results, _) = try run([path])
        XCTAssertEqual([summary.records, summary.invalid], [2, 1])
        XCTAssertEqual(results.map(\.location), [RecordLocation(file: path, line: 3, index: 1)])
    }

    func testBrokenArrayKeepsWhatWasReadAndSaysWhereItBroke() throws {
        let path = write("b.json", "[{\"id\":\"1\",\"n\":1},\n {\"id\":\"2\" \"n\":1},\n {\"id\":\"3\",\"n\":1}]")
        let (summary, results, _) = try run([path])
        XCTAssertEqual([summary.records, summary.valid, summary.unreadable], [2, 1, 1])
        XCTAssertEqual(results[0].location, RecordLocation(file: path, line: 2, index: 1))
        XCTAssertEqual(results[0].unreadable,
                       "line 2, column 12: expected ',' or '}' after an object member, found '\"'; "
                           + "the rest of the array could not be read")
    }

    func testSingleObjectEmptyFileAndTrailingData() throws {
        let single = write("single.json", "{\"id\":\"1\",\"n\":1}\n")
        let empty = write("empty.json", "  \n")
        let trailing = write("trailing.json", "[{\"id\":\"1\",\"n\":1}] x")
        let (summary, results, _) = try run([single, empty, trailing])
        XCTAssertEqual([summary.records, summary.valid, summary.unreadable], [4, 2, 2])
        XCTAssertEqual(results.map { $0.unreadable ?? "" }, [
            "the file is empty: expected a questionnaire object or an array",
            "line 1, column 20: unexpected data after the end of the array",
        ])
    }

    func testDirectoriesAreExpandedInPathOrder() throws {
        _ = write("b.jsonl", "{\"id\":\"b\",\"n\":9}\n")
        _ = write("a.json", "{\"id\":\"a\",\"n\":9}")
        _ = write("notes.txt", "ignored")
        let (summary, results, _) = try run([folder.path])
        XCTAssertEqual(summary.records, 2)
        XCTAssertEqual(results.map(\.id), ["a", "b"])
        XCTAssertThrowsError(try InputDiscovery.sources(for: [folder.appendingPathComponent("missing.json").path]))
        XCTAssertThrowsError(try InputDiscovery.sources(for: [folder.appendingPathComponent("notes.txt").path]))
    }

    func testTooLongLineIsSkippedAndTheRestIsRead() throws {
        let long = "{\"id\":\"" + String(repeating: "x", count: 5000) + "\",\"n\":1}"
        let path = write("long.jsonl", "{\"id\":\"1\",\"n\":1}\n" + long + "\n{\"id\":\"3\",\"n\":9}\n")
        let (summary, results, _) = try run([path], limits: InputLimits(maxRecordBytes: 1000, chunkBytes: 256))
        XCTAssertEqual([summary.records, summary.valid, summary.invalid, summary.unreadable], [3, 1, 1, 1])
        XCTAssertEqual(results.map(\.location.line), [2, 3])
    }

    func testReportsAreIdenticalWhateverTheNumberOfJobs() throws {
        var lines: [String] = []
        for index in 0..<3000 {
            lines.append(index % 7 == 0 ? "{\"id\":\"\(index)\",\"n\":\(index)" : "{\"id\":\"\(index)\",\"n\":\(index % 9)}")
        }
        let first = write("many.jsonl", lines.joined(separator: "\n"))
        let second = write("more.jsonl", lines.reversed().joined(separator: "\n"))
        let small = InputLimits(chunkBytes: 4096)
        let (oneJob, _, oneReport) = try run([first, second], jobs: 1, limits: small)
        let (fourJobs, _, fourReport) = try run([first, second], jobs: 4, limits: small)
        XCTAssertEqual(oneJob, fourJobs)
        XCTAssertEqual(oneReport, fourReport)
        XCTAssertEqual(oneJob.records, 6000)
        XCTAssertGreaterThan(oneJob.invalid, 0)
    }

    /// Documents and JSON Lines mixed, cut into many chunks (buffers recycled between them), with
    /// more workers than cores: the same report as one job.
    func testMixedInputsThroughThePipelineGiveTheSameReport() throws {
        var paths: [String] = []
        for file in 0..<6 {
            let records = (0..<400).map { index in
                index % 11 == 0 ? "{\"id\":\"\(file)-\(index)\",\"n\":" : "{\"id\":\"\(file)-\(index)\",\"n\":\(index % 8)}"
            }
            if file % 3 == 0 {
                let valid = records.enumerated().filter { $0.offset % 11 != 0 }.map(\.element)
                paths.append(write("doc\(file).json", "[\n" + valid.joined(separator: ",\n") + "\n]"))
            } else {
                paths.append(write("lines\(file).jsonl", records.joined(separator: "\n") + "\n"))
            }
        }
        let small = InputLimits(chunkBytes: 1024)
        let (oneJob, _, oneReport) = try run(paths, jobs: 1, limits: small)
        for jobs in [2, 3, 7] {
            let (many, _, manyReport) = try run(paths, jobs: jobs, limits: small)
            XCTAssertEqual(oneJob, many)
            XCTAssertEqual(oneReport, manyReport, "jobs \(jobs)")
        }
        XCTAssertEqual(oneJob.records, 2400 - 2 * 37)
        XCTAssertGreaterThan(oneJob.unreadable, 0)
    }
}

/// Keeps every reported result.
final class CollectingReporter: ValidationReporter {
    var results: [RecordResult] = []
    var summary: ValidationSummary?
    func report(_ results: [RecordResult]) { self.results += results }
    func finish(_ summary: ValidationSummary) { self.summary = summary }
}

/// Sends results to several reporters.
final class FanOutReporter: ValidationReporter {
    let reporters: [any ValidationReporter]
    init(_ reporters: [any ValidationReporter]) { self.reporters = reporters }
    func report(_ results: [RecordResult]) { reporters.forEach { $0.report(results) } }
    func finishFile(_ file: String, summary: ValidationSummary) {
        reporters.forEach { $0.finishFile(file, summary: summary) }
    }
    func finish(_ summary: ValidationSummary) { reporters.forEach { $0.finish(summary) } }
}
