@testable import FormsmithCore
@testable import FormsmithValues  // the readers and parsers it drives are package-internal
import FuzzSupport

// libFuzzer calls the target from one thread, so the per-thread scratch can be a global.
nonisolated(unsafe) private let scratch = RegexScratch()

/// Fuzz target: the input mask parser. Invariants: nothing traps; a mask that parses has a length
/// range consistent with its elements and an anchored pattern; and, for one input in eight
/// (chosen by a hash of the input, so a run is reproducible; PCRE2's JIT compiling costs more
/// than parsing, and the fast target must stay fast), the pattern compiles as valid PCRE2 (unless
/// it is too large for PCRE2) and matching arbitrary text (the mask itself, the raw input)
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
    let required = mask.elements.filter { !$0.isOptional }.count
    FuzzSupport.require(mask.lengthRange.lowerBound == required, "length range minimum is not the required elements")
    let pattern = Array(mask.regexPattern.utf8)  // bytes: a combining mark would join "\A" into one Character
    FuzzSupport.require(pattern.starts(with: #"\A"#.utf8) && pattern.suffix(2).elementsEqual(#"\z"#.utf8), "pattern not anchored")
    FuzzSupport.require(mask.elements.isEmpty == (pattern.count == 4), "an empty pattern for a non-empty mask")
    var hash: UInt32 = 2_166_136_261
    for byte in raw { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    guard hash % 8 == 0 else { return 0 }
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
