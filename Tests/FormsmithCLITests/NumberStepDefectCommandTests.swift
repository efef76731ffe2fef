import Foundation
import XCTest

/// `multipleOf` with `min`/`max`/`fractionDigits`, through the binary: each labelled defect
/// breaks exactly its rule (a range defect stays on the step, a step defect inside the range and
/// the digits, a digits defect on the step), and a stepped domain past 2^63 is sampled,
/// bounded and refused exactly. Expected values are worked out by hand in the comments and
/// checked on the written text with integer arithmetic, not with Formsmith's number type.
final class NumberStepDefectCommandTests: ScratchFolderTestCase {
    /// The raw number text of `key` in a generated JSON line.
    private func number(_ key: String, in line: Substring) -> String? {
        guard let range = line.range(of: "\"\(key)\":-?[0-9.]+", options: .regularExpression) else { return nil }
        return String(line[range].dropFirst(key.count + 3))
    }

    /// `text` (at most three digits after the point) in thousandths, and its digits after the point.
    private func thousandths(_ text: String) throws -> (value: Int, digits: Int) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = try XCTUnwrap(Int(parts[0]), text)
        guard parts.count == 2 else { return (whole * 1000, 0) }
        XCTAssertLessThanOrEqual(parts[1].count, 3, text)
        let fraction = try XCTUnwrap(Int(String(parts[1]).padding(toLength: 3, withPad: "0", startingAt: 0)), text)
        return (whole * 1000 + (text.hasPrefix("-") ? -fraction : fraction), parts[1].count)
    }

    func testEachDefectBreaksOnlyItsRuleWithAStep() throws {
        // sum: the multiples of 1000 in 1001...99999 are 2000...99000. min defect: 1000 (the
        //   multiple below 2000), max defect: 100000, multiple-of defect: a value ± 1.
        // rate: multiples of 0.005 with 2 digits are the hundredths in 1...2. min: 0.99, max:
        //   2.01; fraction-digits: a value ± 0.005 (3 digits, still a multiple of 0.005, in
        //   1...2); no multiple-of defect exists (every hundredth is a multiple of 0.005).
        // price: multiples of 0.25 in (0, 2.5], written with 3 digits. min: 0.000, max: 2.750;
        //   multiple-of: a value ± 0.001; no fraction-digits defect exists (every multiple of
        //   0.25 has 2 digits at most).
        let rules = try write("rules.yaml", """
            id: steps
            fields:
              sum: {type: integer, min: 1001, max: 99999, multipleOf: 1000}
              rate: {type: decimal, min: 1, max: 2, multipleOf: 0.005, fractionDigits: 2}
              price: {type: decimal, exclusiveMin: 0, max: 2.5, multipleOf: 0.25, fractionDigits: 3}

            """)
        let output = path("defects.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "600", "--seed", "5", "--invalid-rate", "1",
                                     "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        // The two defects that cannot exist are listed as such, not tried; nothing is dropped.
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") }
            .map { String($0.split(separator: ":")[0]).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(notes, ["rate [multiple-of]", "price [fraction-digits]"], run.stderr)
        XCTAssertTrue(run.stderr.contains("; nothing discarded; 2 defects not plantable alone (listed above)"), run.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(labels.count, 600, "every questionnaire got its defect")
        var seen: [String: Int] = [:]
        for label in labels {
            let line = lines[label["index"] as! Int]
            let field = label["field"] as! String, rule = label["rule"] as! String
            seen["\(field) \(rule)", default: 0] += 1
            let sum = try number("sum", in: line).map { try thousandths($0) }
            let rate = try number("rate", in: line).map { try thousandths($0) }
            let price = try number("price", in: line).map { try thousandths($0) }
            switch (field, rule) {
            case ("sum", "min"): XCTAssertEqual(sum?.value, 1_000_000, String(line))
            case ("sum", "max"): XCTAssertEqual(sum?.value, 100_000_000, String(line))
            case ("sum", "multiple-of"):
                let value = try XCTUnwrap(sum).value / 1000
                XCTAssertTrue([1, 999].contains(value % 1000) && (1001...99999).contains(value), String(line))
            case ("rate", "min"): XCTAssertEqual(rate.map { [$0.value, $0.digits] }, [990, 2], String(line))
            case ("rate", "max"): XCTAssertEqual(rate.map { [$0.value, $0.digits] }, [2010, 2], String(line))
            case ("rate", "fraction-digits"):
                let value = try XCTUnwrap(rate)
                XCTAssertTrue(value.digits == 3 && value.value % 10 == 5 && (1000...2000).contains(value.value), String(line))
            case ("price", "min"): XCTAssertEqual(number("price", in: line), "0.000", String(line))
            case ("price", "max"): XCTAssertEqual(number("price", in: line), "2.750", String(line))
            case ("price", "multiple-of"):
                let value = try XCTUnwrap(price).value
                XCTAssertTrue([1, 249].contains(value % 250) && (1...2500).contains(value), String(line))
            default:
                break
            }
            // The fields left alone keep to every rule.
            if field != "sum", let sum {
                XCTAssertTrue(sum.value % 1_000_000 == 0 && (1_001_000...99_999_000).contains(sum.value), String(line))
            }
            if field != "rate", let rate {
                XCTAssertTrue(rate.digits <= 2 && (1000...2000).contains(rate.value), String(line))
            }
            if field != "price", let price {
                XCTAssertTrue(price.value % 250 == 0 && (1...2500).contains(price.value), String(line))
            }
        }
        for kind in ["sum min", "sum max", "sum multiple-of", "rate min", "rate max", "rate fraction-digits",
                     "price min", "price max", "price multiple-of"] {
            XCTAssertGreaterThan(seen[kind] ?? 0, 5, "\(kind) planted: \(seen)")
        }
        // The validator reports exactly the labelled field and rule for each questionnaire.
        let validate = try Formsmith.run(["validate", "--rules", rules, "--report", "json", output])
        XCTAssertEqual(validate.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        let reported = (report?["results"] as? [[String: Any]] ?? []).map { result -> String in
            "\((result["errors"] as? [[String: Any]] ?? []).map { "\($0["field"]!) \($0["rule"]!)" })"
        }
        XCTAssertEqual(reported, labels.map { "[\"\($0["field"]!) \($0["rule"]!)\"]" })
    }

    func testASteppedDomainPastSixtyThreeBitsIsExact() throws {
        // 2^63 = 9223372036854775808. The multiples of 1000 in 2^63...9223372036854780000 are
        // ...776000, 777000, 778000, 779000 and 780000. min defect: ...775000 (the multiple
        // below), max defect: ...781000; multiple-of defect: a value ± 1 inside the range.
        // Every valid value is past Int64.max (...775807): none of them fits in 64 bits.
        let rules = try write("rules.yaml", """
            id: big
            fields:
              n: {type: integer, min: 9223372036854775808, max: 9223372036854780000, multipleOf: 1000}

            """)
        let multiples = Set((776...780).map { "9223372036854\($0)000" })
        let valid = try Formsmith.run(["generate", "--rules", rules, "--count", "200", "--seed", "3"])
        XCTAssertEqual(valid.status, 0, valid.stderr)
        let drawn = Set(valid.stdout.split(separator: "\n").map { String($0) })
        XCTAssertEqual(drawn, Set(multiples.map { "{\"n\":\($0)}" }), "all five multiples and nothing else")

        let output = path("big.jsonl")
        let invalid = try Formsmith.run(["generate", "--rules", rules, "--count", "200", "--seed", "3", "--invalid-rate", "1",
                                         "--output", output])
        XCTAssertEqual(invalid.status, 0, invalid.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        var seen: Set<String> = []
        for label in labels where label["field"] as? String == "n" {
            let rule = label["rule"] as! String
            guard ["min", "max", "multiple-of"].contains(rule) else { continue }  // required, type
            let text = try XCTUnwrap(number("n", in: lines[label["index"] as! Int]))
            seen.insert(rule)
            switch rule {
            case "min": XCTAssertEqual(text, "9223372036854775000")
            case "max": XCTAssertEqual(text, "9223372036854781000")
            case "multiple-of":
                // One off a multiple, inside the range: ...775999 (above 2^63's ...775808) to ...779999.
                let last4 = try XCTUnwrap(Int(text.suffix(4)))
                XCTAssertTrue(text.hasPrefix("922337203685477") && text.count == 19, text)
                XCTAssertTrue([1, 999].contains(last4 % 1000) && (5809...9999).contains(last4), text)
            default: break
            }
        }
        XCTAssertEqual(seen.intersection(["min", "max", "multiple-of"]), ["min", "max", "multiple-of"])
        let validate = try Formsmith.run(["validate", "--rules", rules, "--report", "json", output])
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        let reported = (report?["results"] as? [[String: Any]] ?? []).map { result -> String in
            "\((result["errors"] as? [[String: Any]] ?? []).map { "\($0["field"]!) \($0["rule"]!)" })"
        }
        XCTAssertEqual(reported, labels.map { "[\"\($0["field"]!) \($0["rule"]!)\"]" })

        // 18446744073709551617...18446744073709551999 holds no multiple of 1000 (the nearest are
        // ...551000 and ...552000): refused before generation, naming the step.
        let empty = try write("empty.yaml", """
            id: empty
            fields:
              n: {type: integer, min: 18446744073709551617, max: 18446744073709551999, multipleOf: 1000}

            """)
        let refused = try Formsmith.run(["generate", "--rules", empty, "--count", "1"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("n: [multiple-of]"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("no whole number between 18446744073709551617 and 18446744073709551999 "
                                              + "is a multiple of 1000"), refused.stderr)
    }
}
