import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Broken inputs too large (or too odd) to commit, generated in a temporary folder: huge values,
/// deep nesting, many files, files that cannot be read. The 1 GB line is in Fuzz/large-inputs.sh.
final class BrokenLargeInputTests: XCTestCase {
    private func write(_ folder: URL, _ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testTenMegabyteValuesAreReadAndShownShortened() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        let huge = String(repeating: "x", count: 10 << 20)
        let lines = [#"{"id": "long-ok", "name": "\#(huge)"}"#, #"{"id": "long-bad", "count": "\#(huge)"}"#,
                     BrokenInputs.valid(3)]
        let path = try write(folder, "long.jsonl", Array(lines.joined(separator: "\n").utf8))
        let (run, report) = try Formsmith.validateJSON([path])
        XCTAssertEqual(report.counts, [3, 2, 1, 0])
        XCTAssertEqual(report.results.first?.errors, ["count type"])
        XCTAssertLessThan(run.stdout.utf8.count, 10_000, "the 10 MB value must be shortened in the report")
    }

    func testNestingOneHundredThousandLevelsDeepHitsTheDepthLimit() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        let depth = 100_000
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let json = try write(folder, "deep.json", Array(arrays.utf8))
        let jsonl = try write(folder, "deep.jsonl", Array((objects + "\n" + BrokenInputs.valid(2) + "\n" + arrays).utf8))
        let (_, report) = try Formsmith.validateJSON([json, jsonl])
        XCTAssertEqual(report.counts, [4, 1, 0, 3])
        XCTAssertEqual(report.results.map(\.line), [1, 1, 3])
        for result in report.results {
            XCTAssertTrue(result.unreadable?.contains("nesting deeper than 64 levels") == true, "\(result)")
        }
    }

    func testARecordWithMoreThanAMillionValuesHitsTheNodeLimit() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        let values = String(repeating: "0,", count: 1_000_000) + "0"
        let path = try write(folder, "wide.jsonl", Array((#"{"id": "wide", "name": [\#(values)]}"# + "\n"
                                                             + BrokenInputs.valid(2)).utf8))
        let (_, report) = try Formsmith.validateJSON([path])
        XCTAssertEqual(report.counts, [2, 1, 0, 1])
        XCTAssertTrue(report.results.first?.unreadable?.contains("more than 1000000 JSON values") == true,
                      "\(report.results)")
    }

    func testTenThousandTinyFilesAreAllCounted() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        for number in 0..<10_000 {
            let text = number == 4321 ? "{\"id\": " : BrokenInputs.valid(number)
            _ = try write(folder, String(format: "%05d.json", number), Array(text.utf8))
        }
        let (_, report) = try Formsmith.validateJSON([folder.path])
        XCTAssertEqual(report.counts, [10_000, 9_999, 0, 1])
        XCTAssertTrue(report.results.first?.file.hasSuffix("/04321.json") == true)
    }

    func testFilesThatCannotBeReadAreReportedAndTheOthersValidated() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        _ = try write(folder, "a-first.jsonl", Array(BrokenInputs.valid(1).utf8))
        // Listed when the folder is read, gone when the file is opened: a dangling link.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b-gone.json").path,
                                                   withDestinationPath: folder.appendingPathComponent("deleted.json").path)
        // A folder named like an input is walked, not read as a file.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("c-folder.jsonl"),
                                                withIntermediateDirectories: true)
        _ = try write(folder, "c-folder.jsonl/inside.jsonl", Array(BrokenInputs.valid(2).utf8))
        #if os(Linux)
        // Opens fine, then every read fails (EIO): reading /proc/self/mem at offset 0.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("d-read-error.jsonl").path,
                                                   withDestinationPath: "/proc/self/mem")
        let readError = 1
        #else
        let readError = 0
        #endif
        _ = try write(folder, "e-last.json", Array(BrokenInputs.valid(3).utf8))
        let (_, report) = try Formsmith.validateJSON([folder.path])
        XCTAssertEqual(report.counts, [4 + readError, 3, 0, 1 + readError])
        let gone = report.results(of: "b-gone.json").first
        XCTAssertEqual(gone?.line, 1)
        XCTAssertTrue(gone?.unreadable?.contains("cannot open: No such file or directory") == true, "\(report.results)")
        #if os(Linux)
        XCTAssertEqual(report.results(of: "d-read-error.jsonl").first?.unreadable,
                       "line 1: read failed: Input/output error; the rest of the file was not read")
        #endif
    }

    /// A file the user may not read is one unreadable record; the file beside it is validated.
    /// As root (which reads any file) the binary runs as an unprivileged user.
    func testAFileWithoutReadPermission() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        try FileManager.default.copyItem(atPath: BrokenInputs.rules, toPath: folder.appendingPathComponent("r.yaml").path)
        let path = try write(folder, "locked.jsonl", Array(BrokenInputs.valid(1).utf8))
        _ = try write(folder, "open.jsonl", Array(BrokenInputs.valid(2).utf8))
        chmod(path, 0)
        chmod(folder.path, 0o755)
        let run = try Formsmith.runUnprivileged(["validate", "--rules", "r.yaml", "--today", "2026-11-22", "--report",
                                                 "json", "locked.jsonl", "open.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try ValidationReport(run.stdout)
        XCTAssertEqual(report.counts, [2, 1, 0, 1])
        XCTAssertEqual(report.results.map(\.file), ["locked.jsonl"])
        XCTAssertEqual(report.results.first?.unreadable, "cannot open: Permission denied")
    }
}
