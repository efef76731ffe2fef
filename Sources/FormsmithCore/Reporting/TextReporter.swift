/// The report for people: each invalid or unreadable questionnaire with its violations,
/// then a summary. Every string from data (file names, ids, field names, messages, the
/// summary's keys and examples) is written with ``DisplayText``'s escapes, so an id holding
/// a line break or a terminal sequence is shown, not obeyed.
///
/// ```
/// SampleData/osago-policy/invalid.jsonl:3 (id Q-0000003)
///   vehicle.plate: does not fit the mask '...' [mask] (value "A123BC77")
/// ```
public final class TextReporter: ValidationReporter {
    private let output: ReportOutput
    private let style: TextStyle

    /// Creates a reporter writing to `output`, in colour when `style` is ``TextStyle/color``.
    public init(output: ReportOutput, style: TextStyle = .plain) {
        self.output = output
        self.style = style
    }

    public func report(_ results: [RecordResult]) {
        output.writeBytes { bytes in
            for result in results { Self.append(result, style: style, to: &bytes) }
        }
    }

    /// Appends one questionnaire's lines, written straight as bytes (reports of millions of
    /// records must not build strings per value).
    static func append(_ result: RecordResult, style: TextStyle, to bytes: inout [UInt8]) {
        style.append(.location, to: &bytes) { appendHeading(result, to: &$0) }
        bytes.append(UInt8(ascii: "\n"))
        if let reason = result.unreadable {
            bytes.append(contentsOf: "  ".utf8)
            style.append(.failure, to: &bytes) { $0.append(contentsOf: "unreadable:".utf8) }
            bytes.append(UInt8(ascii: " "))
            DisplayText.appendEscaped(reason, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        for violation in result.violations {
            bytes.append(contentsOf: "  ".utf8)
            style.append(.field, to: &bytes) {
                DisplayText.appendEscaped(violation.field.isEmpty ? "(questionnaire)" : violation.field, to: &$0)
            }
            bytes.append(contentsOf: ": ".utf8)
            DisplayText.appendEscaped(violation.message, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            style.append(.rule, to: &bytes) {
                $0.append(UInt8(ascii: "["))
                DisplayText.appendEscaped(violation.rule, to: &$0)
                $0.append(UInt8(ascii: "]"))
            }
            if let value = violation.value {
                style.append(.secondary, to: &bytes) {
                    $0.append(contentsOf: " (value ".utf8)
                    JSONText.appendQuoted(value, to: &$0)
                    $0.append(UInt8(ascii: ")"))
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    public func finish(_ summary: ValidationSummary) {
        output.write(Self.summaryText(summary, style: style))
        output.flush()
    }

    /// `file:line[index] (id X)`.
    static func heading(_ result: RecordResult) -> String {
        var bytes: [UInt8] = []
        appendHeading(result, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `:line` and, for an item of a JSON array document, ` [index]` (the text report's
    /// heading and JUnit's test case names share it).
    static func appendLineAndIndex(_ location: RecordLocation, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: ":"))
        JSONText.appendInteger(location.line, to: &bytes)
        if let index = location.index {
            bytes.append(contentsOf: " [".utf8)
            JSONText.appendInteger(index, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// Appends `file:line[index] (id X)`.
    static func appendHeading(_ result: RecordResult, to bytes: inout [UInt8]) {
        DisplayText.appendEscaped(result.location.file, to: &bytes)
        appendLineAndIndex(result.location, to: &bytes)
        if let id = result.id {
            bytes.append(contentsOf: " (id ".utf8)
            DisplayText.appendEscaped(id, to: &bytes)
            bytes.append(UInt8(ascii: ")"))
        }
        if let form = result.form {
            bytes.append(contentsOf: " [".utf8)
            DisplayText.appendEscaped(form, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// The summary block.
    static func summaryText(_ summary: ValidationSummary, style: TextStyle = .plain) -> String {
        let marked = { (count: Int, text: String) in count > 0 ? style.failure(text) : text }
        var text = (summary.records == summary.valid ? "" : "\n")
            + "\(summary.records) questionnaire\(summary.records == 1 ? "" : "s"): "
            + style.success("\(summary.valid) valid") + ", "
            + marked(summary.invalid, "\(summary.invalid) invalid") + ", "
            + marked(summary.unreadable, "\(summary.unreadable) unreadable") + "\n"
        text += formLines(summary.byForm)
        if summary.violations > 0 {
            text += "\(summary.violations) violation\(summary.violations == 1 ? "" : "s") by rule:\n"
            for entry in summary.byRule { text += countLine(entry) }
            text += "by field:\n"
            for entry in summary.byField { text += countLine(entry) }
        }
        for note in notes(summary) { text += note + "\n" }
        if let today = summary.today { text += "today: \(today) (the date rules compare with)\n" }
        return text
    }

    /// A project run's totals per form, one line each.
    static func formLines(_ forms: [FormTotals]) -> String {
        guard !forms.isEmpty else { return "" }
        let names = forms.map { DisplayText.escaped($0.form) }
        let width = names.map(\.count).max() ?? 0
        var text = "by form:\n"
        for (entry, name) in zip(forms, names) {
            let totals = entry.summary
            text += "  " + name + String(repeating: " ", count: width - name.count)
                + "  \(totals.records) questionnaire\(totals.records == 1 ? "" : "s"): \(totals.valid) valid, "
                + "\(totals.invalid) invalid, \(totals.unreadable) unreadable\n"
        }
        return text
    }

    /// Why the report does not show everything, if it does not.
    static func notes(_ summary: ValidationSummary) -> [String] {
        var notes: [String] = []
        if let limit = summary.truncatedAt {
            notes.append("output truncated after \(limit) problem\(limit == 1 ? "" : "s") (--max-errors \(limit)); "
                         + "the counts cover every questionnaire read")
        }
        if summary.stoppedEarly {
            notes.append("stopped at the first invalid or unreadable questionnaire (--fail-fast); "
                         + "whatever followed it was not read")
        }
        return notes
    }

    private static func countLine(_ entry: ViolationCount) -> String {
        let count = String(entry.count)
        let padding = String(repeating: " ", count: max(0, 7 - count.count))
        let examples: String = entry.examples.map { DisplayText.escaped($0) }.joined(separator: ", ")
        return "  " + padding + count + "  " + DisplayText.escaped(entry.key) + "  (e.g. " + examples + ")\n"
    }
}
