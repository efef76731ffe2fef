/// A SARIF 2.1.0 log (the format code-scanning tools read): one run of the tool
/// `formsmith`, one result per violation and per unreadable record, each with its rule id,
/// level `error`, a message, and the physical location (file URI and start line).
///
/// Results are streamed as they come; the tool description with the rules that occurred
/// (id and short description, in order of first occurrence) follows them, and the run's
/// property bag holds the summary of the JSON report. SARIF does not depend on the order
/// of an object's members.
public final class SARIFReporter: ValidationReporter {
    /// The SARIF schema the log declares.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    private let output: ReportOutput
    private let toolVersion: String
    private let informationURI: String?
    private var rules: [String] = []
    private var ruleIndex: [String: Int] = [:]
    private var first = true

    /// Creates a reporter writing to `output`, describing the tool by its version and the
    /// URI of its documentation.
    public init(output: ReportOutput, toolVersion: String, informationURI: String? = nil) {
        self.output = output
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        output.write("{\"version\":\"2.1.0\",\"$schema\":" + JSONText.quoted(Self.schema) + ",\"runs\":[{\"results\":[")
    }

    public func report(_ results: [RecordResult]) {
        for result in results {
            if let reason = result.unreadable {
                write(rule: RuleIdentifier.unreadable, text: reason, field: nil, result: result)
            }
            for violation in result.violations {
                var text = (violation.field.isEmpty ? "(questionnaire)" : violation.field) + ": " + violation.message
                if let value = violation.value { text += " (value \(JSONText.quoted(value)))" }
                write(rule: violation.rule, text: text, field: violation.field, result: result)
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        let ruleObjects = rules.map { id in
            // In a project run, ids are qualified by form (`osago-policy/mask`).
            let bare = id.split(separator: "/").last.map(String.init) ?? id
            return JSONText.object([("id", JSONText.quoted(id)), ("shortDescription", JSONText.object([
                ("text", JSONText.quoted(RecordRouter.summary(of: bare)))]))])
        }
        var driverPairs = [("name", JSONText.quoted("formsmith")), ("version", JSONText.quoted(toolVersion))]
        if let informationURI { driverPairs.append(("informationUri", JSONText.quoted(informationURI))) }
        driverPairs.append(("rules", JSONText.array(ruleObjects)))
        let driver = JSONText.object(driverPairs)
        output.write((first ? "" : "\n") + "],\n\"tool\":" + JSONText.object([("driver", driver)])
                     + ",\n\"properties\":" + JSONText.object([("summary", JSONReporter.encode(summary))]) + "}]}\n")
        output.flush()
    }

    private func write(rule bare: String, text: String, field: String?, result: RecordResult) {
        let rule = GitHubReporter.title(bare, result)
        let index: Int
        if let known = ruleIndex[rule] {
            index = known
        } else {
            index = rules.count
            ruleIndex[rule] = index
            rules.append(rule)
        }
        var physical = [("artifactLocation", JSONText.object([("uri", JSONText.quoted(Self.uri(result.location.file)))]))]
        if result.location.line > 0 {
            physical.append(("region", JSONText.object([("startLine", String(result.location.line))])))
        }
        var properties: [(String, String)] = []
        if let field { properties.append(("field", JSONText.quoted(field))) }
        if let id = result.id { properties.append(("recordId", JSONText.quoted(id))) }
        if let form = result.form { properties.append(("form", JSONText.quoted(form))) }
        if let position = result.location.index { properties.append(("arrayIndex", String(position))) }
        var pairs = [("ruleId", JSONText.quoted(rule)), ("ruleIndex", String(index)), ("level", "\"error\""),
                     ("message", JSONText.object([("text", JSONText.quoted(text))])),
                     ("locations", JSONText.array([JSONText.object([("physicalLocation", JSONText.object(physical))])]))]
        if !properties.isEmpty { pairs.append(("properties", JSONText.object(properties))) }
        output.write((first ? "\n" : ",\n") + JSONText.object(pairs))
        first = false
    }

    /// A file path as a URI reference: relative paths stay relative, absolute ones become
    /// `file://` URIs; bytes outside the unreserved set and `/` are percent-encoded.
    public static func uri(_ path: String) -> String {
        var encoded = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
