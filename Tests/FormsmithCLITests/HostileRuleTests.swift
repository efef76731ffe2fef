import Foundation
import XCTest

/// Rules and values a hostile or unlucky user can write (issue 21, items 2, 3, 5, 16), through
/// the binary: start-of-pattern verbs, digits of other scripts, multi-choice values holding the
/// CSV separator, time zones that are not IANA names.
final class HostileRuleTests: ScratchFolderTestCase {
    // MARK: Item 2: PCRE2 start-of-pattern settings

    func testStartOfPatternSettingsAreRuleErrorsForLintValidateAndGenerate() throws {
        try write("v.yaml", """
            formsmith: 1
            id: t
            fields:
              id: {type: string, regex: '(*NO_JIT)^\\d{3}$'}
              b: {type: string, optional: true, regex: '(*UTF)(*LIMIT_MATCH=10)x'}
              c: {type: string, optional: true, regex: '(*UCP)^\\w+$'}
            """)
        try write("data.jsonl", #"{"id": "123"}"# + "\n")
        let first = "v.yaml:4:29: error[invalid-rules]: invalid regex: the start-of-pattern setting (*NO_JIT) is not "
            + "accepted: Formsmith compiles every regex with UTF, Unicode properties, JIT and its own match limits; remove it"
        let second = "v.yaml:5:44: error[invalid-rules]: invalid regex: the start-of-pattern setting (*LIMIT_MATCH=10) "
        let lint = try Formsmith.run(["lint", "--rules", "v.yaml"], directory: folder)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stdout.contains(first + "\n(*NO_JIT)^\\d{3}$\n^ the start-of-pattern"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains(second), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("(*UTF)(*LIMIT_MATCH=10)x\n      ^ the start-of-pattern"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("1 rule file: 2 errors, 0 warnings"), lint.stdout)
        for arguments in [["validate", "--rules", "v.yaml", "data.jsonl"],
                          ["generate", "--rules", "v.yaml", "--count", "2", "--seed", "1"]] {
            let run = try Formsmith.run(arguments, directory: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("v.yaml:4:29: invalid regex: the start-of-pattern setting (*NO_JIT)"),
                          run.stderr)
            XCTAssertTrue(run.stderr.contains("v.yaml: 2 problems"), run.stderr)
            XCTAssertEqual(run.stdout, "", "\(arguments)")
        }
    }

    // MARK: Item 3: \d is [0-9]

    /// The first valid payment order of the samples, with `payer.account` replaced.
    private func paymentOrder(payerAccount: String) throws -> String {
        let line = try String(contentsOf: Formsmith.root.appendingPathComponent("SampleData/payment-order/valid.jsonl"),
                              encoding: .utf8).split(separator: "\n")[0]
        XCTAssertTrue(line.contains(#""payer":{"account":"40817810099910004312"}"#))
        return line.replacingOccurrences(of: "40817810099910004312", with: payerAccount) + "\n"
    }

    func testArabicIndicDigitsFailTheShippedPayerAccount() throws {
        let rules = ["validate", "--rules", "Rules/payment-order.yaml", "--today", "2026-11-22", "-"]
        let ascii = try Formsmith.run(rules, input: paymentOrder(payerAccount: "40817810099910004312"))
        XCTAssertEqual(ascii.status, 0, ascii.stdout)
        // The same twenty digits in Arabic-Indic (U+0660...U+0669) and in Devanagari.
        for digits in ["٤٠٨١٧٨١٠٠٩٩٩١٠٠٠٤٣١٢", "४०८१७८१००९९९१०००४३१२"] {
            let run = try Formsmith.run(rules, input: paymentOrder(payerAccount: digits))
            XCTAssertEqual(run.status, 1, run.stdout)
            XCTAssertTrue(run.stdout.contains("  payer.account: must be 20 digits [regex] (value \"\(digits)\")"), run.stdout)
            XCTAssertTrue(run.stdout.contains("1 questionnaire: 0 valid, 1 invalid, 0 unreadable"), run.stdout)
        }
    }

    func testDigitClassesThroughTheBinary() throws {
        try write("d.yaml", """
            formsmith: 1
            id: t
            fields:
              a: {type: string, regex: '^\\d{3}$'}
              b: {type: string, regex: '^[\\d]{2}[^\\D]$'}
              c: {type: string, regex: '^\\D\\p{Nd}$'}
              e: {type: string, regex: '^\\Q\\d\\E[[:digit:]]$'}
            """)
        // Line 1: a and b are Arabic-Indic digits (fail); c and e take any script's digit where
        // the pattern says \\p{Nd} or [[:digit:]] (pass). Line 2: all pass.
        let input = #"{"a":"١٢٣","b":"١٢٣","c":"a١","e":"\\d١"}"# + "\n" + #"{"a":"123","b":"123","c":"١١","e":"\\d1"}"# + "\n"
        let run = try Formsmith.run(["validate", "--rules", "d.yaml", "-"], input: input, directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("""
            -:1
              a: does not match the pattern ^\\d{3}$ [regex] (value "١٢٣")
              b: does not match the pattern ^[\\d]{2}[^\\D]$ [regex] (value "١٢٣")

            2 questionnaires: 1 valid, 1 invalid, 0 unreadable
            """), run.stdout)
        // The generator writes ASCII digits for \\d, and what it writes passes.
        let generated = try Formsmith.run(["generate", "--rules", "d.yaml", "--count", "200", "--seed", "3"], directory: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        for line in generated.stdout.split(separator: "\n") {
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: String]
            XCTAssertTrue(record["a"]!.allSatisfy { ("0"..."9").contains($0) }, String(line))
            XCTAssertTrue(record["b"]!.allSatisfy { ("0"..."9").contains($0) }, String(line))
        }
        let check = try Formsmith.run(["validate", "--rules", "d.yaml", "-"], input: generated.stdout, directory: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    func testExportedSchemaWritesDigitsAsZeroToNine() throws {
        let run = try Formsmith.run(["export", "json-schema", "--rules", "Rules/payment-order.yaml"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(#""pattern": "^(?:^[0-9]{20}$)$""#), run.stdout)
        XCTAssertFalse(run.stdout.contains("Nd"), "\\d must not be exported as \\p{Nd}")
    }

    // MARK: Item 5: a multi-choice value holding the CSV separator

    func testAChoiceHoldingASemicolonIsARuleFileError() throws {
        try write("m.yaml", """
            formsmith: 1
            id: t
            fields:
              tags: {type: multi-choice, values: [a, 'a;b', c]}
              mood: {type: enum, values: ['x;y', z]}
              more: {type: multi-choice, valuesFrom: more.txt}
            """)
        try write("more.txt", "ok\nsemi;colon\n")
        let expected = [
            "m.yaml:4:42: error[invalid-rules]: the choice 'a;b' of multi-choice field 'tags' holds ';', which separates "
                + "choices in a CSV cell; write it without ';'",
            "m.yaml:6:42: error[invalid-rules]: the choice 'semi;colon' of multi-choice field 'more' (in its valuesFrom "
                + "list) holds ';', which separates choices in a CSV cell; write it without ';'",
        ]
        let lint = try Formsmith.run(["lint", "--rules", "m.yaml"], directory: folder)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        for line in expected { XCTAssertTrue(lint.stdout.contains(line), lint.stdout) }
        XCTAssertTrue(lint.stdout.contains("1 rule file: 2 errors"), lint.stdout)  // an enum may hold ';'
        for arguments in [["generate", "--rules", "m.yaml", "--count", "3", "--seed", "1", "--format", "csv"],
                          ["validate", "--rules", "m.yaml", "-"]] {
            let run = try Formsmith.run(arguments, input: "", directory: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("the choice 'a;b' of multi-choice field 'tags' holds ';'"), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
    }

    func testGeneratedCSVWithMultiChoicesValidates() throws {
        try write("m.yaml", """
            formsmith: 1
            id: t
            fields:
              tags: {type: multi-choice, values: [a, 'b c', 'd,e', 'f"g'], minItems: 2}
            """)
        let generated = try Formsmith.run(["generate", "--rules", "m.yaml", "--count", "40", "--seed", "5",
                                           "--output", "g.csv"], directory: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let run = try Formsmith.run(["validate", "--rules", "m.yaml", "g.csv"], directory: folder)
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.contains("40 questionnaires: 40 valid, 0 invalid, 0 unreadable"), run.stdout)
    }

    // MARK: Item 16: only IANA time zone names

    func testTimeZoneOffsetsAreRefusedAndIANANamesAccepted() throws {
        for offset in ["UTC+3", "GMT+13", "GMT-0300", "utc-3"] {
            let run = try Formsmith.run(["explain", "--rules", "Rules/customer-survey.yaml", "--timezone", offset, "id"])
            XCTAssertEqual(run.status, 2, "\(offset): \(run.stdout)")
            let expected = offset.lowercased() == "utc-3"
                ? "--timezone 'utc-3' is an offset, not an IANA time zone name"
                : "--timezone '\(offset)' is an offset, not an IANA time zone name: give the zone whose date 'today' is"
            XCTAssertTrue(run.stderr.contains(expected), run.stderr)
            XCTAssertTrue(run.stderr.contains("for a fixed offset, IANA's Etc/GMT-3 is UTC+3"), run.stderr)
        }
        for name in ["Europe/Moscow", "UTC", "Etc/GMT-3", "GMT", "America/New_York"] {
            let run = try Formsmith.run(["explain", "--rules", "Rules/customer-survey.yaml", "--timezone", name, "id"])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
        }
        try write("s.yaml", "formsmith: 1\nid: s\nfields:\n  id: {type: string}\n")
        try write("formsmith.yaml", """
            formsmith: 1
            forms:
              s: s.yaml
            defaults: {timeZone: UTC+3}
            """)
        let project = try Formsmith.run(["forms"], directory: folder)
        XCTAssertEqual(project.status, 2, project.stdout)
        XCTAssertTrue(project.stderr.contains("formsmith.yaml:4:22: timeZone 'UTC+3' is an offset, not an IANA time zone "
                                              + "name"), project.stderr)
    }
}
