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
            ("01", "invalid number: leading zeros are not allowed in JSON", 1),  // at the end of the input
            ("-01", "invalid number: leading zeros are not allowed in JSON", 2),
            ("[1.]", "invalid number: expected a digit after the decimal point", 3),
            ("[NaN]", "unexpected 'N': expected a value", 1),
            ("[tru]", "invalid literal: expected true", 1),
            // A literal's first four bytes are compared as one word, a fifth on its own.
            ("[trUe]", "invalid literal: expected true", 1),
            ("[nulL]", "invalid literal: expected null", 1),
            ("[nul]", "invalid literal: expected null", 1),
            ("[falsE]", "invalid literal: expected false", 1),
            ("[fals]", "invalid literal: expected false", 1),
            ("[fAlse]", "invalid literal: expected false", 1),
            ("nul", "invalid literal: expected null", 0),
            ("fals", "invalid literal: expected false", 0),
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

    /// The decoded content of the string at the root of `text`.
    private func decodedString(_ text: String) throws -> String {
        let bytes = Array(text.utf8)
        let tape = try parseBytes(bytes).get()
        XCTAssertEqual(tape.nodes.first?.kind, .string, text)
        let node = tape.nodes[0]
        var decoded: [UInt8] = []
        bytes.withUnsafeBufferPointer { buffer in
            JSONStrings.unescape(UnsafeBufferPointer(rebasing: buffer[node.start..<node.end]), into: &decoded)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// A `\u` high surrogate followed by a `\u` low surrogate is one supplementary character
    /// (U+10000 + (high - D800) * 400 + (low - DC00)), not two, and not the scalar the low bits spell.
    func testSurrogatePairEscapesDecodeToOneSupplementaryCharacter() throws {
        let cases: [(String, UInt32)] = [
            (#""\ud83d\ude00""#, 0x1F600),  // 😀, the first emoji people type
            (#""\uD83D\uDE00""#, 0x1F600),  // upper-case hex
            (#""\ud800\udc00""#, 0x10000),  // the lowest pair
            (#""\udbff\udfff""#, 0x10FFFF),  // the highest pair
            (#""\ud834\udd1e""#, 0x1D11E),  // 𝄞 MUSICAL SYMBOL G CLEF
            (#""\ud83c\uddf7""#, 0x1F1F7),  // regional indicator R
            (#""\ud840\udc0b""#, 0x2000B),  // a CJK extension B ideograph
        ]
        for (text, scalar) in cases {
            let decoded = try decodedString(text)
            XCTAssertEqual(decoded.unicodeScalars.map(\.value), [scalar], text)
            XCTAssertEqual(decoded, String(Character(Unicode.Scalar(scalar)!)), text)
        }
        // Pairs among other escapes and raw text, and two pairs in a row.
        XCTAssertEqual(try decodedString(#""a\ud83d\ude00b\n\ud83d\ude01\u00e9""#), "a😀b\n😁é")
        XCTAssertEqual(try decodedString(#""\ud83d\ude00\ud83d\ude00""#), "😀😀")
        XCTAssertEqual(try decodedString(#""\ud83c\uddf7\ud83c\uddfa""#), "🇷🇺")
        // An escaped pair and the same character written raw are the same string.
        XCTAssertEqual(try decodedString(#""\ud83d\ude00""#), try decodedString("\"😀\""))
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

    /// Strings of random interesting bytes (ASCII, quotes, backslash escapes, control
    /// characters, every kind of UTF-8 lead and continuation byte) are accepted or rejected at
    /// exactly the offset a byte-at-a-time reading gives, wherever they fall in the parser's
    /// 8-byte steps.
    func testStringContentAgreesWithAByteAtATimeReading() {
        let alphabet: [[UInt8]] = [[0x61], [0x5A], [0x20], [0x2D], [0x7E], [0x7F], [0x22], [0x5C, 0x6E], [0x5C, 0x22],
                                   [0x0A], [0x1F], [0x00], [0xD0, 0x96], [0xD1, 0x8F], [0xC2, 0xA0], [0xDF, 0xBF],
                                   [0xC0, 0xAF], [0xC1, 0xBF], [0xD0], [0x96], [0xBF], [0xE2, 0x82, 0xAC],
                                   [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF]]
        let twoByte = alphabet.filter { $0.count == 2 && $0[0] >= 0xC0 }
        var random = SeededRandom(seed: 8)
        for round in 0..<20_000 {
            var content: [UInt8] = []
            for _ in 0..<random.int(in: 0...24) {
                if round % 2 == 0, random.int(in: 0...7) > 0 {  // mostly two-byte sequences
                    content += twoByte[random.int(in: 0...(twoByte.count - 1))]
                    continue
                }
                let piece = alphabet[random.int(in: 0...(alphabet.count - 1))]
                content += random.int(in: 0...3) == 0 ? piece : [0x61, 0x62, 0x63][..<random.int(in: 1...3)] + piece
            }
            let bytes = [0x22] + content + [0x22]
            let expected = Self.referenceStringEnd(bytes)
            switch parseBytes(bytes) {
            case .success(let tape):
                XCTAssertEqual(expected, .success(tape.nodes[0].end), "\(bytes)")
            case .failure(let error):
                if case .success(let end) = expected, end < bytes.count - 1 {
                    XCTAssertTrue(error.message.hasPrefix("unexpected"), "\(bytes): \(error.message)")
                } else {
                    XCTAssertEqual(expected, .failure(ReferenceOffset(error.offset)), "\(bytes): \(error.message)")
                }
            }
        }
    }

    /// Where the string starting at byte 0 ends (its closing quote), or the offset of the first
    /// byte that makes it invalid, reading one byte at a time.
    private static func referenceStringEnd(_ bytes: [UInt8]) -> Result<Int, ReferenceOffset> {
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22: return .success(index)
            case 0x5C:
                guard index + 1 < bytes.count, [0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74].contains(bytes[index + 1])
                else { return .failure(ReferenceOffset(index)) }
                index += 2
            case ..<0x20: return .failure(ReferenceOffset(index))
            case ..<0x80: index += 1
            default:
                let (length, minimum): (Int, UInt32) = switch byte {
                case 0xC2...0xDF: (2, 0x80)
                case 0xE0...0xEF: (3, 0x800)
                case 0xF0...0xF4: (4, 0x10000)
                default: (0, 0)
                }
                guard length > 0, index + length <= bytes.count else { return .failure(ReferenceOffset(index)) }
                var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length {
                    guard bytes[index + offset] & 0xC0 == 0x80 else { return .failure(ReferenceOffset(index)) }
                    scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
                }
                guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                    return .failure(ReferenceOffset(index))
                }
                index += length
            }
        }
        return .failure(ReferenceOffset(0))  // unterminated: reported at the opening quote
    }

    func testLargeRecordsAndCopiedTapes() throws {
        var tape = try parse("[" + (0..<1000).map(String.init).joined(separator: ",") + "]").get()
        XCTAssertEqual(tape.nodes.count, 1001)
        XCTAssertEqual(tape.nodes[0].childCount, 1000)
        XCTAssertEqual(tape.nodes[1000].next, 1001)
        let copy = tape
        try Array(#"{"a": "b"}"#.utf8).withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
            try JSONParser.parse(bytes, into: &tape)
        }
        XCTAssertEqual(tape.nodes.map(\.kind), [.object, .string, .string])
        XCTAssertEqual(copy.nodes.count, 1001, "parsing into a tape leaves its copies alone")
    }

    func testDeepNestingStopsAtTheLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = parse(deep) else { return XCTFail("accepted deep nesting") }
        XCTAssertEqual(error.message, "nesting deeper than 64 levels; a questionnaire is never this deep")
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).get())
    }

    /// Objects and arrays as an object's values count towards the depth limit as elsewhere:
    /// the 65th container is refused at its own offset (five or six bytes a level, by hand).
    func testDepthLimitThroughObjectMembers() {
        let objects = String(repeating: "{\"a\":", count: 63) + "{}" + String(repeating: "}", count: 63)
        XCTAssertNoThrow(try parse(objects).get())
        let mixed = String(repeating: "{\"a\":[", count: 32) + String(repeating: "]}", count: 32)
        XCTAssertNoThrow(try parse(mixed).get())
        let cases = [
            (String(repeating: "{\"a\":", count: 64) + "{}" + String(repeating: "}", count: 64), 320),
            (String(repeating: "{\"a\":[", count: 32) + "{}" + String(repeating: "]}", count: 32), 192),
            (String(repeating: "{\"a\":", count: 64) + "[]" + String(repeating: "}", count: 64), 320),
        ]
        for (text, offset) in cases {
            guard case .failure(let error) = parse(text) else {
                XCTFail("accepted 65 levels")
                continue
            }
            XCTAssertEqual(error.message, "nesting deeper than 64 levels; a questionnaire is never this deep")
            XCTAssertEqual(error.offset, offset)
            XCTAssertTrue(error.reachedLimit)
        }
    }

    func testNodeLimit() {
        guard case .failure(let error) = parse("[1,2,3,4]", limits: JSONLimits(maxDepth: 8, maxNodes: 3)) else {
            return XCTFail("accepted")
        }
        XCTAssertTrue(error.message.hasPrefix("the record has more than 3 JSON values"), error.message)
    }

    /// An object's members are read over a local position with a short path for names and
    /// string values: whitespace in every gap, and every error inside an object, keep their offsets.
    func testObjectMembersWithWhitespaceAndErrorsInEveryGap() throws {
        let tape = try parse("{ \"a\" : \"b\" , \"c\" :\n\t\"d\"\r }").get()
        XCTAssertEqual(tape.nodes.map(\.kind), [.object, .string, .string, .string, .string])
        XCTAssertEqual(tape.nodes.dropFirst().map { [$0.start, $0.end] }, [[3, 4], [9, 10], [15, 16], [22, 23]])
        XCTAssertEqual([tape.nodes[0].start, tape.nodes[0].end], [0, 27])
        XCTAssertEqual(tape.nodes[0].childCount, 4)
        XCTAssertEqual(tape.nodes[0].next, 5)
        let cases: [(String, String, Int)] = [
            ("{\"a\"  \"b\"}", "expected ':' after the member name", 6),
            ("{\"a\": \"b\" \"c\"}", "expected ',' or '}' after an object member, found '\"'", 10),
            ("{\"a\":\"b\",}", "expected a member name in double quotes, found '}'", 9),
            ("{\"a\":\"b\", ", "unexpected end of input inside an object", 10),
            ("{\"a\":", "unexpected end of input: expected a value", 5),
            ("{\"a\": ", "unexpected end of input: expected a value", 6),
            ("{\"a\":\"b\"", "unexpected end of input: expected ',' or '}'", 8),
            ("{\"a\":\"b\" ", "unexpected end of input: expected ',' or '}'", 9),
            ("{\"a\":\"x\ty\"}", "control character byte 0x09 inside a string: escape it (for example \\n)", 7),
            ("{\"a\tb\":1}", "control character byte 0x09 inside a string: escape it (for example \\n)", 3),
            ("{\"a\":\"bcd", "unterminated string: missing closing quote", 5),
            ("{\"abcdefghijklmnopqrstuvwxyz\":tru}", "invalid literal: expected true", 30),
            ("{\"a\":falsE}", "invalid literal: expected false", 5),
            ("{\"a\":-}", "invalid number: expected a digit", 6),
            ("{\"a\":01}", "invalid number: leading zeros are not allowed in JSON", 6),
            ("{\"a\":x}", "unexpected 'x': expected a value", 5),
            ("{\"a\":\"\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\" 1}",
             "expected ',' or '}' after an object member, found '1'", 26),
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

    /// Names and string values of every length from 0 to 40 bytes (the short path takes at most
    /// 15, and only with 16 bytes left after the quote), at the end of the record and before
    /// another member, plain and with a two-byte character or an escape as their last byte.
    func testObjectStringsOfEveryLengthKeepTheirRanges() throws {
        for length in 0...40 {
            for last in ["x", "\u{E9}", "\\n"] where length > 0 || last == "x" {
                let text = length == 0 ? "" : String(repeating: "x", count: length - 1) + last
                let size = text.utf8.count
                for tail in ["", ",\"m\":\"v\""] {
                    // `{"` + name + `":"` + value + `"` + tail + `}`: the name at 2, the value after it.
                    let document = "{\"" + text + "\":\"" + text + "\"" + tail + "}"
                    let tape = try parse(document).get()
                    XCTAssertEqual(tape.nodes[1].start, 2, document)
                    XCTAssertEqual(tape.nodes[1].end, 2 + size, document)
                    XCTAssertEqual(tape.nodes[2].start, 2 + size + 3, document)
                    XCTAssertEqual(tape.nodes[2].end, 2 + 2 * size + 3, document)
                    XCTAssertEqual(tape.nodes[1].hasEscapes, last == "\\n" && length > 0, document)
                    XCTAssertEqual(tape.nodes[2].hasEscapes, last == "\\n" && length > 0, document)
                    XCTAssertEqual(tape.nodes[0].childCount, tail.isEmpty ? 2 : 4, document)
                    XCTAssertEqual(tape.nodes[0].end, document.utf8.count, document)
                }
            }
        }
    }

    /// The node limit is checked before an object's string value as before any other value.
    func testNodeLimitOnAnObjectsStringValue() {
        let values = ["\"d\"", "\"" + String(repeating: "d", count: 20) + "\"", "7", "-7", "true", "false", "null", "{}"]
        for value in values {
            let text = "{\"a\":\"b\",\"c\":" + value + "}"
            guard case .failure(let error) = parse(text, limits: JSONLimits(maxDepth: 8, maxNodes: 4)) else {
                XCTFail("accepted \(text)")
                continue
            }
            XCTAssertEqual(error.message, "the record has more than 4 JSON values; split it or raise the limit", text)
            XCTAssertEqual(error.offset, 13, text)
            XCTAssertTrue(error.reachedLimit, text)
            XCTAssertNoThrow(try parse(text, limits: JSONLimits(maxDepth: 8, maxNodes: 5)).get(), text)
        }
    }

    func testNumberLiterals() {
        func literal(_ text: String) -> NumberLiteral? {
            Array(text.utf8).withUnsafeBufferPointer { NumberLiteral.parse($0) }
        }
        XCTAssertEqual(literal("2019")?.integer, 2019)
        XCTAssertEqual(literal("-9223372036854775808")?.integer, Int64.min)
        XCTAssertNil(literal("9223372036854775808")?.integer)
        XCTAssertEqual(literal("9223372036854775808")?.value?.description, "9223372036854775808")
        XCTAssertEqual(literal("9223372036854775808")?.isIntegerLiteral, true)
        XCTAssertNil(literal("1.0")?.integer)
        XCTAssertEqual(literal("10.25")?.fractionDigits, 2)
        XCTAssertEqual(literal("1.25e1")?.fractionDigits, 1)
        XCTAssertEqual(literal("1.25e1")?.value?.description, "12.5")
        XCTAssertEqual(literal("0.1")?.value?.description, "0.1")
        XCTAssertEqual(literal("1e400")?.value?.description, "1e400")
        XCTAssertEqual(literal("1e400")?.hasExponent, true)
        // An exponent of 19 digits is a number, but not one read exactly.
        XCTAssertNotNil(literal("1e9999999999999999999"))
        XCTAssertNil(literal("1e9999999999999999999")?.value)
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

/// A byte offset as a failure value.
private struct ReferenceOffset: Error, Equatable {
    let offset: Int
    init(_ offset: Int) { self.offset = offset }
}
