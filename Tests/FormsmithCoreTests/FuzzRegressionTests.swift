import Foundation
import XCTest
@testable import FormsmithCore

/// Inputs that the fuzz targets (Fuzz/run.sh) once crashed on, replayed through the same code.
/// Short ones are inline; the raw crashing inputs are under Fixtures/fuzz/.
final class FuzzRegressionTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/FormsmithCoreTests/Fixtures/fuzz/\(name)"))
    }

    /// FuzzMask: a set starting with ':' ('.', '=') and ending with ':]' was written as a POSIX
    /// class ('[:a:]'), which PCRE2 rejects, so a mask that parsed did not compile.
    func testSetsThatLookLikePOSIXClassesCompile() throws {
        let masks = ["[:a:]", "[.a.]", "[=a=]", "[:]", "[^:a:]", "[:-=]", "[a:b:]", "0[::]?0"]
        for mask in masks {
            let parsed = try InputMask(mask)
            XCTAssertNoThrow(try parsed.compile(), "\(mask) -> \(parsed.regexPattern)")
        }
        try assertMask("[:a:]", accepts: [":", "a"], rejects: ["b", "[", "]"])
        try assertMask("[.=]", accepts: [".", "="], rejects: [":"])
        let crash = String(decoding: try fixture("mask-posix-class.txt"), as: UTF8.self)
        XCTAssertNoThrow(try InputMask(crash).compile())
    }

    /// FuzzRuleTree stopped on a check of its own (it took the `\(` of a key quoted in a message
    /// for an unfilled placeholder): a key's text is quoted verbatim, whatever it holds.
    func testAnUnknownKeyIsQuotedVerbatim() {
        let problems = ruleProblems(#"""
            id: x
            fields:
              a:
                type: string
                \(x\\: 1
            """#)
        XCTAssertEqual(problems.count, 1, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.first?.hasPrefix(#"rules.yaml:5:5: unknown key '\(x\\' in field 'a'"#) == true,
                      problems.first ?? "")
    }

    /// FuzzRulesReader (fifth campaign, fast build) overflowed the stack: a definition whose
    /// `fields` held a field using that same definition was expanded without end. Now the inner
    /// `use` is a problem placed at it, directly, through a chain of definitions, inside a
    /// section or a list item of the definition; a definition used at several places is fine.
    func testADefinitionThatContainsItselfIsAProblem() throws {
        let direct = ruleProblems("""
            id: x
            definitions:
              account:
                fields:
                  inner:
                    use: account
            fields:
              payer:
                use: account
            """)
        // The inner field is left out, so the list is also reported without fields for its items.
        XCTAssertEqual(direct, ["rules.yaml:6:14: field 'payer[].inner' uses definition 'account' inside a field "
                                + "built on it, so the definition would contain itself without end; describe this "
                                + "field without 'use', or use another definition",
                                "rules.yaml:8:3: list 'payer' needs 'fields' for its items"])
        let throughChain = ruleProblems("""
            id: x
            definitions:
              base:
                fields:
                  items:
                    type: list
                    fields:
                      again:
                        use: outer
              outer:
                use: base
            fields:
              a:
                use: outer
            """)
        XCTAssertTrue(throughChain.contains { $0.hasPrefix("rules.yaml:9:18: field 'a[].items[].again' uses definition 'outer'") },
                      throughChain.joined(separator: "\n"))
        let inSection = ruleProblems("""
            id: x
            definitions:
              party:
                type: section
                fields:
                  name:
                    type: string
                  deputy:
                    use: party
            fields:
              insurer:
                use: party
            """)
        XCTAssertEqual(inSection, ["rules.yaml:9:14: field 'insurer.deputy' uses definition 'party' inside a field "
                                   + "built on it, so the definition would contain itself without end; describe this "
                                   + "field without 'use', or use another definition"])
        let crash = String(decoding: try fixture("rules-definition-inside-itself.yaml"), as: UTF8.self)
        XCTAssertTrue(ruleProblems(crash).contains { $0.contains("uses definition 'accountNumber' inside a field built on it") })

        let reused = try compileRules("""
            id: x
            definitions:
              name:
                type: string
              person:
                type: section
                fields:
                  first:
                    use: name
                  last:
                    use: name
            fields:
              holder:
                use: person
              owner:
                use: person
            """)
        XCTAssertEqual(reused.fields.count, 4)
    }

    /// FuzzGenerate: an extension holding line breaks (a flow list broken over lines) was
    /// accepted and written unescaped into generated file names, so one questionnaire took
    /// several lines of JSON Lines output. An extension with a line break, space, control
    /// character, quote, backslash, dot or slash is now a rule-file error, and generated
    /// attachment texts are escaped whatever they hold.
    func testAnExtensionMustBeOneWordAndGeneratedNamesAreEscaped() throws {
        for bad in [#""z\n\njpg""#, #""a b""#, #""tab\tx""#, #"'q"x'"#, #""back\\slash""#, #""c\u0085d""#, "''"] {
            let problems = ruleProblems("""
                id: x
                fields:
                  scan: {type: attachment, mediaTypes: [application/pdf], extensions: [pdf, \(bad)]}
                """)
            XCTAssertEqual(problems.count, 1, "\(bad): \(problems)")
            XCTAssertTrue(problems.first?.contains("is not a file name extension") == true, "\(bad): \(problems)")
        }
        let crash = String(decoding: try fixture("generate-extension-with-line-breaks.yaml"), as: UTF8.self)
        XCTAssertTrue(ruleProblems(crash).contains { $0.contains("is not a file name extension") })

        let rules = try compileRules("""
            id: x
            fields:
              scan: {type: attachment, mediaTypes: [application/pdf, image/jpeg], extensions: [PDF, .jpg, x-raw]}
            """)
        let batch = try generate(rules, GenerationOptions(count: 200, seed: 3, jobs: 1))
        XCTAssertEqual(batch.lines.count, 200)
        assertMatchesLabels(batch, rules, "extensions")

        var file = GeneratedFile(stem: "a\"b\\c\n", fileExtension: "p\u{1}", mediaType: "x/\"y", size: 1,
                                 sha256: nil, url: "https://h/\"")
        XCTAssertEqual(file.json, #"{"name":"a\"b\\c\n.p\u0001","mediaType":"x/\"y","size":1,"url":"https://h/\""}"#)
        file.fileExtension = nil
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(file.json.utf8)))
    }

    /// FuzzGenerate: `allow:` with no value on an integer field was accepted, and the generator
    /// wrote the empty special value as a JSON number: `{"a":}`. A number field's `allow`
    /// entries must now be numbers as JSON writes them; the generated ones validate.
    func testANumberFieldAllowsOnlyNumbers() throws {
        for bad in ["", "abc", " 0", "01", "1.", "+1", "0x10", "NaN"] {
            for type in ["integer", "decimal"] {
                let problems = ruleProblems("""
                    id: x
                    fields:
                      a: {type: \(type), allow: ['\(bad)']}
                    """)
                XCTAssertEqual(problems, ["rules.yaml:3:30: '\(bad)' in 'allow' of number field 'a' is not a "
                                          + "number as JSON writes it, so no value could match it; write numbers, such "
                                          + "as allow: ['0', '-1']"], "\(type) \(bad)")
            }
        }
        let crash = String(decoding: try fixture("generate-empty-allow-on-a-number.yaml"), as: UTF8.self)
        XCTAssertTrue(ruleProblems(crash).contains { $0.contains("in 'allow' of number field") })

        let rules = try compileRules("""
            id: x
            fields:
              a: {type: integer, min: 1, max: 9, allow: ['0', '-1', '1e3']}
              b: {type: decimal, min: 1, max: 9, allow: ['0.5', '-0']}
            """)
        let batch = try generate(rules, GenerationOptions(count: 400, seed: 9, invalidRate: 0.3, jobs: 1))
        XCTAssertEqual(batch.lines.count, 400)
        XCTAssertTrue(batch.lines.contains { $0.contains(#""a":-1"#) || $0.contains(#""a":1e3"#) || $0.contains(#""a":0,"#) },
                      "no special value generated in 400 questionnaires")
        assertMatchesLabels(batch, rules, "allow")
    }

    private func assertMask(_ mask: String, accepts: [String], rejects: [String],
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let regex = try InputMask(mask).compile()
        let scratch = RegexScratch()
        for value in accepts {
            XCTAssertEqual(regex.matches(value, scratch: scratch), .match, "\(mask) should accept \(value)", file: file, line: line)
        }
        for value in rejects {
            XCTAssertEqual(regex.matches(value, scratch: scratch), .noMatch, "\(mask) should reject \(value)", file: file, line: line)
        }
    }
}
