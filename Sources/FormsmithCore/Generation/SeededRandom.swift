/// A deterministic pseudo-random generator for test-data generation.
///
/// The algorithm is xoshiro256** whose 256-bit state is filled from the seed by splitmix64.
/// Every helper (`int(in:)`, `chance(_:)`, `pick(_:)`) is implemented here rather than relying
/// on the standard library's `random(in:)` / `randomElement()`, whose algorithms may change
/// between Swift versions: the same seed yields the same values on every platform and release.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    /// The seed this generator was created with; `derived(_:)` depends only on it.
    package let seed: UInt64

    /// Creates a generator whose whole output sequence is determined by `seed`.
    package init(seed: UInt64) {
        self.seed = seed
        var mixer = seed
        s0 = SeededRandom.splitMix64(&mixer)
        s1 = SeededRandom.splitMix64(&mixer)
        s2 = SeededRandom.splitMix64(&mixer)
        s3 = SeededRandom.splitMix64(&mixer)
    }

    /// An independent generator for chunk or record number `stream`.
    ///
    /// The result depends only on this generator's `seed` and `stream`, never on how many
    /// values were already drawn, so record `i` gets the same values whichever thread makes it.
    package func derived(_ stream: UInt64) -> SeededRandom {
        let streamKey = SeededRandom.mix(stream &+ 0x9E37_79B9_7F4A_7C15)
        return SeededRandom(seed: SeededRandom.mix(seed ^ streamKey) &+ 0xD1B5_4A32_D192_ED03)
    }

    /// The next 64 random bits (xoshiro256**).
    package mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// A uniformly distributed integer in `range` (Lemire's multiply-and-reject method).
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        if span == 0 {  // the whole 64-bit range
            return Int(truncatingIfNeeded: next())
        }
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold {
                product = next().multipliedFullWidth(by: span)
            }
        }
        return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
    }

    /// `true` with probability `p` (clamped to 0…1).
    package mutating func chance(_ p: Double) -> Bool {
        unitInterval() < p
    }

    /// A uniformly chosen element of `elements`, which must not be empty.
    package mutating func pick<T>(_ elements: [T]) -> T {
        precondition(!elements.isEmpty, "SeededRandom.pick needs a non-empty array")
        return elements[int(in: 0...(elements.count - 1))]
    }

    /// A uniformly distributed double in [0, 1) built from the top 53 bits.
    package mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }

    /// One splitmix64 step: advances `state` and returns the mixed value.
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix(state)
    }

    /// The splitmix64 finaliser: a bijective 64-bit mixing function.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
