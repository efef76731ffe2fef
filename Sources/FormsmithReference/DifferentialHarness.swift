import Foundation
import FormsmithCore

/// The differential check of one input, shared by the fuzz target `FuzzDifferential`, the
/// seeded campaign driver `formsmith-diff-campaign` and `DifferentialHarnessTests`: one
/// implementation, so that a campaign of either kind checks what the tests check.
///
/// An input is a form seed (``RandomForm``), a mode and some bytes. In the generated mode the
/// bytes pick one of the form's generated questionnaires (``DifferentialForm/pool``) and seed a
/// chain of mutations of it (``QuestionnaireMutator``, one per byte of the first four); in the
/// raw mode they are the questionnaire's JSON text as it is. The engine's library reading
/// (`QuestionnaireValidator`) and the reference validator must give the same verdict; one
/// generated questionnaire in ``DifferentialBatchReadings/sampleOdds`` (without a line break)
/// is also validated in batch: a JSON Lines file and a JSON array file, with one worker and
/// with two. Forms are kept compiled by seed (``DifferentialFormCache``).
///
/// Not thread-safe: give each thread its own harness (each writes its batch files in a folder
/// of its own).
public final class DifferentialHarness {
    /// The date the forms are compiled for.
    public let today: CivilDate
    /// The compiled forms of recent inputs.
    public let forms = DifferentialFormCache()
    /// Inputs checked (each: one questionnaire, engine's library reading against the reference).
    public private(set) var checked = 0
    /// Of those, inputs also checked in the four batch readings.
    public private(set) var batchChecked = 0
    /// Inputs skipped because their form meets a known open engine bug (``KnownEngineBugs``).
    public private(set) var skipped = 0
    private let batch: DifferentialBatchReadings
    /// One eligible input in this many is also checked in batch.
    public let batchOdds: UInt64

    /// A harness writing its batch files under `folder` (created if missing); one eligible
    /// input in `batchOdds` (default 16) is also checked in batch.
    public init(today: CivilDate, folder: String, batchOdds: UInt64 = DifferentialBatchReadings.sampleOdds) {
        self.today = today
        self.batchOdds = max(batchOdds, 1)
        batch = DifferentialBatchReadings(folder: folder)
    }

    /// Checks one input; nil when every reading agrees with the reference.
    public func check(formSeed: UInt64, generated: Bool, bytes: UnsafeBufferPointer<UInt8>) -> DifferentialDisagreement? {
        guard let form = forms.form(seed: formSeed, today: today) else {
            skipped += 1
            return nil
        }
        let hash = bytes.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 }
        let text = generated ? Self.mutated(form, seed: hash, steps: bytes.prefix(4)) : String(decoding: bytes, as: UTF8.self)
        checked += 1
        let engine = ReferenceVerdict(engine: form.library.validate(text))
        let reference = form.reference.verdict(json: text)
        if engine != reference {
            return DifferentialDisagreement(formSeed: formSeed, form: form.form.yaml, questionnaire: text,
                                            reading: "library", engine: engine, reference: reference)
        }
        if generated, (hash >> 40) % batchOdds == 0, !text.contains(where: \.isNewline),
           text.contains(where: { !$0.isWhitespace }) {
            batchChecked += 1
            if let found = batch.disagreements(text, form, expected: reference).first {
                return DifferentialDisagreement(formSeed: formSeed, form: form.form.yaml, questionnaire: text,
                                                reading: found.reading, engine: found.engine, reference: reference)
            }
        }
        return nil
    }

    /// One of the form's generated questionnaires, changed by one mutation per byte of `steps`.
    static func mutated(_ form: DifferentialForm, seed: UInt64, steps: Slice<UnsafeBufferPointer<UInt8>>) -> String {
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
}

/// A reading on which the engine and the reference disagree: the form, the questionnaire, the
/// reading and both verdicts.
public struct DifferentialDisagreement: CustomStringConvertible, Sendable {
    public let formSeed: UInt64
    /// The form's rule file (YAML).
    public let form: String
    public let questionnaire: String
    /// `library`, or `JSON Lines, N jobs` / `JSON array, N jobs`.
    public let reading: String
    public let engine: ReferenceVerdict
    public let reference: ReferenceVerdict

    public var description: String {
        """
        the engine (\(reading)) and the reference disagree on form \(formSeed)
        --- form
        \(form)--- questionnaire
        \(questionnaire)
        --- engine
        \(engine)
        --- reference
        \(reference)
        """
    }
}
