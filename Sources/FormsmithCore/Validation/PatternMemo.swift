/// Values that recently matched each pattern step, so a value seen again (names, makes,
/// document kinds: questionnaires repeat a lot) skips the regex engine.
///
/// Per validator (never shared), direct-mapped: each step has 256 slots holding a value of up
/// to 24 bytes that fully matched. Only matches are remembered, and a match depends on nothing
/// but the bytes, so a hit gives exactly the engine's answer. A step whose values rarely repeat
/// (identifiers, phone numbers) stops being memoised after 1,024 lookups with few hits, so it
/// pays for the lookups only briefly.
final class PatternMemo {
    private struct Slot {
        var length: UInt8 = 0xFF  // 0xFF: empty
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    }

    private static let slotsPerStep = 256
    private static let longestValue = 24
    private static let trialLookups: UInt32 = 1024

    // In bounds: `step` indices come from the plan's steps (< stepCount); a slot index is `step ×
    // slotsPerStep` plus an 8-bit hash (< 256 = slotsPerStep).
    /// Plain memory (this is on the per-value hot path): slots, then per step its lookup and
    /// hit counts and whether it is still memoised.
    private let slots: UnsafeMutablePointer<Slot>
    private let lookups: UnsafeMutablePointer<UInt32>
    private let hits: UnsafeMutablePointer<UInt32>
    private let enabled: UnsafeMutablePointer<Bool>
    private let stepCount: Int

    /// A memo for `stepCount` steps (indices of ``FastCheckTables/steps``).
    init(stepCount: Int) {
        self.stepCount = max(stepCount, 1)
        slots = .allocate(capacity: self.stepCount * Self.slotsPerStep)
        slots.initialize(repeating: Slot(), count: self.stepCount * Self.slotsPerStep)
        lookups = .allocate(capacity: self.stepCount)
        lookups.initialize(repeating: 0, count: self.stepCount)
        hits = .allocate(capacity: self.stepCount)
        hits.initialize(repeating: 0, count: self.stepCount)
        enabled = .allocate(capacity: self.stepCount)
        enabled.initialize(repeating: true, count: self.stepCount)
    }

    deinit {
        slots.deallocate()
        lookups.deallocate()
        hits.deallocate()
        enabled.deallocate()
    }

    /// Whether `value` is known to match step `step`.
    @inline(__always)
    func knownMatch(_ step: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard enabled[step], value.count <= Self.longestValue else { return false }
        let words = Self.words(value)
        let slot = step * Self.slotsPerStep + Self.slotIndex(words, value.count)
        lookups[step] &+= 1
        if slots[slot].length == UInt8(value.count), slots[slot].words == words {
            hits[step] &+= 1
            return true
        }
        if lookups[step] == Self.trialLookups, hits[step] < Self.trialLookups / 4 { enabled[step] = false }
        return false
    }

    /// Remembers that `value` matched step `step`.
    @inline(__always)
    func rememberMatch(_ step: Int, _ value: UnsafeBufferPointer<UInt8>) {
        guard enabled[step], value.count <= Self.longestValue else { return }
        let words = Self.words(value)
        slots[step * Self.slotsPerStep + Self.slotIndex(words, value.count)] =
            Slot(length: UInt8(value.count), words: words)
    }

    /// The value's bytes, zero-padded into three words.
    @inline(__always)
    private static func words(_ value: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        if let base = value.baseAddress {
            // In bounds: callers pass at most `longestValue` (24) bytes, the size of the three words.
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: value.count)) }
        }
        return words
    }

    @inline(__always)
    private static func slotIndex(_ words: (UInt64, UInt64, UInt64), _ length: Int) -> Int {
        let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F)
            ^ UInt64(length)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed >> 56)  // 8 bits: 256 slots
    }
}
