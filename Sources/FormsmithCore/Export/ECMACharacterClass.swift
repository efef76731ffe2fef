import Foundation
import FormsmithValues

/// Unicode-aware character classes (`\w`, `\s`, `\p{L}`, `[[:alpha:]]`) written out as the
/// code points PCRE2 gives them in Formsmith's UTF and Unicode-properties mode, so that an
/// exported pattern means the same in every JSON Schema validator: ECMA-262 reads `\w` and
/// `\s` differently (ASCII `\w`, `\s` with U+FEFF and without U+0085), and Python's `re`
/// (behind python-jsonschema) has no `\p{...}` at all. The body is written with escapes both
/// read alike: ASCII letters and digits as themselves, other BMP code points `\uXXXX`, code
/// points beyond it as themselves.
enum ECMACharacterClass {
    /// The inside of a bracket expression (no brackets) matching what the PCRE2 class item
    /// `pattern` (`\w`, `\s`, `\p{Lu}`, `[:alpha:]`) matches; nil when PCRE2 does not compile
    /// it or it matches nothing. Computed once per item.
    static func body(of pattern: String) -> String? {
        cache.lock()
        defer { cache.unlock() }
        if let known = cache.bodies[pattern] { return known }
        let body = ranges(of: pattern).flatMap { $0.isEmpty ? nil : write($0) }
        cache.bodies[pattern] = body
        return body
    }

    private final class Cache: @unchecked Sendable {
        private let mutex = NSLock()
        var bodies: [String: String?] = [:]
        func lock() { mutex.lock() }
        func unlock() { mutex.unlock() }
    }

    private static let cache = Cache()

    /// The code points, as ranges, that the class item `item` (`\w`, `\p{Lu}`, `[:alpha:]`)
    /// matches in PCRE2. Every scalar is asked, a block at a time: a block that `[item]*`
    /// matches whole is in, one that `[^item]*` matches whole is out, any other is halved.
    private static func ranges(of item: String) -> [ClosedRange<UInt32>]? {
        guard let inside = try? CompiledRegex(pattern: "[" + item + "]*"),
              let outside = try? CompiledRegex(pattern: "[^" + item + "]*") else { return nil }
        let scratch = RegexScratch()
        let (text, offsets) = (everyScalar.text, everyScalar.offsets)
        var ranges: [ClosedRange<UInt32>] = []
        func add(_ range: ClosedRange<UInt32>) {
            if let last = ranges.last, last.upperBound + 1 == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound...range.upperBound
            } else {
                ranges.append(range)
            }
        }
        text.withUnsafeBufferPointer { buffer in
            var pending: [ClosedRange<UInt32>] = [0...0x10FFFF]
            while let block = pending.popLast() {
                let bytes = UnsafeBufferPointer(rebasing: buffer[offsets[Int(block.lowerBound)]..<offsets[Int(block.upperBound) + 1]])
                if bytes.isEmpty { continue }  // surrogates only
                if inside.matches(validUTF8: bytes, scratch: scratch) == .match {
                    add(block)
                } else if outside.matches(validUTF8: bytes, scratch: scratch) != .match, block.count > 1 {
                    let middle = block.lowerBound + UInt32(block.count / 2)
                    pending.append(middle...block.upperBound)
                    pending.append(block.lowerBound...middle - 1)
                }
            }
        }
        return ranges
    }

    /// Every scalar's UTF-8 in order, and where each starts (`offsets[v]`; a surrogate is
    /// empty; `offsets[0x110000]` is the end), built once for all the classes of an export.
    private static let everyScalar: (text: [UInt8], offsets: [Int]) = {
        var text: [UInt8] = []
        text.reserveCapacity(4_400_000)
        var offsets = [Int](repeating: 0, count: 0x110001)
        for value in UInt32(0)...0x10FFFF {
            offsets[Int(value)] = text.count
            if let scalar = Unicode.Scalar(value) { text.append(contentsOf: UTF8.encode(scalar)!) }
        }
        offsets[0x110000] = text.count
        return (text, offsets)
    }()

    private static func write(_ ranges: [ClosedRange<UInt32>]) -> String {
        var text = ""
        for range in ranges {
            text += point(range.lowerBound)
            if range.upperBound > range.lowerBound {
                text += (range.upperBound == range.lowerBound + 1 ? "" : "-") + point(range.upperBound)
            }
        }
        return text
    }

    private static func point(_ value: UInt32) -> String {
        let scalar = Unicode.Scalar(value)!
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            return String(Character(scalar))
        }
        if value > 0xFFFF { return String(Character(scalar)) }
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
