import Foundation
import XCTest

/// Issue 31, items 6 and 7: strings from data and rule files reach no report or summary raw:
/// JUnit writes a line break from data as `\u{A}` (never raw, never `&#10;`, which XML readers
/// turn back into a line break), and `coverage` escapes enum values from the rule file.
final class SafeTextCommandTests: ScratchFolderTestCase {
    /// The characters no output may hold raw (line feeds between its own lines aside).
    private func hiddenCharacters(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }.map { String($0.value, radix: 16) }
    }

    func testJUnitWritesLineBreaksFromDataAndRulesAsNotation() throws {
        try write("r.yaml", """
            id: t
            fields:
              id: {type: string}
              n: {type: integer}
            assert:
              - that: "n > 5"
                rule: "big\\n::error file=b,line=2::rule"
                message: "too small\\n::error file=c,line=3::message"
            """)
        try write("d.jsonl", #"{"id": "x\n::error file=a,line=1::id", "n": 1, "k\n::error file=d,line=4::key": 2}"# + "\n")
        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "junit", "d.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stdout.contains("&#10;"), run.stdout)
        let forged = run.stdout.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }
        XCTAssertEqual(forged, [], run.stdout)
        // Still there, written visibly.
        XCTAssertTrue(run.stdout.contains("x\\u{A}::error file=a,line=1::id"), run.stdout)
        XCTAssertTrue(run.stdout.contains("too small\\u{A}::error file=c,line=3::message"), run.stdout)
        XCTAssertTrue(run.stdout.contains("k\\u{A}::error file=d,line=4::key"), run.stdout)
    }

    func testCoverageEscapesEnumValuesFromTheRuleFile() throws {
        try write("r.yaml", """
            id: t
            fields:
              k: {type: enum, values: ["a\\e]0;pwned\\a", "b\\n::error::forged", "c\\u202Ed"]}
            """)
        try write("set.jsonl", #"{"k": "a\u001b]0;pwned\u0007"}"# + "\n")
        let run = try Formsmith.run(["coverage", "--rules", "r.yaml", "--cover", "each", "set.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(hiddenCharacters(run.stdout), [], run.stdout)
        XCTAssertEqual(hiddenCharacters(run.stderr), [], run.stderr)
        XCTAssertTrue(run.stdout.contains("k=b\\u{A}::error::forged"), run.stdout)
        XCTAssertTrue(run.stdout.contains("k=c\\u{202E}d"), run.stdout)
    }
}
