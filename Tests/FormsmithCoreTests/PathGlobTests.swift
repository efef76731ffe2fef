import FormsmithCore
import XCTest

/// Project file globs: `*` within a component, `?`, `[...]`, `**` across components.
final class PathGlobTests: XCTestCase {
    func testMatches() {
        let cases: [(String, String, Bool)] = [
            ("submissions/osago/**/*.jsonl", "submissions/osago/a.jsonl", true),
            ("submissions/osago/**/*.jsonl", "submissions/osago/2026/11/a.jsonl", true),
            ("submissions/osago/**/*.jsonl", "submissions/osago/a.json", false),
            ("submissions/osago/**/*.jsonl", "submissions/other/a.jsonl", false),
            ("SampleData/*", "SampleData/osago-policy/valid.json", false),
            ("SampleData/*/valid.json*", "SampleData/osago-policy/valid.jsonl", true),
            ("./in/?.csv", "in/a.csv", true),
            ("in/?.csv", "in/ab.csv", false),
            ("in/[ab].csv", "in/b.csv", true),
            ("in/[ab].csv", "in/c.csv", false),
            ("**", "any/depth/file", true),
            ("**/x.json", "x.json", true),
            // A pattern anchors at both ends of a name (issue 21).
            ("*.json", "a.jsonl", false),
            ("data.json", "data.json.bak", false),
            ("d?", "dir", false),
            ("d?", "d", false),
            ("*x", "x", true),
            ("a*b*c", "abxbxc", true),
            ("a*b*c", "abxbxcx", false),
            ("[", "[", true),
            ("in/[ab", "in/[ab", true),
            ("**/a/**/b", "x/a/y/z/b", true),
            ("**/a/**/b", "x/a/y/z/b/c", false),
            ("a/**", "a", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }

    /// Property: a path always matches itself as a pattern (no wildcard characters), and `**` matches it.
    func testAPathMatchesItselfAndDoubleStar() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abc-_.0")  // components of dots only ('.', '..') are not names
        for _ in 0..<200 {
            let depth = Int.random(in: 1...4, using: &generator)
            let path = (0..<depth).map { _ in
                "a" + String((0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement()! })
            }.joined(separator: "/")
            XCTAssertTrue(PathGlob(path).matches(path), path)
            XCTAssertTrue(PathGlob("**").matches(path), path)
            XCTAssertTrue(PathGlob("**/*").matches(path), path)
        }
    }

    /// Patterns that backtracked exponentially before (issue 21) complete; no timing asserted.
    func testPathologicalPatternsComplete() {
        let dashes = String(repeating: "-", count: 200)
        XCTAssertFalse(PathGlob("data/*-*-*-*-*.csv").matches("data/\(dashes).jsonl"))
        XCTAssertTrue(PathGlob("data/*-*-*-*-*.csv").matches("data/\(dashes).csv"))
        let stars = String(repeating: "*a", count: 8)
        XCTAssertFalse(PathGlob(stars).matches(String(repeating: "a", count: 60) + "b"))
        XCTAssertTrue(PathGlob(stars).matches(String(repeating: "a", count: 60)))
        let deep = Array(repeating: "**/x", count: 8).joined(separator: "/")
        XCTAssertFalse(PathGlob(deep).matches(Array(repeating: "x", count: 60).joined(separator: "/") + "/y"))
    }
}
