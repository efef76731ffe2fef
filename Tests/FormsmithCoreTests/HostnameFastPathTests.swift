import XCTest
@testable import FormsmithCore

/// The one-pass host name check (`NetworkNames.isHostname`) must accept exactly the names the
/// detailed check finds nothing wrong with: it decides alone for good names.
final class HostnameFastPathTests: XCTestCase {
    func testOnePassCheckAgreesWithTheDetailedCheck() {
        let alphabet = Array("abcxyzABZ0189-.-..".utf8) + [0x20, 0x5F, 0xD0, 0x96, 0x00]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0
        var cases: [[UInt8]] = [[], Array("a".utf8), Array("a.b".utf8), Array("1.2".utf8), Array("a.2b".utf8),
                                Array(repeating: UInt8(ascii: "a"), count: 63) + Array(".ru".utf8),
                                Array(repeating: UInt8(ascii: "a"), count: 64) + Array(".ru".utf8),
                                Array((0..<84).map { _ in "abc." }.joined().utf8) + Array("ru".utf8)]
        for _ in 0..<20_000 {
            let length = next(4) == 0 ? next(300) : next(24)
            cases.append((0..<length).map { _ in alphabet[next(alphabet.count)] })
        }
        // Mostly well-formed names too, so both answers are exercised.
        for _ in 0..<5_000 {
            let labels = 1 + next(4)
            let name = (0..<labels).map { _ in String((0..<(1 + next(8))).map { _ in "ab9-z"[next(5)] }) }
            cases.append(Array(name.joined(separator: ".").utf8))
        }
        for bytes in cases {
            for needsDot in [false, true] {
                let fast = NetworkNames.isHostname(bytes[...], needsDot: needsDot)
                let detailed = NetworkNames.describedHostnameProblem(in: bytes[...], needsDot: needsDot, name: "it") == nil
                XCTAssertEqual(fast, detailed, "\(String(decoding: bytes, as: UTF8.self)) needsDot \(needsDot)")
                if fast { accepted += 1 }
            }
        }
        XCTAssertGreaterThan(accepted, 1_000)
    }
}

private extension String {
    subscript(offset: Int) -> Character { self[index(startIndex, offsetBy: offset)] }
}
