import Foundation  // memchr, memcmp, tmpfile: the same C calls on Linux and macOS

/// The member keys of every ``ObjectLayout`` of a rule set, for binding JSON members to slots
/// by comparing bytes: no `Member` copies, no strings. Table 0 is the questionnaire itself.
struct KeyTables: Sendable {
    /// One member of one object.
    struct Entry: Sendable {
        var length: Int
        /// The key's first (up to) 8 bytes, little-endian, zero-padded.
        var prefix: UInt64
        /// The key's bytes 8 to 15 (those present), little-endian, zero-padded: keys up to 16
        /// bytes are told by two words, without a `memcmp` call.
        var second: UInt64
        /// Where the key's bytes start in ``KeyTables/pool``.
        var offset: Int
        var isSection: Bool
        /// The field's slot, or the section's table.
        var target: Int
        /// The member's index in its ``ObjectLayout``, for messages.
        var member: Int
    }

    /// One object layout.
    struct Table: Sendable {
        var entries: Range<Int>
        /// For list items: the list's field id and slots per item; -1 and 0 otherwise.
        var listID: Int
        var slotsPerItem: Int
        /// Index into ``KeyTables/layouts``.
        var layout: Int
    }

    /// Entries, tables and key bytes while they are built; the plan copies them into plain
    /// memory (``KeyIndex``) for binding.
    private(set) var entries: [Entry] = []
    private(set) var tables: [Table] = []
    private(set) var pool: [UInt8] = []
    /// The declarative layouts, for messages and the rare paths.
    private(set) var layouts: [ObjectLayout] = []

    /// Adds `layout` and its sections; returns its table index.
    mutating func add(_ layout: ObjectLayout) -> Int {
        let index = tables.count
        tables.append(Table(entries: 0..<0, listID: layout.list?.id ?? -1, slotsPerItem: layout.list?.slotCount ?? 0,
                            layout: layouts.count))
        layouts.append(layout)
        var own: [Entry] = []
        for (position, member) in layout.members.enumerated() {
            var entry = Entry(length: member.key.count, prefix: Self.prefix(of: member.key),
                              second: Self.prefix(of: Array(member.key.dropFirst(8))), offset: pool.count,
                              isSection: false, target: 0, member: position)
            pool += member.key
            switch member.target {
            case .field(_, let slot):
                entry.target = slot
            case .section(_, let inner):
                entry.isSection = true
                entry.target = add(inner)
            }
            own.append(entry)
        }
        tables[index].entries = entries.count..<(entries.count + own.count)
        entries += own
        return index
    }

    /// Up to the first 8 bytes as a little-endian integer.
    @inline(__always)
    static func prefix(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<min(8, key.count) { value |= UInt64(key[index]) << (8 * UInt64(index)) }
        return value
    }

    static func prefix(of key: [UInt8]) -> UInt64 { key.withUnsafeBufferPointer { prefix(of: $0) } }
}

/// ``KeyTables`` in plain memory owned by the plan: binding reads it without bounds checks.
struct KeyIndex: @unchecked Sendable {
    // In bounds: the three buffers are copies of `KeyTables`' arrays, indexed only by the entry, table and
    // pool offsets those tables hold (built together, never changed).
    let entries: UnsafeMutableBufferPointer<KeyTables.Entry>
    let tables: UnsafeMutableBufferPointer<KeyTables.Table>
    let pool: UnsafeMutableBufferPointer<UInt8>

    init(_ keys: KeyTables) {
        entries = .allocate(capacity: max(keys.entries.count, 1))
        _ = entries.initialize(from: keys.entries)
        tables = .allocate(capacity: max(keys.tables.count, 1))
        _ = tables.initialize(from: keys.tables)
        pool = .allocate(capacity: max(keys.pool.count, 1))
        _ = pool.initialize(from: keys.pool)
    }

    /// Frees the memory (by the plan, when it goes).
    func deallocate() {
        entries.deallocate()
        tables.deallocate()
        pool.deallocate()
    }

    /// The entry index of `key` in `table`, or -1. `prefix` and `second` are
    /// ``KeyTables/prefix(of:)`` of the key's first 8 bytes and of its bytes 8 to 15 (0 when it
    /// has none). Members usually come in declaration order, so the search starts at `hint` (the
    /// entry after the previous match) and wraps around.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>, prefix: UInt64, second: UInt64, in table: Int, from hint: Int) -> Int {
        let range = tables[table].entries
        var index = hint >= range.lowerBound && hint < range.upperBound ? hint : range.lowerBound
        for _ in 0..<range.count {
            let entry = entries[index]
            if entry.prefix == prefix, entry.second == second, entry.length == key.count,
               key.count <= 16 || memcmp(pool.baseAddress! + entry.offset + 16, key.baseAddress! + 16, key.count - 16) == 0 {
                return index
            }
            index += 1
            if index == range.upperBound { index = range.lowerBound }
        }
        return -1
    }
}

/// A set of byte strings (and integers) for enumeration checks: a linear scan for a few
/// values, an open-addressing hash table for long lists such as `valuesFrom` seed files.
struct ByteStringSet: Sendable {
    private let pool: [UInt8]
    /// `offsets[i]..<offsets[i + 1]` is value `i` in `pool`.
    private let offsets: [Int]
    /// Value indices by hash, -1 for empty buckets; empty for short lists.
    private let buckets: [Int]
    private let integers: Set<Int64>
    /// The same integers in a list when there are few (a look through a handful is cheaper than
    /// hashing); empty otherwise.
    private let fewIntegers: [Int64]

    init(_ strings: [[UInt8]], integers: [Int64]) {
        pool = strings.flatMap { $0 }
        var offsets = [0]
        for string in strings { offsets.append(offsets[offsets.count - 1] + string.count) }
        self.offsets = offsets
        self.integers = Set(integers)
        fewIntegers = self.integers.count <= 8 ? Array(self.integers) : []
        guard strings.count > 8 else {
            buckets = []
            return
        }
        var size = 16
        while size < strings.count * 2 { size *= 2 }
        var buckets = Array(repeating: -1, count: size)
        for (index, string) in strings.enumerated() {
            var bucket = string.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & (size - 1) }
            buckets[bucket] = index
        }
        self.buckets = buckets
    }

    /// Whether `value` is one of the strings.
    func contains(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !buckets.isEmpty else {
            for index in 0..<(offsets.count - 1) where equals(index, value) { return true }
            return false
        }
        var bucket = Self.hash(value) & (buckets.count - 1)
        while buckets[bucket] >= 0 {
            if equals(buckets[bucket], value) { return true }
            bucket = (bucket + 1) & (buckets.count - 1)
        }
        return false
    }

    /// Whether `value` is one of the integers.
    func contains(_ value: Int64) -> Bool {
        if integers.count <= 8 { return fewIntegers.contains(value) }
        return integers.contains(value)
    }

    @inline(__always)
    private func equals(_ index: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = offsets[index]
        guard offsets[index + 1] - start == value.count else { return false }
        guard value.count > 0 else { return true }
        // In bounds: `offsets[index]..<offsets[index + 1]` is string `index` inside the pool, and its length
        // equals `value.count` (checked above).
        return pool.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, value.baseAddress!, value.count) == 0 }
    }

    /// FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
