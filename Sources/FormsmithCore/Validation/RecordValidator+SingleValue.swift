/// Checking one value on its own, outside any questionnaire (for `formsmith lint`'s seed lists).
extension RecordValidator {
    /// The violations `text` gets from the checks of field `id`, read as a CSV cell would be
    /// (so `42` is a number for a number field), with every other field unknown: cases and
    /// bounds that read other fields are skipped.
    func violations(ofText text: String, field id: Int) -> [Violation] {
        let utf8 = Array(text.utf8)
        beginRecord()
        // In bounds: the cell is the whole buffer (`0..<buffer.count`), read only inside this closure.
        return utf8.withUnsafeBufferPointer { buffer in
            reading(nodes: UnsafeBufferPointer(start: nil, count: 0), bytes: buffer) {
                _ = checkValue(id, raw: .cell(start: 0, end: buffer.count, escaped: false), item: -1)
                return violations
            }
        }
    }
}
