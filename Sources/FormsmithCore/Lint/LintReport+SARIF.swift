/// SARIF 2.1.0 for code-scanning services, through the writer `validate` uses too
/// (`SARIFLog`): one run whose driver lists every lint rule with its default level, one
/// result per finding with its line and column (counted in Unicode code points).
extension LintReport {
    /// The schema SARIF files name.
    public static let sarifSchema = SARIFLog.schema

    /// Writes the report as a SARIF 2.1.0 log to `output`; `toolVersion` is Formsmith's version.
    public func writeSARIF(to output: OutputWriter, toolVersion: String) {
        let rules = LintCatalog.rules.map {
            SARIFLog.Rule(id: $0.id, summary: $0.summary, defaultLevel: $0.severity.rawValue)
        }
        let log = SARIFLog(output: output, rules: rules, columnKind: "unicodeCodePoints")
        for finding in findings {
            log.append(rule: finding.rule, summary: finding.rule, level: finding.severity.rawValue,
                       message: finding.message,
                       location: .init(file: finding.location.file, line: finding.location.line,
                                       column: finding.location.column))
        }
        log.finish(toolVersion: toolVersion)
    }

    /// The report as a SARIF 2.1.0 log; `toolVersion` is Formsmith's version.
    public func sarif(toolVersion: String) -> String {
        let output = OutputWriter()
        writeSARIF(to: output, toolVersion: toolVersion)
        return output.text
    }
}
