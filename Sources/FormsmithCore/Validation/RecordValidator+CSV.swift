/// Validating a CSV questionnaire: bind the row's cells to slots through the file's column
/// map (``RecordBinding``), then evaluate exactly as for JSON.
extension RecordValidator {
    /// Validates one well-formed row whose field count equals the number of columns.
    /// `buffer` is the chunk the row was read from.
    func validate(csvRow row: CSVRow, in buffer: UnsafeBufferPointer<UInt8>, columns map: CSVColumnMap,
                  location: RecordLocation) -> RecordResult {
        reading(nodes: UnsafeBufferPointer(start: nil, count: 0), bytes: buffer) {
            beginRecord()
            binding.bind(csvRow: row, columns: map, rules: rules)
            if map.nested.isEmpty {
                evaluateRecord()
            } else {
                csvRowWithInnerLists = (row, map)
                evaluateRecord()
                csvRowWithInnerLists = nil
            }
            if violations.isEmpty { return RecordResult(location: location) }
            return invalidResult(at: location)
        }
    }
}
