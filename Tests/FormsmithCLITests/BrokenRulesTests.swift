import Foundation
import XCTest

/// Broken rule files run through the binary: each ends with exit 2, nothing on standard output,
/// and every problem as `file:line:column: message` on standard error; never a crash or a hang.
final class BrokenRulesTests: XCTestCase {
    private static let preamble = "formsmith: 1\nid: broken\nfields:\n"

    /// (file name, content, expected `line:column: message` start)
    private let cases: [(name: String, content: [UInt8], expected: String)] = [
        ("unclosed.yaml", Array((preamble + "  a: {type: string\n  b: [\n").utf8),
         "5:4: invalid YAML: did not find expected ',' or '}'"),
        ("indentation.yaml", Array((preamble + "  a:\n    type: string\n   regex: x\n").utf8),
         "6:4: invalid YAML: did not find expected key"),
        ("garbage.yaml", (0..<4096).map { UInt8(($0 * 37 + 11) % 256) }, "1:1: the rule file is not UTF-8 text"),
        ("nul.yaml", Array("formsmith: 1\nid: x\u{0}y\nfields:\n  a: {type: string}\n".utf8),
         "2:6: invalid YAML: control characters are not allowed"),
        ("empty.yaml", [], "1:1: the rule file is empty"),
        ("deep-flow.yaml", Array((preamble.dropLast(1) + " " + String(repeating: "[", count: 100_000)
                                  + String(repeating: "]", count: 100_000) + "\n").utf8),
         "3:10: invalid YAML: the nesting is too deep"),
        ("deep-block.yaml", Array((preamble + (1..<3000).map { String(repeating: "  ", count: $0) + "a:\n" }.joined()).utf8),
         "1002:1999: invalid YAML: the nesting is too deep"),
        ("regex-1mb.yaml", Array((preamble + "  a: {type: string, regex: '" + String(repeating: "a", count: 1 << 20)
                                  + "'}\n").utf8), "4:28: invalid regex: regular expression is too large"),
        ("mask-1mb.yaml", Array((preamble + "  a: {type: string, mask: \"" + String(repeating: "0A-", count: 350_000)
                                 + "\"}\n").utf8), "4:27: mask '0A-0A-"),
        ("deep-expression.yaml", Array((preamble + "  a: {type: boolean}\n  b: {type: string, visibleIf: \""
                                        + String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
                                        + "\"}\n").utf8), "5:32: invalid 'visibleIf' of 'b': expression is nested too deeply"),
        ("not-a-mapping.yaml", Array("- just\n- a list\n".utf8), "1:1: "),
        // 490 sections inside each other (libyaml allows 1000 levels, two per section) crashed
        // generate, explain and export, which walk the fields recursively.
        ("deep-sections.yaml", Array((preamble + DeepForm.sections(490)).utf8),
         "97:127: the fields of '\((0..<32).map { "f\($0)" }.joined(separator: "."))' would be nested 33 levels deep"),
        ("definition-inside-itself.yaml", Array((preamble + "  a: {use: party}\ndefinitions:\n  party:\n"
                                                + "    type: section\n    fields: {b: {type: string}, c: {use: party}}\n").utf8),
         "8:42: field 'a.c' uses definition 'party' inside a field built on it"),
    ]

    func testEveryBrokenRuleFileExitsTwoWithAPlace() throws {
        let folder = try BrokenInputs.scratchFolder(self)
        for testCase in cases {
            let path = folder.appendingPathComponent(testCase.name).path
            try Data(testCase.content).write(to: URL(fileURLWithPath: path))
            let run = try Formsmith.run(["validate", "--rules", path, "SampleData/customer-survey/valid.jsonl"], timeout: 120)
            XCTAssertEqual(run.status, 2, "\(testCase.name): \(run.stderr.prefix(500))")
            XCTAssertEqual(run.stdout, "", testCase.name)
            XCTAssertTrue(run.stderr.hasPrefix("\(path):\(testCase.expected)"), "\(testCase.name): \(run.stderr.prefix(500))")
            XCTAssertTrue(run.stderr.contains("the rules were not used"), testCase.name)
            XCTAssertLessThan(run.stderr.utf8.count, 2_000, "\(testCase.name): the message must not repeat a huge input")
        }
    }

    func testAFolderOrAMissingFileAsRules() throws {
        for (path, message) in [("Rules", "Rules:1:1: this is a folder; give the path of one rule file"),
                                ("no/such/rules.yaml", "no/such/rules.yaml:1:1: cannot read the rule file")] {
            let run = try Formsmith.run(["validate", "--rules", path, "SampleData/customer-survey/valid.jsonl"])
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.hasPrefix(message), run.stderr)
        }
    }
}
