import Foundation
import FormsmithCore
import FormsmithReference
import FuzzSupport

/// Fuzz target: the engine and the reference validator (Sources/FormsmithReference) give the
/// same verdict. The first four input bytes are the seed of a random form (``RandomForm``);
/// the fifth chooses the questionnaire: even, the rest of the input is the questionnaire's
/// JSON text as it is; odd, the rest picks one of the form's generated questionnaires
/// (``CachedForm/pool``) and seeds a chain of mutations (``QuestionnaireMutator``). The
/// verdicts (unreadable, or the set of field and rule pairs) must be equal; a disagreement
/// stops the run with the form, the questionnaire and both verdicts. Forms meeting a known
/// open engine bug (``KnownEngineBugs``) are left out. Every questionnaire goes through the
/// library (`QuestionnaireValidator`); one generated questionnaire in
/// ``BatchReadings/sampleOdds`` also through batch runs of a JSON Lines file and a JSON array
/// file with one worker and with two.
///
/// Forms are kept compiled by seed (``FormCache``), and the custom mutator below changes the
/// seed bytes rarely, so most inputs cost one questionnaire checked twice, not a form loaded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard input.count >= 5 else { return 0 }
    let seed = input[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard let cached = forms.form(seed: seed, today: FuzzSupport.today) else { return 0 }
    let rest = input[5...]
    let text: String
    let generated = input[4] & 1 == 1
    let hash = rest.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 }
    if generated {
        text = mutated(cached, seed: hash, steps: rest.prefix(4))
    } else {
        text = String(decoding: rest, as: UTF8.self)
    }
    let engine = ReferenceVerdict(engine: cached.library.validate(text))
    let reference = cached.reference.verdict(json: text)
    FuzzSupport.require(engine == reference, report(cached, text, reading: "library", engine: engine, reference: reference))
    if generated, (hash >> 40) % BatchReadings.sampleOdds == 0, !text.contains(where: \.isNewline),
       text.contains(where: { !$0.isWhitespace }) {
        batchReadings += 1
        let found = BatchReadings.disagreements(text, cached, expected: reference)
        FuzzSupport.require(found.isEmpty, report(cached, text, reading: found.first?.reading ?? "",
                                                  engine: found.first?.engine ?? engine, reference: reference))
    }
    return 0
}

/// The message of a disagreement: the form, the questionnaire, the reading and both verdicts.
private func report(_ form: CachedForm, _ text: String, reading: String, engine: ReferenceVerdict,
                    reference: ReferenceVerdict) -> String {
    """
    the engine (\(reading)) and the reference disagree on form \(form.seed)
    --- form
    \(form.form.yaml)--- questionnaire
    \(text)
    --- engine
    \(engine)
    --- reference
    \(reference)
    """
}

/// The compiled forms of recent inputs. libFuzzer calls the target from one thread only.
nonisolated(unsafe) let forms = FormCache()
/// Inputs also read in batch (``BatchReadings``).
nonisolated(unsafe) var batchReadings = 0

/// Says at exit how the cache did: forms loaded, lookups answered from the cache, batch readings.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzDifferentialInitialize(_ argc: UnsafeMutablePointer<Int32>?,
                                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    atexit {
        let lookups = forms.loads + forms.hits
        let share = lookups == 0 ? 0 : forms.hits * 1000 / lookups
        let line = "FuzzDifferential: \(forms.loads) forms loaded, \(forms.hits) of \(lookups) lookups answered from "
            + "the cache (\(share / 10).\(share % 10)%; at most \(FormCache.capacity) forms kept), "
            + "\(batchReadings) inputs also read in batch\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
    return 0
}

/// One of the form's generated questionnaires, changed by one mutation per byte of `steps`.
private func mutated(_ form: CachedForm, seed: UInt64, steps: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    var questionnaire = form.pool.isEmpty ? PlainJSON.object([]) : form.pool[Int(seed % UInt64(form.pool.count))]
    var mutator = QuestionnaireMutator(seed: seed, ruleSet: form.rules.ruleSet)
    let kinds = QuestionnaireMutator.Kind.allCases
    for step in steps {
        let kind = kinds[Int(step) % kinds.count]
        if kind == .unreadable { return mutator.unreadable(questionnaire.text) }
        questionnaire = mutator.mutate(questionnaire, kind: kind)
    }
    return questionnaire.text
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
