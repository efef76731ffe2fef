import Foundation
import XCTest

/// Issue 31, the escaping guard: hostile strings in a rule file (enum values, an assertion's
/// rule and message) and in data (ids, values, keys) go through every command and every value
/// of every option that chooses an output format (from the argument parser's own tree, as in
/// ``OutputGuardEnumerationTests``), and no output holds a raw control character, line or
/// paragraph separator or bidirectional override, nor a workflow command of its own.
final class SafeTextEnumerationTests: ScratchFolderTestCase {
    private static let rules = """
        id: t
        fields:
          id: {type: string}
          k: {type: enum, values: ["a\\e]0;pwned\\a", "b\\n::error::forged", "c\\u202Ed"]}
          n: {type: integer, optional: true}
        assert:
          - that: "n > 5"
            rule: "big\\n::error file=b::rule"
            message: "small\\e[31m\\n::error::msg"

        """
    private static let data = #"{"id": "x\u001b[2A\n::error::id", "k": "zz\n::warning::v", "n": 1}"# + "\n"

    private func problems(_ text: String) -> [String] {
        // The reports' own colours (`--color always`) are SGR sequences; an ESC from data or a
        // rule file is written `\u{1B}`, so it never starts one.
        let text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        var found = text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }.map { "raw U+" + String($0.value, radix: 16) }
        // The GitHub report's own annotations start `::error file=`; anything else at the start
        // of a line would be a workflow command from the rule file or the data.
        for line in text.split(separator: "\n") where line.hasPrefix("::") && !line.hasPrefix("::error file=") {
            found.append("forged line: \(line)")
        }
        return found
    }

    func testNoCommandWritesHostileStringsRaw() throws {
        try write("r.yaml", Self.rules)
        try write("data.jsonl", Self.data)
        try write("report.json", "{\"summary\":{\"records\":0,\"valid\":0,\"invalid\":0,\"unreadable\":0,\"violations\":0,"
                  + "\"byRule\":[],\"byField\":[]}}\n")
        var runs = 0
        for command in try OutputGuardEnumerationTests.commands() {
            let base = OutputGuardEnumerationTests.baseArguments(command)
            var variants: [[String]] = [[]]
            for option in command.arguments where option.kind == "option" && !option.allValues.isEmpty {
                guard let name = option.name, name != "--input-format", name != "--delimiter" else { continue }
                variants += option.allValues.map { [name, $0] }
            }
            for extra in variants {
                let arguments = base + extra
                let run = try Formsmith.run(arguments, directory: folder)
                runs += 1
                // What `generate` writes on standard output is the questionnaires themselves (JSON
                // escapes every control character; CSV quotes a cell holding one), not a report.
                if command.path != ["generate"] {
                    XCTAssertEqual(problems(run.stdout), [], "\(arguments.joined(separator: " ")) stdout: \(run.stdout)")
                }
                XCTAssertEqual(problems(run.stderr), [], "\(arguments.joined(separator: " ")) stderr: \(run.stderr)")
            }
        }
        XCTAssertGreaterThan(runs, 20, "the command tree was not walked")
    }
}
