/// The findings of one `formsmith lint` run over one or more rule files, and their text and
/// JSON renderings (SARIF: see `LintReport+SARIF.swift`).
public struct LintReport: Sendable {
    /// The rule files linted, as named on the command line.
    public let files: [String]
    /// Every finding, in file order.
    public let findings: [LintFinding]

    /// Lints each file for the reference date `today`.
    public init(files: [String], today: CivilDate) {
        self.init(files: files, findings: files.flatMap { Linter.lint(path: $0, today: today) })
    }

    /// A report of findings already made.
    public init(files: [String], findings: [LintFinding]) {
        self.files = files
        self.findings = findings
    }

    /// How many findings are errors.
    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    /// How many findings are warnings.
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

    /// One `file:line:column: severity[rule]: message` line per finding (a message's caret
    /// excerpt on the lines below it), then a summary line.
    public func text() -> String {
        var text = findings.map { $0.description + "\n" }.joined()
        let checked = "\(files.count) rule file\(files.count == 1 ? "" : "s")"
        if findings.isEmpty {
            text += "\(checked): no problems\n"
        } else {
            text += "\(checked): \(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning"))\n"
        }
        return text
    }

    /// The JSON report: `files`, `findings` (each with `file`, `line`, `column`, `rule`,
    /// `level`, `message`) and `summary` (`files`, `errors`, `warnings`); one finding per line.
    public func json() -> String {
        let entries = findings.map { finding in
            JSONText.object([
                ("file", JSONText.quoted(finding.location.file)), ("line", String(finding.location.line)),
                ("column", String(finding.location.column)), ("rule", JSONText.quoted(finding.rule)),
                ("level", JSONText.quoted(finding.severity.rawValue)), ("message", JSONText.quoted(finding.message)),
            ])
        }
        let summary = JSONText.object([("files", String(files.count)), ("errors", String(errorCount)),
                                       ("warnings", String(warningCount))])
        return "{\"files\":" + JSONText.array(files.map(JSONText.quoted)) + ",\n\"findings\":["
            + (entries.isEmpty ? "" : "\n" + entries.joined(separator: ",\n") + "\n")
            + "],\n\"summary\":" + summary + "}\n"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
