import Foundation
import XCTest

/// Labelled number defects, through the binary: each leaves the field's number domain for
/// exactly its rule. The written values are checked against the rules worked out by hand (with
/// Foundation's `Decimal`, which holds 38 digits, not with Formsmith's own number type), and
/// `validate` must report exactly the labelled rule.
final class NumberDefectCommandTests: ScratchFolderTestCase {
    /// The raw number text of `key` in a generated JSON line.
    private func number(_ key: String, in line: Substring) -> String? {
        guard let range = line.range(of: "\"\(key)\":-?[0-9.]+", options: .regularExpression) else { return nil }
        return String(line[range].dropFirst(key.count + 3))
    }

    private func fractionDigits(_ text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    func testMinMaxAndFractionDigitsDefectsBreakOnlyTheirRule() throws {
        let rules = try write("rules.yaml", """
            id: defects
            fields:
              amount: {type: decimal, min: 0.5, max: 2.5, fractionDigits: 2}
              big: {type: integer, exclusiveMin: 18446744073709551616, max: 18446744073709551716}

            """)
        let output = path("defects.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "4", "--invalid-rate", "1",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("dropped"), run.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(labels.count, 300, "every questionnaire got its defect")
        var seen: [String: Int] = [:]
        let low = Decimal(string: "0.5")!, high = Decimal(string: "2.5")!
        let bigLow = Decimal(string: "18446744073709551616")!, bigHigh = Decimal(string: "18446744073709551716")!
        for label in labels {
            let index = label["index"] as! Int
            let field = label["field"] as! String, rule = label["rule"] as! String
            seen["\(field) \(rule)", default: 0] += 1
            let line = lines[index]
            // The field left alone keeps to all its rules.
            if field != "amount", let text = number("amount", in: line) {
                let value = Decimal(string: text)!
                XCTAssertTrue(value >= low && value <= high && fractionDigits(text) <= 2, String(line))
            }
            if field != "big", let text = number("big", in: line) {
                let value = Decimal(string: text)!
                XCTAssertTrue(value > bigLow && value <= bigHigh && fractionDigits(text) == 0, String(line))
            }
            switch (field, rule) {
            case ("amount", "min"), ("amount", "max"), ("amount", "fraction-digits"):
                let text = try XCTUnwrap(number("amount", in: line), String(line))
                let value = Decimal(string: text)!
                XCTAssertEqual(value < low, rule == "min", String(line))
                XCTAssertEqual(value > high, rule == "max", String(line))
                XCTAssertEqual(fractionDigits(text) > 2, rule == "fraction-digits", String(line))
            case ("big", "min"), ("big", "max"):
                let text = try XCTUnwrap(number("big", in: line), String(line))
                let value = Decimal(string: text)!
                XCTAssertEqual(value <= bigLow, rule == "min", String(line))
                XCTAssertEqual(value > bigHigh, rule == "max", String(line))
                XCTAssertFalse(text.contains("."), String(line))
            default:
                break
            }
        }
        for kind in ["amount min", "amount max", "amount fraction-digits", "big min", "big max"] {
            XCTAssertGreaterThan(seen[kind] ?? 0, 5, "\(kind) planted: \(seen)")
        }
        // The validator reports exactly the labelled field and rule for each questionnaire.
        let validate = try Formsmith.run(["validate", "--rules", rules, "--report", "json", output])
        XCTAssertEqual(validate.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        let reported = (report?["results"] as? [[String: Any]] ?? []).map { result -> String in
            let errors = (result["errors"] as? [[String: Any]] ?? []).map { "\($0["field"]!) \($0["rule"]!)" }
            return "\(errors)"
        }
        XCTAssertEqual(reported, labels.map { "[\"\($0["field"]!) \($0["rule"]!)\"]" })
    }

    func testADefectThatBreaksTwoRulesIsCountedAndSaid() throws {
        // `a` has the same lower bound twice (its own and a case that always holds): a value
        // below it breaks both, two violations, so a `min` defect is never labelled. The planter
        // plants another defect instead and says how many it dropped, per field and rule.
        let rules = try write("rules.yaml", """
            id: defects
            fields:
              k: {type: boolean, const: true}
              a:
                type: integer
                min: 0
                max: 10
                cases:
                  - when: "k == true"
                    min: 0

            """)
        let output = path("defects.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "60", "--seed", "2", "--invalid-rate", "1",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: warning: generation: "), run.stderr)
        XCTAssertNotNil(run.stderr.range(of: #"\n  a \[min\]: \d+ defects? dropped\n"#, options: .regularExpression), run.stderr)
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(labels.contains { $0.contains("\"field\":\"a\",\"rule\":\"min\"") }, "never labelled: it breaks b too")
    }
}
