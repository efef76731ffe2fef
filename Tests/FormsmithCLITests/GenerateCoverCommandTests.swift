import Foundation
import XCTest

/// `formsmith generate --cover` and `formsmith coverage` (issue 23), through the binary:
/// tuple counts worked out by hand, every written questionnaire validated, impossible pairs
/// named with their rule, the same bytes for a seed.
final class GenerateCoverCommandTests: ScratchFolderTestCase {
    private static let threeEnums = """
        id: three-enums
        fields:
          a: {type: enum, values: [a1, a2]}
          b: {type: enum, values: [b1, b2, b3]}
          c: {type: enum, values: [c1, c2, c3]}
        """

    private func cover(_ rules: String, _ strength: String, seed: String = "4", name: String) throws
        -> (run: Formsmith.Output, report: [String: Any], output: String)
    {
        let output = path(name + ".jsonl")
        let report = path(name + ".report.json")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", strength, "--seed", seed,
                                     "--output", output, "--coverage-report", report])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        return (run, object ?? [:], output)
    }

    private func assertValid(_ rules: String, _ output: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout, file: file, line: line)
        XCTAssertTrue(validate.stdout.contains("\(count) questionnaires: \(count) valid, 0 invalid"), validate.stdout,
                      file: file, line: line)
    }

    /// Three enums of 2, 3 and 3 values, all required: by hand, 2+3+3 = 8 values; 2·3 + 2·3 +
    /// 3·3 = 21 pairs, at least 9 questionnaires (b × c); 2·3·3 = 18 triples, 18 questionnaires.
    func testThreeEnumsGiveTheHandCountedTuples() throws {
        let rules = try write("three.yaml", Self.threeEnums)
        let expected: [(String, Int, ClosedRange<Int>)] = [("each", 8, 3...3), ("pairs", 21, 9...10), ("triples", 18, 18...18)]
        for (strength, tuples, sizes) in expected {
            let (run, report, output) = try cover(rules, strength, name: strength)
            XCTAssertEqual(report["required"] as? Int, tuples, strength)
            XCTAssertEqual(report["covered"] as? Int, tuples, strength)
            XCTAssertEqual(report["impossible"] as? Int, 0, strength)
            XCTAssertEqual(report["notFound"] as? Int, 0, strength)
            let count = report["questionnaires"] as? Int ?? -1
            XCTAssertTrue(sizes.contains(count), "\(strength): \(count) questionnaires, expected \(sizes)")
            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(lines.count, count)
            // Recount the pairs from the questionnaires themselves.
            if strength == "pairs" {
                let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] ?? [:] }
                var pairs = Set<String>()
                for object in objects {
                    for (x, y) in [("a", "b"), ("a", "c"), ("b", "c")] { pairs.insert("\(object[x] ?? "")/\(object[y] ?? "")") }
                }
                XCTAssertEqual(pairs.count, 21, "\(pairs.sorted())")
            }
            XCTAssertTrue(run.stderr.contains("3 factors, \(tuples) "), run.stderr)
            try assertValid(rules, output, count: count)
        }
    }

    /// A field shown only for companies: kind × size has 6 pairs of which 3 are impossible
    /// (person with a size, company without one); kind × condition 4 (2 impossible), size ×
    /// condition 6 (3 impossible): 16 pairs, 8 impossible, each with the rule named.
    func testImpossiblePairsAreProvedAndNamed() throws {
        let rules = try write("company.yaml", """
            id: company
            fields:
              kind: {type: enum, values: [person, company]}
              size: {type: enum, values: [small, large], visibleIf: "kind == 'company'"}
            """)
        let (run, report, output) = try cover(rules, "pairs", name: "company")
        XCTAssertEqual(report["required"] as? Int, 16)
        XCTAssertEqual(report["impossible"] as? Int, 8)
        XCTAssertEqual(report["covered"] as? Int, 8)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        let impossible = report["impossibleTuples"] as? [[String: Any]] ?? []
        let personSmall = impossible.first { entry in
            let tuple = entry["tuple"] as? [[String: String]] ?? []
            return tuple == [["factor": "kind", "value": "person"], ["factor": "size", "value": "small"]]
        }
        XCTAssertEqual(personSmall?["rule"] as? String, "visibleIf of size: 'kind == 'company''", "\(impossible)")
        XCTAssertTrue(run.stderr.contains("impossible: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("8 impossible, 0 not found"), run.stderr)
        try assertValid(rules, output, count: report["questionnaires"] as? Int ?? -1)
    }

    /// The same seed gives the same questionnaires and report, byte for byte.
    func testCoveringSetIsDeterministicForASeed() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/cover/nested-groups.yaml"
        let first = try cover(rules, "pairs", seed: "11", name: "first")
        let second = try cover(rules, "pairs", seed: "11", name: "second")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first.output)),
                       try Data(contentsOf: URL(fileURLWithPath: second.output)))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("first.report.json"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("second.report.json"))))
    }

    /// Lists inside lists, a complete optional section and predicates: every questionnaire
    /// validates, every pair is covered or proved impossible, and `formsmith coverage` reads
    /// the same coverage back from the written file.
    func testNestedFormIsCoveredAndCoverageReadsItBack() throws {
        let rules = "Tests/FormsmithCLITests/Fixtures/cover/nested-groups.yaml"
        let (_, report, output) = try cover(rules, "pairs", name: "nested")
        let count = report["questionnaires"] as? Int ?? -1
        try assertValid(rules, output, count: count)
        XCTAssertEqual(report["notFound"] as? Int, 0)
        let factors = (report["factors"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(factors.contains("drivers[].documents[].type"), "\(factors)")
        XCTAssertTrue(factors.contains("section contact"), "\(factors)")
        let measured = path("measured.json")
        let coverage = try Formsmith.run(["coverage", "--rules", rules, "--coverage-report", measured, output])
        XCTAssertEqual(coverage.status, 0, coverage.stderr)
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: measured))) as? [String: Any]
        XCTAssertEqual(again?["covered"] as? Int, report["covered"] as? Int)
        XCTAssertEqual(again?["impossible"] as? Int, report["impossible"] as? Int)
        // 18: the first `when:` of documents[].number and the visibleIf of documents[].issuer
        // have the same text in the same items, so they are one condition factor.
        XCTAssertTrue(coverage.stdout.hasPrefix("coverage pairs: 18 factors, "), coverage.stdout)
    }

    /// PICT's seeding: `--seed-data` records are the first questionnaires, as they are, and
    /// covering starts from the pairs they hold (still 21 in all).
    func testSeedDataRecordsAreKeptFirst() throws {
        let rules = try write("three.yaml", Self.threeEnums)
        _ = try write("records.jsonl", "{\"a\": \"a2\", \"b\": \"b3\", \"c\": \"c1\"}\n{\"a\": \"a1\", \"b\": \"b1\", \"c\": \"c3\"}\n")
        let seeds = try write("seeds.yaml", "records: records.jsonl\n")
        let output = path("seeded.jsonl")
        let report = path("seeded.json")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "pairs", "--seed", "2", "--seed-data", seeds,
                                     "--output", output, "--coverage-report", report])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("(2 kept from seed data)"), run.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] ?? [:]
        }
        XCTAssertEqual(lines.first, ["a": "a2", "b": "b3", "c": "c1"])
        XCTAssertEqual(lines.dropFirst().first, ["a": "a1", "b": "b1", "c": "c3"])
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        XCTAssertEqual(object?["kept"] as? Int, 2)
        XCTAssertEqual(object?["covered"] as? Int, 21)
        try assertValid(rules, output, count: lines.count)
    }

    /// `--invalid` plants several defects in copies of one base; each copy gets the id the
    /// generator gives the questionnaire at its position (TE-0000005 on line 5), as the valid
    /// ones have, so no two lines share an id (but a line whose defect is on `id` itself).
    func testInvalidQuestionnairesHaveTheirOwnIds() throws {
        let rules = try write("two.yaml", """
            id: two-enums
            fields:
              id: {type: string}
              a: {type: enum, values: [a1, a2]}
              b: {type: enum, values: [b1, b2]}
              name: {type: string, maxLength: 5}
            """)
        let output = path("ids.jsonl")
        let labelsPath = path("ids.labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "pairs", "--invalid", "--seed", "3",
                                     "--output", output, "--labels", labelsPath])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let ids = try lines.map { (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String }
        let labels = try String(contentsOfFile: labelsPath, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        // 2 × 2 pairs: 4 valid questionnaires, then more invalid ones than bases.
        XCTAssertGreaterThan(labels.count, 4, run.stderr)
        XCTAssertEqual(lines.count, 4 + labels.count)
        let onID = Set(labels.filter { $0["field"] as? String == "id" }.compactMap { $0["line"] as? Int })
        for (index, id) in ids.enumerated() where !onID.contains(index + 1) {
            XCTAssertEqual(id, String(format: "TE-%07d", index + 1), "line \(index + 1)")
        }
        for label in labels {
            let line = label["line"] as? Int ?? 0
            XCTAssertEqual(label["id"] as? String, line > 0 && line <= ids.count ? ids[line - 1] : "no such line", "\(label)")
        }
    }

    /// A `cases` condition's factor is named by its text (a tab in it escaped as `\u{9}`), and a
    /// case with the text of a `visibleIf` is that one factor: by hand, `kind`, `note` (filled
    /// or absent), then the two `when:` of `code` in order; none named by its position.
    func testCasesConditionsAreNamedByTheirText() throws {
        let rules = try write("cased.yaml", """
            id: cased
            fields:
              kind: {type: enum, values: [person, company]}
              code:
                type: string
                cases:
                  - when: "kind ==\\t'company'"
                    regex: "^[0-9]{10}$"
                  - when: kind == 'person'
                    regex: "^[0-9]{12}$"
              note:
                type: string
                visibleIf: kind == 'person'
            """)
        let (run, report, output) = try cover(rules, "pairs", name: "cased")
        let names = (report["factors"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        XCTAssertEqual(names, ["kind", "note", "if kind ==\\u{9}'company'", "if kind == 'person'"])
        XCTAssertFalse(run.stderr.contains("case 1"), run.stderr)
        XCTAssertTrue(run.stderr.contains("the condition 'kind ==\\u{9}'company''"), run.stderr)
        try assertValid(rules, output, count: report["questionnaires"] as? Int ?? -1)
    }

    func testCoverRefusesCount() throws {
        let rules = try write("three.yaml", Self.threeEnums)
        let run = try Formsmith.run(["generate", "--rules", rules, "--cover", "pairs", "--count", "3"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("leave out --count"), run.stderr)
    }
}
