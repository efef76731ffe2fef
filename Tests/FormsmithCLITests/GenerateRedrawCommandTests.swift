import Foundation
import XCTest

/// `formsmith generate` counts and says the draws it makes again that are not whole
/// questionnaires or filtered values: regex walks drawn again because their length missed the
/// field's length checks, and defects tried on a questionnaire meant to be invalid and dropped.
final class GenerateRedrawCommandTests: ScratchFolderTestCase {
    /// `x(-[a-z]+)?` has values of 1 and of 3 or more characters, none of 2: with lengths 2 to
    /// 3, a walk aimed at 2 misses and is drawn again (up to four times). Each miss is said
    /// under the field and `min-length` or `max-length`, on standard error and in the closing line.
    func testRegexWalksDrawnAgainForTheirLengthAreCounted() throws {
        let rules = try write("gap.yaml", """
            id: gap
            fields:
              code: {type: string, regex: '^x(-[a-z]+)?$', minLength: 2, maxLength: 3}
              name: {type: string, regex: '^[A-Z][a-z]{2,5}$'}
            """)
        let output = path("gap.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("formsmith: warning: generation: ") ?? false, run.stderr)
        let reasons = lines.filter { $0.hasPrefix("  ") }
        XCTAssertFalse(reasons.isEmpty, run.stderr)
        var total = 0
        for reason in reasons {
            // "  code [min-length]: 57 values redrawn"
            let parts = reason.split(separator: " ")
            XCTAssertEqual(parts.first, "code", run.stderr)
            XCTAssertTrue(parts.count == 5 && ["[min-length]:", "[max-length]:"].contains(parts[1])
                          && parts[3] == "values" && parts[4] == "redrawn", run.stderr)
            total += parts.count == 5 ? Int(parts[2]) ?? 0 : 0
        }
        XCTAssertGreaterThan(total, 20, run.stderr)
        XCTAssertEqual(lines.last, "formsmith: wrote 400 questionnaires to \(output); \(total) values redrawn")
        // Every value written keeps the rules: the binary's own validation says so.
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// A form whose fields are all free (no pattern, no bound) takes every defect it is given
    /// at the first try: nothing is dropped, and the closing line says "nothing discarded".
    /// A field that is a parent of another cannot be emptied alone (its child then breaks
    /// `parent` too): those tries are dropped and counted under the field and `required`.
    func testDefectsDroppedArePerFieldAndRule() throws {
        let rules = try write("parent.yaml", """
            id: parent
            fields:
              a: {type: string}
              b: {type: string, parent: a}
            """)
        let output = path("parent.jsonl")
        let labels = path("parent.labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "4", "--invalid-rate", "1",
                                     "--labels", labels, "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.last?.hasPrefix("formsmith: wrote 300 questionnaires to \(output), ") ?? false, run.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  a [required]: ") && $0.hasSuffix(" defects dropped") }, run.stderr)
        XCTAssertTrue(lines.last?.hasSuffix(" defects dropped") ?? false, run.stderr)
        // Only defects were dropped: the warning explains those, not filtered patterns.
        let words: [Substring] = lines.first?.split(separator: " ") ?? []
        let count: Int = words.count > 3 ? Int(words[3]) ?? 0 : 0
        XCTAssertGreaterThan(count, 0, run.stderr)
        XCTAssertEqual(lines.first, "formsmith: warning: generation: \(count) defects dropped (a defect is dropped when "
                       + "the questionnaire does not then break exactly its one rule; each questionnaire written as "
                       + "invalid carries exactly its labelled defect):")
    }
}
