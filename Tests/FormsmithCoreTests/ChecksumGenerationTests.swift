import XCTest
@testable import FormsmithCore

/// Tests of `makeValid` and `corrupt`, the generator's side of the checksums.
final class ChecksumGenerationTests: XCTestCase {
    private struct Example {
        let algorithm: ChecksumAlgorithm
        let candidate: String
        var companion: String? = nil
        let expected: String?
    }

    func testMakeValidFillsTheCheckCharactersInPlace() {
        let examples: [Example] = [
            Example(algorithm: .inn, candidate: "7707083890", expected: "7707083893"),
            Example(algorithm: .inn, candidate: "500100732200", expected: "500100732259"),
            Example(algorithm: .snils, candidate: "112-233-445 00", expected: "112-233-445 95"),
            Example(algorithm: .ogrn, candidate: "1027700132190", expected: "1027700132195"),
            Example(algorithm: .ogrn, candidate: "304500116000150", expected: "304500116000157"),
            Example(algorithm: .bankAccount, candidate: "40702810038000000001", companion: "044525225",
                    expected: "40702810938000000001"),
            Example(algorithm: .bankAccount, candidate: "30101810000000000225", companion: "044525225",
                    expected: "30101810400000000225"),
            Example(algorithm: .vin, candidate: "1M8GDM9A0KP042788", expected: "1M8GDM9AXKP042788"),
            // A letter drawn at the check position is overwritten (a walk of [A-HJ-NPR-Z0-9]{17}
            // put one there two times in three, and those draws were thrown away).
            Example(algorithm: .vin, candidate: "1M8GDM9AZKP042788", expected: "1M8GDM9AXKP042788"),
            Example(algorithm: .luhn, candidate: "4111 1111 1111 1110", expected: "4111 1111 1111 1111"),
            Example(algorithm: .iban, candidate: "GB00 WEST 1234 5698 7654 32", expected: "GB82 WEST 1234 5698 7654 32"),
            Example(algorithm: .iban, candidate: "gb00west12345698765432", expected: "gb82west12345698765432"),
            // Wrong shapes cannot be repaired.
            Example(algorithm: .inn, candidate: "123", expected: nil),
            Example(algorithm: .snils, candidate: "1122334459A", expected: nil),
            Example(algorithm: .vin, candidate: "1M8GDM9A0KP04278O", expected: nil),
            Example(algorithm: .bankAccount, candidate: "40702810038000000001", expected: nil),
            Example(algorithm: .iban, candidate: "GB00WEST", expected: nil),
            Example(algorithm: .luhn, candidate: "7", expected: nil),
        ]
        for example in examples {
            XCTAssertEqual(
                example.algorithm.makeValid(example.candidate, companion: example.companion), example.expected,
                "\(example.algorithm.rawValue) \(example.candidate)"
            )
        }
    }

