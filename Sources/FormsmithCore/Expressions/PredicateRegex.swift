import Synchronization
import FormsmithValues

/// The pattern of a `MATCHES` test in a predicate: compiled once, matched from any thread.
/// Predicates are evaluated without a per-thread `RegexScratch`, so this keeps a small pool of
/// them; a value whose match hits the regex limits is unknown (nil), like an invalid field.
final class PredicateRegex: Sendable {
    private let regex: CompiledRegex
    private let scratches = Mutex<[PooledScratch]>([])
    /// The pattern as compiled (lint writes values that match it).
    let pattern: String

    /// Compiles `pattern` (whole-value match, as for `regex:`).
    init(pattern: String) throws(RegexCompileError) {
        regex = try CompiledRegex(pattern: pattern)
        self.pattern = pattern
    }

    /// Whether `text` wholly matches; nil when matching gave up.
    func matches(_ text: String) -> Bool? {
        let pooled = scratches.withLock { $0.popLast() } ?? PooledScratch()
        defer { scratches.withLock { $0.append(pooled) } }
        switch regex.matches(text, scratch: pooled.scratch) {
        case .match: return true
        case .noMatch: return false
        default: return nil
        }
    }
}

/// A scratch owned by one thread at a time: taken from the pool, used, put back.
private final class PooledScratch: @unchecked Sendable {
    let scratch = RegexScratch()
}
