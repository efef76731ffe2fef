import Foundation
import XCTest

/// Issue 31, items 3 and 8: work is bounded before it is done. The covering tuple space is
/// counted before it is allocated (200 enums of 50 values asked for 164 GB and aborted), and
/// the YAML alias limit counts the scalar text aliases expand to, not only their nodes.
final class SafeBoundsCommandTests: ScratchFolderTestCase {
    /// A rule file of `count` enum fields of `values` values each.
    private func enums(_ count: Int, values: Int) -> String {
        var text = "id: wide\nfields:\n"
        for field in 0..<count {
            text += "  f\(field): {type: enum, values: [" + (0..<values).map { "v\($0)" }.joined(separator: ", ") + "]}\n"
        }
        return text
    }

    func testATupleSpacePastTheLimitIsRefusedWithItsCountBeforeAllocating() throws {
        try write("wide.yaml", enums(200, values: 50))
        let run = try Formsmith.run(["generate", "--rules", "wide.yaml", "--cover", "triples", "--seed", "1",
                                     "--output", "out.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        // C(200, 3) * 50^3 = 1,313,400 * 125,000; pairs, C(200, 2) * 50^2 = 49,750,000, are past the
        // limit too, so the advice is each (200 * 50 values).
        XCTAssertTrue(run.stderr.contains("the rules' 200 factors make 164,175,000,000 triples to cover, more than the "
                                          + "limit of 2,000,000"), run.stderr)
        XCTAssertTrue(run.stderr.contains("use --cover each (10,000 values), or fewer factors"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.jsonl")))
    }

    func testCoverageRefusesTooManyTriplesAndSuggestsPairs() throws {
        try write("wide.yaml", enums(30, values: 10))
        try write("set.jsonl", "{}\n")
        let run = try Formsmith.run(["coverage", "--rules", "wide.yaml", "--cover", "triples", "set.jsonl"], directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        // C(30, 3) * 10^3 = 4,060 * 1,000; C(30, 2) * 10^2 = 435 * 100.
        XCTAssertTrue(run.stderr.contains("the rules' 30 factors make 4,060,000 triples to cover"), run.stderr)
        XCTAssertTrue(run.stderr.contains("use --cover pairs (43,500 tuples), or fewer factors"), run.stderr)
    }

    func testAliasesOfALargeScalarAreCountedByTheTextTheyExpandTo() throws {
        // One 1 MiB scalar, anchored once and aliased 100 times: 102 nodes, 101 MiB of text.
        var text = "id: t\nfields:\n  - &big \"" + String(repeating: "a", count: 1 << 20) + "\"\n"
        for _ in 0..<100 { text += "  - *big\n" }
        try write("big.yaml", text)
        let run = try Formsmith.run(["lint", "--rules", "big.yaml"], directory: folder)
        XCTAssertNotEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("the YAML expands to more than 64 MiB of scalar text through its aliases"),
                      run.stdout + run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", "big.yaml", "-"], input: "{}\n", directory: folder)
        XCTAssertEqual(validate.status, 2, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("big.yaml:"), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("64 MiB of scalar text"), validate.stderr)
    }
}
