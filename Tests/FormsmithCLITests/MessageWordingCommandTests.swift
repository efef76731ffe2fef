import Foundation
import XCTest

/// How messages read, through the binary: counts in the right number, predicates quoted so
/// their own quotes read unambiguously, the condition that made a field required, one problem
/// per mistake, and the real place of a bad `--seed-data` value.
final class MessageWordingCommandTests: ScratchFolderTestCase {
    func testASectionConditionNamingAnUnknownFieldIsReportedOnce() throws {
        let rules = try write("section.yaml", """
            id: section
            fields:
              kind: {type: string}
            sections:
              extra:
                visibleIf: "kidn == 'x'"
                fields:
                  a: {type: string}
                  b: {type: string, visibleIf: "kind == 'y'"}
                  c: {type: string}
            """)
        let input = try write("one.jsonl", "{\"kind\": \"x\"}\n")
        let run = try Formsmith.run(["validate", "--rules", rules, input])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, """
            \(rules):6:16: invalid 'visibleIf' of section 'extra': unknown field 'kidn' (did you mean 'kind'?)
              kidn == 'x'
              ^
            \(rules): 1 problem; the rules were not used

            """)
        // A field's own condition keeps its own problem, with a caret into its own text.
        let own = try write("own.yaml", """
            id: own
            fields:
              kind: {type: string}
            sections:
              extra:
                visibleIf: "kind == 'x'"
                fields:
                  a: {type: string, visibleIf: "kind == 'y' && knd == 'z'"}
                  b: {type: string}
            """)
        let ownRun = try Formsmith.run(["lint", "--rules", own])
        XCTAssertEqual(ownRun.status, 1, ownRun.stdout + ownRun.stderr)
        XCTAssertEqual(ownRun.stdout, """
            \(own):8:36: error[invalid-rules]: invalid 'visibleIf' of 'extra.a': unknown field 'knd' (did you mean 'kind'?)
              kind == 'y' && knd == 'z'
                             ^
            1 rule file: 1 error, 0 warnings

            """)
    }

    func testCountsOfOneAreSingular() throws {
        let rules = try write("counts.yaml", """
            id: counts
            fields:
              amount: {type: decimal, fractionDigits: 1, optional: true}
              cents: {type: decimal, fractionDigits: 2, optional: true}
              initial: {type: string, maxLength: 1, optional: true}
              code: {type: string, minLength: 2, optional: true}
              phone: {type: string, format: phone, optional: true}
            """)
        let input = try write("counts.jsonl", """
            {"amount": 1.25, "cents": 1.255, "initial": "ab", "code": "a", "phone": "+1"}

            """)
        let run = try Formsmith.run(["validate", "--report", "jsonl", "--rules", rules, input])
        XCTAssertEqual(run.status, 1, run.stderr)
        let messages = try violations(run.stdout).map { "\($0["field"]!): \($0["message"]!)" }
        XCTAssertEqual(messages, [
            "amount: must have at most 1 digit after the decimal point",
            "cents: must have at most 2 digits after the decimal point",
            "initial: must be at most 1 character long (it has 2)",
            "code: must be at least 2 characters long (it has 1)",
            "phone: must be a phone number in E.164 form such as +74951234567 (it has 1 digit, not 7 to 15)",
        ])
        // The generator's refusal of an empty range counts digits the same way.
        let empty = try write("empty.yaml", "id: empty\nfields:\n  rate: {type: decimal, fractionDigits: 1, min: 1.01, max: 1.09}\n")
        let generate = try Formsmith.run(["generate", "--rules", empty, "--count", "1", "--seed", "1"])
        XCTAssertEqual(generate.status, 2, generate.stderr)
        XCTAssertTrue(generate.stderr.contains("no number with at most 1 fraction digit lies between 1.01 and 1.09"),
                      generate.stderr)
    }

    func testPredicatesAreQuotedWithBackticksAndRequiredIfSaysItsCondition() throws {
        let rules = try write("quoted.yaml", """
            id: quoted
            fields:
              type: {type: integer}
              destInn: {type: string, optional: true}
              purpose: {type: string, optional: true, visibleIf: "$type == 2 AND $destInn BEGINSWITH '77'"}
              taxCode: {type: string, requiredIf: "type == 3"}
              plain: {type: string, optional: true}
            sections:
              tax:
                requiredIf: "$type == 4"
                fields:
                  period: {type: string}
            """)
        let input = try write("quoted.jsonl", """
            {"type": 2, "destInn": "12", "purpose": "налог"}
            {"type": 3}
            {"type": 4}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, input])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("""
              purpose: must be empty: it is hidden because `$type == 2 AND $destInn BEGINSWITH '77'` is false \
            [visibility] (value "налог")
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("  taxCode: is required because `type == 3` is true [required]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
              tax.period: is required because section 'tax' is required: `$type == 4` is true [required]
            """), run.stdout)
        // A field required without a condition says no more than that.
        let plain = try Formsmith.run(["validate", "--rules", rules, "-"], input: "{\"type\": 1, \"taxCode\": \"\"}\n{}\n")
        XCTAssertEqual(plain.status, 1, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("-:2\n  type: is required [required]\n"), plain.stdout)

        // Lint and explain quote predicates the same way.
        let lint = try Formsmith.run(["lint", "--rules", try write("unreachable.yaml", """
            id: unreachable
            fields:
              kind: {type: enum, values: [a, b]}
              x: {type: string, visibleIf: "kind == 'c'"}
            """)])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.stdout.contains("its visibleIf `kind == 'c'` is false for every questionnaire"), lint.stdout)
        let explain = try Formsmith.run(["explain", "--rules", rules, "purpose"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("only when `$type == 2 AND $destInn BEGINSWITH '77'` holds"), explain.stdout)
    }

    func testABadSeedDataValueIsReportedWhereItIsWritten() throws {
        let rules = try write("seeded.yaml", """
            id: seeded
            fields:
              name: {type: string, regex: '^[A-Z][a-z]+$'}
              age: {type: integer, min: 18}
              owner: {type: section, fields: {phone: {type: string, mask: '000'}}}
            """)
        try write("names.txt", "Anna\n   bob\n\tCarl\n")
        try write("records.jsonl", "{\"name\": \"Olga\", \"age\": 12, \"owner\": {\"phone\": \"12\"}}\n")
        let seed = try write("seed.yaml", "fields:\n  name: names.txt\nrecords: records.jsonl\n")
        let run = try Formsmith.run(["generate", "--rules", rules, "--seed-data", seed, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // Columns counted by hand: 'bob' after three spaces; 12 and "12" after their members' names.
        XCTAssertEqual(run.stderr, """
            \(path("names.txt")):2:4: warning: 'bob' breaks the rule regex of 'name' (does not match the pattern \
            ^[A-Z][a-z]+$); not used
            \(path("records.jsonl")):1:25: warning: 12 breaks the rule min of 'age' (must be at least 18); not used
            \(path("records.jsonl")):1:48: warning: "12" breaks the rule mask of 'owner.phone' (does not fit the mask \
            '000'); not used

            """)
        // A record that is not JSON: the column of the mistake.
        try write("records.jsonl", "  {\"name\": \"Ivan\",, \"age\": 30}\n")
        let broken = try Formsmith.run(["generate", "--rules", rules, "--seed-data", seed, "--count", "1"])
        XCTAssertEqual(broken.status, 2, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("\(path("records.jsonl")):1:19: the record is not valid JSON: "),
                      broken.stderr)
    }

    private func violations(_ jsonLines: String) throws -> [[String: Any]] {
        try jsonLines.split(separator: "\n").flatMap { line -> [[String: Any]] in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return record?["errors"] as? [[String: Any]] ?? []
        }
    }
}
