/// The one SARIF 2.1.0 writer (the OASIS Static Analysis Results Interchange Format that
/// code-scanning services read), for `validate --report sarif` and `lint --report sarif`:
/// a log with one run of the tool `formsmith`, written to an ``OutputWriter`` as it goes:
/// results as they come, then the tool with its rules, then the run's property bag (SARIF
/// does not depend on the order of an object's members). Everything is appended as bytes,
/// so reports of millions of results cost about what the JSON report costs.
///
/// File paths become URI references (``uri(_:)``): relative paths stay relative (to the
/// repository root code scanning resolves them against), absolute ones become `file://` URIs.
final class SARIFLog {
    /// The SARIF schema a log declares.
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// A rule the driver describes.
    struct Rule {
        var id: String
        var summary: String
        /// `error`, `warning` or `note`, when the rule has a default level.
        var defaultLevel: String?
    }

    /// Where a result was found: a file, and a line and column when known (line 0: unknown).
    struct Location {
        var file: String
        var line: Int
        var column: Int?
    }

    /// Formsmith's own properties of a result.
    struct Properties {
        /// The field's path.
        var field: String?
        /// The questionnaire's id.
        var recordId: String?
        /// The position of the questionnaire in a JSON array file.
        var arrayIndex: Int?

        var isEmpty: Bool { field == nil && recordId == nil && arrayIndex == nil }
    }

    private let output: OutputWriter
    private var rules: [Rule] = []
    private var ruleIndex: [String: Int] = [:]
    private var first = true
    private var lastFile: String?
    private var lastURI: [UInt8] = []

    /// Starts a log on `output` whose driver lists `rules` (more are added as results name
    /// them); `columnKind` says how columns count (`unicodeCodePoints`), when results have them.
    init(output: OutputWriter, rules: [Rule] = [], columnKind: String? = nil) {
        self.output = output
        for rule in rules { add(rule) }
        var header = "{\"version\":\"2.1.0\",\"$schema\":" + JSONText.quoted(Self.schema) + ",\"runs\":[{"
        if let columnKind { header += "\"columnKind\":" + JSONText.quoted(columnKind) + "," }
        output.write(header + "\"results\":[")
    }

    /// Appends one result; `summary` describes its rule if the driver does not list it yet.
    func append(rule: String, summary: @autoclosure () -> String, level: String, message: String,
                location: Location, properties: Properties = Properties()) {
        append(rule: rule, summary: summary(), level: level, location: location, properties: properties) {
            JSONText.appendEscaped(message, to: &$0)
        }
    }

    /// Appends one result whose message text `message` appends, already escaped for the inside
    /// of a JSON string (so a message made of parts is never built as a string).
    func append(rule: String, summary: @autoclosure () -> String, level: String, location: Location,
                properties: Properties = Properties(), message: (inout [UInt8]) -> Void) {
        let index = ruleIndex[rule] ?? add(Rule(id: rule, summary: summary()))
        if location.file != lastFile {
            lastFile = location.file
            lastURI = []
            JSONText.appendQuoted(Self.uri(location.file), to: &lastURI)
        }
        let uri = lastURI
        let isFirst = first
        first = false
        output.writeBytes { bytes in
            bytes.append(contentsOf: (isFirst ? "\n" : ",\n").utf8)
            bytes.append(contentsOf: #"{"ruleId":"#.utf8)
            JSONText.appendQuoted(rule, to: &bytes)
            bytes.append(contentsOf: #","ruleIndex":"#.utf8)
            JSONText.appendInteger(index, to: &bytes)
            bytes.append(contentsOf: #","level":""#.utf8)
            bytes.append(contentsOf: level.utf8)
            bytes.append(contentsOf: #"","message":{"text":""#.utf8)
            message(&bytes)
            bytes.append(contentsOf: #""},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"#.utf8)
            bytes.append(contentsOf: uri)
            bytes.append(UInt8(ascii: "}"))
            if location.line > 0 {
                bytes.append(contentsOf: #","region":{"startLine":"#.utf8)
                JSONText.appendInteger(location.line, to: &bytes)
                if let column = location.column {
                    bytes.append(contentsOf: #","startColumn":"#.utf8)
                    JSONText.appendInteger(column, to: &bytes)
                }
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(contentsOf: "}}]".utf8)
            if !properties.isEmpty {
                bytes.append(contentsOf: #","properties":{"#.utf8)
                var separator = false
                if let field = properties.field {
                    bytes.append(contentsOf: #""field":"#.utf8)
                    JSONText.appendQuoted(field, to: &bytes)
                    separator = true
                }
                if let id = properties.recordId {
                    bytes.append(contentsOf: (separator ? #","recordId":"# : #""recordId":"#).utf8)
                    JSONText.appendQuoted(id, to: &bytes)
                    separator = true
                }
                if let position = properties.arrayIndex {
                    bytes.append(contentsOf: (separator ? #","arrayIndex":"# : #""arrayIndex":"#).utf8)
                    JSONText.appendInteger(position, to: &bytes)
                }
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Ends the log: the tool (name, version, documentation URI, rules) and the run's
    /// properties (key / JSON text pairs).
    func finish(toolVersion: String, informationURI: String? = nil, properties: [(String, String)] = []) {
        let ruleObjects = rules.map { rule in
            var pairs = [("id", JSONText.quoted(rule.id)),
                         ("shortDescription", JSONText.object([("text", JSONText.quoted(rule.summary))]))]
            if let level = rule.defaultLevel {
                pairs.append(("defaultConfiguration", JSONText.object([("level", JSONText.quoted(level))])))
            }
            return JSONText.object(pairs)
        }
        var driverPairs = [("name", JSONText.quoted("formsmith")), ("version", JSONText.quoted(toolVersion))]
        if let informationURI { driverPairs.append(("informationUri", JSONText.quoted(informationURI))) }
        driverPairs.append(("rules", JSONText.array(ruleObjects)))
        var text = (first ? "" : "\n") + "],\n\"tool\":" + JSONText.object([("driver", JSONText.object(driverPairs))])
        if !properties.isEmpty { text += ",\n\"properties\":" + JSONText.object(properties) }
        output.write(text + "}]}\n")
    }

    @discardableResult
    private func add(_ rule: Rule) -> Int {
        let index = rules.count
        ruleIndex[rule.id] = index
        rules.append(rule)
        return index
    }

    /// A file path as a URI reference: relative paths stay relative, absolute ones become
    /// `file://` URIs; bytes outside the unreserved set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        (path.hasPrefix("/") ? "file://" : "") + percentEncodedPath(path)
    }
}

/// `path` with every byte outside RFC 3986's unreserved set and `/` percent-encoded (`%20`),
/// as links in reports (SARIF locations, the HTML page's `file#Lline`) need it.
func percentEncodedPath(_ path: String) -> String {
    var encoded = ""
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            encoded.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
        }
    }
    return encoded
}
