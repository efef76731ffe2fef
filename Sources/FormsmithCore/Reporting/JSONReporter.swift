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
/// `stoppedEarly` when `--fail-fast` stopped the run.
public final class JSONReporter: ValidationReporter {
    private let output: ReportOutput
    private var first = true

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
        output.write("{\"results\":[")
    }

    public func report(_ results: [RecordResult]) {
        for result in results {
            output.write((first ? "\n" : ",\n") + Self.encode(result))
            first = false
        }
    }

    public func finish(_ summary: ValidationSummary) {
        output.write((first ? "" : "\n") + "],\n\"summary\":" + Self.encode(summary) + "}\n")
        output.flush()
    }

    /// One result as a JSON object.
    public static func encode(_ result: RecordResult) -> String {
        var pairs: [(String, String)] = [("file", JSONText.quoted(result.location.file)),
                                         ("line", String(result.location.line))]
        if let index = result.location.index { pairs.append(("index", String(index))) }
        if let id = result.id { pairs.append(("id", JSONText.quoted(id))) }
        if let reason = result.unreadable { pairs.append(("unreadable", JSONText.quoted(reason))) }
        pairs.append(("errors", JSONText.array(result.violations.map(encode))))
        return JSONText.object(pairs)
    }

    /// One violation as a JSON object.
    public static func encode(_ violation: Violation) -> String {
        var pairs = [("field", JSONText.quoted(violation.field)), ("rule", JSONText.quoted(violation.rule)),
                     ("message", JSONText.quoted(violation.message))]
        if let value = violation.value { pairs.append(("value", JSONText.quoted(value))) }
        return JSONText.object(pairs)
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
        if let limit = summary.truncatedAt { pairs += [("truncated", "true"), ("maxErrors", String(limit))] }
        if summary.stoppedEarly { pairs.append(("stoppedEarly", "true")) }
        return JSONText.object(pairs)
    }
}
