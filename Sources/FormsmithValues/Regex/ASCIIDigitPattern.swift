/// Formsmith's `\d` is `[0-9]`: identifiers, account numbers and dates are written in ASCII
/// digits, and JSON Schema's regexes mean the same. PCRE2 compiles every pattern in UCP mode
/// (so `\w`, `\b`, letter classes and case folding know Cyrillic), where `\d` would also take
/// Arabic-Indic, Devanagari and other scripts' digits; PCRE2 10.42 has no option to narrow only
/// `\d` (`PCRE2_EXTRA_ASCII_BSD` came in 10.43), so the pattern is rewritten before compiling:
///
/// - `\d` becomes `[0-9]` and `\D` `[^0-9]`; inside a class, `0-9` and `\x{0}-/:-\x{10FFFF}`.
/// - `\p{Nd}` and `[[:digit:]]` are untouched: they still name every script's digits.
/// - Text quoted with `\Q...\E`, comments (`(?#...)`, and `#` to the end of the line when the
///   pattern is extended) and every other escape are copied as written.
///
/// The pattern is compiled as written first, so errors keep their offsets in what the author
/// wrote; only a pattern that compiles is rewritten.
package enum ASCIIDigitPattern {
    /// The rewritten pattern, or nil when it has no `\d` or `\D` to rewrite.
    package static func rewrite(_ pattern: String, extended: Bool) -> String? {
        let bytes = Array(pattern.utf8)
        guard bytes.contains(UInt8(ascii: "\\")) else { return nil }
        // `(?x)` anywhere (or `(?…x…:`) makes `#` start comments from there on; treating the
        // whole pattern so errs only for a literal `#` before it, which leaves `\d` unchanged.
        let comments = extended || setsExtended(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var changed = false
        var inClass = false
        var index = 0
        func copy(until end: Int) {
            output += bytes[index..<min(end, bytes.count)]
            index = min(end, bytes.count)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { copy(until: bytes.count); continue }
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "d"):
                    output += Array((inClass ? "0-9" : "[0-9]").utf8)
                    index += 2
                    changed = true
                case UInt8(ascii: "D"):
                    output += Array((inClass ? #"\x{0}-/:-\x{10FFFF}"# : "[^0-9]").utf8)
                    index += 2
                    changed = true
                case UInt8(ascii: "Q"):
                    let end = find(Array(#"\E"#.utf8), in: bytes, from: index + 2).map { $0 + 2 } ?? bytes.count
                    copy(until: end)
                case UInt8(ascii: "c"):
                    copy(until: index + 3)  // `\c` takes the next character, even a backslash
                default:
                    copy(until: index + 2)
                }
            case UInt8(ascii: "[") where !inClass:
                inClass = true
                copy(until: index + 1)
                if index < bytes.count, bytes[index] == UInt8(ascii: "^") { copy(until: index + 1) }
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { copy(until: index + 1) }  // a literal ]
            case UInt8(ascii: "[") where inClass:
                // `[:digit:]` and friends: copied whole.
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":"),
                   let end = find(Array(":]".utf8), in: bytes, from: index + 2) {
                    copy(until: end + 2)
                } else {
                    copy(until: index + 1)
                }
            case UInt8(ascii: "]") where inClass:
                inClass = false
                copy(until: index + 1)
            case UInt8(ascii: "(") where !inClass && bytes[index...].starts(with: Array("(?#".utf8)):
                copy(until: (bytes[index...].firstIndex(of: UInt8(ascii: ")")) ?? bytes.count - 1) + 1)
            case UInt8(ascii: "#") where !inClass && comments:
                copy(until: (bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count - 1) + 1)
            default:
                copy(until: index + 1)
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Whether an inline option group (`(?x)`, `(?ix:`) turns on extended mode somewhere.
    private static func setsExtended(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?") else { continue }
            var letter = index + 2
            while letter < bytes.count, bytes[letter] == UInt8(ascii: "^") || bytes[letter] == UInt8(ascii: "-")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[letter])
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[letter]) {
                if bytes[letter] == UInt8(ascii: "x") { return true }
                letter += 1
            }
        }
        return false
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
