import FormsmithCore
import Foundation
import XCTest

/// A temporary folder for input files, removed when the value is released.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Writes `text` (UTF-8) to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// What a run produced: the totals, the reported results, and the report in every format.
struct RunRecord {
    let summary: ValidationSummary
    let results: [RecordResult]
}

/// Validates `paths` with `options`, checking the totals' invariant.
func runBatch(_ paths: [String], rules: CompiledRuleSet, options: ValidationOptions = ValidationOptions(jobs: 1),
              format: InputFormat? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> RunRecord {
    let collector = CollectingReporter()
    let summary = BatchValidator(rules: rules, options: options)
        .run(try InputDiscovery.sources(for: paths, format: format), reporter: collector)
    XCTAssertEqual(summary.records, summary.valid + summary.invalid + summary.unreadable, file: file, line: line)
    return RunRecord(summary: summary, results: collector.results)
}

/// `line: field rule` (or `line: unreadable: reason`) for each reported result, for compact assertions.
func outline(_ results: [RecordResult]) -> [String] {
    results.flatMap { result -> [String] in
        var lines = result.unreadable.map { ["\(result.location.line): unreadable: \($0)"] } ?? []
        lines += result.violations.map { "\(result.location.line): \($0.field) \($0.rule)" }
        return lines
    }
}
