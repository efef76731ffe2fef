/// One CSV record: the physical line it starts on, its fields and, if it is malformed, why.
///
/// Reuse one `CSVRow` across `CSVReader.next(into:)` calls: its `fields` array keeps its
/// capacity, so reading does not allocate once the widest row has been seen.
package struct CSVRow: Sendable, Equatable {
    /// The 1-based physical line the record starts on (a quoted field may span more lines).
    package internal(set) var line: Int
    /// The fields in column order. In a broken row these are only the well-formed fields
    /// before the one in error.
    package internal(set) var fields: [CSVField]
    /// Why the row is malformed, or nil when it is well-formed.
    package internal(set) var error: CSVRowError?
    /// The bytes of the whole record in the buffer, from its first byte through its line
    /// break (if it has one): what a copy of the row must hold to mean the same.
    package internal(set) var byteRange: Range<Int> = 0..<0

    /// An empty row, ready to be filled by `CSVReader.next(into:)`.
    package init() {
        line = 0
        fields = []
        error = nil
    }

    /// The number of fields (compare it with the header to detect ragged rows).
    package var fieldCount: Int { fields.count }

    /// Whether the row is malformed and should be reported rather than validated.
    package var isBroken: Bool { error != nil }
}
