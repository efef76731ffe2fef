import Foundation
import XCTest

/// A number with more than 64 values that the solver settles is drawn uniformly among the values
/// the assertion allows, not taken from the solver's model (issue 30, item 2): with
/// `a + 500 <= b` (both 0…1000), `a` came out 0 in 1,009 of 2,000 questionnaires.
///
/// The distributions are worked out by hand. Fields are filled in the order they are listed.
/// - `a` first: a drawn `a` ≤ 500 stays (b can still be ≥ a + 500), one above is settled
///   uniformly in 0…500; so `a` is uniform in 0…500 (mean 250, sd 144.6, standard error over
///   2,000 = 3.2). Then `b` is uniform in a+500…1000 (kept when drawn there, settled there
///   otherwise): mean 750 + E[a]/2 = 875 (sd ≈ 110, standard error 2.5).
/// - `b` first: likewise `b` is uniform in 500…1000 (mean 750, standard error 3.2), and `a`,
///   given `b`, uniform in 0…b−500: mean E[(b−500)/2] = 125 (sd ≈ 110, standard error 2.5).
/// Tolerances are about five standard errors; `a = 0` has a share of 1/501 (0.2%) in the first
/// case, so below 2% with room.
final class SettledUniformCommandTests: ScratchFolderTestCase {
    private func records(_ rules: String, name: String, count: Int = 2000) throws -> (Formsmith.Output, [[String: Any]]) {
        let file = try write(name + ".yaml", rules)
        let output = path(name + ".jsonl")
        let run = try Formsmith.run(["generate", "--rules", file, "--count", String(count), "--seed", "1", "--output", output])
        let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (run, objects)
    }

    private func checkRun(_ run: Formsmith.Output, count: Int) {
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("; nothing discarded\n"), run.stderr)
        // Every settled value was drawn uniformly: none taken from the solver's model.
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        XCTAssertFalse(run.stderr.contains("taken from the solver's model"), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "settled by the solver").count - 1, 2, run.stderr)
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// The integers `a` and `b` of 2,000 questionnaires generated from `rules` under
    /// `a + 500 <= b`, after ``checkRun(_:count:)``, with the assertion checked in each.
    private func settledPair(_ rules: String, name: String) throws -> (a: [Int], b: [Int]) {
        let (run, objects) = try records(rules, name: name)
        checkRun(run, count: 2000)
        XCTAssertEqual(objects.count, 2000)
        let a = try objects.map { try XCTUnwrap($0["a"] as? Int) }
        let b = try objects.map { try XCTUnwrap($0["b"] as? Int) }
        for (x, y) in zip(a, b) { XCTAssertLessThanOrEqual(x + 500, y) }
        return (a, b)
    }

    func testASettledIntegerIsUniformAmongTheValuesTheAssertionAllows() throws {
        let (a, b) = try settledPair("""
            id: sk
            fields:
              a: {type: integer, min: 0, max: 1000}
              b: {type: integer, min: 0, max: 1000}
            assert:
              - that: "a + 500 <= b"
            """, name: "sk")
        XCTAssertLessThan(a.filter { $0 == 0 }.count, 40, "a = 0 in 2% or more")
        XCTAssertGreaterThanOrEqual(Set(a).count, 400)
        XCTAssertEqual(Self.mean(a.map(Double.init)), 250, accuracy: 15)
        XCTAssertEqual(Self.mean(b.map(Double.init)), 875, accuracy: 13)
    }

    func testASettledLaterIntegerIsUniformUpToWhatTheEarlierOneLeaves() throws {
        let (a, b) = try settledPair("""
            id: ks
            fields:
              b: {type: integer, min: 0, max: 1000}
              a: {type: integer, min: 0, max: 1000}
            assert:
              - that: "a + 500 <= b"
            """, name: "ks")
        XCTAssertEqual(Self.mean(b.map(Double.init)), 750, accuracy: 16)
        XCTAssertEqual(Self.mean(a.map(Double.init)), 125, accuracy: 13)
        // The model's answer (a = 0) had half the questionnaires; here a = 0 has a share of
        // E[1/(b−499)] = H(501)/501 ≈ 1.4% (27 of 2,000).
        XCTAssertLessThan(a.filter { $0 == 0 }.count, 60)
    }

    func testASettledDecimalIsUniformOnItsGrid() throws {
        // As the first case on the grid of hundredths: `a` uniform in 0.00…5.00 (501 steps),
        // mean 2.5, standard error 1.443 / √2000 = 0.032.
        let (run, objects) = try records("""
            id: dk
            fields:
              a: {type: decimal, fractionDigits: 2, min: 0, max: 10}
              b: {type: decimal, fractionDigits: 2, min: 0, max: 10}
            assert:
              - that: "a + 5 <= b"
            """, name: "dk")
        checkRun(run, count: 2000)
        let a = try objects.map { try XCTUnwrap(($0["a"] as? NSNumber)?.doubleValue) }
        XCTAssertEqual(Self.mean(a), 2.5, accuracy: 0.16)
        XCTAssertLessThan(a.filter { $0 == 0 }.count, 40)
        XCTAssertGreaterThanOrEqual(Set(a).count, 400)
        XCTAssertTrue(a.allSatisfy { $0 <= 5 })
    }

    func testAnIntegerWithoutBoundsIsSettledWithinTheWindowItsGeneratorDrawsFrom() throws {
        // `c` has no bounds, so its generator draws in 0…1000; the assertion leaves (−∞, n−1],
        // with no lower end to draw from, so the draw is within 0…n−1 (the generator's window),
        // as a drawn `c` below `n` is kept: `c` given `n` is uniform in 0…n−1, and with `n`
        // uniform in 1…1000 its mean is E[(n−1)/2] = 249.75 (sd ≈ 220, standard error 4.9).
        let (run, objects) = try records("""
            id: cn
            fields:
              n: {type: integer, min: 1, max: 1000}
              c: {type: integer}
            assert:
              - that: "c < n"
            """, name: "cn")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\n  c [assert]: "), run.stderr)
        let n = try objects.map { try XCTUnwrap($0["n"] as? Int) }
        let c = try objects.map { try XCTUnwrap($0["c"] as? Int) }
        for (x, y) in zip(c, n) { XCTAssertTrue((0..<y).contains(x), "c = \(x), n = \(y)") }
        XCTAssertEqual(Self.mean(c.map(Double.init)), 249.75, accuracy: 25)
    }
}
