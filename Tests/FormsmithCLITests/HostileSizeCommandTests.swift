import Foundation
import XCTest

/// Issue 21, items 11 and 12: what the data or a rule file names without limit stays bounded:
/// distinct unknown field names in the summary, aliases in YAML, the size of a rule file.
final class HostileSizeCommandTests: ScratchFolderTestCase {
    /// Three lines of 1,000 distinct unknown keys each, and one known field broken on every line.
    private func writeManyNames() throws {
        try write("r.yaml", "id: t\nfields:\n  n: {type: integer}\n")
        var lines: [String] = []
        for line in 0..<3 {
            let keys = (0..<1000).map { "\"k\(line)-\($0)\": 1" }.joined(separator: ", ")
            lines.append("{\"n\": \"no\", \(keys)}")
        }
        try write("d.jsonl", lines.joined(separator: "\n") + "\n")
    }

    private func byField(_ run: Formsmith.Output) throws -> [String: Int] {
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let entries = (report?["summary"] as? [String: Any])?["byField"] as? [[String: Any]] ?? []
        return Dictionary(entries.map { ($0["field"] as? String ?? "?", $0["count"] as? Int ?? -1) },
                          uniquingKeysWith: +)
    }

    func testTheSummaryKeepsAThousandDataNamedFieldsAndCountsTheRest() throws {
        try writeManyNames()
        let one = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "json", "--max-errors", "10",
                                     "--jobs", "1", "d.jsonl"], directory: folder)
        XCTAssertEqual(one.status, 1, one.stderr)
        let fields = try byField(one)
        // 3,000 unknown names: 1,000 keep an entry (one violation each), 2,000 are counted together;
        // the known field keeps its own entry whatever the data names.
        XCTAssertEqual(fields.count, 1000 + 2, "\(fields.count)")
        XCTAssertEqual(fields["n"], 3)
        XCTAssertEqual(fields["(other field names)"], 2000)
        XCTAssertEqual(fields.values.reduce(0, +), 3003)
        XCTAssertTrue(fields.keys.filter { $0.hasPrefix("k") }.allSatisfy { fields[$0] == 1 })
        // The same entries for any number of jobs, and the text and HTML reports say so too.
        let four = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "json", "--max-errors", "10",
                                      "--jobs", "4", "d.jsonl"], directory: folder)
        XCTAssertEqual(try byField(four), fields)
        for format in ["text", "html"] {
            let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", format, "--max-errors", "10",
                                         "d.jsonl"], directory: folder)
            XCTAssertTrue(run.stdout.contains("(other field names)"), format)
            XCTAssertLessThan(run.stdout.utf8.count, 400_000, format)
        }
    }

    func testMergedShardsKeepEveryNameAShardKept() throws {
        try writeManyNames()
        let whole = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "json", "d.jsonl"], directory: folder)
        let lines = try String(contentsOfFile: path("d.jsonl"), encoding: .utf8).split(separator: "\n")
        var reports: [String] = []
        for (index, line) in lines.enumerated() {
            let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "jsonl", "--line-offset",
                                         "\(index)", "--stdin-name", "d.jsonl", "-"], input: line + "\n", directory: folder)
            try write("part\(index).jsonl", run.stdout)
            reports.append("part\(index).jsonl")
        }
        let merged = try Formsmith.run(["merge"] + reports, directory: folder)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        let wholeFields = try byField(whole)
        // Each shard holds exactly 1,000 names, so it keeps all of them; merged, the summary holds
        // every name some shard kept (3,000 and `n`), and the totals are those of the whole run.
        let mergedFields = try byField(merged)
        XCTAssertEqual(mergedFields.count, 3001)
        XCTAssertNil(mergedFields["(other field names)"])
        XCTAssertEqual(mergedFields.values.reduce(0, +), wholeFields.values.reduce(0, +))
        for (name, count) in wholeFields where name != "(other field names)" {
            XCTAssertEqual(mergedFields[name], count, name)
        }
    }

    func testAliasesThatExpandWithoutLimitAreRefusedWithTheirLine() throws {
        // 10^9 nodes from a few hundred bytes (the "billion laughs").
        var yaml = "id: t\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "fields:\n  x: {type: string}\n"
        try write("laughs.yaml", yaml)
        let message = "laughs.yaml:2:13: the YAML expands to more than 1000000 nodes through its aliases"
        let lint = try Formsmith.run(["lint", "--rules", "laughs.yaml"], directory: folder)
        XCTAssertNotEqual(lint.status, 0)
        XCTAssertTrue(lint.stdout.contains("laughs.yaml:2:13: error[invalid-rules]: the YAML expands to more than"),
                      lint.stdout + lint.stderr)
        let validate = try Formsmith.run(["validate", "--rules", "laughs.yaml", "-"], input: "{}\n", directory: folder)
        XCTAssertEqual(validate.status, 2)
        XCTAssertTrue(validate.stderr.contains(message), validate.stderr)
        // Anchors used as people use them still work.
        try write("anchors.yaml", "id: t\nfields:\n  a: &name {type: string, maxLength: 5}\n  b: *name\n")
        let fine = try Formsmith.run(["validate", "--rules", "anchors.yaml", "-"], input: "{\"a\": \"x\", \"b\": \"123456\"}\n",
                                     directory: folder)
        XCTAssertEqual(fine.status, 1, fine.stderr)
        XCTAssertTrue(fine.stdout.contains("b: must be at most 5 characters"), fine.stdout)
    }

    func testAnAliasUsedAsAKeyIsRefusedBeforeItIsExpanded() throws {
        // 10^8 nodes behind one key: Yams would hash them all while composing (it ran for ever).
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "id: t\nboom:\n  ? *a7\n  : 1\n"
        try write("key.yaml", yaml)
        try write("flowkey.yaml", "id: t\nx: &x [a, b]\nfields: {[*x]: {type: string}}\n")
        let started = Date()
        let lint = try Formsmith.run(["lint", "--rules", "key.yaml"], directory: folder)
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("key.yaml:11:5: error[invalid-rules]: the alias *a7 is used as a mapping key"),
                      lint.stdout)
        XCTAssertTrue(lint.stdout.contains("write the key out as plain text"), lint.stdout)
        let validate = try Formsmith.run(["validate", "--rules", "key.yaml", "-"], input: "{}\n", directory: folder)
        XCTAssertEqual(validate.status, 2)
        XCTAssertTrue(validate.stderr.contains("key.yaml:11:5: the alias *a7 is used as a mapping key"), validate.stderr)
        let flow = try Formsmith.run(["validate", "--rules", "flowkey.yaml", "-"], input: "{}\n", directory: folder)
        XCTAssertEqual(flow.status, 2)
        XCTAssertTrue(flow.stderr.contains("flowkey.yaml:3:11: the alias *x is used as a mapping key"), flow.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        // Stars in text and aliases as values still load.
        try write("stars.yaml", "id: t\nfields:\n  a: &s {type: string, regex: '^\\d*$'}\n  b: *s\n"
                  + "  c:\n    type: string\n    description: |\n      ? *s\n      *s: 1\n")
        let fine = try Formsmith.run(["validate", "--rules", "stars.yaml", "-"],
                                     input: "{\"a\": \"12\", \"b\": \"x\", \"c\": \"y\"}\n", directory: folder)
        XCTAssertEqual(fine.status, 1, fine.stdout + fine.stderr)
        XCTAssertTrue(fine.stdout.contains("b:"), fine.stdout)
        XCTAssertFalse(fine.stdout.contains("a:"), fine.stdout)
    }

    func testARuleFileOverSixteenMebibytesIsRefused() throws {
        let big = "id: t\nfields:\n  x: {type: string}\n" + String(repeating: "# padding\n", count: 1_700_000)
        try write("big.yaml", big)
        let run = try Formsmith.run(["validate", "--rules", "big.yaml", "-"], input: "{}\n", directory: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("big.yaml:1:1: the rule file is larger than 16 MiB"), run.stderr)
        let lint = try Formsmith.run(["lint", "--rules", "big.yaml"], directory: folder)
        XCTAssertTrue(lint.stdout.contains("the rule file is larger than 16 MiB"), lint.stdout)
    }
}
