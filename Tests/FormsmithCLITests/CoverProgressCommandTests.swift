import Foundation
import XCTest

/// Issue 31, "bounded work": long covering runs show progress on standard error (on a terminal
/// by default, or with `--progress`), throttled, never on standard output or in a report.
final class CoverProgressCommandTests: ScratchFolderTestCase {
    /// Two enums of two values: 4 pairs, and each questionnaire holds exactly one of them, so a
    /// covering set is exactly 4 questionnaires (generate writes none that covers nothing new).
    private let rules = "id: grid\nfields:\n  a: {type: enum, values: [x, y]}\n  b: {type: enum, values: [p, q]}\n"
    private let set = #"{"a": "x", "b": "p"}"# + "\n" + #"{"a": "x", "b": "q"}"# + "\n"
        + #"{"a": "y", "b": "p"}"# + "\n" + #"{"a": "y", "b": "q"}"# + "\n"

    private func progressLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains(" of ") && $0.hasSuffix(" s)") }
    }

    func testGenerateCoverShowsProgressWhenAskedAndOnlyThen() throws {
        try write("r.yaml", rules)
        let arguments = ["generate", "--rules", "r.yaml", "--cover", "pairs", "--seed", "1"]
        let plain = try Formsmith.run(arguments, directory: folder)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(progressLines(plain.stderr), [], "standard error is a pipe: no progress by default")
        let shown = try Formsmith.run(arguments + ["--progress"], directory: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, plain.stdout, "progress never reaches standard output")
        XCTAssertEqual(shown.stdout.split(separator: "\n").count, 4, shown.stdout)
        // Throttled: the run takes well under five seconds, so only the last state is written
        // (the generator reports once per questionnaire and at the end: 5 updates).
        let lines = progressLines(shown.stderr)
        XCTAssertEqual(lines.count, 1, shown.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("formsmith: covering pairs: 4 of 4 tuples settled, 4 questionnaires written (")
                      ?? false, shown.stderr)
        let off = try Formsmith.run(arguments + ["--progress", "--no-progress"], directory: folder)
        XCTAssertEqual(progressLines(off.stderr), [], off.stderr)
        // The coverage report holds no progress either.
        let report = try Formsmith.run(arguments + ["--progress", "--coverage-report", "cover.json"], directory: folder)
        XCTAssertEqual(report.status, 0, report.stderr)
        let json = try String(contentsOfFile: path("cover.json"), encoding: .utf8)
        XCTAssertFalse(json.contains("settled"), json)
        // Without --cover the option means nothing, so it is refused.
        let stray = try Formsmith.run(["generate", "--rules", "r.yaml", "--count", "1", "--progress"], directory: folder)
        XCTAssertEqual(stray.status, 2, stray.stderr)
        XCTAssertTrue(stray.stderr.contains("--progress and --no-progress are for --cover"), stray.stderr)
    }

    /// On a terminal (standard error), by default: drawn in place once the run has taken a
    /// second, erased before the summary; the questionnaires are those of a run without it.
    func testOnATerminalTheLineIsDrawnInPlaceAndErased() throws {
        // Ten enums of ten values: 45 pairs of factors of 100 pairs each, 4,500 pairs.
        let factors = (0..<10).map { "  f\($0): {type: enum, values: [\((0..<10).map { "v\($0)" }.joined(separator: ", "))]}\n" }
        try write("r.yaml", "id: big\nfields:\n" + factors.joined())
        let arguments = ["generate", "--rules", "r.yaml", "--cover", "pairs", "--seed", "1"]
        let started = ContinuousClock.now
        let terminal = try Formsmith.runWithTerminalStandardError(arguments + ["--output", "t.jsonl"], directory: folder)
        let took = ContinuousClock.now - started
        XCTAssertEqual(terminal.status, 0, terminal.stderr)
        XCTAssertEqual(terminal.stdout, "")
        let piped = try Formsmith.run(arguments + ["--output", "p.jsonl"], directory: folder)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("tuples settled"), piped.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("t.jsonl"), encoding: .utf8),
                       try String(contentsOfFile: path("p.jsonl"), encoding: .utf8))
        let summary = "formsmith: covering pairs: 10 factors, 4500 pairs required: 4500 covered by "
        XCTAssertTrue(terminal.stderr.contains(summary), terminal.stderr)
        // A run of more than a second (with room for start-up) shows the line, in place.
        if took > .seconds(2) {
            XCTAssertTrue(terminal.stderr.contains("\rformsmith: covering pairs: "), terminal.stderr)
            XCTAssertTrue(terminal.stderr.contains(" tuples settled, "), terminal.stderr)
            XCTAssertTrue(terminal.stderr.contains("\r\u{1B}[K" + summary), "erased before the summary: \(terminal.stderr)")
            XCTAssertFalse(terminal.stderr.contains("tuples settled, 0 questionnaires written (0 s)"),
                           "nothing is drawn in the first second")
        }
        // --no-progress: nothing drawn on the terminal either.
        let off = try Formsmith.runWithTerminalStandardError(arguments + ["--output", "n.jsonl", "--no-progress"],
                                                             directory: folder)
        XCTAssertFalse(off.stderr.contains("tuples settled"), off.stderr)
    }

    func testCoverageShowsProgressWhenAsked() throws {
        try write("r.yaml", rules)
        try write("set.jsonl", set)
        let plain = try Formsmith.run(["coverage", "--rules", "r.yaml", "set.jsonl"], directory: folder)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stderr, "")
        XCTAssertTrue(plain.stdout.hasPrefix("coverage pairs: 2 factors, 4 pairs required: 4 covered by 4 questionnaires"),
                      plain.stdout)
        let shown = try Formsmith.run(["coverage", "--rules", "r.yaml", "--progress", "set.jsonl"], directory: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, plain.stdout)
        // The set holds every pair: nothing is asked of the solver, reading is the last phase.
        XCTAssertEqual(progressLines(shown.stderr).count, 1, shown.stderr)
        XCTAssertTrue(shown.stderr.hasPrefix("formsmith: coverage pairs: 4 of 4 questionnaires read ("), shown.stderr)
        // One pair missing: the last phase asks the solver about it.
        try write("three.jsonl", set.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
        let missing = try Formsmith.run(["coverage", "--rules", "r.yaml", "--progress", "three.jsonl"], directory: folder)
        XCTAssertEqual(missing.status, 0, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("formsmith: coverage pairs: 1 of 1 uncovered tuples asked of the solver ("),
                      missing.stderr)
    }
}
