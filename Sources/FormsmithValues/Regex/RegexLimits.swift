/// Bounds on the work one match may do, so a backtracking-heavy pattern fails fast with
/// `RegexMatchResult.limitExceeded` instead of hanging or crashing a worker.
public struct RegexLimits: Sendable, Hashable {
    /// Maximum number of internal match steps (PCRE2 match limit); enforced by JIT and interpreter.
    public var matchLimit: UInt32
    /// Maximum backtracking depth (PCRE2 depth limit); enforced by the interpreter only.
    public var depthLimit: UInt32
    /// Maximum heap the interpreter may use for backtracking, in kibibytes (PCRE2 heap limit).
    public var heapLimitKiB: UInt32
    /// Maximum size of the JIT machine stack in bytes; deeper JIT matches report the limit.
    public var jitStackMaxBytes: Int

    /// Creates limits; the defaults are generous for form values of a few hundred characters.
    public init(
        matchLimit: UInt32 = 1_000_000,
        depthLimit: UInt32 = 10_000,
        heapLimitKiB: UInt32 = 20_000,
        jitStackMaxBytes: Int = 1 << 20
    ) {
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
        self.heapLimitKiB = heapLimitKiB
        self.jitStackMaxBytes = jitStackMaxBytes
    }

    /// 1,000,000 match steps, depth 10,000, 20 MiB of heap, a JIT stack of up to 1 MiB.
    public static let `default` = RegexLimits()
}