    /// The generator's byte path writes the same check characters over its buffer in place,
    /// keeping separators and letter case, and leaves the buffer as it was when it refuses.
    func testMakeValidOnBytesWritesInPlaceAndLeavesRefusedBytesAlone() {
        let examples: [Example] = [
            Example(algorithm: .inn, candidate: "500100732200", expected: "500100732259"),
            Example(algorithm: .snils, candidate: "112-233-445 00", expected: "112-233-445 95"),
            Example(algorithm: .bankAccount, candidate: "40702810038000000001", companion: "044525225",
                    expected: "40702810938000000001"),
            Example(algorithm: .vin, candidate: "1M8GDM9AZKP042788", expected: "1M8GDM9AXKP042788"),
            Example(algorithm: .iban, candidate: "gb00 west 1234 5698 7654 32", expected: "gb82 west 1234 5698 7654 32"),
            Example(algorithm: .luhn, candidate: "4111 1111 1111 1110", expected: "4111 1111 1111 1111"),
            // Longer than any fixed-length scheme (40 digits): the leading 1 is doubled (2), so the check digit is 8.
            Example(algorithm: .luhn, candidate: "1" + String(repeating: "0", count: 39),
                    expected: "1" + String(repeating: "0", count: 38) + "8"),
            Example(algorithm: .inn, candidate: "123", expected: nil),
            Example(algorithm: .vin, candidate: "1M8GDM9A0KP04278O", expected: nil),
            Example(algorithm: .bankAccount, candidate: "40702810038000000001", expected: nil),
            Example(algorithm: .bankAccount, candidate: "40702810038000000001", companion: "04452522X",
                    expected: nil),
            Example(algorithm: .inn, candidate: "770708389Ж", expected: nil),
        ]
        for example in examples {
            var bytes = Array(example.candidate.utf8)
            let made = example.algorithm.makeValid(&bytes, companion: example.companion.map { Array($0.utf8) })
            let context = "\(example.algorithm.rawValue) \(example.candidate)"
            XCTAssertEqual(made, example.expected != nil, context)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), example.expected ?? example.candidate, context)
        }
    }

    func testCorruptChangesOneCheckCharacter() {
        let examples: [Example] = [
            Example(algorithm: .inn, candidate: "7707083893", expected: "7707083894"),
            Example(algorithm: .snils, candidate: "112-233-445 95", expected: "112-233-445 96"),
            Example(algorithm: .snils, candidate: "001-001-998 00", expected: nil),
            Example(algorithm: .vin, candidate: "1M8GDM9AXKP042788", expected: "1M8GDM9A0KP042788"),
            Example(algorithm: .iban, candidate: "GB82 WEST 1234 5698 7654 32", expected: "GB83 WEST 1234 5698 7654 32"),
            Example(algorithm: .iban, candidate: "DE89 3704 0044 0532 0130 00", expected: "DE88 3704 0044 0532 0130 00"),
            Example(algorithm: .bankAccount, candidate: "40702810938000000001", companion: "044525225",
                    expected: "40702810038000000001"),
        ]
        for example in examples {
            XCTAssertEqual(
                example.algorithm.corrupt(example.candidate, companion: example.companion), example.expected,
                "\(example.algorithm.rawValue) \(example.candidate)"
            )
        }
    }

    func testRandomShapesBecomeValidAndCorruptBecomesInvalid() {
        var random = SplitMix64(seed: 0x5EED_F0E5_1234_ABCD)
        for algorithm in ChecksumAlgorithm.allCases {
            for _ in 0..<300 {
                let (candidate, companion) = randomShape(for: algorithm, using: &random)
                let context = "\(algorithm.rawValue) \(candidate) \(companion ?? "")"
                guard let valid = algorithm.makeValid(candidate, companion: companion) else {
                    XCTFail("makeValid refused a well-shaped value: \(context)")
                    continue
                }
                XCTAssertEqual(valid.utf8.count, candidate.utf8.count, context)
                XCTAssertTrue(algorithm.isValid(valid, companion: companion), "made valid: \(context) → \(valid)")
                guard let corrupted = algorithm.corrupt(valid, companion: companion) else {
                    XCTAssertEqual(algorithm, .snils, "only low SNILS numbers cannot be corrupted: \(context)")
                    continue
                }
                XCTAssertEqual(corrupted.utf8.count, valid.utf8.count, context)
                XCTAssertFalse(algorithm.isValid(corrupted, companion: companion), "corrupted: \(corrupted)")
                // The corrupted value keeps its shape: repairing it restores the valid value.
                XCTAssertEqual(algorithm.makeValid(corrupted, companion: companion), valid, context)
            }
        }
    }

    /// A candidate of the algorithm's shape with random characters, sometimes grouped by spaces.
    private func randomShape(for algorithm: ChecksumAlgorithm, using random: inout SplitMix64) -> (String, String?) {
        let digits = Array("0123456789")
        switch algorithm {
        case .inn:
            return (random.string(length: random.bool() ? 10 : 12, from: digits), nil)
        case .snils:
            let raw = random.string(length: 11, from: digits)
            return (random.bool() ? raw : grouped(raw, size: 3), nil)
        case .ogrn:
            return (random.string(length: random.bool() ? 13 : 15, from: digits), nil)
        case .bankAccount:
            let account = random.string(length: 20, from: digits)
            let balance = ["30101", "40102", "40702", "40817"][random.below(4)]
            let bic = "04" + random.string(length: 7, from: digits)
            return (balance + account.dropFirst(5), bic)
        case .vin:
            // Position 9 holds the check character: a digit (or X) in a well-shaped candidate.
            let characters = Array("0123456789ABCDEFGHJKLMNPRSTUVWXYZ")
            let head = random.string(length: 8, from: characters)
            let tail = random.string(length: 8, from: characters)
            return (head + random.string(length: 1, from: digits) + tail, nil)
        case .luhn:
            let raw = random.string(length: 2 + random.below(18), from: digits)
            return (random.bool() ? raw : grouped(raw, size: 4), nil)
        case .iban:
            let countries: [(String, Int)] = [("GB", 22), ("DE", 22), ("NO", 15), ("FR", 27), ("MT", 31), ("RU", 33), ("ZZ", 20)]
            let (country, length) = countries[random.below(countries.count)]
            let bban = random.string(length: length - 4, from: Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
            let raw = country + random.string(length: 2, from: digits) + bban
            return (random.bool() ? raw : grouped(raw, size: 4), nil)
        }
    }

    private func grouped(_ text: String, size: Int) -> String {
        var result = ""
        for (index, character) in text.enumerated() {
            if index > 0, index % size == 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }
}

/// SplitMix64: a small deterministic generator so the property test is reproducible.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func bool() -> Bool { next() & 1 == 1 }

    mutating func string(length: Int, from characters: [Character]) -> String {
        String((0..<length).map { _ in characters[below(characters.count)] })
    }
}
