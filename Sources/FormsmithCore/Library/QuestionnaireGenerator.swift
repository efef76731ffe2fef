import Foundation

/// Makes filled questionnaires in-process from one rule file: valid ones, and labelled invalid
/// ones carrying one deliberate defect each. The library's generation entry point for a Swift
/// test suite that needs fixtures, beside ``QuestionnaireValidator``.
///
/// The same rules, seed, reference date and options give the same questionnaires, byte for
/// byte as `formsmith generate --seed` writes them as JSON Lines. Every valid questionnaire
/// has passed the validator before it is returned.
///
/// ```swift
/// let generator = try QuestionnaireGenerator(rulesAt: URL(fileURLWithPath: "Rules/osago-policy.yaml"),
///                                            today: .fixed(year: 2026, month: 11, day: 22))
/// for questionnaire in try generator.valid(count: 20, seed: 42) {
///     try await app.submit(questionnaire.data)      // expect 201
/// }
/// for questionnaire in try generator.invalid(count: 20, seed: 42) {
///     // questionnaire.defect: the field and rule the app must report
/// }
/// ```
///
/// Covering sets (every pair of values of the rules' factors), as `formsmith generate --cover
/// pairs` makes them: ``covering(_:seed:invalid:settings:)``.
public final class QuestionnaireGenerator: Sendable {
    /// The compiled rules questionnaires are made from.
    public let rules: CompiledRuleSet

    /// Loads and compiles the rule file (YAML or JSON) at `url`.
    ///
    /// - Parameters:
    ///   - url: A rule file; seed lists and `valuesFrom` files are found relative to it.
    ///   - today: The date `today` stands for in the rules: pin it in tests with
    ///     `try .fixed(year:month:day:)` (values relative to today change every day);
    ///     ``ReferenceDate/clock`` takes the current date in `timeZone` once, now.
    ///   - timeZone: The zone whose current date `today` is under ``ReferenceDate/clock``.
    /// - Throws: ``RulesError`` listing every problem of the file, each with its line and column.
    public convenience init(rulesAt url: URL, today: ReferenceDate = .clock, timeZone: TimeZone = .current)
        throws(RulesError)
    {
        self.init(rules: try RulesLoader.load(path: url.path, today: today.date(in: timeZone)))
    }

    /// Compiles rules given as YAML or JSON text (rules kept in a database, or written in the
    /// test itself), as ``QuestionnaireValidator/init(rulesText:file:today:timeZone:redactsValues:)`` does.
    ///
    /// - Parameters:
    ///   - text: The rule file's text.
    ///   - file: The name problems are reported under; relative seed-list paths are resolved
    ///     against its folder.
    ///   - today: The date `today` stands for in the rules, as for ``init(rulesAt:today:timeZone:)``.
    ///   - timeZone: The zone whose current date `today` is under ``ReferenceDate/clock``.
    /// - Throws: ``RulesError`` listing every problem, each with its line and column.
    public convenience init(rulesText text: String, file: String = "rules.yaml", today: ReferenceDate = .clock,
                            timeZone: TimeZone = .current) throws(RulesError) {
        self.init(rules: try RulesLoader.load(text: text, file: file, today: today.date(in: timeZone)))
    }

    /// Makes questionnaires from rules already compiled (by ``RulesLoader/load(path:today:)``,
    /// or a validator's ``QuestionnaireValidator/rules``), for their own reference date.
    public init(rules: CompiledRuleSet) {
        self.rules = rules
    }

    /// `count` valid questionnaires made with `seed`.
    ///
    /// - Parameters:
    ///   - count: How many questionnaires.
    ///   - seed: The random seed: the same seed gives the same questionnaires.
    ///   - settings: Optional-field rate, boundaries, fixture and the other choices of
    ///     `formsmith generate`.
    /// - Throws: ``GenerationError`` when the rules leave no valid value for some field (its
    ///   message names the field and rule), or the settings do not fit the rules.
    public func valid(count: Int, seed: UInt64, settings: Settings = Settings()) throws(GenerationError)
        -> [GeneratedQuestionnaire]
    {
        try generate(count: count, seed: seed, invalidRate: 0, settings: settings)
    }

    /// `count` questionnaires made with `seed`, each given one deliberate defect where the
    /// generator can plant one; ``GeneratedQuestionnaire/defect`` says which field and rule it
    /// breaks, as `formsmith validate` would report it. A questionnaire whose rules leave no
    /// defect to plant (every field a constant, say) is returned valid with no defect.
    ///
    /// - Throws: ``GenerationError``, as ``valid(count:seed:settings:)``.
    public func invalid(count: Int, seed: UInt64, settings: Settings = Settings()) throws(GenerationError)
        -> [GeneratedQuestionnaire]
    {
        try generate(count: count, seed: seed, invalidRate: 1, settings: settings)
    }

    /// Questionnaires of which a share `invalidRate` (0...1) carries a defect, as
    /// `formsmith generate --invalid-rate` makes them.
    ///
    /// - Throws: ``GenerationError``, as ``valid(count:seed:settings:)``.
    public func generate(count: Int, seed: UInt64, invalidRate: Double, settings: Settings = Settings())
        throws(GenerationError) -> [GeneratedQuestionnaire]
    {
        var options = GenerationOptions(count: count, seed: seed, format: .jsonl, optionalRate: settings.optionalRate,
                                        boundaries: settings.boundaries, invalidRate: invalidRate, jobs: settings.jobs,
                                        fixture: settings.fixture, useDefaults: settings.useDefaults,
                                        seedData: settings.seedData)
        options.start = settings.start
        let generator = try BatchGenerator(rules: rules, options: options)
        var output: [UInt8] = []
        var labels: [Int: GeneratedLabel] = [:]
        try generator.run(write: { output.append(contentsOf: $0) }, label: { labels[$0.index] = $0 })
        var questionnaires: [GeneratedQuestionnaire] = []
        questionnaires.reserveCapacity(count)
        for (offset, line) in output.split(separator: UInt8(ascii: "\n")).enumerated() {
            let index = settings.start + offset
            let defect = labels[index].map { GeneratedQuestionnaire.Defect(field: $0.field, rule: $0.rule) }
            questionnaires.append(GeneratedQuestionnaire(index: index, json: String(decoding: line, as: UTF8.self),
                                                         defect: defect))
        }
        return questionnaires
    }

