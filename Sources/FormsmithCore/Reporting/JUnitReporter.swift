/// A JUnit XML report, as CI servers read test results: one `<testsuite>` per input file
/// (its `tests` are the file's questionnaires, `failures` the invalid ones, `errors` the
/// unreadable ones) with one failing `<testcase>` per invalid questionnaire, named
/// `file:line id`, whose `<failure>` lists the violations (an `<error>` for an unreadable
/// one). Valid questionnaires are counted but not listed. The root `<testsuites>` carries
/// the totals.
///
/// A suite's attributes need the file's totals, so its test cases wait in a spool buffer
/// (memory, then a temporary file) until the file is finished.
public final class JUnitReporter: ValidationReporter {
    private let output: ReportOutput
    private let suites = SpoolBuffer()
    private let cases = SpoolBuffer()

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public func report(_ results: [RecordResult]) {
        for result in results { cases.append(Self.testCase(result)) }
    }

    public func finishFile(_ file: String, summary: ValidationSummary) {
        suites.append("  <testsuite " + Self.counts(name: file, summary) + ">\n")
        cases.drain(into: suites)
        suites.append("  </testsuite>\n")
    }

    public func finish(_ summary: ValidationSummary) {
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write("<testsuites " + Self.counts(name: "formsmith", summary) + ">\n")
        suites.drain(into: output)
        output.write("</testsuites>\n")
        output.flush()
    }

    private static func counts(name: String, _ summary: ValidationSummary) -> String {
        "name=\"\(XMLText.escaped(name))\" tests=\"\(summary.records)\" failures=\"\(summary.invalid)\" "
            + "errors=\"\(summary.unreadable)\""
    }

    /// One failing test case.
    static func testCase(_ result: RecordResult) -> String {
        var name = "\(result.location.file):\(result.location.line)"
        if let index = result.location.index { name += " [\(index)]" }
        if let id = result.id { name += " \(id)" }
        var lines: [String] = []
        if let reason = result.unreadable { lines.append("unreadable: " + reason) }
        for violation in result.violations {
            var line = "\(violation.field.isEmpty ? "(questionnaire)" : violation.field): \(violation.message) "
                + "[\(violation.rule)]"
            if let value = violation.value { line += " (value \(JSONText.quoted(value)))" }
            lines.append(line)
        }
        let element = result.unreadable == nil ? "failure" : "error"
        let type = result.unreadable == nil ? result.violations.first?.rule ?? "" : RuleIdentifier.unreadable
        let count = result.violations.count
        let message = result.unreadable.map { _ in "unreadable" }
            ?? "\(count) violation\(count == 1 ? "" : "s"): "
            + result.violations.map { "\($0.field.isEmpty ? "(questionnaire)" : $0.field) [\($0.rule)]" }
                .joined(separator: ", ")
        return "    <testcase classname=\"\(XMLText.escaped(result.location.file))\" name=\"\(XMLText.escaped(name))\">\n"
            + "      <\(element) message=\"\(XMLText.escaped(message))\" type=\"\(XMLText.escaped(type))\">"
            + XMLText.escaped(lines.joined(separator: "\n"), attribute: false) + "</\(element)>\n"
            + "    </testcase>\n"
    }
}

/// Escaping for XML 1.0 text and attribute values.
public enum XMLText {
    /// `text` with `&`, `<`, `>` (and in an attribute `"` and `'`) escaped, and the characters XML 1.0 cannot
    /// hold at all (control characters other than tab and line breaks, U+FFFE, U+FFFF)
    /// written as `\u{…}`. In an attribute, tabs and line breaks become character
    /// references, which parsers keep (literal ones are read as spaces).
    public static func escaped(_ text: String, attribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
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
}
