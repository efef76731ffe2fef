internal import CPCRE2

/// A compiled PCRE2 pattern that must match the WHOLE value, immutable and shareable across threads.
///
/// - Whole-value semantics: the pattern is compiled with `PCRE2_ANCHORED | PCRE2_ENDANCHORED`
///   (compile-time flags, so the JIT code is used; match-time anchoring would force the slower
///   interpreter). `\d{3}` does not match "1234" and `a|b` does not match "ab". Writing `^...$`
///   yourself is harmless; a trailing newline never satisfies `$` because the match must end at
///   the very end of the value.
/// - Unicode: compiled with `PCRE2_UTF | PCRE2_UCP`, so `\d`, `\w`, `\b`, `[[:alpha:]]` and case
///   folding are Unicode-aware (use `[0-9]` for ASCII digits). `\C` is forbidden
///   (`PCRE2_NEVER_BACKSLASH_C`) because it can split a UTF-8 character.
/// - Byte-level path: a pattern simple enough (see ``SimplePattern``: ASCII literals, `\d` and
///   ASCII classes a fixed number of times) is matched byte by byte against ASCII values, with
///   PCRE2's answer; other patterns and values go to PCRE2.
/// - Speed: JIT-compiled once (`PCRE2_JIT_COMPLETE`); if JIT is unavailable the interpreter is used.
/// - Safety: values are UTF-8 checked on every match (by ``UTF8Check`` before the JIT fast
///   path, else by PCRE2); work is bounded by the
///   `RegexLimits` of the `RegexScratch` passed in.
package final class CompiledRegex: Sendable {
    /// The pattern as the rule author wrote it.
    package let pattern: String
    /// The options it was compiled with.
    package let options: RegexOptions
    /// Whether the pattern was JIT-compiled (false when PCRE2 has no JIT on this platform).
    package let usesJIT: Bool
    /// The compiled (and JIT-compiled) code. It is never modified after `init`, and PCRE2
    /// documents a compiled pattern as safe to use from several threads at once, each with its
    /// own match data and JIT stack (which `RegexScratch` supplies); hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private let code: OpaquePointer
    /// The pattern's ``SimplePattern`` items in memory of their own (count 0: not that simple),
    /// tried before PCRE2 on ASCII values; read-only after `init`.
    nonisolated(unsafe) private let simpleItems: UnsafeMutableBufferPointer<SimplePattern.Item>

    /// Compiles `pattern` with `options`.
    ///
    /// - Throws: `RegexCompileError` with PCRE2's message and the character offset of the problem.
    package init(pattern: String, options: RegexOptions = []) throws(RegexCompileError) {
        let compileOptions = PCRE2_UTF | PCRE2_UCP | PCRE2_NEVER_BACKSLASH_C
            | PCRE2_ANCHORED | PCRE2_ENDANCHORED | options.pcre2CompileOptions
        let patternBytes = Array(pattern.utf8)
        var errorCode: Int32 = 0
        var errorByteOffset = 0
        let compiled = patternBytes.withUnsafeBufferPointer { bytes in
            withNonNullBase(bytes) { base, count in
                pcre2_compile_8(base, count, compileOptions, &errorCode, &errorByteOffset, nil)
            }
        }
        guard let compiled else {
            let prefix = patternBytes.prefix(min(errorByteOffset, patternBytes.count))
            throw RegexCompileError(
                message: pcre2ErrorMessage(code: errorCode),
                offset: String(decoding: prefix, as: UTF8.self).count)
        }
        self.pattern = pattern
        self.options = options
        self.code = compiled
        self.usesJIT = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        let items = SimplePattern.parse(pattern, options: options)?.items ?? []
        // In bounds: `simpleItems` has exactly `items.count` initialized items (at least one allocated, so
        // the base is never nil); it is read-only after init and freed once in deinit.
        let memory = UnsafeMutableBufferPointer<SimplePattern.Item>.allocate(capacity: max(items.count, 1))
        _ = memory.initialize(from: items)
        simpleItems = UnsafeMutableBufferPointer(rebasing: memory[0..<items.count])
    }

    deinit {
        pcre2_code_free_8(code)
        simpleItems.deallocate()
    }

    /// The byte-level answer for a simple pattern and an ASCII value, nil otherwise.
    @inline(__always)
    private func simpleAnswer(_ value: UnsafeBufferPointer<UInt8>) -> RegexMatchResult? {
        guard simpleItems.count > 0, let matched = SimplePattern.matches(value, UnsafeBufferPointer(simpleItems)) else {
            return nil
        }
        return matched ? .match : .noMatch
    }

    /// Matches `value` (UTF-8 bytes) against the whole pattern, using `scratch` for all
    /// mutable state. Allocates nothing. Invalid UTF-8 yields `.invalidUTF8`, never a crash.
    ///
    /// Well-formed text (checked by ``UTF8Check``, cheaper than PCRE2's own check) takes the
    /// JIT fast path; anything else goes through `pcre2_match`, which reports the problem.
    package func matches(_ value: UnsafeBufferPointer<UInt8>, scratch: RegexScratch) -> RegexMatchResult {
        if let answer = simpleAnswer(value) { return answer }
        return matchesWithPCRE2(value, scratch: scratch)
    }

    /// `matches` by PCRE2 alone (what the byte-level answers are compared with).
    package func matchesWithPCRE2(_ value: UnsafeBufferPointer<UInt8>, scratch: RegexScratch) -> RegexMatchResult {
        if usesJIT, UTF8Check.isValid(value) { return matches(validUTF8: value, scratch: scratch) }
        return checkedMatch(value, scratch: scratch)
    }

    /// Matches through `pcre2_match`, which checks the UTF-8 and its arguments itself.
    private func checkedMatch(_ value: UnsafeBufferPointer<UInt8>, scratch: RegexScratch) -> RegexMatchResult {
        guard let matchData = scratch.matchData, let context = scratch.matchContext else {
            return .error(code: PCRE2_ERROR_NOMEMORY)
        }
        let code = self.code
        let returnCode = withNonNullBase(value) { base, count in
            pcre2_match_8(code, base, count, 0, 0, matchData, context)
        }
        return RegexMatchResult(pcre2ReturnCode: returnCode)
    }

    /// Matches `value`, which the caller guarantees is valid UTF-8 (text read by ``JSONParser``,
    /// which validates every string), through PCRE2's JIT fast path: `pcre2_jit_match` skips the
    /// UTF-8 scan and argument checks `pcre2_match` repeats on every call, with the same result
    /// and the same match limit. Falls back to ``matches(_:scratch:)`` without JIT code.
    package func matches(validUTF8 value: UnsafeBufferPointer<UInt8>, scratch: RegexScratch) -> RegexMatchResult {
        if let answer = simpleAnswer(value) { return answer }
        guard usesJIT, let matchData = scratch.matchData, let context = scratch.matchContext else {
            return checkedMatch(value, scratch: scratch)
        }
        let code = self.code
        let returnCode = withNonNullBase(value) { base, count in
            pcre2_jit_match_8(code, base, count, 0, 0, matchData, context)
        }
        return RegexMatchResult(pcre2ReturnCode: returnCode)
    }

    /// Matches a Swift string (always valid UTF-8) against the whole pattern.
    package func matches(_ value: String, scratch: RegexScratch) -> RegexMatchResult {
        if let result = value.utf8.withContiguousStorageIfAvailable({ matches($0, scratch: scratch) }) {
            return result
        }
        return Array(value.utf8).withUnsafeBufferPointer { matches($0, scratch: scratch) }
    }
}
