import FormsmithCore
import XCTest

/// The byte-level JSON reader: strict RFC 8259, exact error positions, limits.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, limits: JSONLimits = JSONLimits()) -> Result<JSONTape, JSONSyntaxError> {
        parseBytes(Array(text.utf8), limits: limits)
    }

    private func parseBytes(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> Result<JSONTape, JSONSyntaxError> {
        var tape = JSONTape()
        do {
            try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONParser.parse(buffer, into: &tape, limits: limits)
            }
            return .success(tape)
        } catch {
            return .failure(error)
        }
    }

    func testValidDocumentsBuildTheTape() throws {
        let tape = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d\"e"}} "#).get()
        XCTAssertEqual(tape.nodes.map(\.kind), [.object, .string, .array, .number, .number, .boolTrue, .boolFalse,
                                               .null, .string, .object, .string, .string])
        XCTAssertEqual(tape.nodes[0].childCount, 4)
        XCTAssertEqual(tape.nodes[2].childCount, 5)
        XCTAssertEqual(Array(tape.children(of: 0)), [1, 2, 8, 9])
        XCTAssertTrue(tape.nodes[11].hasEscapes)
    }

    func testMalformedInputIsRejectedWithItsOffset() {
        let cases: [(String, String, Int)] = [
            ("", "empty input: expected a JSON value", 0),
            ("{\"a\": 1", "unexpected end of input: expected ',' or '}'", 7),
            ("{\"a\" 1}", "expected ':' after the member name", 5),
            ("{a: 1}", "expected a member name in double quotes, found 'a'", 1),
            ("[1, 2,]", "unexpected ']': expected a value", 6),
            ("[01]", "invalid number: leading zeros are not allowed in JSON", 2),
            ("[1.]", "invalid number: expected a digit after the decimal point", 3),
            ("[NaN]", "unexpected 'N': expected a value", 1),
            ("[tru]", "invalid literal: expected true", 1),
            ("{} x", "unexpected 'x' after the end of the JSON value", 3),
            ("\"abc", "unterminated string: missing closing quote", 0),
            ("\"a\tb\"", "control character byte 0x09 inside a string: escape it (for example \\n)", 2),
            ("\"\\x\"", "invalid escape '\\x' in a string", 1),
            ("\"\\ud800\"", "lone surrogate \\ud800 is not a character; pair it with a low surrogate", 1),
            ("\"\\udc00\"", "lone low surrogate \\udc00 is not a character", 1),
            ("\"\\u12\"", "\\u escape needs four hex digits", 3),
        ]
        for (text, message, offset) in cases {
            switch parse(text) {
            case .success: XCTFail("accepted \(text)")
            case .failure(let error):
                XCTAssertEqual(error.message, message, text)
                XCTAssertEqual(error.offset, offset, text)
            }
        }
    }

    func testInvalidUTF8IsRejected() {
        let cases: [[UInt8]] = [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
            [0x22, 0xFF, 0x22],
            [0x22, 0xD0, 0x22],  // truncated sequence
        ]
        for bytes in cases {
            guard case .failure(let error) = parseBytes(bytes) else { return XCTFail("accepted \(bytes)") }
            XCTAssertTrue(error.message.contains("UTF-8"), error.message)
        }
        XCTAssertNoThrow(try parseBytes(Array("\"Ёж 😀\"".utf8)).get())
    }

    func testDeepNestingStopsAtTheLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = parse(deep) else { return XCTFail("accepted deep nesting") }
        XCTAssertEqual(error.message, "nesting deeper than 64 levels; a questionnaire is never this deep")
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).get())
    }

    func testNodeLimit() {
        guard case .failure(let error) = parse("[1,2,3,4]", limits: JSONLimits(maxDepth: 8, maxNodes: 3)) else {
            return XCTFail("accepted")
        }
        XCTAssertTrue(error.message.hasPrefix("the record has more than 3 JSON values"), error.message)
    }

    func testNumberLiterals() {
        func literal(_ text: String) -> NumberLiteral? {
            Array(text.utf8).withUnsafeBufferPointer { NumberLiteral.parse($0) }
        }
        XCTAssertEqual(literal("2019")?.integer, 2019)
        XCTAssertEqual(literal("-9223372036854775808")?.integer, Int64.min)
        XCTAssertNil(literal("9223372036854775808")?.integer)
        XCTAssertEqual(literal("9223372036854775808")?.double, 9223372036854775808)
        XCTAssertNil(literal("1.0")?.integer)
        XCTAssertEqual(literal("10.25")?.fractionDigits, 2)
        XCTAssertEqual(literal("1.25e1")?.fractionDigits, 1)
        XCTAssertEqual(literal("1.25e1")?.double, 12.5)
        XCTAssertEqual(literal("0.1")?.double, 0.1)
        XCTAssertEqual(literal("1e400")?.double, .infinity)
        XCTAssertNil(literal("12a"))
        XCTAssertNil(literal(""))
    }
}

extension JSONParserTests {
    func testFractionDigitsCountWhatChangesTheValue() {
        func digits(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { NumberLiteral.parse($0)?.fractionDigits }
        }
        let cases: [(String, Int)] = [("10", 0), ("10.5", 1), ("10.50", 1), ("100.100", 1), ("0.0", 0), ("0.05", 2),
                                      ("1.25e1", 1), ("15e-1", 1), ("1500e-2", 0), ("1.005", 3), ("2e3", 0)]
        for (text, expected) in cases { XCTAssertEqual(digits(text), expected, text) }
    }
}
