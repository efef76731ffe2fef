/// The SARIF 2.1.0 report of `validate` (see `SARIFLog`, the writer it shares with
/// `lint`): one result per violation and per unreadable record, each with its rule id, level
/// `error`, a message, the physical location (file URI and start line) and the properties
/// `field`, `recordId` and `arrayIndex`. In a project run, rule ids are qualified by the
/// result's form (`osago-policy/regex`; the routing rules `form-missing` and `form-unknown`
/// stay bare). The driver lists the rules that occurred (id and
/// short description, in order of first occurrence); the run's property bag holds `today`
/// (the date rules compared with) and the summary of the JSON report.
public final class SARIFReporter: ValidationReporter {
    /// The SARIF schema the log declares.
    public static let schema = SARIFLog.schema

    private let output: OutputWriter
    private let log: SARIFLog
    private let toolVersion: String
    private let informationURI: String?
    /// A value quoted as JSON, before it is escaped again inside a message (reused).
    private var quotedValue: [UInt8] = []

    /// Creates a reporter writing to `output`, describing the tool by its version and the
    /// URI of its documentation.
    public init(output: OutputWriter, toolVersion: String, informationURI: String? = nil) {
        self.output = output
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        log = SARIFLog(output: output)
    }

    public func report(_ results: [RecordResult]) {
        for result in results {
            let location = SARIFLog.Location(file: result.location.file, line: result.location.line)
            if let reason = result.unreadable {
                log.append(rule: GitHubReporter.title(RuleIdentifier.unreadable, result),
                           summary: RuleIdentifier.summary(of: RuleIdentifier.unreadable),
                           level: "error", message: reason, location: location,
                           properties: .init(recordId: result.id, arrayIndex: result.location.index))
            }
            for violation in result.violations {
                log.append(rule: GitHubReporter.title(violation.rule, result),
                           summary: RecordRouter.summary(of: violation.rule), level: "error", location: location,
                           properties: .init(field: violation.field, recordId: result.id,
                                             arrayIndex: result.location.index)) { bytes in
                    // `field: message (value "…")`, escaped part by part as one JSON string.
                    JSONText.appendEscaped(violation.field.isEmpty ? "(questionnaire)" : violation.field, to: &bytes)
                    bytes.append(contentsOf: ": ".utf8)
                    JSONText.appendEscaped(violation.message, to: &bytes)
                    if let value = violation.value {
                        bytes.append(contentsOf: " (value ".utf8)
                        quotedValue.removeAll(keepingCapacity: true)
                        JSONText.appendQuoted(value, to: &quotedValue)
                        quotedValue.withUnsafeBufferPointer { JSONText.appendEscaped($0, to: &bytes) }
                        bytes.append(UInt8(ascii: ")"))
                    }
                }
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        var properties: [(String, String)] = []
        if let today = summary.today { properties.append(("today", JSONText.quoted(today.description))) }
        properties.append(("summary", JSONReporter.encode(summary)))
        log.finish(toolVersion: toolVersion, informationURI: informationURI, properties: properties)
        output.flush()
    }

    /// A file path as a URI reference (see `SARIFLog.uri(_:)`).
    public static func uri(_ path: String) -> String { SARIFLog.uri(path) }
}
