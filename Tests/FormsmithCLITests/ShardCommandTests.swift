import Foundation
import XCTest

/// What running Formsmith in shards needs, through the binary: `generate --start`, standard
/// input named and numbered as the original file, `--exit-zero`, and `formsmith merge`.
final class ShardCommandTests: ScratchFolderTestCase {
    private let rules = ["--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22"]

    private func generate(_ name: String, count: Int, start: Int? = nil) throws -> (data: Data, labels: Data) {
        var arguments = ["generate"] + rules + ["--count", String(count), "--seed", "11", "--invalid-rate", "0.3",
                                               "--output", path(name)]
        if let start { arguments += ["--start", String(start)] }
        let run = try Formsmith.run(arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try Data(contentsOf: URL(fileURLWithPath: path(name))),
                try Data(contentsOf: URL(fileURLWithPath: path(name) + ".labels.jsonl")))
    }

    func testShardsConcatenateToOneRunByteForByte() throws {
        let whole = try generate("whole.jsonl", count: 1300)
        // Shard sizes off the generator's chunk size, with an empty shard.
        let a = try generate("a.jsonl", count: 700)
        let b = try generate("b.jsonl", count: 0, start: 700)
        let c = try generate("c.jsonl", count: 599, start: 700)
        let d = try generate("d.jsonl", count: 1, start: 1299)
        XCTAssertGreaterThan(whole.labels.count, 0)
        XCTAssertEqual(a.data + b.data + c.data + d.data, whole.data)
        XCTAssertEqual(a.labels + b.labels + c.labels + d.labels, whole.labels)
    }

