import Foundation
import XCTest
@testable import FormsmithCore

/// The byte-level report writers agree with the plain definitions they replace.
final class ReportWriterTests: XCTestCase {
    /// XML escaping by Unicode scalar: the definition `XMLText` implements on UTF-8 bytes.
    private func escapedByScalar(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&apos;"
            // Tabs and line breaks too (issue 31): a line break from data is `\u{A}`, never one
            // an XML reader would give back.
            // What XML cannot hold, and (issue 21) DEL, C1 controls, the line and paragraph
            // separators and the bidirectional overrides, which terminals would obey.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    func testXMLEscapingMatchesTheScalarDefinitionOnRandomText() {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{5}",
                                          "\u{10}", "\u{1B}", "\u{1F}", "\u{7F}", "ж", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "😀", "\u{10FFFF}",
                                          "\u{80}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{2027}", "\u{2028}", "\u{202E}",
                                          "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{20AC}"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            for attribute in [true, false] {
                XCTAssertEqual(XMLText.escaped(text, attribute: attribute), escapedByScalar(text, attribute: attribute),
                               "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    /// JSON string escaping by Unicode scalar: the definition `JSONText` implements on UTF-8 bytes.
    private func quotedByScalar(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            // Control characters, and (issue 21) DEL, C1 controls, the line and paragraph
            // separators and the bidirectional overrides, which terminals would obey.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x2028...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func testJSONEscapingMatchesTheScalarDefinitionOnRandomText() throws {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\t", "\n", "\r", "\u{0}", "\u{8}", "\u{C}",
                                          "\u{1B}", "\u{1F}", "\u{7F}", "ж", "\u{FFFF}", "😀", "\u{80}", "\u{9B}",
                                          "\u{9F}", "\u{A0}", "\u{2027}", "\u{2028}", "\u{202E}", "\u{202F}",
                                          "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{20AC}"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            let quoted = JSONText.quoted(text)
            XCTAssertEqual(quoted, quotedByScalar(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
            XCTAssertEqual(decoded as? String, text)
        }
    }

    func testIntegersAreWrittenAsTheirDecimalDigits() {
        for value in [0, 7, 9, 10, 99, 100, 12_345, -1, -10, -987_654, Int.max, Int.min] {
            var bytes: [UInt8] = []
            JSONText.appendInteger(value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value))
        }
    }

    func testOneSARIFWriterEncodesPathsTheSameForValidateAndLint() {
        XCTAssertEqual(SARIFReporter.uri("a b/ж;x.csv"), "a%20b/%D0%B6%3Bx.csv")
        XCTAssertEqual(SARIFLog.uri("/tmp/x y.yaml"), "file:///tmp/x%20y.yaml")
        let report = LintReport(files: ["/nonexistent dir/r.yaml"], today: CivilDate(year: 2026, month: 11, day: 22)!)
        XCTAssertTrue(report.sarif(toolVersion: "1").contains(#""uri":"file:///nonexistent%20dir/r.yaml""#))
    }
}
