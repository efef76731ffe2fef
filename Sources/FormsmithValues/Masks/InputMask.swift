/// A parsed input mask for fixed formats such as `+7 (000) 000-00-00` or `00 00 000000`,
/// compiled to an anchored PCRE2 pattern.
///
/// Syntax (in the jQuery Mask Plugin tradition); each placeholder stands for one character:
/// - `0` an ASCII digit 0-9; `9` an optional ASCII digit.
/// - `S` a Unicode letter (`\p{L}`); `A` a Unicode letter or an ASCII digit.
/// - `[...]` one character from a set written like a regex class body: `[АВЕКМНОРСТУХ]`,
///   `[A-Z]`, `[^0-9]`; inside it only punctuation may be escaped (`\]`, `\-`, `\\`).
/// - `?` directly after a placeholder (`0?`, `S?`, `A?`, `[...]?`) makes it optional; optional
///   items may appear anywhere. After a literal, `?` is itself a literal.
/// - `\` makes the next character literal: `\0`, `\9`, `\A`, `\S`, `\[`, `\?`, `\\`.
/// - Every other character is a literal that must appear exactly as written.
package struct InputMask: Sendable, Hashable {
    /// The mask as written.
    package let source: String
    /// The mask's elements in order, for test-data generation.
    package let elements: [MaskElement]
    /// The equivalent PCRE2 pattern, anchored with `\A...\z` (so it means "the whole value"
    /// in any engine and a trailing newline never fits), using `[0-9]` for ASCII-only digits.
    package let regexPattern: String
    /// The fewest and most characters (Unicode scalars) a fitting value can have.
    package let lengthRange: ClosedRange<Int>

    /// Parses `mask`.
    ///
    /// - Throws: `PatternSyntaxError` for an empty mask, an unterminated or empty `[...]`, a trailing
    ///   backslash, an escaped letter or digit inside `[...]`, or a reversed range such as `[Z-A]`.
    package init(_ mask: String) throws(PatternSyntaxError) {
        let elements = try MaskParser.parse(mask)
        self.source = mask
        self.elements = elements
        self.regexPattern = MaskRegexWriter.pattern(for: elements)
        let required = elements.lazy.filter { !$0.isOptional }.count
        self.lengthRange = required...elements.count
    }

    /// Compiles `regexPattern` for matching values (the pattern is always valid PCRE2).
    package func compile() throws(RegexCompileError) -> CompiledRegex {
        try CompiledRegex(pattern: regexPattern)
    }
}
