/// Escaping of single characters for PCRE2 patterns written by `InputMask`.
package enum MaskRegexEscaping {
    /// `scalar` as a literal outside a character class: ASCII punctuation gets a backslash,
    /// control characters become `\x{..}`, letters, digits, spaces and non-ASCII stay as they are.
    package static func literal(_ scalar: Unicode.Scalar) -> String {
        if isControl(scalar) { return hexEscape(scalar) }
        if scalar.isASCII && scalar != " " && !isASCIIAlphanumeric(scalar) {
            return "\\" + String(scalar)
        }
        return String(scalar)
    }

    /// `scalar` as a member inside `[...]`: `\`, `]`, `[`, `^` and `-` get a backslash (so no
    /// POSIX class, negation or range can appear by accident), control characters become `\x{..}`.
    /// The first member (`atStart`) also escapes `:`, `.` and `=`: PCRE2 reads `[:x:]`, `[.x.]` and
    /// `[=x=]` as POSIX class syntax and rejects the pattern (found by fuzzing: the mask `[:a:]`).
    package static func classMember(_ scalar: Unicode.Scalar, atStart: Bool = false) -> String {
        if isControl(scalar) { return hexEscape(scalar) }
        switch scalar {
        case "\\", "]", "[", "^", "-": return "\\" + String(scalar)
        case ":", ".", "=": return atStart ? "\\" + String(scalar) : String(scalar)
        default: return String(scalar)
        }
    }

    /// Whether `scalar` is an ASCII letter or digit.
    package static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."z", "A"..."Z": true
        default: false
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        "\\x{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
