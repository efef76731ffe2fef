internal import CPCRE2

/// Per-thread mutable state for matching: PCRE2 match data, a match context carrying the
/// `RegexLimits`, and a JIT stack. Create one per worker thread and reuse it for every value;
/// it must not be shared between threads (it is deliberately not `Sendable`).
package final class RegexScratch {
    /// The limits this scratch enforces.
    package let limits: RegexLimits
    /// Match data sized for the overall match only; nil only if allocation failed.
    package let matchData: OpaquePointer?
    /// Match context with the limits and JIT stack; nil only if allocation failed.
    package let matchContext: OpaquePointer?
    /// The JIT stack assigned to `matchContext`; nil if it could not be created
    /// (PCRE2 then uses a small stack on the machine stack, still bounded).
    private let jitStack: OpaquePointer?

    /// The JIT stack a match starts with; it grows on demand up to `limits.jitStackMaxBytes`.
    private static let initialJITStackBytes = 32 * 1024

    /// Allocates the scratch state once; matching with it afterwards allocates nothing.
    package init(limits: RegexLimits = .default) {
        self.limits = limits
        matchData = pcre2_match_data_create_8(1, nil)
        let context = pcre2_match_context_create_8(nil)
        matchContext = context
        let maxStack = max(limits.jitStackMaxBytes, Self.initialJITStackBytes)
        jitStack = pcre2_jit_stack_create_8(Self.initialJITStackBytes, maxStack, nil)
        guard let context else { return }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        pcre2_set_heap_limit_8(context, limits.heapLimitKiB)
        if let jitStack {
            // Not indexed: an opaque PCRE2 handle passed back to PCRE2, freed in deinit after the context.
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
        if let matchContext { pcre2_match_context_free_8(matchContext) }
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }
}

/// A scratch belongs to one thread at a time; forbid sending it across concurrency domains.
@available(*, unavailable)
extension RegexScratch: Sendable {}
