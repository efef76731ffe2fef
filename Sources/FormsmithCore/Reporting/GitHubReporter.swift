/// GitHub Actions workflow commands: one `::error` annotation per violation (and per
/// unreadable record), shown on the file and line in the pull request, then the summary of
/// the text report as plain log lines. Strings from data are escaped in both: `%`, CR and LF
/// (and `:`, `,` in properties) as the workflow-command grammar says, other hidden characters
/// as ``DisplayText`` writes them; the summary writes line breaks as `\u{A}`, so no string from
/// data can start a line, let alone a workflow command.
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
        output.writeBytes { bytes in
            for result in results {
                if let reason = result.unreadable {
                    Self.appendAnnotation(result.location, rule: Self.title(RuleIdentifier.unreadable, result),
                                          to: &bytes) { bytes in
                        Self.appendEscaped(reason, property: false, to: &bytes)
                    }
                }
                for violation in result.violations {
                    Self.appendAnnotation(result.location, rule: Self.title(violation.rule, result), to: &bytes) { bytes in
                        Self.appendEscaped(violation.field.isEmpty ? "(questionnaire)" : violation.field, property: false,
                                           to: &bytes)
                        bytes.append(contentsOf: ": ".utf8)
                        Self.appendEscaped(violation.message, property: false, to: &bytes)
                        if let value = violation.value {
                            bytes.append(contentsOf: " (value ".utf8)
                            Self.appendEscaped(JSONText.quoted(value), property: false, to: &bytes)
                            bytes.append(UInt8(ascii: ")"))
                        }
                    }
                }
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
        var bytes: [UInt8] = []
        appendAnnotation(location, rule: rule, to: &bytes) { appendEscaped(text, property: false, to: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one `::error` command whose message `message` appends (already escaped).
    static func appendAnnotation(_ location: RecordLocation, rule: String, to bytes: inout [UInt8],
                                 message: (inout [UInt8]) -> Void) {
        bytes.append(contentsOf: "::error file=".utf8)
        appendEscaped(location.file, property: true, to: &bytes)
        if location.line > 0 {
            bytes.append(contentsOf: ",line=".utf8)
            JSONText.appendInteger(location.line, to: &bytes)
        }
        bytes.append(contentsOf: ",title=formsmith ".utf8)
        appendEscaped(rule, property: true, to: &bytes)
        bytes.append(contentsOf: "::".utf8)
        message(&bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Escapes a command's message: `%`, CR and LF, and other hidden characters as `\u{…}`.
    public static func escapeData(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, property: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Escapes a property value: as a message, plus `:` and `,`, which separate properties.
    public static func escapeProperty(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, property: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` escaped, working on UTF-8 bytes: the command grammar's escapes, and the
    /// other hidden characters (ESC, C1 controls, bidirectional overrides) as `\u{…}`.
    static func appendEscaped(_ text: String, property: Bool, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var copied = 0
            var index = 0
            while index < utf8.count {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "%"): replacement = "%25"
                case 0x0D: replacement = "%0D"
                case 0x0A: replacement = "%0A"
                case UInt8(ascii: ":") where property: replacement = "%3A"
                case UInt8(ascii: ",") where property: replacement = "%2C"
                case let byte where DisplayText.mayStartHidden(byte):
                    guard let (scalar, width) = DisplayText.hidden(utf8, at: index) else {
                        index += 1
                        continue
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                    DisplayText.appendNotation(scalar, to: &bytes)
                    index += width
                    copied = index
                    continue
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += 1
                copied = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
        }
    }
}
