/// The streaming machine report: one JSON object per line for each invalid or unreadable
/// questionnaire, written (and flushed) as soon as it is found, then one summary line.
///
/// ```
/// {"file":"a.jsonl","line":3,"id":"Q-1","errors":[{"field":"vehicle.vin","rule":"regex",...}]}
/// {"summary":{"records":10,"valid":9,"invalid":1,"unreadable":0,...}}
/// ```
/// Result and summary objects are those of the JSON report (``JSONReporter``).
public final class JSONLinesReporter: ValidationReporter {
    private let output: ReportOutput

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public func report(_ results: [RecordResult]) {
        output.writeBytes { bytes in
            for result in results {
                JSONReporter.append(result, to: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        output.flush()
    }

    public func finish(_ summary: ValidationSummary) {
        output.write(JSONText.object([("summary", JSONReporter.encode(summary))]) + "\n")
        output.flush()
    }
}
