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
