/// A strict UTF-8 check (the rules of RFC 3629, which PCRE2 applies too): no overlong forms,
/// no surrogates, nothing above U+10FFFF, no truncated sequence.
///
/// Text that passes can go to PCRE2's JIT fast path, which skips PCRE2's own check and
/// argument validation (about 300 instructions a match on short CSV cells). ASCII runs are
/// checked eight bytes at a time.
package enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            if let base = bytes.baseAddress {
                // In bounds: the 8-byte load starts at `index` only while `index + 8 <= count`.
                while index + 8 <= count,
                      UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
            }
            guard index < count else { return true }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index += length
        }
        return true
    }
}
