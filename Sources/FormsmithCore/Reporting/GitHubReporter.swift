/// GitHub Actions workflow commands: one `::error` annotation per violation (and per
/// unreadable record), shown on the file and line in the pull request, then the summary of
/// the text report as plain log lines.
///
/// ```
/// ::error file=data.jsonl,line=3,title=formsmith mask::vehicle.plate: does not fit the mask '...' (value "A123BC77")
/// ```
public final class GitHubReporter: ValidationReporter {
    private let output: ReportOutput

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public func report(_ results: [RecordResult]) {
        for result in results {
            if let reason = result.unreadable {
                output.write(Self.annotation(result.location, rule: Self.title(RuleIdentifier.unreadable, result),
                                             text: reason))
            }
            for violation in result.violations {
                var text = (violation.field.isEmpty ? "(questionnaire)" : violation.field) + ": " + violation.message
                if let value = violation.value { text += " (value \(JSONText.quoted(value)))" }
                output.write(Self.annotation(result.location, rule: Self.title(violation.rule, result), text: text))
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        output.write(TextReporter.summaryText(summary))
        output.flush()
    }

    /// A rule id, qualified by the result's form in a project run (`osago-policy/mask`); the
    /// routing rules of records that named no known form stay bare (`form-unknown`).
    static func title(_ rule: String, _ result: RecordResult) -> String {
        guard let form = result.form, form != ProjectValidator.unrouted else { return rule }
        return "\(form)/\(rule)"
    }

    /// One `::error` command line for a problem at `location` (without a line when it is unknown).
    public static func annotation(_ location: RecordLocation, rule: String, text: String) -> String {
        var properties = "file=" + escapeProperty(location.file)
        if location.line > 0 { properties += ",line=\(location.line)" }
        properties += ",title=" + escapeProperty("formsmith " + rule)
        return "::error " + properties + "::" + escapeData(text) + "\n"
    }

    /// Escapes a command's message: `%`, CR and LF.
    public static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// Escapes a property value: as a message, plus `:` and `,`, which separate properties.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where property: escaped += "%3A"
            case "," where property: escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
