import Foundation
import XCTest

/// `formsmith generate` says what it threw away, draws a mask and a regex from their
/// intersection, and agrees with `lint` on whether such a pair has any value.
final class GenerateDiscardCommandTests: ScratchFolderTestCase {
    /// Issue 20: a rouble account (`408` and 17 digits) under a 20-digit mask stopped generate
    /// with "no value satisfies all of its checks ... contradict each other" while lint was
    /// silent; a phone mask with a regex that keeps two of its area codes went the same way.
    func testMaskAndRegexAreGeneratedFromTheirIntersection() throws {
        let rules = try write("account.yaml", """
            id: account
            fields:
              account: {type: string, mask: '00000000000000000000', regex: '^408\\d{17}$'}
              phone: {type: string, mask: '+7 (000) 000-00-00', regex: '^\\+7 \\((?:9\\d\\d|495)\\) .*$'}
            """)
        let output = path("accounts.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "300", "--seed", "5", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: wrote 300 questionnaires to \(output); nothing discarded\n")
        let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] ?? [:] }
        XCTAssertEqual(objects.count, 300)
        let account = try NSRegularExpression(pattern: #"^408[0-9]{17}$"#)
        let phone = try NSRegularExpression(pattern: #"^\+7 \((9[0-9][0-9]|495)\) [0-9]{3}-[0-9]{2}-[0-9]{2}$"#)
        func matches(_ regex: NSRegularExpression, _ text: String?) -> Bool {
            guard let text else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for object in objects {
            XCTAssertTrue(matches(account, object["account"]), "\(object)")
            XCTAssertTrue(matches(phone, object["phone"]), "\(object)")
        }
        // Both branches of the regex, and varied digits (not one value repeated).
        let areas = Set(objects.compactMap { $0["phone"].map { String($0.dropFirst(4).prefix(3)) } })
        XCTAssertTrue(areas.contains("495"), "\(areas.sorted())")
        XCTAssertGreaterThan(areas.count, 20)
        XCTAssertGreaterThan(Set(objects.compactMap { $0["account"] }).count, 295)
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        let lint = try Formsmith.run(["lint", "--rules", rules])
        XCTAssertEqual(lint.status, 0, lint.stdout)
        XCTAssertEqual(lint.stdout, "1 rule file: no problems\n")
    }

    /// A pair with no common value: generate refuses (exit 2) and lint warns, for the same
    /// reason, with the same words.
    func testContradictoryMaskAndRegexAreReportedAlikeByLintAndGenerate() throws {
        let rules = try write("code.yaml", """
            id: code
            fields:
              code: {type: string, mask: '0000', regex: '^\\d{3}[a-z]$'}
            """)
        let generate = try Formsmith.run(["generate", "--rules", rules, "--count", "3", "--seed", "1"])
        XCTAssertEqual(generate.status, 2)
        XCTAssertEqual(generate.stdout, "")
        XCTAssertEqual(generate.stderr, "formsmith: cannot generate: code: [regex] no value matches all of its regex and "
                       + "mask patterns at once (their intersection is empty): they contradict each other; make them "
                       + "agree, or keep only one\n")
        let lint = try Formsmith.run(["lint", "--rules", rules])
        XCTAssertEqual(lint.status, 0)
        XCTAssertEqual(lint.stdout, "\(rules):3:45: warning[pattern-conflict]: no value of 'code' matches both the regex "
                       + "'^\\d{3}[a-z]$' and the mask '0000' (their intersection is empty): every filled value will be "
                       + "rejected; make them agree, or keep only one\n1 rule file: 0 errors, 1 warning\n")
    }

    /// A lookahead is drawn and filtered: every value thrown away is counted and said, per
    /// field and rule, on standard error and in the closing line (also with --quiet).
    func testFilteredPatternsSayHowManyValuesWereRedrawn() throws {
        let rules = try write("filtered.yaml", """
            id: filtered
            fields:
              code: {type: string, regex: '^(?=.*[0-9])[a-z0-9]{2}$'}
              name: {type: string, regex: '^[A-Z][a-z]{2,5}$'}
            """)
        let output = path("filtered.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "2", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, run.stderr)
        // 26² of 36² two-character values have no digit: about 52% of draws, ~430 redraws for 400 values.
        let count = lines.count == 3 ? Int(lines[1].split(separator: " ")[2]) ?? 0 : 0
        XCTAssertTrue((250...700).contains(count), run.stderr)
        XCTAssertEqual(lines.first, "formsmith: warning: generation: \(count) values redrawn (patterns with "
                       + "lookarounds or back references are filtered; anything else is a gap in the generator worth "
                       + "reporting):")
        XCTAssertEqual(lines.dropFirst().first, "  code [regex]: \(count) values redrawn")
        XCTAssertEqual(lines.last, "formsmith: wrote 400 questionnaires to \(output); \(count) values redrawn")
        let quiet = try Formsmith.run(["generate", "--rules", rules, "--count", "400", "--seed", "2", "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr.split(separator: "\n").map(String.init), Array(lines.prefix(2)))
    }

    /// The README's fixture (no plate, one driver) and the shipped seed data keep pinned values
    /// that switches decide the visibility of: nothing is rebuilt.
    func testPinnedValuesOfTheReadmeDiscardNothing() throws {
        let fixture = try write("leap.json", #"{"vehicle": {"plate": null}, "drivers": [{"birthDate": "2000-02-29"}]}"#)
        let output = path("leap.jsonl")
        let pinned = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "500", "--seed", "1",
                                        "--today", "2026-11-22", "--fixture", fixture, "--output", output])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        XCTAssertEqual(pinned.stderr, "formsmith: wrote 500 questionnaires to \(output); nothing discarded\n")
        let seeded = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "500", "--seed", "7",
                                        "--today", "2026-11-22", "--seed-data", "SampleData/seed-data/osago-policy.yaml",
                                        "--output", output])
        XCTAssertEqual(seeded.status, 0, seeded.stderr)
        XCTAssertEqual(seeded.stderr, "formsmith: wrote 500 questionnaires to \(output); nothing discarded\n")
    }

    /// Issue 20: a field visible when `$purpose CONTAINS[c] 'налог'` never appeared in 5,000
    /// questionnaires. Now about half have it; a predicate the field's own checks exclude is
    /// named on standard error.
    func testStringPredicatesAreCoveredOnBothSidesOrNamed() throws {
        let rules = try write("transfer.yaml", """
            id: transfer
            fields:
              purpose: {type: string, maxLength: 210}
              taxPeriod: {type: string, visibleIf: "$purpose CONTAINS[c] 'налог'", regex: '^[0-9]{8}$'}
              account: {type: string, regex: '^[0-9]{20}$'}
              note: {type: string, optional: true, visibleIf: "$account BEGINSWITH 'RU'"}
            """)
        let output = path("transfers.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "1000", "--seed", "9", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "formsmith: warning: 'account' is never generated so that \"BEGINSWITH 'RU'\" holds: "
                       + "its own checks leave no such value the generator can draw, so that side of the predicate is "
                       + "not covered\nformsmith: wrote 1000 questionnaires to \(output); nothing discarded\n")
        let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] ?? [:] }
        let shown = objects.filter { $0["taxPeriod"] != nil }
        // Half the purposes are drawn to contain it (in any case); Latin words never do.
        XCTAssertEqual(Double(shown.count) / 1000, 0.5, accuracy: 0.15)
        for object in objects {
            XCTAssertEqual(object["taxPeriod"] != nil, object["purpose"]?.lowercased().contains("налог") == true)
        }
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }
}
