@testable import FormsmithCore
import XCTest

/// The word-at-a-time look for the first string byte that needs attention (a quote, a
/// backslash, a control character, a non-ASCII byte), against that rule applied to one byte at
/// a time; and strings that end or turn at every offset, through the parser.
final class JSONStringScanTests: XCTestCase {
    /// The rule, byte by byte (RFC 8259: a string's content is anything but `"`, `\` and the
    /// control characters U+0000 to U+001F; non-ASCII bytes are checked as UTF-8).
    private func needsAttention(_ byte: UInt8) -> Bool {
        byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80
    }

    private func firstAttention(_ bytes: [UInt8]) -> Int? {
        var word: UInt64 = 0
        for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
        let mask = JSONParser.attentionMask(word)
        return mask == 0 ? nil : mask.trailingZeroBitCount >> 3
    }

    func testEveryByteAtEveryOffsetAmongPlainOnes() {
        for offset in 0..<8 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[offset] = UInt8(value)
                XCTAssertEqual(firstAttention(bytes), needsAttention(UInt8(value)) ? offset : nil,
                               "byte 0x\(String(value, radix: 16)) at offset \(offset)")
            }
        }
    }

    func testTheFirstIsFoundWhateverFollows() {
        // A byte that needs attention at `offset`, then every byte value in every later place: the
        // answer is `offset` (later bytes may be marked too, the first one is exact).
        for first in [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xD0, 0xFF] as [UInt8] {
            for offset in 0..<7 {
                for later in (offset + 1)..<8 {
                    for value in 0...255 {
                        var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 8)
                        bytes[offset] = first
                        bytes[later] = UInt8(value)
                        XCTAssertEqual(firstAttention(bytes), offset)
                    }
                }
            }
        }
        // Bytes just beside the ones that need attention do not: '!' '#' '[' ']' ' ' DEL.
        XCTAssertNil(firstAttention(Array("!#[] \u{7F}!#".utf8)))
    }

    func testStringsEndingAndTurningAtEveryOffset() throws {
        for length in 0..<40 {
            let plain = String(repeating: "k", count: length)
            for (text, expected) in [
                ("\"\(plain)\"", plain),
                ("\"\(plain)\\n\"", plain + "\n"),
                ("\"\(plain)ж\"", plain + "ж"),
                ("\"\(plain)€\"", plain + "€"),
            ] {
                let bytes = Array(text.utf8)
                var tape = JSONTape()
                try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                    try JSONParser.parse(buffer, into: &tape)
                }
                XCTAssertEqual(tape.nodes.count, 1, text)
                XCTAssertEqual(tape.nodes[0].kind, .string, text)
                let node = tape.nodes[0]
                var content: [UInt8] = []
                if node.hasEscapes {
                    bytes.withUnsafeBufferPointer {
                        JSONStrings.unescape(UnsafeBufferPointer(rebasing: $0[node.start..<node.end]), into: &content)
                    }
                } else {
                    content = Array(bytes[node.start..<node.end])
                }
                XCTAssertEqual(String(decoding: content, as: UTF8.self), expected, text)
            }
            for bad: [UInt8] in [[0x01], [0xC0, 0x80], [0xFF], [0x5C, UInt8(ascii: "x")]] {
                let bytes = Array("\"\(plain)".utf8) + bad + Array("kk\"".utf8)
                var tape = JSONTape()
                XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                    try JSONParser.parse(buffer, into: &tape)
                }, "\(bad) after \(length) plain bytes") { error in
                    XCTAssertEqual((error as? JSONSyntaxError)?.offset, 1 + length, "\(bad) after \(length)")
                }
            }
        }
    }
}
