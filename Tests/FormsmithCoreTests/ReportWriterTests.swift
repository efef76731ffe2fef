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
            case "\t", "\n", "\r":
                if attribute { result += "&#\(scalar.value);" } else { result.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    func testXMLEscapingMatchesTheScalarDefinitionOnRandomText() {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}",
                                          "\u{7F}", "ж", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "😀", "\u{10FFFF}"]
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

    func testOneSARIFWriterEncodesPathsTheSameForValidateAndLint() {
        XCTAssertEqual(SARIFReporter.uri("a b/ж;x.csv"), "a%20b/%D0%B6%3Bx.csv")
        XCTAssertEqual(SARIFLog.uri("/tmp/x y.yaml"), "file:///tmp/x%20y.yaml")
        let report = LintReport(files: ["/nonexistent dir/r.yaml"], today: CivilDate(year: 2026, month: 11, day: 22)!)
        XCTAssertTrue(report.sarif(toolVersion: "1").contains(#""uri":"file:///nonexistent%20dir/r.yaml""#))
    }
}
