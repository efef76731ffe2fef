/// A set of Unicode scalar values stored as sorted, disjoint, non-adjacent ranges,
/// with the cumulative sizes needed to pick a uniformly random member quickly.
package struct RegexCharSet: Sendable, Equatable {
    /// Sorted, disjoint, non-adjacent ranges of scalar values.
    package private(set) var ranges: [ClosedRange<UInt32>]
    /// `cumulative[i]` is the number of members in `ranges[0...i]`.
    package private(set) var cumulative: [Int]

    /// The empty set.
    package static let empty = RegexCharSet(normalizing: [])

    /// A set built from arbitrary (possibly overlapping, unsorted) ranges.
    package init(normalizing input: [ClosedRange<UInt32>]) {
        let sorted = input.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
        cumulative = []
        cumulative.reserveCapacity(merged.count)
        var total = 0
        for range in merged {
            total += Int(range.upperBound - range.lowerBound) + 1
            cumulative.append(total)
        }
    }

    /// A set of the given scalar values.
    package init(scalars: [UInt32]) {
        self.init(normalizing: scalars.map { $0...$0 })
    }

    /// The number of scalar values in the set.
    package var count: Int { cumulative.last ?? 0 }

    /// Whether the set has no members.
    package var isEmpty: Bool { ranges.isEmpty }

    /// Whether `scalar` is a member.
    package func contains(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if scalar < range.lowerBound {
                high = middle - 1
            } else if scalar > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The members of either set.
    package func union(_ other: RegexCharSet) -> RegexCharSet {
        RegexCharSet(normalizing: ranges + other.ranges)
    }

    /// The members of both sets.
    package func intersection(_ other: RegexCharSet) -> RegexCharSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0
        var j = 0
        while i < ranges.count && j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let low = max(a.lowerBound, b.lowerBound)
            let high = min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return RegexCharSet(normalizing: result)
    }

    /// The members of this set that are not in `other`.
    package func subtracting(_ other: RegexCharSet) -> RegexCharSet {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges {
            var low = range.lowerBound
            var exhausted = false
            for cut in other.ranges where cut.upperBound >= low && cut.lowerBound <= range.upperBound {
                if cut.lowerBound > low { result.append(low...(cut.lowerBound - 1)) }
                if cut.upperBound >= range.upperBound {
                    exhausted = true
                    break
                }
                low = cut.upperBound + 1
            }
            if !exhausted { result.append(low...range.upperBound) }
        }
        return RegexCharSet(normalizing: result)
    }

    /// This set plus the simple upper- and lower-case counterparts of its letters
    /// (only scalars below U+0530 are examined: Latin, Greek and Cyrillic).
    package func closedUnderCase() -> RegexCharSet {
        var extra: [UInt32] = []
        for range in ranges where range.lowerBound < 0x530 {
            for value in range.lowerBound...min(range.upperBound, 0x52F) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let properties = scalar.properties
                guard properties.isCased else { continue }
                for mapped in [properties.uppercaseMapping, properties.lowercaseMapping] {
                    let mappedScalars = mapped.unicodeScalars
                    if mappedScalars.count == 1, let single = mappedScalars.first, single.value != value {
                        extra.append(single.value)
                    }
                }
            }
        }
        return extra.isEmpty ? self : union(RegexCharSet(scalars: extra))
    }
}

/// UTF-8 encoding of single scalars into a byte buffer, without going through `String`.
package enum RegexUTF8 {
    /// Appends the UTF-8 encoding of the scalar value `value` to `output`.
    @inline(__always)
    package static func append(_ value: UInt32, to output: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (value >> 6)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (value >> 12)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (value >> 18)))
            output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}
