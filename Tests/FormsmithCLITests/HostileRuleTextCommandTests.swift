import Foundation
import XCTest

/// Text quoted from a rule file (an unknown key, a regex, an expression, the rule file's name)
/// cannot act on the reader of `lint` and `validate` output either: a rule file in a pull
/// request is as untrusted as data. No raw control character, and no line of its own that a CI
/// system reads as a workflow command (`::error::`); the caret excerpts keep their shape.
final class HostileRuleTextCommandTests: ScratchFolderTestCase {
    /// A rule file whose unknown key, regex and expression each hold a line break and `::error::`.
    private func writeHostileRules(named name: String = "r.yaml") throws {
        try write(name, """
            id: t
            fields:
              a:
                type: string
                "bad\\e[31mkey\\n::error::from-key": 1
              b:
                type: string
                regex: "x\\t(\\n::error::from-regex"
              c:
                type: string
                visibleIf: "a == \\u202E'x' +\\n::error::from-expression"

            """)
    }

    private func workflowCommands(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }
    }

    private func hiddenCharacters(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    func testLintWritesRuleFileTextEscapedInEveryFormat() throws {
        try writeHostileRules()
        for report in ["text", "json", "sarif"] {
            let run = try Formsmith.run(["lint", "--report", report, "r.yaml"], directory: folder)
            XCTAssertEqual(run.status, 1, "\(report): \(run.stdout)\(run.stderr)")
            let output = run.stdout + run.stderr
            XCTAssertEqual(workflowCommands(output), [], "\(report): \(output)")
            XCTAssertEqual(hiddenCharacters(output), [], report)
            // Nothing is dropped: the key and the regex are there, written visibly.
            if report == "text" {
                XCTAssertTrue(output.contains("unknown key 'bad\\u{1B}[31mkey\\u{A}::error::from-key'"), output)
                XCTAssertTrue(output.contains("x\\u{9}(\\u{A}::error::from-regex"), output)
            }
        }
    }

    func testValidateWritesRuleFileProblemsEscaped() throws {
        try writeHostileRules()
        try write("d.jsonl", "{}\n")
        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "github", "d.jsonl"],
                                    directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        let output = run.stdout + run.stderr
        XCTAssertEqual(workflowCommands(output), [], output)
        XCTAssertEqual(hiddenCharacters(output), [], output)
        XCTAssertTrue(output.contains("::error::from-key"), output)
    }

    /// The caret still points at the character it named after the source line is escaped:
    /// here the tab before the unclosed group is written `\u{9}` (5 columns wider).
    func testCaretExcerptStaysAlignedAfterEscaping() throws {
        try write("r.yaml", "id: t\nfields:\n  b: {type: string, regex: \"x\\t(y\"}\n")
        let run = try Formsmith.run(["lint", "r.yaml"], directory: folder)
        XCTAssertEqual(run.status, 1, run.stdout)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        guard let source = lines.firstIndex(where: { $0.hasSuffix("x\\u{9}(y") }), source + 1 < lines.count else {
            return XCTFail("no escaped source line: \(run.stdout)")
        }
        let caretLine = lines[source + 1]
        let caretColumn = caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) }
        let sourceLine = lines[source]
        let indent = sourceLine.prefix { $0 == " " }.count
        // Worked out by hand: PCRE2 reports the missing ')' at the end of the pattern, after "x\u{9}(y".
        XCTAssertEqual(caretColumn, indent + "x\\u{9}(y".count, run.stdout)
    }

    func testRuleFileNameIsEscaped() throws {
        let name = "r\n::error::name.yaml"
        try write(name, "id: t\nfields:\n  a: {type: string, colour: red}\n")
        let run = try Formsmith.run(["lint", name], directory: folder)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertEqual(workflowCommands(run.stdout + run.stderr), [], run.stdout)
        XCTAssertTrue(run.stdout.contains("r\\u{A}::error::name.yaml:3:"), run.stdout)
    }
}
