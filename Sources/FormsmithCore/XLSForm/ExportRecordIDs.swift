/// Names the records of converted server exports (KoboToolbox JSON, ODK Central CSV) by their
/// instanceID in every report: passes results on to another reporter with ``RecordResult/id``
/// set to the submission's instanceID where the record has no `id` of its own, and a submission
/// the export could not give (a cut row) unreadable with its reason. Record N of an export's
/// file is its Nth submission.
public final class ExportRecordIDs: ValidationReporter {
    private let wrapped: any ValidationReporter
    private let ids: [String: [String?]]
    private let unreadable: [String: [Int: String]]

    /// `ids`: for each export's name (as reports give it), the instanceID of each submission;
    /// `unreadable`: for each export's name, why each submission it could not give (by 1-based
    /// position) is unreadable.
    public init(_ ids: [String: [String?]], unreadable: [String: [Int: String]] = [:], wrapping wrapped: any ValidationReporter) {
        self.ids = ids
        self.unreadable = unreadable
        self.wrapped = wrapped
    }

    public func report(_ results: [RecordResult]) {
        wrapped.report(results.map { result in
            var result = result
            if result.unreadable != nil, let reason = unreadable[result.location.file]?[result.location.line] {
                result.unreadable = reason
            }
            guard result.id == nil, let list = ids[result.location.file], list.indices.contains(result.location.line - 1),
                  let id = list[result.location.line - 1] else { return result }
            var named = result
            named.id = id
            return named
        })
    }

    public func finishFile(_ file: String, summary: ValidationSummary) {
        wrapped.finishFile(file, summary: summary)
    }

    public func finishFile(_ file: String, form: String, summary: ValidationSummary) {
        wrapped.finishFile(file, form: form, summary: summary)
    }

    public func finish(_ summary: ValidationSummary) {
        wrapped.finish(summary)
    }
}
