@testable import FormsmithCore
import XCTest

final class SeededRandomTests: XCTestCase {
    /// splitmix64 from seed 0: the published reference sequence (Vigna, splitmix64.c).
    func testSplitMix64MatchesTheReferenceSequence() {
        var state: UInt64 = 0
        XCTAssertEqual(SeededRandom.splitMix64(&state), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(SeededRandom.splitMix64(&state), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(SeededRandom.splitMix64(&state), 0x06C4_5D18_8009_454F)
    }

    /// xoshiro256** seeded by splitmix64, checked against the reference C implementation.
    func testXoshiro256StarStarMatchesTheReferenceImplementation() {
        let expected: [(seed: UInt64, outputs: [UInt64])] = [
            (0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0]),
            (42, [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1]),
        ]
        for (seed, outputs) in expected {
            var random = SeededRandom(seed: seed)
            XCTAssertEqual((0..<3).map { _ in random.next() }, outputs, "seed \(seed)")
        }
    }

    func testSameSeedGivesSameSequenceAndDifferentSeedsDiffer() {
        var first = SeededRandom(seed: 99)
        var second = SeededRandom(seed: 99)
        var other = SeededRandom(seed: 100)
        let a = (0..<20).map { _ in first.int(in: 0...1_000_000) }
        XCTAssertEqual(a, (0..<20).map { _ in second.int(in: 0...1_000_000) })
        XCTAssertNotEqual(a, (0..<20).map { _ in other.int(in: 0...1_000_000) })
    }

    func testDerivedDependsOnlyOnSeedAndStream() {
        var used = SeededRandom(seed: 5)
        let fresh = SeededRandom(seed: 5)
        for _ in 0..<10 { _ = used.next() }
        var fromUsed = used.derived(17)
        var fromFresh = fresh.derived(17)
        XCTAssertEqual((0..<5).map { _ in fromUsed.next() }, (0..<5).map { _ in fromFresh.next() })
        var firstStreams = Set<UInt64>()
        for stream in 0..<1000 as Range<UInt64> {
            var derived = fresh.derived(stream)
            firstStreams.insert(derived.next())
        }
        XCTAssertEqual(firstStreams.count, 1000, "streams must not collide")
        var parent = SeededRandom(seed: 5)
        var stream0 = fresh.derived(0)
        XCTAssertNotEqual(parent.next(), stream0.next(), "a stream differs from its parent")
    }

    func testIntStaysInRangeIncludingEdgeCases() {
        var random = SeededRandom(seed: 1)
        let ranges: [ClosedRange<Int>] = [0...0, -5...5, 0...1, Int.min...Int.max, (Int.max - 3)...Int.max, 7...1000]
        for range in ranges {
            for _ in 0..<500 { XCTAssertTrue(range.contains(random.int(in: range)), "\(range)") }
        }
        XCTAssertEqual(random.int(in: 42...42), 42)
    }

    func testIntIsRoughlyUniform() {
        var random = SeededRandom(seed: 12345)
        var counts = [Int](repeating: 0, count: 10)
        for _ in 0..<20_000 { counts[random.int(in: 0...9)] += 1 }
        for count in counts { XCTAssertTrue((1_800...2_200).contains(count), "bucket count \(count)") }
    }

    func testChanceAndPick() {
        var random = SeededRandom(seed: 3)
        XCTAssertFalse((0..<100).contains { _ in random.chance(0) })
        XCTAssertTrue((0..<100).allSatisfy { _ in random.chance(1) })
        let heads = (0..<10_000).filter { _ in random.chance(0.25) }.count
        XCTAssertTrue((2_300...2_700).contains(heads), "\(heads)")
        let letters = ["a", "b", "c"]
        let picked = Set((0..<100).map { _ in random.pick(letters) })
        XCTAssertEqual(picked, Set(letters))
    }
}
