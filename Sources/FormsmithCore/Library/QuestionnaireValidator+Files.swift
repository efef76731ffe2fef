import Foundation

/// The verdict on every questionnaire of a file (``QuestionnaireValidator/validate(fileAt:format:csvDialect:)``).
public struct FileValidation: Sendable {
    /// One result per questionnaire, in file order, valid ones included, each at its real
    /// place: the line of a JSON Lines record or CSV row, the line and `[index]` of an element
    /// of a JSON array. A record that cannot be read (malformed JSON, a CSV header with
    /// problems) is a result with ``RecordResult/unreadable`` set, and the rest is still read.
    public let records: [RecordResult]
    /// The totals: records, valid, invalid, unreadable, violations by rule and by field.
    public let summary: ValidationSummary

    /// The invalid and unreadable records, in file order (what `formsmith validate` lists).
    public var problems: [RecordResult] { records.filter { !$0.isValid } }
}

extension QuestionnaireValidator {
    /// Validates every questionnaire of a file: JSON Lines (`.jsonl`, `.ndjson`), JSON (`.json`:
    /// one object or an array of them) or CSV (`.csv`, its header bound to the rules' fields),
    /// read by the same readers as `formsmith validate`, so results carry the same locations.
    ///
    /// A folder gives its `.json`, `.jsonl`, `.ndjson` and `.csv` files, recursively, in path
    /// order. The results are kept in memory; for large inputs use the streaming form
    /// ``validate(fileAt:format:csvDialect:each:)``, or ``BatchValidator`` to validate in
    /// parallel with a report.
    ///
    /// ```swift
    /// let file = try validator.validate(fileAt: URL(fileURLWithPath: "SampleData/osago-policy/invalid.jsonl"))
    /// for record in file.problems {
    ///     print("line \(record.location.line): \(record.violations.map(\.rule))")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file (or folder) to read.
    ///   - format: The format of every file, instead of deciding by extension.
    ///   - csvDialect: How CSV fields are separated (`--delimiter`).
    /// - Throws: ``InputError`` when nothing is at `url`, or a file's format cannot be told
    ///   from its name and `format` is not given. A file that cannot be read is a result, not
    ///   an error: one unreadable record saying why.
    public func validate(fileAt url: URL, format: InputFormat? = nil, csvDialect: CSVDialect = .comma)
        throws(InputError) -> FileValidation
    {
        var records: [RecordResult] = []
        let summary = try validate(fileAt: url, format: format, csvDialect: csvDialect) { records.append($0) }
        return FileValidation(records: records, summary: summary)
    }

    /// Validates every questionnaire of a file as ``validate(fileAt:format:csvDialect:)`` does,
    /// handing each result to `each` as soon as its piece of the file is read (in file order,
    /// on the calling thread), so memory stays flat however long the file is.
    ///
    /// - Returns: The totals.
    /// - Throws: ``InputError``, as ``validate(fileAt:format:csvDialect:)``.
    @discardableResult
    public func validate(fileAt url: URL, format: InputFormat? = nil, csvDialect: CSVDialect = .comma,
                         each: (RecordResult) -> Void) throws(InputError) -> ValidationSummary
    {
        let sources = try InputDiscovery.sources(for: [url.path], format: format)
        var options = ValidationOptions(jobs: 1, csvDialect: csvDialect, redact: masksValues)
        options.reportsValidRecords = true
        let batch = BatchValidator(rules: rulesForNow(), options: options)
        return withoutActuallyEscaping(each) { each in
            batch.run(sources, reporter: RecordCollector(each: each))
        }
    }
}

/// Hands every result of a run to a closure.
private final class RecordCollector: ValidationReporter {
    let each: (RecordResult) -> Void

    init(each: @escaping (RecordResult) -> Void) {
        self.each = each
    }

    func report(_ results: [RecordResult]) {
        for result in results { each(result) }
    }

    func finish(_ summary: ValidationSummary) {}
}
