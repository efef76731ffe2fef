import Foundation
import XCTest

/// Issue 31, items 1, 2b, 4 and 5: every command reads its inputs one way (a regular file only,
/// through the engine's own JSON reader) and never writes over them, through the binary.
final class SafeInputCommandTests: ScratchFolderTestCase {
    private static let rules = "id: t\nfields:\n  id: {type: string, regex: '^Q-\\d{3}$'}\n  n: {type: integer, optional: true}\n"

    /// Runs the binary under `timeout`, so that a hang fails the test (status 124) instead of
    /// stopping the suite.
    private func runBounded(_ arguments: [String], seconds: Int = 30) throws -> Formsmith.Output {
        try Formsmith.run(tool: "/usr/bin/timeout",
                          ["-s", "KILL", String(seconds), Formsmith.products.appendingPathComponent("formsmith").path]
                          + arguments, directory: folder)
    }

    // Item 1: `coverage --coverage-report` named the set it reads, in any spelling.
    func testCoverageRefusesToWriteItsReportOverTheSetItMeasures() throws {
        try write("r.yaml", Self.rules)
        let set = #"{"id": "Q-123", "n": 1}"# + "\n"
        try write("set.jsonl", set)
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        for spelling in ["set.jsonl", "./set.jsonl", "sub/../set.jsonl"] {
            let run = try Formsmith.run(["coverage", "--rules", "r.yaml", "--coverage-report", spelling, "set.jsonl"],
                                        directory: folder)
            XCTAssertEqual(run.status, 2, "\(spelling): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("would replace a file this run reads"), run.stderr)
            XCTAssertEqual(try String(contentsOfFile: path("set.jsonl"), encoding: .utf8), set, spelling)
        }
    }

    // Item 2b: a `.json` set is read by the engine's reader, as validate reads it: a non-object
    // element is named, not dropped; a number keeps its notation.
    func testCoverageNamesElementsOfAJSONSetThatAreNotQuestionnaires() throws {
        try write("r.yaml", "id: t\nfields:\n  k: {type: enum, values: [a, b]}\n")
        try write("set.json", "[{\"k\": \"a\"}, 7, {\"k\": \"b\"}]\n")
        let run = try Formsmith.run(["coverage", "--rules", "r.yaml", "--cover", "each", "set.json"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("set.json: element 2: a number, not a questionnaire object"), run.stderr)
        XCTAssertTrue(run.stderr.contains("1 part of set.json is not a questionnaire and was not measured"), run.stderr)
    }

    // Item 4: a named pipe or a link to /dev/zero among the inputs is one unreadable record
    // saying what it is; the run ends.
    func testAPipeOrADeviceInAnInputFolderIsUnreadableNotAHang() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("in"), withIntermediateDirectories: true)
        try write("in/a.jsonl", #"{"id": "Q-123"}"# + "\n")
        XCTAssertEqual(mkfifo(path("in/b.jsonl"), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: path("in/z.jsonl"), withDestinationPath: "/dev/zero")
        let run = try runBounded(["validate", "--rules", "r.yaml", "--report", "json", "in"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        let unreadable = results.compactMap { $0["unreadable"] as? String }
        XCTAssertEqual(unreadable.count, 2, run.stdout)
        XCTAssertTrue(unreadable.contains { $0.hasPrefix("is a named pipe (FIFO), not a regular file") }, "\(unreadable)")
        XCTAssertTrue(unreadable.contains { $0.hasPrefix("is a character device, not a regular file") }, "\(unreadable)")
        let summary = report?["summary"] as? [String: Any]
        XCTAssertEqual(summary?["valid"] as? Int, 1)
        XCTAssertEqual(summary?["unreadable"] as? Int, 2)
    }

    // Item 4, named directly: a pipe the user names (`/dev/stdin`, a shell's `<(command)`) is
    // read, opened without blocking: one with no writer is an empty input, not a hang.
    func testAPipeNamedOnTheCommandLineIsReadWithoutHanging() throws {
        try write("r.yaml", Self.rules)
        XCTAssertEqual(mkfifo(path("p.jsonl"), 0o644), 0)
        let run = try runBounded(["validate", "--rules", "r.yaml", "p.jsonl"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("0 questionnaires"), run.stdout)
    }

    // Item 5: an entry the walk cannot examine (its folder has no search permission) is an
    // unreadable record, whatever its name; nothing is left out without a word.
    func testAnEntryTheWalkCannotExamineIsUnreadableNotDropped() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("data/p/q"), withIntermediateDirectories: true)
        try write("data/a.jsonl", #"{"id": "Q-123"}"# + "\n")
        try write("data/p/q/bad.jsonl", #"{"id": "bad"}"# + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("data/p"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("data/p")) }
        let run = try Formsmith.runUnprivileged(["validate", "--rules", "r.yaml", "--report", "json", "data"],
                                                directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        let unreadable = results.compactMap { result in (result["unreadable"] as? String).map { (result["file"] as? String, $0) } }
        XCTAssertEqual(unreadable.count, 1, run.stdout)
        XCTAssertEqual(unreadable.first?.0, "data/p/q")
        XCTAssertTrue(unreadable.first?.1.hasPrefix("cannot examine it: Permission denied") == true, "\(unreadable)")
    }

    // Item 10: a file name that is not UTF-8, named on the command line, is opened by its
    // bytes (as in a folder) and named with the stray byte written \xE9.
    func testAFileNameThatIsNotUTF8IsOpenedWhenNamedOnTheCommandLine() throws {
        try write("r.yaml", Self.rules)
        let script = #"printf '{"id": "bad"}\n' > "$(printf 'caf\351.jsonl')" && mkdir "$(printf 'd\351')" && "#
            + #"printf '{"id": "Q-1"}\n' > "$(printf 'd\351/in.jsonl')" && "#
            + #"exec "$0" validate --rules r.yaml "$(printf 'caf\351.jsonl')" "$(printf 'd\351')""#
        let run = try Formsmith.run(tool: "/bin/sh", ["-c", script, Formsmith.products.appendingPathComponent("formsmith").path],
                                    directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("caf\\xE9.jsonl:1"), run.stdout)
        XCTAssertTrue(run.stdout.contains("d\\xE9/in.jsonl:1"), run.stdout)
        XCTAssertFalse(run.stdout.contains("unreadable: cannot open"), run.stdout)
    }
}

/// Issue 31, item 2a: coverage classifies a number written past 64 bits or with an exponent as
/// validate reads it (it was "no value", so a set holding the bounds left them "not covered").
final class CoverageNumberCommandTests: ScratchFolderTestCase {
    func testNumbersWrittenAsTheyAreAreClassifiedExactly() throws {
        try write("r.yaml", "id: n\nfields:\n  amount: {type: decimal, min: 0, max: 1000}\n"
                  + "  big: {type: integer, min: 1000000000000000000000000000000, max: 10000000000000000000000000000000}\n")
        // 1e3 is the decimal's max; 10^30 and 10^31 are the integer's bounds, written in digits.
        try write("set.jsonl", #"{"amount": 1e3, "big": 1000000000000000000000000000000}"# + "\n"
                  + #"{"amount": 0.0, "big": 10000000000000000000000000000000}"# + "\n"
                  + #"{"amount": 5e2, "big": 5000000000000000000000000000000}"# + "\n")
        let check = try Formsmith.run(["validate", "--rules", "r.yaml", "set.jsonl"], directory: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        let run = try Formsmith.run(["coverage", "--rules", "r.yaml", "--cover", "each", "set.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // Two factors of three boundary classes each (min, inside, max), all six held by the set.
        XCTAssertTrue(run.stdout.hasPrefix("coverage each: 2 factors, 6 values required: 6 covered by 3 questionnaires"),
                      run.stdout)
        XCTAssertFalse(run.stdout.contains("not covered:"), run.stdout)
    }

    /// Issue 31, item 2a under `generate --cover`: bounds past 64 bits written with an exponent
    /// were "not found" (already right on main when this test was written; it keeps them so).
    func testGenerateCoverFindsBoundsPast64BitsWrittenWithAnExponent() throws {
        try write("r.yaml", "id: big\nfields:\n  x: {type: integer, min: 1e30, max: 1e31}\n")
        let run = try Formsmith.run(["generate", "--rules", "r.yaml", "--cover", "each", "--seed", "3",
                                     "--output", "set.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("covering each: 1 factors, 3 values required: 3 covered by 3 questionnaires, "
                                          + "0 impossible, 0 not found"), run.stderr)
        let lines = try String(contentsOfFile: path("set.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        // min 10^30, max 10^31 (a 1 and 30 or 31 zeros), and one strictly between (31 digits).
        let min = "{\"x\":1" + String(repeating: "0", count: 30) + "}"
        let max = "{\"x\":1" + String(repeating: "0", count: 31) + "}"
        XCTAssertEqual(lines.count, 3, lines.description)
        XCTAssertTrue(lines.contains(min) && lines.contains(max), lines.description)
        let inside = lines.filter { $0 != min && $0 != max }
        XCTAssertEqual(inside.count, 1, lines.description)
        XCTAssertEqual(inside.first.map { $0.dropFirst(5).dropLast().count }, 31, lines.description)
        let check = try Formsmith.run(["validate", "--rules", "r.yaml", "set.jsonl"], directory: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        let measured = try Formsmith.run(["coverage", "--rules", "r.yaml", "--cover", "each", "set.jsonl"],
                                         directory: folder)
        XCTAssertTrue(measured.stdout.hasPrefix("coverage each: 1 factors, 3 values required: 3 covered by 3 "
                                                + "questionnaires"), measured.stdout)
    }

    /// A decimal of 25 fraction digits: between 1e-25 and 3e-25 the only values are 1, 2 and 3
    /// times 10^-25, so the covering set is exactly those three (min, inside, max), not empty.
    func testGenerateCoverOfTwentyFiveFractionDigits() throws {
        try write("r.yaml", "id: tiny\nfields:\n  d: {type: decimal, fractionDigits: 25, "
                  + "min: 0.0000000000000000000000001, max: 0.0000000000000000000000003}\n")
        let run = try Formsmith.run(["generate", "--rules", "r.yaml", "--cover", "each", "--seed", "5",
                                     "--output", "set.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("covering each: 1 factors, 3 values required: 3 covered by 3 questionnaires"),
                      run.stderr)
        let lines = try String(contentsOfFile: path("set.jsonl"), encoding: .utf8).split(separator: "\n").sorted()
        let zeros = String(repeating: "0", count: 24)
        XCTAssertEqual(lines, ["{\"d\":0.\(zeros)1}", "{\"d\":0.\(zeros)2}", "{\"d\":0.\(zeros)3}"])
        let measured = try Formsmith.run(["coverage", "--rules", "r.yaml", "--cover", "each", "set.jsonl"],
                                         directory: folder)
        XCTAssertTrue(measured.stdout.hasPrefix("coverage each: 1 factors, 3 values required: 3 covered by 3 "
                                                + "questionnaires"), measured.stdout)
    }
}
