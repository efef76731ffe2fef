import Foundation
import XCTest

/// Issue 21, item 9: under `--redact` no report format holds any part of an offending value,
/// not even inside a message (the e-mail, url and host name checks used to quote the label or
/// scheme at fault).
final class RedactionLeakCommandTests: ScratchFolderTestCase {
    static let formats = ["text", "json", "jsonl", "junit", "sarif", "github", "html"]
    /// Bad values per format check, written with letters and digits that never occur in a
    /// report's own words next to each other (and without `x` and `9`, which masking writes).
    static let corpus: [(field: String, format: String, values: [String])] = [
        ("e", "email", ["qwz@-jvqk-wzb.qq", "qw..zk@jvq.qq", "qwzk!jv@jvq.qq", "qwzk@jvq_wzb.qq",
                        "qwzk@" + String(repeating: "jq", count: 34) + ".qq"]),
        ("h", "hostname", ["-jvqkwzb-.qq", String(repeating: "qz", count: 40) + ".qq", "jvq*wzb.qq", "qq.178"]),
        ("u", "url", ["jq*z://qqwz.qq", "https://qqwz.qq/zk wq", "https://qqwz.qq/zk<wq", "ftp://qqwz.qq/jv",
                      "https://-jvqk-.qq/", "qwzj"]),
        ("i", "uri", ["jq*z://qqwz.qq", "zq:jv%zq", "zq:jv{wq}"]),
        ("g", "uuid", ["qzqzqzqz-jvjv-jvjv-jvjv-qzqzqzqzqzqz", "1234567-1234-1234-1234-123456781234"]),
        ("p", "phone", ["+7qz5", "+7 (916) 123-45-67", "8916123"]),
        ("v4", "ipv4", ["256.12.34.56", "12.34.56"]),
        ("v6", "ipv6", ["1:2:3:4:5:6:7:8:9", "12345::"]),
        ("d", "date-time", ["1887-13-45T25:61:47Z", "1887-02-31"]),
    ]

    /// Writes the rules and one record per value of `corpus` (values passed through `transform`).
    private func writeCorpus(_ name: String, _ transform: (String) -> String) throws {
        var rules = "id: t\nfields:\n  id: {type: string}\n"
        for entry in Self.corpus { rules += "  \(entry.field): {type: string, format: \(entry.format), optional: true}\n" }
        try write("r.yaml", rules)
        var lines: [String] = []
        for entry in Self.corpus {
            for (index, value) in entry.values.enumerated() {
                let object = ["id": "r-\(entry.field)-\(index)", entry.field: transform(value)]
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
                                    as: UTF8.self))
            }
        }
        try write(name, lines.joined(separator: "\n") + "\n")
    }

    /// The value's shape, worked out here as the README describes masking (the corpus is ASCII).
    static func shape(_ value: String) -> String {
        String(value.map { character -> Character in
            if character.isNumber { return "9" }
            if character.isLetter { return character.isUppercase ? "X" : "x" }
            return character
        })
    }

    func testNoFormatOfAnyReportQuotesAPartOfAValue() throws {
        try writeCorpus("d.jsonl") { $0 }
        // The same records holding only the values' shapes: whatever three characters of a value
        // appear in their report are the report's own words (`https://example.com`), not the value.
        try writeCorpus("shapes.jsonl", Self.shape)
        let values = Self.corpus.flatMap(\.values)
        for format in Self.formats {
            let arguments = ["validate", "--rules", "r.yaml", "--report", format, "--redact", "--today", "2026-11-22"]
            let redacted = try Formsmith.run(arguments + ["d.jsonl"], directory: folder)
            XCTAssertEqual(redacted.status, 1, redacted.stderr)
            let baseline = try Formsmith.run(arguments + ["shapes.jsonl"], directory: folder)
            // Every value of the corpus is invalid (one format violation each).
            XCTAssertTrue(redacted.stdout.contains("\(values.count)") || format == "junit" || format == "html",
                          "\(format): \(redacted.stdout)")
            var checked = 0
            for value in values {
                let scalars = Array(value.unicodeScalars)
                for start in 0...(scalars.count - 3) {
                    var part = String.UnicodeScalarView()
                    part.append(contentsOf: scalars[start..<(start + 3)])
                    let piece = String(part)
                    guard !baseline.stdout.contains(piece) else { continue }
                    checked += 1
                    XCTAssertFalse(redacted.stdout.contains(piece),
                                   "\(format): '\(piece)' of '\(value)' appears under --redact")
                }
            }
            XCTAssertGreaterThan(checked, 300, format)
        }
    }

    /// The check behind the test above can fail: without --redact the labels are quoted.
    func testWithoutRedactTheMessagesQuoteTheLabel() throws {
        try write("r.yaml", "id: t\nfields:\n  h: {type: string, format: hostname}\n")
        try write("d.jsonl", "{\"h\": \"-jvqkwzb-.qq\"}\n")
        let plain = try Formsmith.run(["validate", "--rules", "r.yaml", "d.jsonl"], directory: folder)
        XCTAssertTrue(plain.stdout.contains("the label '-jvqkwzb-' of it starts or ends with a hyphen"), plain.stdout)
        let redacted = try Formsmith.run(["validate", "--rules", "r.yaml", "--redact", "d.jsonl"], directory: folder)
        XCTAssertTrue(redacted.stdout.contains("the label '-xxxxxxx-' of it starts or ends with a hyphen"),
                      redacted.stdout)
    }
}
