/// A field sink that writes fields into a small block of plain memory and moves them into
/// the row's array a block at a time.
///
/// Appending to the row's array field by field pays a copy-on-write uniqueness check and a
/// capacity check on every field (about a third of the reader's work per field); a store into
/// plain memory pays neither. Rows wider than the block spill into the array as they are read.
struct CSVStagedSink: CSVFieldSink {
    /// The block (uninitialized memory of a trivial type; the caller owns it).
    private let stage: UnsafeMutablePointer<CSVField>
    private let capacity: Int
    private var used = 0
    /// The fields moved out of the block so far.
    private var fields: [CSVField] = []

    /// A sink staging into `stage` (`capacity` fields) that takes over `fields` (emptied,
    /// keeping its capacity) until ``finish(into:)`` hands it back; swapping keeps the array
    /// uniquely referenced, so it is neither copied nor reallocated.
    init(stage: UnsafeMutablePointer<CSVField>, capacity: Int, taking fields: inout [CSVField]) {
        self.stage = stage
        self.capacity = capacity
        swap(&self.fields, &fields)
        self.fields.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func add(_ field: CSVField) {
        if used == capacity { spill() }
        (stage + used).initialize(to: field)
        used += 1
    }

    /// Moves the staged fields into the array and hands it back in `fields`.
    mutating func finish(into fields: inout [CSVField]) {
        spill()
        swap(&self.fields, &fields)
    }

    private mutating func spill() {
        fields.append(contentsOf: UnsafeBufferPointer(start: stage, count: used))
        used = 0
    }
}
