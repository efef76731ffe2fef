import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A JSON report of `formsmith validate`, decoded for assertions.
struct ValidationReport {
    struct Result {
        let file: String
        let line: Int
        let index: Int?
        let id: String?
        let unreadable: String?
        /// `field rule` of each error.
        let errors: [String]
        let messages: [String]
    }

    let results: [Result]
    let records: Int
    let valid: Int
    let invalid: Int
    let unreadable: Int

    /// Decodes `text`, failing the test when it is not a report.
    init(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let summary = try XCTUnwrap(object?["summary"] as? [String: Any], "no summary in \(text.prefix(500))",
                                    file: file, line: line)
        let count = { (key: String) in summary[key] as? Int ?? -1 }
        records = count("records")
        valid = count("valid")
        invalid = count("invalid")
        unreadable = count("unreadable")
        results = (object?["results"] as? [[String: Any]] ?? []).map { result in
            let errors = result["errors"] as? [[String: Any]] ?? []
            return Result(
                file: result["file"] as? String ?? "", line: result["line"] as? Int ?? -1,
                index: result["index"] as? Int, id: result["id"] as? String,
                unreadable: result["unreadable"] as? String,
                errors: errors.map { "\($0["field"] as? String ?? "") \($0["rule"] as? String ?? "")" },
                messages: errors.map { $0["message"] as? String ?? "" })
        }
    }

    /// `[records, valid, invalid, unreadable]`, for one-line assertions.
    var counts: [Int] { [records, valid, invalid, unreadable] }

    /// The results of one file (matched by the end of its path).
    func results(of file: String) -> [Result] { results.filter { $0.file.hasSuffix("/" + file) || $0.file == file } }
}

extension Formsmith {
    /// Runs `formsmith validate --report json` and checks what holds for every run: the
    /// accounting invariant, one result per invalid or unreadable record, a line for each.
    static func validateJSON(_ arguments: [String], rules: String = BrokenInputs.rules,
                             file: StaticString = #filePath, line: UInt = #line) throws -> (Output, ValidationReport) {
        let run = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--report", "json"] + arguments)
        XCTAssertNotEqual(run.status, 2, "usage problem: \(run.stderr)", file: file, line: line)
        let report = try ValidationReport(run.stdout, file: file, line: line)
        XCTAssertEqual(report.records, report.valid + report.invalid + report.unreadable,
                       "records = valid + invalid + unreadable", file: file, line: line)
        XCTAssertEqual(report.results.count, report.invalid + report.unreadable, "one result per bad record",
                       file: file, line: line)
        XCTAssertEqual(run.status, report.valid == report.records ? 0 : 1, run.stderr, file: file, line: line)
        for result in report.results {
            XCTAssertGreaterThanOrEqual(result.line, 1, "\(result.file) has no line", file: file, line: line)
        }
        return (run, report)
    }

    /// Runs the binary like `run`, but kills it and fails the test when it has not finished
    /// after `timeout` seconds (a generous bound that only catches hangs, not slowness).
    static func run(_ arguments: [String], timeout: TimeInterval, file: StaticString = #filePath,
                    line: UInt = #line) throws -> Output {
        let process = Process()
        process.executableURL = products.appendingPathComponent("formsmith")
        process.arguments = arguments
        process.currentDirectoryURL = root
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        let identifier = process.processIdentifier
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + timeout) == .timedOut { kill(identifier, SIGKILL) }
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.signal()
        if process.terminationReason == .uncaughtSignal {
            XCTFail("formsmith \(arguments) did not finish within \(timeout) s (or crashed)", file: file, line: line)
        }
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Paths of the broken-input corpus, and a scratch folder for generated cases.
enum BrokenInputs {
    /// The corpus folder, relative to the repository root (the binary runs there).
    static let folder = "Tests/FormsmithCLITests/Fixtures/broken"
    /// The rules the corpus is validated against.
    static let rules = folder + "/broken.rules.yaml"

    /// A valid questionnaire for the corpus rules.
    static func valid(_ number: Int) -> String { #"{"id": "V-\#(number)", "answers": {"recommend": 9}}"# }

    /// A new empty temporary folder, removed by the caller's `addTeardownBlock`.
    static func scratchFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
