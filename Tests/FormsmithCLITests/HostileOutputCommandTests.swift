import Foundation
import XCTest

/// Issue 21, item 8: strings from data (ids, field names, file names, `--stdin-name`) cannot
/// act on the reader of any report: no raw control character, no terminal sequence, no
/// bidirectional override, and no GitHub workflow command of their own.
final class HostileOutputCommandTests: ScratchFolderTestCase {
    static let formats = ["text", "json", "jsonl", "junit", "sarif", "github", "html"]
    /// An id that would be workflow commands in a GitHub log and terminal sequences in a terminal.
    static let hostileID = "x\n::error file=README.md,line=1::looks fine\n::add-mask::count\r\u{1B}[2A\u{1B}[2K"
        + "\u{9B}31m\u{7F}\u{202E}\u{2028}"
    static let hostileKey = "zz\u{1B}]0;pwned\u{07}\n::warning::k"
    static let hostileFile = "d\u{1B}[31m\n::error::f.jsonl"

    /// Writes the rules and the input; both are named relative to `folder`, where the runs start.
    private func writeInputs() throws -> String {
        try write("r.yaml", "id: t\nfields:\n  id: {type: string}\n  n: {type: integer}\n")
        let id = String(decoding: try JSONSerialization.data(withJSONObject: [Self.hostileID], options: []),
                        as: UTF8.self).dropFirst().dropLast()
        let key = String(decoding: try JSONSerialization.data(withJSONObject: [Self.hostileKey], options: []),
                         as: UTF8.self).dropFirst().dropLast()
        // Two invalid records: one with the hostile id, one without an id (reports name it by file:line).
        try write(Self.hostileFile, "{\"id\": \(id), \"n\": \"one\", \(key): 1}\n{\"n\": \"two\"}\n")
        return Self.hostileFile
    }

    /// The characters no report may hold raw (line feeds between its own lines aside).
    private func assertNoHiddenCharacters(_ text: String, _ context: String, file: StaticString = #filePath,
                                          line: UInt = #line) {
        let hidden = text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        XCTAssertTrue(hidden.isEmpty, "\(context): raw \(hidden.map { String($0.value, radix: 16) })",
                      file: file, line: line)
    }

    func testNoReportFormatWritesHiddenCharactersFromData() throws {
        let input = try writeInputs()
        for format in Self.formats {
            let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", format, "--today",
                                         "2026-11-22", input], directory: folder)
            XCTAssertEqual(run.status, 1, "\(format): \(run.stderr)")
            XCTAssertFalse(run.stdout.isEmpty, format)
            assertNoHiddenCharacters(run.stdout, format)
            // The hostile strings are still there, written visibly (not dropped).
            if format != "json", format != "jsonl", format != "sarif" {
                XCTAssertTrue(run.stdout.contains("\\u{1B}[2A"), "\(format): \(run.stdout)")
                XCTAssertTrue(run.stdout.contains("pwned"), format)
            }
        }
    }

    func testJSONReportsKeepTheStringsExactly() throws {
        let input = try writeInputs()
        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "json", input], directory: folder)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.first?["id"] as? String, Self.hostileID)
        XCTAssertEqual(results.first?["file"] as? String, Self.hostileFile)
        let fields = (results.first?["errors"] as? [[String: Any]] ?? []).map { $0["field"] as? String }
        XCTAssertTrue(fields.contains(Self.hostileKey), "\(fields)")
    }

    /// Every line of the GitHub report that is a workflow command is one of Formsmith's own
    /// annotations; the hostile id, key, file name and `--stdin-name` start none.
    func testGitHubReportHasNoWorkflowCommandsFromData() throws {
        let input = try writeInputs()
        let fromFile = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "github", input], directory: folder)
        let fromStandardInput = try Formsmith.run(
            ["validate", "--rules", "r.yaml", "--report", "github", "--stdin-name", "s\n::add-mask::x\n", "-"],
            input: try String(contentsOfFile: path(input), encoding: .utf8), directory: folder)
        for run in [fromFile, fromStandardInput] {
            XCTAssertEqual(run.status, 1, run.stderr)
            assertNoHiddenCharacters(run.stdout, "github")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let commands = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }
            // Worked out by hand: record 1 breaks `n` (type) and has the unknown key; record 2 breaks `n` and lacks `id`.
            XCTAssertEqual(commands.count, 4, run.stdout)
            for command in commands {
                XCTAssertTrue(command.hasPrefix("::error file="), String(command))
                XCTAssertTrue(command.contains(",title=formsmith "), String(command))
            }
            XCTAssertTrue(run.stdout.contains("4 violations by rule:"), run.stdout)
            XCTAssertFalse(lines.contains { $0.hasPrefix("::add-mask") || $0.hasPrefix("::warning") })
        }
    }
}
