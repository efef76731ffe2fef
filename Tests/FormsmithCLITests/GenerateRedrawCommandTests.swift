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
    /// A field that is the parent of an always-required field cannot be emptied alone (its
    /// child then breaks `parent` too), nor can the child's parent be emptied without
    /// breaking `required`: both are listed as not plantable, with the reason, and not tried
    /// (they were tried and dropped, 2 in 10 questionnaires).
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
        XCTAssertEqual(Array(lines.prefix(3)), [
            "formsmith: note: 2 defects cannot be planted alone in any questionnaire of these rules, so no invalid "
                + "questionnaire carries them:",
            "  a [required]: 'b' is always required and names it as its parent, so a questionnaire with it empty breaks "
                + "that field's `parent` too",
            "  b [parent]: its parent 'a' is always required, so a questionnaire with the parent empty breaks `required` too",
        ], run.stderr)
        XCTAssertEqual(lines.count, 4, run.stderr)
        XCTAssertTrue(lines.last?.hasSuffix(", 300 invalid (labels in \(labels)); nothing discarded; 2 defects not "
                                            + "plantable alone (listed above)") ?? false, run.stderr)
        // Every questionnaire carries one of the defects that can be planted (b missing, a type,
        // a field too many), never the two that cannot.
        let labelText = try String(contentsOfFile: labels, encoding: .utf8)
        XCTAssertFalse(labelText.contains(#""rule":"parent""#) || labelText.contains(#""field":"a","rule":"required""#),
                       labelText)
        XCTAssertTrue(labelText.contains(#""field":"b","rule":"required""#), labelText)
        XCTAssertEqual(labelText.split(separator: "\n").count, 300)
    }

    /// `code CONTAINS[c] 'B'` with `maxLength: 3`: half the codes are drawn to make the
    /// condition true, from `.*[bB].*` within 3 characters; a walk that spent its 3 characters
    /// before the `b` missed `maxLength` and was drawn again (6 of 400 before). Now the walk
    /// takes only steps that leave room for the end: nothing is redrawn, and about half the
    /// codes (200 of 400, ±60) hold a `b` or `B`.
    func testAConditionOnTextIsMetWithinTheFieldsLength() throws {
        let rules = try write("contains.yaml", """
            id: contains
            fields:
              code: {type: string, maxLength: 3}
              note: {type: string, maxLength: 5, optional: true, visibleIf: "code CONTAINS[c] 'B'"}
            """)
        let output = path("contains.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 400 questionnaires to \(output); nothing discarded\n")
        let codes = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["code"] as? String)
        }
        XCTAssertEqual(codes.count, 400)
        XCTAssertEqual(codes.filter { $0.unicodeScalars.count > 3 }, [])
        XCTAssertTrue((140...260).contains(codes.filter { $0.lowercased().contains("b") }.count), "\(codes)")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// `checksum: iban` with `regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'` (the random forms'
    /// IBAN): the regex allows 15 to 34 characters, IBAN countries only some of those lengths,
    /// and a walk of the regex alone drew lengths no country has (54 of 400 drawn again). The
    /// regex is now drawn together with IBAN's shape: nothing is redrawn, and the values are
    /// of more than one length (the shape offers eight).
    func testAnIbanWithAWideRegexIsDrawnAtLengthsCountriesHave() throws {
        let rules = try write("iban.yaml", """
            id: iban
            fields:
              account: {type: text, checksum: iban, regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'}
            """)
        let output = path("iban.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 400 questionnaires to \(output); nothing discarded\n")
        let lengths = Set(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["account"] as? String).count
        })
        XCTAssertGreaterThan(lengths.count, 1, "\(lengths)")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// `code == 'ab'` with `minLength: 3`: no value of `code` makes it true, yet half the codes
    /// were drawn as `ab` and then drawn again (103 of 400 redrawn). A condition whose values all
    /// miss the field's lengths is no longer aimed at; it is said, as for any condition the
    /// field's checks rule out, and `CONTAINS 'x'` beside it is still made true (about half the
    /// codes, ±50 on 400).
    func testAConditionNoValueOfTheFieldsLengthMeetsIsSaidNotDrawn() throws {
        let rules = try write("equal.yaml", """
            id: equal
            fields:
              code: {type: string, minLength: 3, maxLength: 7}
              note: {type: string, maxLength: 5, optional: true, visibleIf: "code == 'ab' OR code CONTAINS 'x'"}
            """)
        let output = path("equal.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, """
            formsmith: warning: 'code' is never generated so that "== 'ab'" holds: its own checks leave no such value the \
            generator can draw, so that side of the predicate is not covered
            formsmith: wrote 400 questionnaires to \(output); nothing discarded

            """)
        let codes = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["code"] as? String)
        }
        XCTAssertEqual(codes.filter { $0 == "ab" }, [])
        XCTAssertGreaterThanOrEqual(codes.filter { $0.contains("x") }.count, 150)
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }

    /// `code ENDSWITH '3'` with `minLength: 2`: a walk through `.*3` that took the `3` first
    /// ended at one character, under `minLength`, and was drawn again. The walk now takes only
    /// steps from which it can still end within the field's lengths: nothing is redrawn, and
    /// about half the codes (200 of 400, ±60) end in `3`.
    func testAConditionOnTextIsMetAtTheFieldsShortestLength() throws {
        let rules = try write("ends.yaml", """
            id: ends
            fields:
              code: {type: text, minLength: 2, maxLength: 3}
              note: {type: string, maxLength: 5, optional: true, visibleIf: "code ENDSWITH '3'"}
            """)
        let output = path("ends.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "3", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 400 questionnaires to \(output); nothing discarded\n")
        let codes = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["code"] as? String)
        }
        XCTAssertEqual(codes.filter { !(2...3).contains($0.unicodeScalars.count) }, [])
        XCTAssertTrue((140...260).contains(codes.filter { $0.hasSuffix("3") }.count), "\(codes)")
        let validate = try Formsmith.run(["validate", "--rules", rules, "--quiet", output])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
    }
}
