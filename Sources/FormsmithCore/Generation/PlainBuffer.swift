/// Plain values (no references) in memory that this buffer owns, growing by doubling.
/// Appending is a compare and a store: no reference count, no uniqueness check, no copy on
/// write, which an array pays on every append. The generator writes each questionnaire's JSON
/// text and its parsed form into these.
struct PlainBuffer<Element: BitwiseCopyable>: ~Copyable {
    // In bounds: `append` grows before writing at `count` (never past `capacity`); `subscript` and `elements`
    // read below `count` (callers index below `count`).
    /// The first element.
    private(set) var base: UnsafeMutablePointer<Element>
    /// Elements written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The elements written.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// The element at `index` (below ``count``).
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Appends one element.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = element
        count += 1
    }

    /// Appends `elements` in one copy.
    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        (base + count).update(from: source, count: elements.count)
        count += elements.count
    }

    /// Forgets every element from `index` on.
    mutating func removeSuffix(from index: Int) {
        precondition(index >= 0 && index <= count)
        count = index
    }

    /// Forgets every element, keeping the memory.
    mutating func removeAll() { count = 0 }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
