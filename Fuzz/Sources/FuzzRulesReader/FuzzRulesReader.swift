@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fast fuzz target: the YAML-to-rules reader alone (libyaml through Yams, then the rule tree
/// reader; no compiling). Invariants: nothing traps or hangs, every problem names the file and
/// a 1-based place no further than one past the input's last line, and a problem list is never
/// empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRulesReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let file = "/nonexistent/fuzz/rules.yaml"
    // YAML breaks lines at LF, CR, NEL, LS and PS (a CR LF counts twice here: a looser bound).
    var lines = 1
    for scalar in text.unicodeScalars where ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { lines += 1 }
    do {
        let ruleSet = try RulesLoader.read(text: text, file: file)
        _ = ruleSet.id
    } catch {
        FuzzSupport.require(!error.problems.isEmpty, "a rules error without problems")
        for problem in error.problems {
            let place = problem.location
            FuzzSupport.require(place.file == file, "problem in another file: \(problem)")
            FuzzSupport.require(place.line >= 1 && place.column >= 1, "problem without a place: \(problem)")
            FuzzSupport.require(place.line <= lines + 1, "problem on line \(place.line) of a \(lines)-line input: \(problem)")
            _ = problem.description
        }
    }
    return 0
}
