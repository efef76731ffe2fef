import Foundation

/// The file formats `formsmith generate` writes.
public enum GenerationFormat: String, Sendable, CaseIterable {
    /// One JSON array holding every questionnaire, one per line.
    case json
    /// JSON Lines: one questionnaire per line.
    case jsonl
    /// CSV with a header of dotted paths (list items as `drivers.0.lastName`, multi-choice
    /// values joined with `;`, an empty cell for an absent value).
    case csv
}

/// What to generate and how.
public struct GenerationOptions: Sendable {
    /// How many questionnaires.
    public var count: Int
    /// The seed: the same rules, seed, today and options give the same bytes.
    public var seed: UInt64
    /// The output format.
    public var format: GenerationFormat
    /// The probability that an optional field (visible, parents filled) is filled.
    public var optionalRate: Double
    /// Whether values are pushed to the edges of their ranges (lengths, dates, numbers, item counts).
    public var boundaries: Bool
    /// The share of questionnaires made invalid with exactly one labelled defect.
    public var invalidRate: Double
    /// Parallel workers; the output does not depend on it.
    public var jobs: Int
    /// Attempts per questionnaire before the rules are declared unsatisfiable.
    public var maxAttempts: Int
    /// Fields pinned to given values.
    public var fixture: GenerationFixture?
    /// Whether fields with a `default:` start with it (when visible and their parents are
    /// filled), as a new questionnaire in the app does; a fixture's value wins over a default.
    public var useDefaults: Bool
    /// Value pools and partial questionnaires to cycle through (`--seed-data`).
    public var seedData: SeedData?
    /// The index of the first questionnaire: a run with `start: N` writes questionnaires
    /// `N ..< N + count`, byte for byte as a run from 0 would write them (JSON Lines only), so
    /// shards generated apart concatenate into one run's output.
    public var start: Int = 0

    /// Creates options; `jobs` defaults to the number of active processors, and is kept
    /// within 1...``ValidationOptions/maximumJobs`` (the command line refuses other values).
    public init(count: Int, seed: UInt64, format: GenerationFormat = .jsonl, optionalRate: Double = 0.7,
                boundaries: Bool = false, invalidRate: Double = 0, jobs: Int? = nil, maxAttempts: Int = 100,
                fixture: GenerationFixture? = nil, useDefaults: Bool = false, seedData: SeedData? = nil) {
        self.count = max(0, count)
        self.seed = seed
        self.format = format
        self.optionalRate = min(max(optionalRate, 0), 1)
        self.boundaries = boundaries
        self.invalidRate = min(max(invalidRate, 0), 1)
        self.jobs = min(max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount), ValidationOptions.maximumJobs)
        self.maxAttempts = max(1, maxAttempts)
        self.fixture = fixture
        self.useDefaults = useDefaults
        self.seedData = seedData
    }
}
