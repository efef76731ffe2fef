/// A JUnit XML report, as CI servers read test results: one `<testsuite>` per input file
/// (its `tests` are the file's questionnaires, `failures` the invalid ones, `errors` the
/// unreadable ones) with one failing `<testcase>` per invalid questionnaire, named
/// `file:line id`, whose `<failure>` lists the violations (an `<error>` for an unreadable
/// one). Valid questionnaires are counted but not listed. The root `<testsuites>` carries
/// the totals.
///
/// In a project run, a suite holds one form's questionnaires of one file and is named
/// `form: file` (a mixed file has a suite per form).
///
/// A suite's attributes need the file's totals, so its test cases wait in a spool buffer
/// (memory, then a temporary file) until the file is finished.
public final class JUnitReporter: ValidationReporter {
    private let output: ReportOutput
    private let suites = SpoolBuffer()
    private let cases = SpoolBuffer()
    /// A project run's test cases, by form, until their file is finished.
    private var casesByForm: [String: SpoolBuffer] = [:]

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public func report(_ results: [RecordResult]) {
        guard results.contains(where: { $0.form != nil }) else {
            cases.appendBytes { bytes in
                for result in results { Self.appendTestCase(result, to: &bytes) }
            }
            return
        }
        for result in results {
            let form = result.form ?? ""
            let buffer = casesByForm[form] ?? SpoolBuffer()
            casesByForm[form] = buffer
            buffer.appendBytes { Self.appendTestCase(result, to: &$0) }
        }
    }

    public func finishFile(_ file: String, form: String, summary: ValidationSummary) {
        suites.append("  <testsuite " + Self.counts(name: "\(form): \(file)", summary) + ">\n")
        if let buffer = casesByForm[form] { buffer.drain(into: suites) }
        suites.append("  </testsuite>\n")
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
        var bytes: [UInt8] = []
        appendTestCase(result, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one failing test case, written straight as bytes (reports of millions of
    /// records must not build strings per value).
    static func appendTestCase(_ result: RecordResult, to bytes: inout [UInt8]) {
        let file = result.location.file
        bytes.append(contentsOf: #"    <testcase classname=""#.utf8)
        XMLText.appendEscaped(file, to: &bytes)
        bytes.append(contentsOf: #"" name=""#.utf8)
        XMLText.appendEscaped(file, to: &bytes)
        TextReporter.appendLineAndIndex(result.location, to: &bytes)
        if let id = result.id {
            bytes.append(UInt8(ascii: " "))
            XMLText.appendEscaped(id, to: &bytes)
        }
        let element = result.unreadable == nil ? "failure" : "error"
        bytes.append(contentsOf: "\">\n      <".utf8)
        bytes.append(contentsOf: element.utf8)
        bytes.append(contentsOf: #" message=""#.utf8)
        if result.unreadable != nil {
            bytes.append(contentsOf: "unreadable".utf8)
        } else {
            let count = result.violations.count
            JSONText.appendInteger(count, to: &bytes)
            bytes.append(contentsOf: (count == 1 ? " violation: " : " violations: ").utf8)
            for (position, violation) in result.violations.enumerated() {
                if position > 0 { bytes.append(contentsOf: ", ".utf8) }
                XMLText.appendEscaped(violation.field.isEmpty ? "(questionnaire)" : violation.field, to: &bytes)
                bytes.append(contentsOf: " [".utf8)
                XMLText.appendEscaped(violation.rule, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
            }
        }
        bytes.append(contentsOf: #"" type=""#.utf8)
        let type = result.unreadable == nil ? result.violations.first?.rule ?? "" : RuleIdentifier.unreadable
        XMLText.appendEscaped(type, to: &bytes)
        bytes.append(contentsOf: "\">".utf8)
        var firstLine = true
        if let reason = result.unreadable {
            bytes.append(contentsOf: "unreadable: ".utf8)
            XMLText.appendEscaped(reason, attribute: false, to: &bytes)
            firstLine = false
        }
        for violation in result.violations {
            if !firstLine { bytes.append(UInt8(ascii: "\n")) }
            firstLine = false
            XMLText.appendEscaped(violation.field.isEmpty ? "(questionnaire)" : violation.field, attribute: false,
                                  to: &bytes)
            bytes.append(contentsOf: ": ".utf8)
            XMLText.appendEscaped(violation.message, attribute: false, to: &bytes)
            bytes.append(contentsOf: " [".utf8)
            XMLText.appendEscaped(violation.rule, attribute: false, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
            if let value = violation.value {
                bytes.append(contentsOf: " (value ".utf8)
                XMLText.appendEscaped(JSONText.quoted(value), attribute: false, to: &bytes)
                bytes.append(UInt8(ascii: ")"))
            }
        }
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: element.utf8)
        bytes.append(contentsOf: ">\n    </testcase>\n".utf8)
    }
}

/// Escaping for XML 1.0 text and attribute values.
public enum XMLText {
    /// `text` with `&`, `<`, `>` (and in an attribute `"` and `'`) escaped, and the characters XML 1.0 cannot
    /// hold at all (control characters other than tab and line breaks, U+FFFE, U+FFFF), and
    /// the other characters ``DisplayText`` hides (tabs and line breaks too, DEL, C1 controls,
    /// bidirectional overrides), written as `\u{…}`: a line break from data is `\u{A}`, never a
    /// raw one nor `&#10;`, which every XML reader turns back into a line break (a forged
    /// `::error` line in a CI log that prints the failure).
    public static func escaped(_ text: String, attribute: Bool = true) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        appendEscaped(text, attribute: attribute, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` escaped as ``escaped(_:attribute:)`` does.
    static func appendEscaped(_ text: String, attribute: Bool = true, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, attribute: attribute, to: &bytes) }
    }

    /// Appends UTF-8 bytes escaped as ``escaped(_:attribute:)`` does: what needs escaping is
    /// ASCII, or U+FFFE / U+FFFF (EF BF BE / EF BF BF); everything else is copied in runs.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool = true, to bytes: inout [UInt8]) {
        var copied = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Most bytes need nothing: letters, digits, spaces, most punctuation, multi-byte text.
            if byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != 0xEF
                && byte != 0x7F && byte != 0xC2 && byte != 0xE2 {
                index += 1
                continue
            }
            let replacement: StaticString
            var width = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
            case UInt8(ascii: "'") where attribute: replacement = "&apos;"
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                continue
            case 0x7F, 0xC2, 0xE2:
                if let (scalar, hiddenWidth) = DisplayText.hidden(utf8, at: index) {
                    if copied < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
                    DisplayText.appendNotation(scalar, to: &bytes)
                    index += hiddenWidth
                    copied = index
                } else {
                    index += 1
                }
                continue
            case 0..<0x20:
                if copied < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
                bytes.append(contentsOf: "\\u{".utf8)
                if byte >= 0x10 { bytes.append(hexDigit(byte >> 4)) }
                bytes.append(hexDigit(byte & 0xF))
                bytes.append(UInt8(ascii: "}"))
                index += 1
                copied = index
                continue
            case 0xEF where index + 2 < count && utf8[index + 1] == 0xBF
                && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                replacement = utf8[index + 2] == 0xBE ? "\\u{FFFE}" : "\\u{FFFF}"
                width = 3
            default:
                index += 1
                continue
            }
            if copied < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
            bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            index += width
            copied = index
        }
        if copied < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...])) }
    }

    /// The upper-case hexadecimal digit of `value` (0 to 15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
