import Foundation
import XCTest

/// Issue 21, items 14 and 15: extreme numbers on the command line and in merged summaries are
/// usage errors (exit 2) or exact results, never a trap; `generate` refuses more questionnaires
/// than the id pattern can number, before writing anything.
final class ExtremeOptionCommandTests: ScratchFolderTestCase {
    private func assertUsageError(_ arguments: [String], input: String? = nil, saying text: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try Formsmith.run(arguments, input: input, directory: folder)
        XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        XCTAssertTrue(run.stderr.contains(text), "\(arguments): \(run.stderr)", file: file, line: line)
    }

    func testOptionsBeyondTheirRangeAreUsageErrors() throws {
        let rules = Formsmith.root.appendingPathComponent("Rules/osago-policy.yaml").path
        let generate = ["generate", "--rules", rules, "--seed", "1"]
        try assertUsageError(generate + ["--start", "9223372036854775806", "--count", "2"],
                             saying: "--start plus --count must be at most 9007199254740992")
        try assertUsageError(generate + ["--count", "9223372036854775807"],
                             saying: "--start plus --count must be at most 9007199254740992")
        try assertUsageError(generate + ["--count", "1", "--jobs", "9223372036854775807"],
                             saying: "--jobs must be between 1 and 1024")
        let validate = ["validate", "--rules", rules, "-"]
        try assertUsageError(validate + ["--line-offset", "9223372036854775807"], input: "{}\n",
                             saying: "--line-offset must be between 0 and 9007199254740991")
        try assertUsageError(validate + ["--jobs", "9223372036854775807"], input: "{}\n",
                             saying: "--jobs must be between 1 and 1024")
        // The largest values allowed still work.
        let run = try Formsmith.run(validate + ["--line-offset", "9007199254740991", "--jobs", "1024", "--report",
                                                "jsonl"], input: "{}\n", directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(#""line":9007199254740992"#), run.stdout)
    }

    private func summary(records: String, valid: String) -> String {
        #"{"summary":{"records":\#(records),"valid":\#(valid),"invalid":0,"unreadable":0,"violations":0,"#
            + #""byRule":[],"byField":[]}}"# + "\n"
    }

    func testMergedCountsAreExactOrRefused() throws {
        try write("big.jsonl", summary(records: "5000000000000000000", valid: "5000000000000000000"))
        try assertUsageError(["merge", "big.jsonl", "big.jsonl"], saying: "would pass 9223372036854775807")
        // Above 2^53, exact: 2 x 9007199254740993 worked out by hand.
        try write("odd.jsonl", summary(records: "9007199254740993", valid: "9007199254740993"))
        let run = try Formsmith.run(["merge", "odd.jsonl", "odd.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(#""records":18014398509481986,"valid":18014398509481986"#), run.stdout)
        // Above 2^64 (a wrapped or rounded count before) and written as a double: refused.
        try write("huge.jsonl", summary(records: "18446744073709551617", valid: "18446744073709551617"))
        try assertUsageError(["merge", "huge.jsonl"], saying: "is not a whole number from 0 to 9223372036854775807")
        try write("double.jsonl", summary(records: "1e3", valid: "1000"))
        try assertUsageError(["merge", "double.jsonl"], saying: "is not a whole number from 0 to 9223372036854775807")
    }

    func testGenerateRefusesMoreQuestionnairesThanTheIdPatternNumbers() throws {
        let rules = Formsmith.root.appendingPathComponent("Rules/osago-policy.yaml").path
        // Run from a scratch folder: the repository's project is named, since its seed lists
        // lie outside Rules/ (readable through the project's folder, not the rule file's).
        let project = ["--project", Formsmith.root.appendingPathComponent("formsmith.yaml").path]
        let output = path("g.jsonl")
        try assertUsageError(["generate", "--rules", rules] + project + ["--seed", "1", "--count", "10000000", "--output", output],
                             saying: "which holds at most 9999999 numbers, but questionnaires up to number 10000000")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")
        try assertUsageError(["generate", "--rules", rules] + project + ["--seed", "1", "--start", "9999995", "--count", "5"],
                             saying: "questionnaires up to number 10000000")
        // The last numbers the pattern holds are still generated, each id distinct.
        let run = try Formsmith.run(["generate", "--rules", rules] + project + ["--seed", "1", "--start", "9999995", "--count", "4"],
                                    directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let ids = run.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        XCTAssertEqual(ids, ["Q-9999996", "Q-9999997", "Q-9999998", "Q-9999999"])
    }
}
