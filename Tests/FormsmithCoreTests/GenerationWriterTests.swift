@testable import FormsmithCore
import XCTest

/// The JSON and CSV writers: escaping, sections left out when empty, numbers and dates.
final class GenerationWriterTests: XCTestCase {
    func testJSONStringsEscapeQuotesBackslashesAndControlCharacters() {
        var output: [UInt8] = []
        RecordJSONWriter.appendString(Array("a\"b\\c\nd\te\u{01}f Жё".utf8)[...], to: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), #""a\"b\\c\nd\te\u0001f Жё""#)
    }

    /// The word-at-a-time look for bytes to escape agrees with a byte-by-byte one, wherever the
    /// byte sits (both halves of a word, the tail) and whatever the other bytes are.
    func testEscapeScanAgreesWithByteByByteScan() {
        var random = SeededRandom(seed: 21)
        let alphabet: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xD0, 0xFF]
        for _ in 0..<5000 {
            let length = random.int(in: 0...40)
            var bytes = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.int(in: 0...25)) }
            for _ in 0..<random.int(in: 0...2) where length > 0 {
                bytes[random.int(in: 0...(length - 1))] = alphabet[random.int(in: 0...(alphabet.count - 1))]
            }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            let offset = random.int(in: 0...3)
            let padded = Array(repeating: UInt8(0x22), count: offset) + bytes
            XCTAssertEqual(RecordJSONWriter.needsEscapes(padded[offset...]), expected, "\(bytes)")
        }
    }

    func testNumbersAndDatesAreWrittenWithoutFoundation() {
        var output: [UInt8] = []
        TextCandidates.appendDecimal(mantissa: -1205, scale: 2, to: &output)
        output.append(UInt8(ascii: " "))
        TextCandidates.appendDecimal(mantissa: 7, scale: 3, to: &output)
        output.append(UInt8(ascii: " "))
        TextCandidates.appendInteger(Int64.min, to: &output)
        output.append(UInt8(ascii: " "))
        DateLayout("dd.MM.yyyy").append(CivilDate(year: 2000, month: 2, day: 29)!, to: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "-12.05 0.007 -9223372036854775808 29.02.2000")
    }

    func testTextWithSpecialCharactersRoundTripsThroughJSONAndCSV() throws {
        let rules = try compileRules("""
            id: special
            sections:
              s:
                fields:
                  note: {type: text}
                  empty: {type: string, optional: true}
            """)
        let text = "quote \" comma , semicolon ; backslash \\ tab \t newline \n end"
        let fixture = try GenerationFixture(json: Array(#"{"s": {"note": "quote \" comma , semicolon ; backslash \\ tab \t newline \n end"}}"#.utf8))
        let json = try generate(rules, GenerationOptions(count: 3, seed: 1, optionalRate: 0, fixture: fixture))
        assertMatchesLabels(json, rules, "special characters")
        XCTAssertEqual(json.objects.first.flatMap { value($0, "s.note") as? String }, text)
        XCTAssertFalse(json.text.contains("\"empty\""), "absent fields are left out")

        let csv = try generate(rules, GenerationOptions(count: 2, seed: 1, format: .csv, optionalRate: 0, fixture: fixture))
        let cell = "\"quote \"\" comma , semicolon ; backslash \\ tab \t newline \n end\""
        XCTAssertEqual(csv.text, "s.note,s.empty\n\(cell),\n\(cell),\n")
    }

    func testSectionsWithNothingFilledAreLeftOut() throws {
        let rules = try compileRules("""
            id: sections
            fields:
              id: {type: string}
            sections:
              extra:
                fields:
                  a: {type: string, optional: true}
            """)
        let batch = try generate(rules, GenerationOptions(count: 5, seed: 1, optionalRate: 0))
        XCTAssertEqual(batch.lines, (1...5).map { #"{"id":"S-000000\#($0)"}"# })
    }

    func testTheParsedFormBuiltWhileWritingEqualsWhatTheParserReads() throws {
        for name in shippedRuleSets {
            let rules = try shippedRules(name)
            let plan = try GeneratorTables(rules: rules, options: GenerationOptions(count: 300, seed: 31, invalidRate: 0.5))
            let generator = RecordGenerator(plan: plan, csvWriter: nil)
            var checked = 0
            for index in 0..<300 {
                var output: [UInt8] = []
                _ = try generator.generate(index: index, into: &output)
                guard generator.json.isParsed else { continue }
                var tape = JSONTape()
                try JSONParser.parse(generator.json.bytes, into: &tape)
                let built = Array(generator.json.nodes.elements)
                XCTAssertEqual(built.count, tape.nodes.count, "\(name) record \(index)")
                for (mine, parsed) in zip(built, tape.nodes) {
                    XCTAssertEqual("\(mine.kind) \(mine.hasEscapes) \(mine.start) \(mine.end) \(mine.childCount) \(mine.next)",
                                   "\(parsed.kind) \(parsed.hasEscapes) \(parsed.start) \(parsed.end) \(parsed.childCount) \(parsed.next)",
                                   "\(name) record \(index)")
                }
                checked += 1
            }
            XCTAssertGreaterThan(checked, 200, name)
        }
    }
}
