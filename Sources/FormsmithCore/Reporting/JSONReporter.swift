/// The machine-readable report: one JSON object, written as results arrive.
///
/// ```json
/// {"results":[{"file":"a.jsonl","line":3,"id":"Q-1","errors":[{"field":"vehicle.vin","rule":"regex",
///   "message":"...","value":"..."}]}],
///  "summary":{"records":10,"valid":9,"invalid":1,"unreadable":0,"violations":1,
///   "byRule":[{"rule":"regex","count":1,"examples":["Q-1"]}],"byField":[...]}}
/// ```
/// A result has `line` always, `index` for elements of a JSON array file, `id` when the
/// questionnaire has one, and either `errors` or `unreadable` (the reason it could not be read).
/// The summary has `truncated` and `maxErrors` when `--max-errors` cut the results, and
/// `stoppedEarly` when `--fail-fast` stopped the run, and `today`, the date rules took as
/// today (`"2026-11-22"`).
public final class JSONReporter: ValidationReporter {
    private let output: ReportOutput
    private var first = true

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
        output.write("{\"results\":[")
    }

    public func report(_ results: [RecordResult]) {
        output.writeBytes { bytes in
            for result in results {
                if !first { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\n"))
                Self.append(result, to: &bytes)
                first = false
            }
        }
    }

    public func finish(_ summary: ValidationSummary) {
        output.write((first ? "" : "\n") + "],\n\"summary\":" + Self.encode(summary) + "}\n")
        output.flush()
    }

    /// One result as a JSON object.
    public static func encode(_ result: RecordResult) -> String {
        var bytes: [UInt8] = []
        append(result, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One violation as a JSON object.
    public static func encode(_ violation: Violation) -> String {
        var bytes: [UInt8] = []
        append(violation, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one result as a JSON object, written straight as bytes (reports of millions of
    /// records must not build a string per value).
    static func append(_ result: RecordResult, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"file":"#.utf8)
        JSONText.appendQuoted(result.location.file, to: &bytes)
        if let form = result.form {
            bytes.append(contentsOf: #","form":"#.utf8)
            JSONText.appendQuoted(form, to: &bytes)
        }
        bytes.append(contentsOf: #","line":"#.utf8)
        JSONText.appendInteger(result.location.line, to: &bytes)
        if let index = result.location.index {
            bytes.append(contentsOf: #","index":"#.utf8)
            JSONText.appendInteger(index, to: &bytes)
        }
        if let id = result.id {
            bytes.append(contentsOf: #","id":"#.utf8)
            JSONText.appendQuoted(id, to: &bytes)
        }
        if let reason = result.unreadable {
            bytes.append(contentsOf: #","unreadable":"#.utf8)
            JSONText.appendQuoted(reason, to: &bytes)
        }
        bytes.append(contentsOf: #","errors":["#.utf8)
        for (position, violation) in result.violations.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            append(violation, to: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// Appends one violation as a JSON object.
    static func append(_ violation: Violation, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"field":"#.utf8)
        JSONText.appendQuoted(violation.field, to: &bytes)
        bytes.append(contentsOf: #","rule":"#.utf8)
        JSONText.appendQuoted(violation.rule, to: &bytes)
        bytes.append(contentsOf: #","message":"#.utf8)
        JSONText.appendQuoted(violation.message, to: &bytes)
        if let value = violation.value {
            bytes.append(contentsOf: #","value":"#.utf8)
            JSONText.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A project run's totals per form, as a JSON array.
    public static func encodeForms(_ forms: [FormTotals]) -> String {
        JSONText.array(forms.map { entry in
            let totals = entry.summary
            return JSONText.object([
                ("form", JSONText.quoted(entry.form)), ("records", String(totals.records)),
                ("valid", String(totals.valid)), ("invalid", String(totals.invalid)),
                ("unreadable", String(totals.unreadable)), ("violations", String(totals.violations)),
            ])
        })
    }

    /// The summary as a JSON object.
    public static func encode(_ summary: ValidationSummary) -> String {
        func counts(_ entries: [ViolationCount], key: String) -> String {
            JSONText.array(entries.map { entry in
                JSONText.object([(key, JSONText.quoted(entry.key)), ("count", String(entry.count)),
                                 ("examples", JSONText.array(entry.examples.map(JSONText.quoted)))])
            })
        }
        var pairs = [
            ("records", String(summary.records)), ("valid", String(summary.valid)),
            ("invalid", String(summary.invalid)), ("unreadable", String(summary.unreadable)),
            ("violations", String(summary.violations)),
            ("byRule", counts(summary.byRule, key: "rule")), ("byField", counts(summary.byField, key: "field")),
        ]
        if !summary.byForm.isEmpty { pairs.append(("byForm", encodeForms(summary.byForm))) }
        if let limit = summary.truncatedAt { pairs += [("truncated", "true"), ("maxErrors", String(limit))] }
        if summary.stoppedEarly { pairs.append(("stoppedEarly", "true")) }
        if let today = summary.today { pairs.append(("today", JSONText.quoted(today.description))) }
        return JSONText.object(pairs)
    }
}
