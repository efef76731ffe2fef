/// The outcome of matching one value against a `CompiledRegex`.
package enum RegexMatchResult: Sendable, Hashable {
    /// The whole value matches the pattern.
    case match
    /// The value does not match the pattern.
    case noMatch
    /// Matching gave up because it hit a `RegexLimits` bound (match, depth or heap limit, or
    /// the JIT stack); the pattern backtracks too much for this value and should be simplified.
    case limitExceeded
    /// The value's bytes are not valid UTF-8, so it was not matched.
    case invalidUTF8
    /// PCRE2 reported another error; `code` is its negative error number.
    case error(code: Int32)
}
