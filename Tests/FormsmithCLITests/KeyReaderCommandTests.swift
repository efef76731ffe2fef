import Foundation
import XCTest

/// Every reader a rule-file key can be declared with (``KeyReader``) reports a value of the wrong
/// shape at its line and column, naming the key, and `formsmith lint` fails with it. The
/// positions below are counted by hand from the rule file each test writes: the key stands on
/// line 5 after four spaces, its value after `KEY: `.
final class KeyReaderCommandTests: ScratchFolderTestCase {
    /// The `error` lines of `formsmith lint` on a one-field rule file whose field has `type` and
    /// then `key: value` on line 5, with the exit status.
    private func lint(type: String, _ key: String, _ value: String) throws -> (status: Int32, errors: [String]) {
        let rules = try write("f.yaml", "id: t\nfields:\n  f:\n    type: \(type)\n    \(key): \(value)\n")
        let run = try Formsmith.run(["lint", rules])
        let errors = run.stdout.split(separator: "\n").filter { $0.contains(": error[") }
            .map { $0.replacingOccurrences(of: rules, with: "f.yaml") }
        return (run.status, errors)
    }

    private func assertRejected(type: String, _ key: String, _ value: String, _ expected: [String],
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try lint(type: type, key, value)
        XCTAssertEqual(result.status, 1, "lint accepted \(key): \(value)", file: file, line: line)
        XCTAssertEqual(result.errors, expected.map { "f.yaml:" + $0 }, file: file, line: line)
    }

    /// `.count`: a whole number, 0 or more.
    func testCount() throws {
        try assertRejected(type: "string", "minLength", "abc",
                           ["5:16: error[invalid-rules]: 'minLength' must be a whole number, found 'abc'"])
        try assertRejected(type: "string", "maxLength", "-1", ["5:16: error[invalid-rules]: maxLength cannot be negative"])
    }

    /// `.text`, `.decimal`, `.byteSize` and `.bound`: a single value, not a list or a mapping.
    func testSingleValues() throws {
        try assertRejected(type: "string", "regex", "[a, b]",
                           ["5:12: error[invalid-rules]: 'regex' must be a single value, not a list or mapping"])
        try assertRejected(type: "decimal", "multipleOf", "{a: 1}",
                           ["5:17: error[invalid-rules]: 'multipleOf' must be a single value, not a list or mapping"])
        try assertRejected(type: "attachment", "maxSize", "[1, 2]",
                           ["5:14: error[invalid-rules]: 'maxSize' must be a single value, not a list or mapping"])
        try assertRejected(type: "integer", "min", "[1]",
                           ["5:10: error[invalid-rules]: 'min' must be a single value, not a list or mapping"])
    }

    /// `.texts`: a value or a list of values, each a single value (also `allow`, which is no
    /// check kind's).
    func testValueOrList() throws {
        try assertRejected(type: "attachment", "extensions", "{pdf: 1}",
                           ["5:17: error[invalid-rules]: 'extensions' must be a value or a list of values"])
        try assertRejected(type: "attachment", "mediaTypes", "[application/pdf, [image/png]]",
                           ["5:35: error[invalid-rules]: each entry of 'mediaTypes' must be a single value"])
        try assertRejected(type: "string", "allow", "{a: 1}",
                           ["5:12: error[invalid-rules]: 'allow' must be a value or a list of values"])
    }

    /// `.scalar` and `.scalars`: one value, and a list of them.
    func testScalars() throws {
        try assertRejected(type: "string", "const", "[a]", ["5:12: error[invalid-rules]: 'const' must be a single value"])
        try assertRejected(type: "enum", "values", "[a, {b: 1}]",
                           ["5:17: error[invalid-rules]: each of 'values' must be a single value"])
    }

    /// The readers of one kind: `checksum`'s name-or-mapping, `normalize`'s setting, `valuesFrom`'s
    /// word list.
    func testReadersOfTheirOwnKind() throws {
        try assertRejected(type: "string", "checksum", "{with: bic}",
                           ["5:15: error[invalid-rules]: 'checksum' needs a 'name' such as inn or bank-account"])
        try assertRejected(type: "string", "normalize", "nfd",
                           ["5:16: error[invalid-rules]: unknown normalize setting 'nfd' (did you mean 'nfc'?); "
                            + "use nfc (accept values whose NFC form passes) or none"])
        // A list of word lists is no word list, so the field also has no values (said at the field).
        try assertRejected(type: "enum", "valuesFrom", "[a.txt]",
                           ["3:3: error[invalid-rules]: enum field 'f' needs 'values' or 'valuesFrom'",
                            "5:17: error[invalid-rules]: 'valuesFrom' must be a single value, not a list or mapping"])
    }
}
