/// One position of an `InputMask`: each non-literal element stands for exactly one character
/// (Unicode scalar) of the value, or for zero or one when it is optional.
package enum MaskElement: Sendable, Hashable {
    /// A character that must appear exactly as written (`+`, `(`, a space, an escaped `\0`, ...).
    case literal(Unicode.Scalar)
    /// `0`: an ASCII digit 0-9; `9` (or `0?`): an optional one.
    case digit(optional: Bool)
    /// `S`: a Unicode letter (`\p{L}`: Latin, Cyrillic, ...).
    case letter(optional: Bool)
    /// `A`: a Unicode letter or an ASCII digit.
    case alphanumeric(optional: Bool)
    /// `[...]`: one character from a set, given as a PCRE2 class body without the brackets,
    /// normalised so it is safe to embed (e.g. `АВЕКМНОРСТУХ`, `A-Z`, `^0-9`, `\-+`).
    case set(String, optional: Bool)

    /// Whether the value may leave this position out.
    package var isOptional: Bool {
        switch self {
        case .literal: false
        case .digit(let optional), .letter(let optional), .alphanumeric(let optional):
            optional
        case .set(_, let optional): optional
        }
    }

    /// The same element with its optional flag set (literals cannot be optional and are returned as is).
    package func makingOptional() -> MaskElement {
        switch self {
        case .literal: self
        case .digit: .digit(optional: true)
        case .letter: .letter(optional: true)
        case .alphanumeric: .alphanumeric(optional: true)
        case .set(let body, _): .set(body, optional: true)
        }
    }

    /// The PCRE2 fragment matching one occurrence, without any quantifier.
    package var regexAtom: String {
        switch self {
        case .literal(let scalar): MaskRegexEscaping.literal(scalar)
        case .digit: "[0-9]"
        case .letter: #"\p{L}"#
        case .alphanumeric: #"[\p{L}0-9]"#
        case .set(let body, _): "[\(body)]"
        }
    }
}
