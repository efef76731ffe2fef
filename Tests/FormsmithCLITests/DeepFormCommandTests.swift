import Foundation
import XCTest

/// Rule files for the deepest forms Formsmith reads (fields nested 32 levels: sections and lists
/// inside each other): every command works on them, with two workers as well (their threads have
/// smaller stacks than the main one). One level more is a rule-file error (BrokenRulesTests).
final class DeepFormCommandTests: ScratchFolderTestCase {
    func testEveryCommandWorksOnTheDeepestForm() throws {
        // 28 sections, a list, a section in its items, a list inside that, and the field: 32 levels.
        var text = "formsmith: 1\nid: deep\nfields:\n" + DeepForm.sections(28, leaf: """
            items:
              type: list
              minItems: 1
              fields:
                inner:
                  type: section
                  fields:
                    notes:
                      type: list
                      fields:
                        code: {type: string, regex: '^[A-Z]{3}$'}
            """)
        text += "\n"
        let rules = try write("deep.yaml", text)
        let leaf = (0..<28).map { "f\($0)" }.joined(separator: ".") + ".items[].inner.notes[].code"
        XCTAssertEqual(leaf.split(separator: ".").count, 32)

        let lint = try Formsmith.run(["lint", "--strict", "--rules", rules])
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        for format in ["jsonl", "csv"] {
            let generated = path("deep.\(format)")
            let generate = try Formsmith.run(["generate", "--rules", rules, "--count", "40", "--seed", "5", "--jobs", "2",
                                              "--format", format, "--output", generated])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let validate = try Formsmith.run(["validate", "--rules", rules, "--jobs", "2", "--report", "json", generated])
            XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
            XCTAssertTrue(validate.stdout.contains(#""valid" : 40"#) || validate.stdout.contains(#""valid":40"#),
                          validate.stdout.prefix(600).description)
        }
        let invalid = path("invalid.jsonl")
        let labelled = try Formsmith.run(["generate", "--rules", rules, "--count", "40", "--seed", "6", "--jobs", "2",
                                          "--invalid-rate", "1", "--output", invalid])
        XCTAssertEqual(labelled.status, 0, labelled.stderr)
        let failing = try Formsmith.run(["validate", "--rules", rules, "--jobs", "2", invalid])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let explain = try Formsmith.run(["explain", "--rules", rules, leaf])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.hasPrefix(leaf), explain.stdout)
        let export = try Formsmith.run(["export", "json-schema", "--rules", rules])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)))
    }
}

/// Rule-file text for forms nested deep.
enum DeepForm {
    /// `count` sections `f0`...`f(count-1)` inside each other under a top-level `fields:`, the
    /// innermost holding `leaf` (YAML of its fields, unindented) or a string field `x`.
    static func sections(_ count: Int, leaf: String = "x:\n  type: string") -> String {
        var lines: [String] = []
        var indent = "  "
        for level in 0..<count {
            lines += [indent + "f\(level):", indent + "  type: section", indent + "  fields:"]
            indent += "    "
        }
        lines += leaf.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