    /// A covering set, as `formsmith generate --cover` makes it: the fewest valid
    /// questionnaires the greedy search finds in which every tuple (`strength`: each value,
    /// pairs or triples) of factor values read from the rules appears, with the coverage report
    /// saying which tuples are covered, which a rule makes impossible and which were not found.
    /// With `invalid`, one questionnaire per (field, rule) defect the generator can plant
    /// follows the valid ones, each carrying that defect alone (``GeneratedQuestionnaire/defect``).
    ///
    /// - Throws: ``GenerationError``, as ``valid(count:seed:settings:)``.
    public func covering(_ strength: CoverStrength, seed: UInt64, invalid: Bool = false,
                         settings: Settings = Settings()) throws(GenerationError) -> CoveringSet
    {
        let options = GenerationOptions(count: 1, seed: seed, format: .jsonl, optionalRate: settings.optionalRate,
                                        boundaries: settings.boundaries, jobs: settings.jobs,
                                        fixture: settings.fixture, useDefaults: settings.useDefaults,
                                        seedData: settings.seedData)
        let generator = try CoveringGenerator(rules: rules, strength: strength, options: options)
        generator.invalid = invalid
        let result = try generator.run()
        let labels = Dictionary(result.labels.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let questionnaires = (result.questionnaires + result.invalid).enumerated().map { index, bytes in
            GeneratedQuestionnaire(index: index, json: String(decoding: bytes, as: UTF8.self),
                                   defect: labels[index].map { GeneratedQuestionnaire.Defect(field: $0.field, rule: $0.rule) })
        }
        return CoveringSet(questionnaires: questionnaires, report: result.report, discards: result.discards)
    }

    /// The choices of `formsmith generate` other than the count, seed and invalid share.
    public struct Settings: Sendable {
        /// The probability that an optional field (visible, parents filled) is filled.
        public var optionalRate: Double
        /// Whether values are pushed to the edges of their ranges (`--boundaries`).
        public var boundaries: Bool
        /// Values every questionnaire keeps (`--fixture`).
        public var fixture: GenerationFixture?
        /// Whether fields start with their `default:` (`--use-defaults`).
        public var useDefaults: Bool
        /// Value pools and partial questionnaires to cycle through (`--seed-data`).
        public var seedData: SeedData?
        /// The index of the first questionnaire (`--start`).
        public var start: Int
        /// Parallel workers; the questionnaires do not depend on it (nil: one per core).
        public var jobs: Int?

        /// Settings as `formsmith generate` has them by default.
        public init(optionalRate: Double = 0.7, boundaries: Bool = false, fixture: GenerationFixture? = nil,
                    useDefaults: Bool = false, seedData: SeedData? = nil, start: Int = 0, jobs: Int? = nil) {
            self.optionalRate = optionalRate
            self.boundaries = boundaries
            self.fixture = fixture
            self.useDefaults = useDefaults
            self.seedData = seedData
            self.start = start
            self.jobs = jobs
        }
    }
}

/// A covering set of questionnaires (``QuestionnaireGenerator/covering(_:seed:invalid:settings:)``).
public struct CoveringSet: Sendable {
    /// The questionnaires: the valid ones first, then any with a labelled defect.
    public let questionnaires: [GeneratedQuestionnaire]
    /// The factors, the tuples required, covered (and by which questionnaire), impossible (and
    /// the rule that forbids each) and not found: `--coverage-report`'s content.
    public let report: CoverageReport
    /// What was built and thrown away on the way.
    public let discards: GenerationDiscards
}

/// One questionnaire made by ``QuestionnaireGenerator``.
public struct GeneratedQuestionnaire: Sendable, Hashable {
    /// The field and rule a deliberately invalid questionnaire breaks.
    public struct Defect: Sendable, Hashable {
        /// The concrete field path, as `formsmith validate` reports it (`drivers[1].birthDate`).
        public let field: String
        /// The rule identifier the defect breaks (`regex`, `min`, `required`, ...).
        public let rule: String
    }

    /// Its 0-based position in the run (the line of `formsmith generate`'s JSON Lines output, minus one).
    public let index: Int
    /// The questionnaire as one line of JSON text.
    public let json: String
    /// The defect planted in it, or nil for a valid questionnaire.
    public let defect: Defect?

    /// Whether it was made valid (it has no defect).
    public var isValid: Bool { defect == nil }

    /// The JSON text as UTF-8 bytes (what an HTTP client sends).
    public var data: Data { Data(json.utf8) }

    /// The questionnaire decoded into your own `Decodable` model.
    ///
    /// - Throws: The decoder's error when the model does not fit the questionnaire.
    public func decode<Model: Decodable>(_ type: Model.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> Model {
        try decoder.decode(type, from: data)
    }

    /// The questionnaire as Foundation objects (`[String: Any]`, arrays, strings, numbers,
    /// booleans), for looking at a few values without a model. Numbers are `NSNumber`s (whole
    /// numbers within 64 bits exactly, others as doubles): read decimals from ``json`` when their
    /// exact digits matter.
    public var object: [String: Any] {
        FoundationJSON.object(Array(json.utf8)) as? [String: Any] ?? [:]
    }
}
