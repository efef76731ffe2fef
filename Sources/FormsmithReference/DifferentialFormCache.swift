import FormsmithCore

/// One random form ready to check questionnaires with: loaded and compiled once, with the
/// engine's validator, the reference validator and a pool of generated questionnaires.
public final class DifferentialForm {
    public let seed: UInt64
    public let form: RandomForm
    public let rules: CompiledRuleSet
    public let library: QuestionnaireValidator
    public let reference: ReferenceValidator
    /// Questionnaires generated for the form (about a third with a planted defect), parsed;
    /// empty when generation gave up (mutations then start from `{}`).
    public let pool: [PlainJSON]

    /// Questionnaires generated per form: the mutations of an input start from one of them.
    public static let poolSize = 32

    /// How the pool of the form of `seed` is generated: ``poolSize`` questionnaires, about a
    /// third with a planted defect, one worker, 20 attempts each.
    public static func poolOptions(seed: UInt64) -> GenerationOptions {
        GenerationOptions(count: poolSize, seed: seed, format: .jsonl, optionalRate: 0.5, invalidRate: 0.3, jobs: 1, maxAttempts: 20)
    }

    init(seed: UInt64, form: RandomForm, rules: CompiledRuleSet) {
        self.seed = seed
        self.form = form
        self.rules = rules
        library = QuestionnaireValidator(rules: rules)
        reference = ReferenceValidator(rules: rules)
        var lines: [String] = []
        if let generator = try? BatchGenerator(rules: rules, options: Self.poolOptions(seed: seed)) {
            _ = try? generator.run(write: { lines.append(String(decoding: $0, as: UTF8.self)) }, label: { _ in })
        }
        pool = lines.joined().split(separator: "\n").compactMap { PlainJSON.parse(String($0)) }
    }
}

/// The forms of the last inputs, by form seed, at most `capacity` of them; the least recently
/// used one is dropped for a new one. Loading a form (YAML, compiling, generating its pool)
/// costs about a hundred times what checking one questionnaire does, and consecutive inputs
/// mostly share a form (the custom mutator changes the seed bytes of one mutation in
/// `seedChangeOdds`, and the campaign driver checks a few hundred inputs per form).
public final class DifferentialFormCache {
    /// How many forms are kept (a few hundred kilobytes each).
    public static let capacity = 256

    private var entries: [UInt64: (form: DifferentialForm?, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    public init() {}

    /// Forms loaded and lookups answered from the cache (for the statistics line).
    public private(set) var loads = 0
    public private(set) var hits = 0

    /// The form for `seed` (nil when it meets a known open engine bug), loading it on a miss.
    /// A random form that does not load stops the run: the grammar is wrong.
    public func form(seed: UInt64, today: CivilDate) -> DifferentialForm? {
        clock += 1
        if let entry = entries[seed] {
            hits += 1
            entries[seed]!.used = clock
            return entry.form
        }
        loads += 1
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        let form = RandomForm(seed: seed)
        let loaded: DifferentialForm?
        do {
            let rules = try RulesLoader.load(text: form.yaml, file: "random.yaml", today: today)
            loaded = KnownEngineBugs.bug(of: rules.ruleSet) == nil ? DifferentialForm(seed: seed, form: form, rules: rules) : nil
        } catch {
            fatalError("differential: random form \(seed) does not load: \(error)\n\(form.yaml)")
        }
        entries[seed] = (loaded, clock)
        return loaded
    }
}
