/// The violations of the record being validated: collected as the checks word them, put in
/// report order, and handed out as the record's result, masked under `--redact`.
///
/// Each check kind words its own violations (its file in `Checks/`, through
/// `RecordValidator.report`); this type owns what happens to them next. One per validator
/// (stored inline: the hot path appends to it), reset for each record.
struct ViolationLog {
    /// The record's violations so far, in the order they were found.
    var entries: [Violation] = []
    /// Whether reports must not reveal values (`--redact`): a quoted choice and each
    /// violation's value are masked (see ``Redaction``).
    let redactsValues: Bool

    init(redactsValues: Bool) {
        self.redactsValues = redactsValues
    }

    /// Forgets the previous record's violations, keeping the storage.
    mutating func reset() {
        entries.removeAll(keepingCapacity: true)
    }

    /// Puts the violations in the order their fields are declared (`rank` of a field path;
    /// unknown fields last), keeping list items in order, so reports read like the form.
    mutating func sort(by rank: (String) -> Int) {
        guard entries.count > 1 else { return }
        entries = entries.enumerated().sorted { lhs, rhs in
            let left = rank(lhs.element.field)
            let right = rank(rhs.element.field)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The result of an invalid record: its id and violations, values masked under `--redact`.
    func result(at location: RecordLocation, id: String?) -> RecordResult {
        var result = RecordResult(location: location, id: id, violations: entries)
        if redactsValues { result.maskValues() }
        return result
    }

    /// A value quoted in a message (a chosen value): masked under `--redact`.
    func quoted(_ value: String) -> String {
        redactsValues ? Redaction.redact(value) : value
    }
}
