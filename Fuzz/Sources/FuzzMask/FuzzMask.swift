@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

// libFuzzer calls the target from one thread, so the per-thread scratch can be a global.
nonisolated(unsafe) private let scratch = RegexScratch()

/// Fuzz target: the input mask parser. Invariants: nothing traps; every mask that parses
/// compiles to a valid PCRE2 pattern (unless it is too large for PCRE2); its length range is
/// consistent with its elements; and matching arbitrary text (the mask itself, the raw input)
/// against it terminates cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMask(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let raw = input
    let text = String(decoding: raw, as: UTF8.self)
    let mask: InputMask
    do {
        mask = try InputMask(text)
    } catch {
        _ = error.description
        return 0
    }
    FuzzSupport.require(mask.lengthRange.upperBound == mask.elements.count, "length range disagrees with the elements")
    let regex: CompiledRegex
    do {
        regex = try mask.compile()
    } catch {
        // A mask of thousands of placeholders can exceed PCRE2's pattern size; the rules compiler
        // reports that as a rule problem. Anything else means the pattern writer is wrong.
        if error.message.contains("too large") { return 0 }
        FuzzSupport.require(false, "mask \(text.debugDescription) gave an invalid pattern \(mask.regexPattern): \(error)")
        return 0
    }
    _ = regex.matches(text, scratch: scratch)
    _ = regex.matches(raw, scratch: scratch)
    return 0
}
