import Foundation
import FormsmithCore
import FormsmithReference
import FuzzSupport

/// Fuzz target: the engine and the reference validator (Sources/FormsmithReference) give the
/// same verdict, checked by ``DifferentialHarness`` (the check of the seeded campaign
/// `formsmith-diff-campaign` and of `DifferentialHarnessTests`). The first four input bytes are
/// the seed of a random form (``RandomForm``); the fifth chooses the questionnaire: even, the
/// rest of the input is the questionnaire's JSON text as it is; odd, the rest picks one of the
/// form's generated questionnaires (``DifferentialForm/pool``) and seeds a chain of mutations
/// (``QuestionnaireMutator``). The verdicts (unreadable, or the set of field and rule pairs)
/// must be equal; a disagreement stops the run with the form, the questionnaire and both
/// verdicts. Forms meeting a known open engine bug (``KnownEngineBugs``) are left out. Every
/// questionnaire goes through the library (`QuestionnaireValidator`); one generated
/// questionnaire in 16 also through batch runs of a JSON Lines file and a JSON array file with
/// one worker and with two.
///
/// Forms are kept compiled by seed (``DifferentialFormCache``), and the custom mutator below
/// changes the seed bytes rarely, so most inputs cost one questionnaire checked twice, not a
/// form loaded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard input.count >= 5 else { return 0 }
    let seed = input[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    if let found = harness.check(formSeed: seed, generated: input[4] & 1 == 1, bytes: UnsafeBufferPointer(rebasing: input[5...])) {
        FuzzSupport.require(false, found.description)
    }
    return 0
}

/// The check and the compiled forms of recent inputs. libFuzzer calls the target from one thread only.
nonisolated(unsafe) let harness = DifferentialHarness(
    today: FuzzSupport.today, folder: NSTemporaryDirectory() + "/formsmith-fuzz-diff-\(getpid())")

/// Says at exit how the cache did: forms loaded, lookups answered from the cache, batch readings.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzDifferentialInitialize(_ argc: UnsafeMutablePointer<Int32>?,
                                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    atexit {
        let forms = harness.forms
        let lookups = forms.loads + forms.hits
        let share = lookups == 0 ? 0 : forms.hits * 1000 / lookups
        let line = "FuzzDifferential: \(forms.loads) forms loaded, \(forms.hits) of \(lookups) lookups answered from "
            + "the cache (\(share / 10).\(share % 10)%; at most \(DifferentialFormCache.capacity) forms kept), "
            + "\(harness.batchChecked) inputs also read in batch\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
    return 0
}

/// libFuzzer's own mutator, defined by the libFuzzer runtime this target is linked with
/// (`size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize)`). Declared by its
/// symbol name: two integers and a pointer in, an integer out, which Swift's calling
/// convention passes in the same registers as C's.
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int) -> Int

/// How rarely a mutation may touch the form seed: one in this many. The others change only
/// the mode byte and the questionnaire bytes, so consecutive inputs share a cached form.
let seedChangeOdds: UInt32 = 32

/// libFuzzer's mutations, kept off the four seed bytes but for one in `seedChangeOdds`.
/// (With libFuzzer's default mutations about a quarter of the inputs changed their form, and
/// loading a form costs about a hundred inputs.)
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzDifferentialMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int,
                                    _ seed: UInt32) -> Int {
    // The whole input when it is too short to have a questionnaire part, or in one of
    // `seedChangeOdds` mutations.
    if size < 5 || maxSize <= 5 || seed % seedChangeOdds == 0 { return libFuzzerMutate(data, size, maxSize) }
    // Only the bytes from the mode byte on: `data + 4` holds `size - 4` of them, and
    // libFuzzer's buffer has room for `maxSize - 4` from there.
    return 4 + libFuzzerMutate(data.map { $0 + 4 }, size - 4, maxSize - 4)
}
