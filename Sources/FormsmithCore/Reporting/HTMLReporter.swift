/// What an HTML report says about its run besides the results: the rules and inputs.
public struct HTMLReportContext: Sendable {
    /// The rule file as the user named it.
    public var rulesFile: String
    /// The rule set's identifier.
    public var ruleSetID: String
    /// Paths of the rules' fields in declaration order (the rows of the fill table).
    public var fields: [String]
    /// The inputs as the user named them.
    public var inputs: [String]
    /// The version of Formsmith that wrote the report.
    public var toolVersion: String
    /// The file the report is written to, when it is one (`--output`): links to inputs are
    /// then written from its folder, so they work wherever the page is. Nil (standard
    /// output): links keep the input paths as given, relative to the working directory.
    public var reportFile: String?

    /// Creates a context.
    public init(rulesFile: String, ruleSetID: String, fields: [String], inputs: [String], toolVersion: String,
                reportFile: String? = nil) {
        self.reportFile = reportFile
        self.rulesFile = rulesFile
        self.ruleSetID = ruleSetID
        self.fields = fields
        self.inputs = inputs
        self.toolVersion = toolVersion
    }

    /// The context of a run of `rules` loaded from `rulesFile` over `inputs`.
    public init(rules: CompiledRuleSet, rulesFile: String, inputs: [String], toolVersion: String,
                reportFile: String? = nil) {
        self.init(rulesFile: rulesFile, ruleSetID: rules.id, fields: rules.fieldPaths, inputs: inputs,
                  toolVersion: toolVersion, reportFile: reportFile)
    }
}

/// The audit report: one self-contained HTML page (inline CSS and SVG; no script, no
/// network, no fonts) with the totals, the valid / invalid / unreadable split, each field's
/// fill and failure rates, bar charts of violations by rule, field and section (most
/// frequent first), and a few examples per rule linking to `file#Lline` (from the report's
/// folder, ``HTMLReportContext/reportFile``).
///
/// Its size does not grow with the input: examples are capped (``examplesPerRule`` per rule,
/// ``unreadableExamples`` unreadable records) while every count is exact. Fill rates need a
/// run with ``ValidationOptions/countsFills``. Values are whatever the results carry, so
/// `--redact` masks them here as everywhere.
public final class HTMLReporter: ValidationReporter {
    /// Examples kept per rule.
    public static let examplesPerRule = 5
    /// Unreadable records listed.
    public static let unreadableExamples = 20
    /// Bars drawn per chart (the field table lists every field).
    static let barsPerChart = 25

    /// One violation kept as an example.
    struct Example {
        let location: RecordLocation
        let id: String?
        let violation: Violation
    }

    private let output: ReportOutput
    private let context: HTMLReportContext
    /// Examples by rule, in the order rules were first met.
    private var examples: [String: [Example]] = [:]
    private var unreadable: [RecordResult] = []

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput, context: HTMLReportContext) {
        self.output = output
        self.context = context
    }

    public func report(_ results: [RecordResult]) {
        for result in results {
            if result.unreadable != nil {
                if unreadable.count < Self.unreadableExamples { unreadable.append(result) }
                continue
            }
            for violation in result.violations {
                // One lookup per violation, updated in place; the list stays short.
                func keep(_ list: inout [Example]) {
                    if list.count < Self.examplesPerRule {
                        list.append(Example(location: result.location, id: result.id, violation: violation))
                    }
                }
                keep(&examples[violation.rule, default: []])
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        var page = HTMLPage(links: HTMLLinks(reportFile: context.reportFile))
        page.open(title: "Formsmith audit: \(context.ruleSetID)")
        page.header(context, summary)
        page.totals(summary)
        page.forms(summary.byForm)
        page.charts(summary)
        page.fieldTable(summary, fields: context.fields)
        page.examples(summary.byRule, examples: examples)
        page.unreadable(unreadable, total: summary.unreadable)
        page.close(context)
        output.write(page.text)
        output.flush()
    }
}
