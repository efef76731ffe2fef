import Foundation
import XCTest

/// `formsmith validate --report html` as an auditor gets it: golden pages of the samples,
/// fill rates that match the data, `--redact`, a size that does not grow with the input,
/// and nothing the page would fetch or run.
final class HTMLReportTests: XCTestCase {
    private func validate(_ name: String, _ arguments: [String], input: String? = nil) throws -> Formsmith.Output {
        try Formsmith.run(["validate", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22", "--report", "html"]
                          + arguments, input: input)
    }

    func testReportsOfTheSampleDataMatchTheGoldenFiles() throws {
        for name in ValidateCommandTests.ruleSets {
            let run = try validate(name, ["SampleData/\(name)"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr, "")
            Formsmith.assertGolden(run.stdout, "SampleData/expected/\(name).html")
        }
    }

    func testThePageIsSelfContained() throws {
        let page = try validate("osago-policy", ["SampleData/osago-policy"]).stdout
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.hasSuffix("</html>\n"))
        for fetched in ["<script", "<link", "@import", "url(", "src=", "http://", "https://"] {
            // The only URL allowed is the SVG namespace, which is a name, never fetched.
            let uses = page.components(separatedBy: fetched).count - 1
            let namespaces = fetched == "http://" ? page.components(separatedBy: "http://www.w3.org/2000/svg").count - 1 : 0
            XCTAssertEqual(uses, namespaces, "the page must not load \(fetched)")
        }
        for section in ["id=\"totals\"", "id=\"by-rule\"", "id=\"by-field\"", "id=\"by-section\"", "id=\"fields\"",
                        "id=\"examples\"", "id=\"unreadable\""] {
            XCTAssertTrue(page.contains(section), section)
        }
    }

    /// The fill counts agree with the questionnaires themselves, field by field.
    func testFillRatesMatchTheData() throws {
        let generate = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "400", "--seed", "5",
                                          "--today", "2026-11-22", "--invalid-rate", "0.3", "--labels", "/dev/null"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let page = try validate("osago-policy", ["--jobs", "2", "-"], input: generate.stdout).stdout
        let records = generate.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(records.count, 400)
        // The items of a list rejected as a whole (hidden, under an empty parent, not an array)
        // are not evaluated, so not counted: find those lists in the JSON Lines report.
        let report = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                        "--report", "jsonl", "-"], input: generate.stdout)
        var rejectedLists: Set<String> = []  // "line list"
        for line in report.stdout.split(separator: "\n") {
            guard let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let number = result["line"] as? Int else { continue }
            for error in result["errors"] as? [[String: Any]] ?? []
            where ["visibility", "parent", "type"].contains(error["rule"] as? String ?? "") {
                rejectedLists.insert("\(number) \(error["field"] as? String ?? "")")
            }
        }
        XCTAssertFalse(rejectedLists.isEmpty, "the sample has rejected lists, so the exception is exercised")
        let rows = try NSRegularExpression(pattern: #"<tr><td><code>([^<]+)</code></td><td class="n">([\d,]+) of ([\d,]+)</td>"#)
        let matches = rows.matches(in: page, range: NSRange(page.startIndex..., in: page))
        XCTAssertGreaterThan(matches.count, 20)
        var checkedItems = false
        for match in matches {
            let group = { (index: Int) in String(page[Range(match.range(at: index), in: page)!]) }
            let path = group(1)
            let number = { (text: String) in Int(text.replacingOccurrences(of: ",", with: "")) ?? -1 }
            var filled = 0, places = 0
            for (index, record) in records.enumerated() {
                if let list = path.components(separatedBy: "[]").first, path.contains("[]"),
                   rejectedLists.contains("\(index + 1) \(list)") { continue }
                let values = Self.values(at: path, in: record)
                places += values.places
                filled += values.filled
            }
            XCTAssertEqual(number(group(2)), filled, "filled \(path)")
            XCTAssertEqual(number(group(3)), places, "places of \(path)")
            if path.contains("[]") { checkedItems = true }
        }
        XCTAssertTrue(checkedItems, "list item fields are counted per item")
    }

    /// Filled values and places of `path` (`a.b`, `drivers[].c`) in one questionnaire, as
    /// the report defines them.
    private static func values(at path: String, in record: [String: Any]) -> (filled: Int, places: Int) {
        func isFilled(_ value: Any?) -> Bool {
            switch value {
            case nil, is NSNull: return false
            case let text as String: return !text.isEmpty
            case let list as [Any]: return !list.isEmpty
            default: return true
            }
        }
        func lookup(_ keys: [Substring], in object: Any?) -> Any? {
            var current = object
            for key in keys { current = (current as? [String: Any])?[String(key)] }
            return current
        }
        if let bracket = path.range(of: "[].") {
            let list = lookup(path[..<bracket.lowerBound].split(separator: "."), in: record) as? [Any] ?? []
            let rest = path[bracket.upperBound...].split(separator: ".")
            return (list.filter { isFilled(lookup(rest, in: $0)) }.count, list.count)
        }
        return (isFilled(lookup(path.split(separator: "."), in: record)) ? 1 : 0, 1)
    }

    func testRedactMasksTheValues() throws {
        let plain = try validate("osago-policy", ["SampleData/osago-policy/invalid.jsonl"]).stdout
        let redacted = try validate("osago-policy", ["--redact", "SampleData/osago-policy/invalid.jsonl"]).stdout
        let cells = { (page: String) -> [String] in
            page.components(separatedBy: "<td class=\"value\"><code>").dropFirst()
                .map { String($0.prefix { $0 != "<" }) }
        }
        let shown = cells(plain)
        let masked = cells(redacted)
        XCTAssertTrue(shown.contains("смирнов"), "\(shown)")
        XCTAssertEqual(masked.count, shown.count, "masked values are still shown")
        for (value, mask) in zip(shown, masked) where value.contains(where: \.isLetter) {
            XCTAssertNotEqual(value, mask)
            XCTAssertFalse(redacted.contains("<td class=\"value\"><code>\(value)<"), value)
        }
    }

    func testSizeDoesNotGrowWithTheInput() throws {
        var sizes: [Int] = []
        for count in ["300", "3000"] {
            let generate = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", count,
                                              "--seed", "9", "--today", "2026-11-22", "--invalid-rate", "1",
                                              "--labels", "/dev/null"])
            let page = try validate("osago-policy", ["-"], input: generate.stdout).stdout
            sizes.append(page.utf8.count)
        }
        XCTAssertLessThan(abs(sizes[1] - sizes[0]), 4096, "examples are capped: \(sizes)")
    }

    func testAProjectRunShowsEachForm() throws {
        let run = try Formsmith.run(["validate", "--today", "2026-11-22", "--report", "html", "SampleData"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("<section id=\"forms\">"), run.stdout)
        for form in ValidateCommandTests.ruleSets {
            XCTAssertTrue(run.stdout.contains("<tr><td><code>\(form)</code></td><td class=\"n\">"), form)
        }
        XCTAssertTrue(run.stdout.hasSuffix("</html>\n"))
    }

    func testNoQuestionnairesStillGiveAPage() throws {
        let run = try validate("osago-policy", ["-"], input: "")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("No questionnaires were read."))
        XCTAssertTrue(run.stdout.hasSuffix("</html>\n"))
    }
}
