import FormsmithCore
import FuzzSupport

/// Fuzz target: the input mask parser. Invariants: nothing traps; every mask that parses
/// compiles to a valid PCRE2 pattern; its length range is consistent with its elements; and
/// matching arbitrary text (the mask itself, the raw input) against it terminates cleanly.
// libFuzzer calls the target from one thread, so the per-thread scratch can be a global.
nonisolated(unsafe) private let scratch = RegexScratch()

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
        FuzzSupport.require(false, "mask \(text.debugDescription) gave an invalid pattern \(mask.regexPattern): \(error)")
        return 0
    }
    _ = regex.matches(text, scratch: scratch)
    _ = regex.matches(raw, scratch: scratch)
    return 0
}