    func testStartNeedsJSONLines() throws {
        for format in ["json", "csv"] {
            let run = try Formsmith.run(["generate"] + rules + ["--count", "2", "--seed", "1", "--start", "5",
                                                                "--format", format])
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.contains("--start needs JSON Lines output"), run.stderr)
        }
        let negative = try Formsmith.run(["generate"] + rules + ["--count", "2", "--start=-1"])
        XCTAssertEqual(negative.status, 2)
        XCTAssertTrue(negative.stderr.contains("--start must be 0 or more"), negative.stderr)
    }

    func testStandardInputTakesTheOriginalNameAndLines() throws {
        let lines = try String(contentsOfFile: "SampleData/osago-policy/invalid.jsonl".relativeToRoot, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let whole = try Formsmith.run(["validate"] + rules + ["--report", "jsonl", "SampleData/osago-policy/invalid.jsonl"])
        XCTAssertEqual(whole.status, 1)
        let tail = lines.dropFirst(4).joined(separator: "\n")
        let piece = try Formsmith.run(["validate"] + rules + ["--report", "jsonl", "--stdin-name",
                                                              "SampleData/osago-policy/invalid.jsonl", "--line-offset",
                                                              "4", "-"], input: tail)
        XCTAssertEqual(piece.status, 1)
        let wholeResults = whole.stdout.split(separator: "\n").filter { !$0.hasPrefix("{\"summary\"") }
            .filter { line in !["\"line\":1,", "\"line\":2,", "\"line\":3,", "\"line\":4,"].contains { line.contains($0) } }
        let pieceResults = piece.stdout.split(separator: "\n").filter { !$0.hasPrefix("{\"summary\"") }
        XCTAssertFalse(pieceResults.isEmpty)
        XCTAssertEqual(pieceResults, wholeResults)
    }

    func testStandardInputOptionsNeedStandardInput() throws {
        let run = try Formsmith.run(["validate"] + rules + ["--stdin-name", "x.jsonl", "SampleData/osago-policy/valid.jsonl"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("add - to the inputs"), run.stderr)
        let json = try Formsmith.run(["validate"] + rules + ["--input-format", "json", "--line-offset", "3", "-"], input: "{}")
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.contains("--line-offset applies to JSON Lines and CSV"), json.stderr)
    }

    func testExitZeroKeepsTheVerdictInTheReport() throws {
        let run = try Formsmith.run(["validate"] + rules + ["--exit-zero", "SampleData/osago-policy/invalid.jsonl"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains(" invalid, "), run.stdout)
        XCTAssertFalse(run.stdout.contains(" 0 invalid, "), run.stdout)
        let unreadableFile = try Formsmith.run(["validate"] + rules + ["--exit-zero", "/nonexistent.jsonl"])
        XCTAssertEqual(unreadableFile.status, 2, "usage problems still exit 2")
    }

    func testMergedShardSummariesEqualOneRun() throws {
        let whole = try generate("all.jsonl", count: 900)
        let text = String(decoding: whole.data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let single = try Formsmith.run(["validate"] + rules + ["--report", "json", path("all.jsonl")])
        XCTAssertEqual(single.status, 1)
        var reports: [String] = []
        for (number, range) in [0..<250, 250..<251, 251..<900].enumerated() {
            let report = path("part\(number).\(number == 1 ? "json" : "jsonl")")
            let run = try Formsmith.run(["validate"] + rules + [
                "--report", number == 1 ? "json" : "jsonl", "--exit-zero", "--stdin-name", path("all.jsonl"),
                "--line-offset", String(range.lowerBound), "--output", report, "-",
            ], input: text[range].joined(separator: "\n") + "\n")
            XCTAssertEqual(run.status, 0, run.stderr)
            reports.append(report)
        }
        let merged = try Formsmith.run(["merge"] + reports)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        let singleSummary = "{" + (single.stdout.split(separator: "\n").last.map(String.init) ?? "") + "\n"
        XCTAssertEqual(merged.stdout, singleSummary)
        // Merging a merged summary again changes nothing; --exit-zero; text.
        try merged.stdout.write(toFile: path("merged.json"), atomically: true, encoding: .utf8)
        let again = try Formsmith.run(["merge", "--exit-zero", path("merged.json")])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, merged.stdout)
        let text2 = try Formsmith.run(["merge", "--report", "text", path("merged.json")])
        XCTAssertTrue(text2.stdout.contains("900 questionnaires: "), text2.stdout)
    }

    func testMergeRefusesRunsWithDifferentDates() throws {
        for today in ["2026-11-22", "2026-11-23"] {
            let run = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", today, "--report",
                                         "jsonl", "--output", path("\(today).jsonl"), "SampleData/osago-policy/valid.jsonl"])
            XCTAssertTrue([0, 1].contains(run.status), run.stderr)  // the samples' dates are relative to 2026-11-22
        }
        let same = try Formsmith.run(["merge", path("2026-11-22.jsonl"), path("2026-11-22.jsonl")])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains("\"today\":\"2026-11-22\""), same.stdout)
        let mixed = try Formsmith.run(["merge", path("2026-11-22.jsonl"), path("2026-11-23.jsonl")])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("its run took today as 2026-11-23, the reports before it as 2026-11-22"),
                      mixed.stderr)
    }

    func testMergeRejectsWhatIsNotAReport() throws {
        try "{\"results\":[\n]\n".write(toFile: path("cut.json"), atomically: true, encoding: .utf8)
        try "".write(toFile: path("empty.json"), atomically: true, encoding: .utf8)
        let cut = try Formsmith.run(["merge", path("cut.json")])
        XCTAssertEqual(cut.status, 2)
        XCTAssertTrue(cut.stderr.contains("cut.json:2: the last line is not a report summary"), cut.stderr)
        let empty = try Formsmith.run(["merge", path("empty.json")])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("the report is empty"), empty.stderr)
        let missing = try Formsmith.run(["merge", path("missing.json")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read the report"), missing.stderr)
        let none = try Formsmith.run(["merge"])
        XCTAssertEqual(none.status, 2)
    }
}

extension String {
    /// This repository-relative path as an absolute one.
    fileprivate var relativeToRoot: String { Formsmith.root.appendingPathComponent(self).path }
}
