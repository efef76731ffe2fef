@testable import FormsmithCore
import XCTest

/// The bounded did-you-mean search suggests exactly what the plain one did: the first
/// candidate at the smallest full Levenshtein distance, when within `max(2, length / 3)`.
final class SuggestionTests: XCTestCase {
    func testKnownSuggestions() {
        let keys = ["mask", "regex", "minLength", "maxLength", "values", "valuesFrom", "visibleIf", "required"]
        XCTAssertEqual(Suggestion.closest(to: "maks", in: keys), "mask")
        XCTAssertEqual(Suggestion.closest(to: "MinLenght", in: keys), "minLength")
        XCTAssertEqual(Suggestion.closest(to: "valuesfrom", in: keys), "valuesFrom")
        XCTAssertEqual(Suggestion.closest(to: "visible", in: keys), "visibleIf")
        XCTAssertNil(Suggestion.closest(to: "colour", in: keys))
        XCTAssertNil(Suggestion.closest(to: "", in: ["abcdef"]))
        XCTAssertEqual(Suggestion.closest(to: "", in: ["ab", "a", "b"]), "a")  // the first at the smallest distance
        XCTAssertEqual(Suggestion.closest(to: "Семёнов", in: ["Семенов", "Семёнова"]), "Семенов")
        XCTAssertEqual(Suggestion.didYouMean("regx", in: keys), " (did you mean 'regex'?)")
        XCTAssertEqual(Suggestion.didYouMean("zzzz", in: keys), "")
    }

    /// Random words over a small alphabet (ASCII, capitals, Cyrillic, a combining mark, CR LF,
    /// the Kelvin sign, which lowers to an ASCII "k")
    /// so that near misses, ties and non-ASCII paths are common.
    func testSameSuggestionsAsTheFullEditDistance() {
        let alphabet: [String] = ["a", "b", "c", "A", "B", "d", "e", "ё", "е", "\u{308}", "\r", "\n", "\r\n", "x", "k", "\u{212A}"]
        var random = SeededRandom(seed: 11)
        func word() -> String {
            (0..<random.int(in: 0...9)).map { _ in random.pick(alphabet) }.joined()
        }
        for _ in 0..<4000 {
            let target = word()
            let candidates = (0..<random.int(in: 0...8)).map { _ in word() }
            XCTAssertEqual(Suggestion.closest(to: target, in: candidates), referenceClosest(to: target, in: candidates),
                           "\(target.debugDescription) in \(candidates.map(\.debugDescription))")
        }
    }

    func testBoundedDistanceAgreesWithTheFullOneWithinTheBound() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<4000 {
            let a = (0..<random.int(in: 0...10)).map { _ in UInt8(random.int(in: 97...100)) }
            let b = (0..<random.int(in: 0...10)).map { _ in UInt8(random.int(in: 97...100)) }
            let limit = random.int(in: 0...6)
            let full = referenceDistance(a, b)
            XCTAssertEqual(Suggestion.editDistance(a, b, within: limit), full <= limit ? full : nil, "\(a) \(b) \(limit)")
        }
    }

    // MARK: - The plain algorithm, as it was before the search was bounded

    private func referenceClosest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, referenceDistance(Array(word.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    private func referenceDistance<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
