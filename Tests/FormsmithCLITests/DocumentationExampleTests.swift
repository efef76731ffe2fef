import Foundation
import XCTest

/// Every fenced example of README.md and docs/rules.md runs, and says what the built binary
/// does: shell commands with their exit status, transcripts with their output, rule snippets
/// linted, questionnaires beside them validated with the verdicts the docs give, shipped files
/// shown as they are. A block that is only an illustration says so in its info string
/// (`not-run:REASON`); the test prints how many ran and how many were skipped, by reason.
/// The kinds and markers: docs/contributing.md, "Executable documentation".
final class DocumentationExampleTests: XCTestCase {
    static let documents = ["README.md", "docs/rules.md"]

    func testEveryExampleOfTheREADMEAndTheRulesReferenceRuns() throws {
        let started = Date()
        var ran = 0, failures: [String] = [], skipped: [(place: String, reason: String)] = []
        for document in Self.documents {
            let text = try String(contentsOf: Formsmith.root.appendingPathComponent(document), encoding: .utf8)
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("formsmith-docs-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let session = try ShellSession(copying: Formsmith.root, into: scratch, binaries: Formsmith.products)
            let runner = DocExampleRunner(session: session)
            runner.run(FencedBlock.blocks(in: text, file: document))
            ran += runner.ran.count
            failures += runner.failures
            skipped += runner.skipped
        }
        let reasons = Dictionary(grouping: skipped, by: \.reason).sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.count) (\($0.value.map(\.place).joined(separator: ", ")))" }
        print("""
            documentation examples: \(ran) ran and matched, \(failures.count) failed, \(skipped.count) skipped by marker\
            \(reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")) [\(String(format: "%.1f", Date().timeIntervalSince(started))) s]
            """)
        for failure in failures { XCTFail(failure) }
        XCTAssertGreaterThan(ran, 30, "the extractor found too few examples to run")
    }

    /// The extractor itself, on a document written here: fences, info strings, commands and
    /// their stated exit status, transcripts, and the snippet wrapping.
    func testTheExtractorReadsBlocksCommandsAndTranscriptsAsDocumented() {
        let text = """
            text
            ```sh not-run:builds
            swift build
            ```
            ~~~~console
            $ formsmith validate a.json   # exit 1
            a.json:1
              x: bad [type]
            $ echo done \\
              now
            done now
            ~~~~
              ```yaml
              policy:
                fields:
                  a: {type: string}
              ```
            """
        let blocks = FencedBlock.blocks(in: text, file: "T.md")
        XCTAssertEqual(blocks.map(\.line), [2, 5, 13])
        XCTAssertEqual(blocks.map(\.language), ["sh", "console", "yaml"])
        XCTAssertEqual(blocks[0].notRunReason, "builds")
        XCTAssertNil(blocks[1].notRunReason)
        let transcript = DocumentedCommand.transcript(of: blocks[1])
        XCTAssertEqual(transcript.map(\.text), ["formsmith validate a.json   # exit 1", "echo done \\\n  now"])
        XCTAssertEqual(transcript.map(\.line), [6, 9])
        XCTAssertEqual(transcript.map(\.expectedStatus), [1, 0])
        XCTAssertEqual(transcript.map(\.output), [["a.json:1", "  x: bad [type]"], ["done now"]])
        XCTAssertEqual(blocks[2].lines, ["policy:", "  fields:", "    a: {type: string}"])
        XCTAssertEqual(DocExampleRunner.ruleFile(from: blocks[2].lines),
                       "id: doc-example\nsections:\n  policy:\n    fields:\n      a: {type: string}\n")
        XCTAssertEqual(DocExampleRunner.ruleFile(from: ["a: {type: string}"]), "id: doc-example\nfields:\n  a: {type: string}\n")
        XCTAssertEqual(DocExampleRunner.ruleFile(from: ["fields:", "  a: {type: string}"]),
                       "id: doc-example\nfields:\n  a: {type: string}\n")
        let commands = DocumentedCommand.commands(of: FencedBlock(
            file: "T.md", line: 1, language: "sh", markers: [],
            lines: ["# a comment", "", "formsmith validate x   # exit 0: all valid", "cat a \\", "  b  # exit 2"]))
        XCTAssertEqual(commands.map(\.line), [4, 5])
        XCTAssertEqual(commands.map(\.expectedStatus), [0, 2])
        XCTAssertNil(DocExampleRunner.difference(expected: ["a", "...", "d"], actual: ["a", "b", "c", "d"]))
        XCTAssertNil(DocExampleRunner.difference(expected: ["a", "..."], actual: ["a"]))
        XCTAssertEqual(DocExampleRunner.difference(expected: ["a", "b"], actual: ["a", "c"]),
                       "at output line 2:\n  docs:   b\n  actual: c")
        XCTAssertNotNil(DocExampleRunner.difference(expected: ["a"], actual: ["a", "b"]))
    }
}
