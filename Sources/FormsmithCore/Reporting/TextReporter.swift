/// The report for people: each invalid or unreadable questionnaire with its violations,
/// then a summary.
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
        for result in results {
            output.write(style.location(Self.heading(result)) + "\n")
            if let reason = result.unreadable {
                output.write("  \(style.failure("unreadable:")) \(reason)\n")
            }
            for violation in result.violations {
                var line = "  \(style.field(violation.field.isEmpty ? "(questionnaire)" : violation.field)): "
                    + "\(violation.message) " + style.rule("[\(violation.rule)]")
                if let value = violation.value { line += style.secondary(" (value \(JSONText.quoted(value)))") }
                output.write(line + "\n")
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        output.write(Self.summaryText(summary, style: style))
        output.flush()
    }

    /// `file:line[index] (id X)`.
    static func heading(_ result: RecordResult) -> String {
        var heading = "\(result.location.file):\(result.location.line)"
        if let index = result.location.index { heading += " [\(index)]" }
        if let id = result.id { heading += " (id \(id))" }
        if let form = result.form { heading += " [\(form)]" }
        return heading
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
        let width = forms.map(\.form.count).max() ?? 0
        var text = "by form:\n"
        for entry in forms {
            let totals = entry.summary
            text += "  " + entry.form + String(repeating: " ", count: width - entry.form.count)
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
        return "  " + String(repeating: " ", count: max(0, 7 - count.count)) + count + "  " + entry.key
            + "  (e.g. " + entry.examples.joined(separator: ", ") + ")\n"
    }
}
