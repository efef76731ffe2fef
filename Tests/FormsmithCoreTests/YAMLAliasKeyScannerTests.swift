import XCTest
@testable import FormsmithCore

/// Issue 21, item 12: the pass that refuses an alias in a mapping key before Yams hashes it
/// expanded. The expected findings are worked out by hand from the YAML written here.
final class YAMLAliasKeyScannerTests: XCTestCase {
    private func finding(_ yaml: String) -> YAMLAliasKeyScanner.Finding? {
        YAMLAliasKeyScanner.firstAliasInKey(yaml)
    }

    func testAliasesInKeysAreFoundWithTheirPlace() {
        let cases: [(String, String, Int, Int)] = [
            ("a: &a [x]\nb:\n  ? *a\n  : 1\n", "*a", 3, 5),            // explicit block key
            ("a: &a [x]\nb:\n  ? - y\n    - *a\n  : 1\n", "*a", 4, 7),  // inside a block sequence key
            ("a: &a [x]\n*a : 1\n", "*a", 2, 1),                       // implicit block key
            ("a: &a [x]\n*a: 1\n", "*a", 2, 1),
            ("a: &a [x]\n- [y, *a]: 1\n", "*a", 2, 7),                 // a flow sequence as key
            ("a: &a [x]\nb: {*a : 1}\n", "*a", 2, 5),                  // flow mapping key
            ("a: &a [x]\nb: {[*a]: 1, c: 2}\n", "*a", 2, 6),           // nested flow key
            ("a: &a [x]\nb: [*a : 1]\n", "*a", 2, 5),                  // single pair in a flow sequence
            ("a: &a [x]\nb: {? *a}\n", "*a", 2, 7),                    // explicit flow key, no value
            ("a: &a [x]\nb: {c: 1, ? [*a] : 2}\n", "*a", 2, 14),
            ("é: &a [x]\n\"é\": {*a: 1}\n", "*a", 2, 7),                 // columns count characters
        ]
        for (yaml, alias, line, column) in cases {
            XCTAssertEqual(finding(yaml), .init(alias: alias, line: line, column: column), yaml)
        }
    }

    func testAliasesInValuesAndStarsInTextAreNotFound() {
        let cases = [
            "base: &b {type: string}\nfields:\n  a: *b\n  b: *b\n  c: [*b, *b]\n  d: {x: *b, y: *b}\n",
            "a: &a 1\nlist:\n  - *a\n  - [*a, *a]\n  - {k: *a}\n<<: *a\n",
            "regex: '^\\d*$'\nmask: '***'\nq: \"*x: 1\"\nplain: ^\\d*$\nspaced: a *b: c\n",
            "text: |\n  *a: 1\n  ? *b\n  : 2\nnext: 1\n",
            "- text: >-\n    *a: folded\n    [*b]: x\n  other: 1\n",
            "# *a: 1\nkey: value # ? *a\n",
            "multi: 'it''s\n  *a: 1'\nkey: \"q\\\" *a: 1\"\n",
            "flow: [a*b, 'x: *y', {k: v*w}]\n",
            "? plain key\n: *a\n",
            "a: &a [x]\n? k\n# comment at column one\n: *a\n",
        ]
        for yaml in cases { XCTAssertNil(finding(yaml), yaml) }
    }

    func testShippedRuleFilesHoldNoAliasKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = ["Rules", "Tests"].map { root.appendingPathComponent($0) }
        var seen = 0
        for folder in folders {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard ["yaml", "yml"].contains(file.pathExtension) else { continue }
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                XCTAssertNil(finding(text), file.path)
                seen += 1
            }
        }
        XCTAssertGreaterThan(seen, 10)
    }
}
