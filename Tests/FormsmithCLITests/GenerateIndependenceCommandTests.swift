import Foundation
import XCTest

/// Switches and enums that no rule ties together are generated independently, while each
/// still takes every one of its values early (the even-numbered records go through them).
/// Every field here is required and read by nothing, so each value has share 1/n alone and
/// each combination of values the product of the shares; the tolerances are worked out by
/// hand from the binomial (five standard deviations, so the tests cannot flake), never by
/// running the generator against its own checker.
final class GenerateIndependenceCommandTests: ScratchFolderTestCase {
    /// Two two-valued fields (`kind`, `on`), a third (`flag`) and a four-valued enum (`size`),
    /// none reading another. Before, their cycles on even records moved in step: `on` was true
    /// in 76% of the questionnaires with `kind: a` and 23% with `kind: b`.
    static let unrelated = """
        id: independent
        fields:
          kind: {type: enum, values: [a, b]}
          on: {type: boolean}
          flag: {type: boolean}
          size: {type: enum, values: [s, m, l, xl]}
        """

    /// The questionnaires written for `count` and `seed`, as dictionaries in output order.
    private func generate(count: Int, seed: Int, name: String = "unrelated") throws -> [[String: Any]] {
        let rules = try write("\(name).yaml", Self.unrelated)
        let output = path("\(name)-\(seed).jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", String(count), "--seed", String(seed),
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote \(count) questionnaires to \(output); nothing discarded\n")
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// A field's value written out (`true`, `a`).
    private func text(_ record: [String: Any], _ field: String) -> String {
        switch record[field] {
        case let flag as Bool: return flag ? "true" : "false"
        case let value as String: return value
        default: return "missing"
        }
    }

    /// Counts the combinations of `fields` over `records` and checks each of the `cells`
    /// expected combinations within five binomial standard deviations of `n·p`.
    private func assertIndependent(_ records: [[String: Any]], _ fields: [String], cells: [[String]],
                                   file: StaticString = #filePath, line: UInt = #line) {
        var counts: [String: Int] = [:]
        for record in records { counts[fields.map { text(record, $0) }.joined(separator: ","), default: 0] += 1 }
        let n = Double(records.count)
        let p = 1.0 / Double(cells.count)
        let tolerance = 5 * (n * p * (1 - p)).squareRoot()
        XCTAssertEqual(counts.count, cells.count, "\(counts)", file: file, line: line)
        for cell in cells {
            let count = Double(counts[cell.joined(separator: ","), default: 0])
            XCTAssertLessThanOrEqual(abs(count - n * p), tolerance,
                                     "\(fields) = \(cell): \(Int(count)) of \(Int(n)), expected \(n * p) ± \(tolerance)",
                                     file: file, line: line)
        }
    }

    /// Every combination of `lists`' values, in order.
    private func product(_ lists: [[String]]) -> [[String]] {
        lists.reduce([[]]) { partial, values in partial.flatMap { prefix in values.map { prefix + [$0] } } }
    }

    /// Two fields of two values each: each of the four pairs has share 1/4, so in 2,000
    /// questionnaires 500 ± 97 (σ = √(2000·¼·¾) = 19.4). Before the fix `kind: a, on: true`
    /// (or its opposite) held in about 750: every even record had the pair in step.
    func testTwoUnrelatedTwoValuedFieldsAreIndependent() throws {
        let records = try generate(count: 2000, seed: 7)
        XCTAssertEqual(records.count, 2000)
        assertIndependent(records, ["kind", "on"], cells: product([["a", "b"], ["false", "true"]]))
        assertIndependent(records, ["on", "flag"], cells: product([["false", "true"], ["false", "true"]]))
    }

    /// Three two-valued fields: each of the eight triples has share 1/8, so 250 ± 74
    /// (σ = √(2000·⅛·⅞) = 14.8); before, two triples took about 625 each and the rest 125.
    func testThreeUnrelatedTwoValuedFieldsAreIndependent() throws {
        let records = try generate(count: 2000, seed: 11)
        assertIndependent(records, ["kind", "on", "flag"],
                          cells: product([["a", "b"], ["false", "true"], ["false", "true"]]))
    }

    /// A two-valued and a four-valued field: eight pairs of share 1/8 each, 250 ± 74; before,
    /// on even records the size decided the kind (both cycles one step a record), so four of
    /// the pairs were 125 and four 375.
    func testFieldsWithDifferentValueCountsAreIndependent() throws {
        let records = try generate(count: 2000, seed: 3)
        assertIndependent(records, ["kind", "size"], cells: product([["a", "b"], ["s", "m", "l", "xl"]]))
        assertIndependent(records, ["on", "size"], cells: product([["false", "true"], ["s", "m", "l", "xl"]]))
    }

    /// What the cycle is for: whatever the seed, each run of `n` even-numbered records
    /// (records 0, 2, …, 2n − 2, then the next n) holds every value of an n-valued field once,
    /// so a small batch shows every value. Checked for the four-valued `size` (runs of 4) and
    /// the switches and `kind` (runs of 2) over 24 questionnaires, for 20 seeds.
    func testEveryRunOfEvenRecordsTakesEachValueOnce() throws {
        for seed in 1...20 {
            let records = try generate(count: 24, seed: seed, name: "cycle")
            XCTAssertEqual(records.count, 24)
            let even = stride(from: 0, to: 24, by: 2).map { records[$0] }
            for (field, values) in [("size", ["s", "m", "l", "xl"]), ("kind", ["a", "b"]), ("on", ["false", "true"]),
                                    ("flag", ["false", "true"])] {
                for run in stride(from: 0, to: even.count, by: values.count) {
                    let taken = even[run..<(run + values.count)].map { text($0, field) }
                    XCTAssertEqual(taken.sorted(), values.sorted(), "seed \(seed), \(field), even records from \(2 * run)")
                }
            }
        }
    }

    /// The same seed gives the same questionnaires; another seed other orders of the cycles
    /// (of 20 seeds, the first four `size` values on even records are not all the same).
    func testTheCyclesAreDeterministicForASeed() throws {
        let first = try generate(count: 16, seed: 5, name: "again").map { text($0, "size") + text($0, "kind") }
        let second = try generate(count: 16, seed: 5, name: "again").map { text($0, "size") + text($0, "kind") }
        XCTAssertEqual(first, second)
        var orders = Set<[String]>()
        for seed in 1...20 {
            let records = try generate(count: 8, seed: seed, name: "orders")
            orders.insert(stride(from: 0, to: 8, by: 2).map { text(records[$0], "size") })
        }
        XCTAssertGreaterThan(orders.count, 1, "\(orders)")
    }
}
