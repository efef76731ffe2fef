internal import CPCRE2

/// Options a rule author can set on a pattern, usually written as a flag string such as `"ix"`.
///
/// Every pattern is always compiled in UTF mode with Unicode properties (`\d`, `\w`, `\p{L}` are
/// Unicode-aware), so the `u` flag is accepted for familiarity but changes nothing.
public struct RegexOptions: OptionSet, Hashable, Sendable {
    /// The raw option bits (internal to Formsmith; not PCRE2 bits).
    public let rawValue: UInt32

    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `i`: letters match regardless of case, including Cyrillic and other Unicode letters.
    public static let caseInsensitive = RegexOptions(rawValue: 1 << 0)
    /// `m`: `^` and `$` also match at line breaks inside the value (the whole value must still match).
    public static let multiline = RegexOptions(rawValue: 1 << 1)
    /// `s`: `.` also matches line breaks.
    public static let dotAll = RegexOptions(rawValue: 1 << 2)
    /// `x`: unescaped white space in the pattern is ignored and `#` starts a comment.
    public static let extended = RegexOptions(rawValue: 1 << 3)
    /// `n`: plain `(...)` groups do not capture (named groups still do).
    public static let noAutoCapture = RegexOptions(rawValue: 1 << 4)

    /// The flag letters accepted by `init(flags:)`, for error messages and documentation.
    public static let acceptedFlagLetters = "i, m, s, x, n, u"

    /// Parses a flag string such as `"is"`; each letter may appear in any order, repeats are harmless.
    ///
    /// - Throws: `RegexCompileError` naming the first unknown letter; its `offset` is the letter's
    ///   position in `flags` (not in the pattern).
    public init(flags: String) throws(RegexCompileError) {
        var options: RegexOptions = []
        for (position, letter) in flags.enumerated() {
            switch letter {
            case "i": options.insert(.caseInsensitive)
            case "m": options.insert(.multiline)
            case "s": options.insert(.dotAll)
            case "x": options.insert(.extended)
            case "n": options.insert(.noAutoCapture)
            case "u": break  // UTF and Unicode properties are always on.
            default:
                throw RegexCompileError(
                    message: "unknown regex flag '\(letter)' in \"\(flags)\"; "
                        + "use only \(RegexOptions.acceptedFlagLetters)",
                    offset: position)
            }
        }
        self = options
    }

    /// The PCRE2 compile option bits these options stand for.
    package var pcre2CompileOptions: UInt32 {
        var bits: UInt32 = 0
        if contains(.caseInsensitive) { bits |= PCRE2_CASELESS }
        if contains(.multiline) { bits |= PCRE2_MULTILINE }
        if contains(.dotAll) { bits |= PCRE2_DOTALL }
        if contains(.extended) { bits |= PCRE2_EXTENDED }
        if contains(.noAutoCapture) { bits |= PCRE2_NO_AUTO_CAPTURE }
        return bits
    }
}
