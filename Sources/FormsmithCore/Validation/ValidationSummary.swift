/// How often one rule (or field) was broken, with a few example record ids.
public struct ViolationCount: Sendable, Hashable {
    /// The rule identifier or field path.
    public var key: String
    /// Number of violations.
    public var count: Int
    /// Up to three ids (or `file:line` when a record has no id) of records that broke it.
    public var examples: [String]
}

/// The totals of a validation run, answering an auditor's first questions.
///
/// Invariant: `records == valid + invalid + unreadable`.
public struct ValidationSummary: Sendable, Hashable {
    /// Questionnaires seen.
    public var records = 0
    /// Questionnaires that broke no rule.
    public var valid = 0
    /// Questionnaires read that broke at least one rule.
    public var invalid = 0
    /// Questionnaires (or inputs) that could not be read at all.
    public var unreadable = 0
    /// Violations counted by rule, most frequent first.
    public var byRule: [ViolationCount] { sorted(ruleCounts) }
    /// Violations counted by field (list indices folded: `drivers[].birthDate`), most frequent
    /// first. Names that come from the data (`unknown-field` and `duplicate-field` violations)
    /// keep an entry each for at most ``maxDataNamedFields`` names; the violations of the
    /// others are counted under one entry, ``otherFieldNames``.
    public var byField: [ViolationCount] {
        var table = fieldCounts
        for (key, value) in dataNamed.entries { Self.merge(key, value, into: &table) }
        var result = sorted(table)
        if dataNamed.others.0 > 0 {
            result.append(ViolationCount(key: Self.otherFieldNames, count: dataNamed.others.0,
                                         examples: dataNamed.others.1))
            result.sort { ($1.count, $0.key) < ($0.count, $1.key) }
        }
        return result
    }
    /// How many field names from the data (unknown or repeated members, CSV columns) keep an
    /// entry of their own in ``byField``, so that a summary stays small whatever the input.
    public static let maxDataNamedFields = 1000
    /// The ``byField`` entry counting the violations of the field names beyond
    /// ``maxDataNamedFields``.
    public static let otherFieldNames = "(other field names)"
    /// Number of violations in all.
    public var violations = 0
    /// Set when `--fail-fast` stopped the run at the first invalid or unreadable
    /// questionnaire: the counts cover what was read up to it.
    public var stoppedEarly = false
    /// Set when `--max-errors N` cut the list of results: N, the number of problems shown
    /// (violations, plus one per unreadable record). The counts still cover every record.
    public var truncatedAt: Int?
    /// How often each field was filled, when the run counted it
    /// (``ValidationOptions/countsFills``); nil otherwise.
    public var fills: FieldFills?
    /// In a project run, each form's totals (in the project's order); empty with `--rules`.
    public var byForm: [FormTotals] = []
    /// The date `today` meant in the rules (`--today`, else the current date in the time
    /// zone asked for), set by the batch validator; reports print it.
    public var today: CivilDate?

    private var ruleCounts: [String: (Int, [String])] = [:]
    private var fieldCounts: [String: (Int, [String])] = [:]
    private var dataNamed = DataNamedFieldCounts()

    /// An empty summary.
    public init() {}

    /// A summary with these totals and counts, as a report wrote them (``byRule`` and
    /// ``byField`` entries keep up to three examples each).
    public init(records: Int, valid: Int, invalid: Int, unreadable: Int, violations: Int,
                byRule: [ViolationCount], byField: [ViolationCount]) {
        self.records = records
        self.valid = valid
        self.invalid = invalid
        self.unreadable = unreadable
        self.violations = violations
        for entry in byRule { Self.merge(entry.key, (entry.count, Array(entry.examples.prefix(3))), into: &ruleCounts) }
        for entry in byField {
            let value = (entry.count, Array(entry.examples.prefix(3)))
            if entry.key == Self.otherFieldNames {
                dataNamed.addOthers(value)
            } else {
                Self.merge(entry.key, value, into: &fieldCounts)
            }
        }
    }

    /// Counts one record's verdict.
    public mutating func add(_ result: RecordResult) {
        records += 1
        if result.unreadable != nil {
            unreadable += 1
        } else if result.violations.isEmpty {
            valid += 1
        } else {
            invalid += 1
        }
        let example = result.id ?? "\(result.location.file):\(result.location.line)"
        for violation in result.violations {
            violations += 1
            Self.count(violation.rule, example, in: &ruleCounts)
            if violation.rule == RuleIdentifier.unknownField || violation.rule == RuleIdentifier.duplicateField {
                dataNamed.add(Self.foldIndices(violation.field), (1, [example]))
            } else {
                Self.count(Self.foldIndices(violation.field), example, in: &fieldCounts)
            }
        }
    }

    /// Counts `count` records that were valid (without keeping their results).
    public mutating func addValid(_ count: Int) {
        records += count
        valid += count
    }

    /// Adds another summary's counts (from another worker or chunk).
    public mutating func merge(_ other: ValidationSummary) {
        records += other.records
        valid += other.valid
        invalid += other.invalid
        unreadable += other.unreadable
        violations += other.violations
        for (key, value) in other.ruleCounts { Self.merge(key, value, into: &ruleCounts) }
        for (key, value) in other.fieldCounts { Self.merge(key, value, into: &fieldCounts) }
        dataNamed.merge(other.dataNamed)
        if let theirs = other.fills {
            if fills == nil { fills = theirs } else { fills?.merge(theirs) }
        }
    }

    /// Whether ``merge(_:)`` with `other` keeps every count exact (no total passes `Int.max`).
    public func canMerge(_ other: ValidationSummary) -> Bool {
        func fits(_ a: Int, _ b: Int) -> Bool { !a.addingReportingOverflow(b).overflow }
        func fits(_ table: [String: (Int, [String])], _ theirs: [String: (Int, [String])]) -> Bool {
            theirs.allSatisfy { fits(table[$0.key]?.0 ?? 0, $0.value.0) }
        }
        return fits(records, other.records) && fits(valid, other.valid) && fits(invalid, other.invalid)
            && fits(unreadable, other.unreadable) && fits(violations, other.violations)
            && fits(ruleCounts, other.ruleCounts) && fits(fieldCounts, other.fieldCounts)
            && fits(dataNamed.entries, other.dataNamed.entries) && fits(dataNamed.others.0, other.dataNamed.others.0)
    }

    public static func == (lhs: ValidationSummary, rhs: ValidationSummary) -> Bool {
        (lhs.records, lhs.valid, lhs.invalid, lhs.unreadable, lhs.byRule, lhs.byField)
            == (rhs.records, rhs.valid, rhs.invalid, rhs.unreadable, rhs.byRule, rhs.byField)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(records)
        hasher.combine(valid)
        hasher.combine(invalid)
        hasher.combine(unreadable)
    }

    /// `drivers[2].birthDate` becomes `drivers[].birthDate`.
    public static func foldIndices(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "[")) else { return path }
        var result = ""
        var inIndex = false
        for character in path {
            if character == "[" { inIndex = true; result.append(character); continue }
            if character == "]" { inIndex = false }
            if !inIndex { result.append(character) }
        }
        return result
    }

    private static func count(_ key: String, _ example: String, in table: inout [String: (Int, [String])]) {
        func add(to entry: inout (Int, [String])) {
            entry.0 += 1
            entry.1.appendExample(example)
        }
        add(to: &table[key, default: (0, [])])  // one lookup, updated in place
    }

    fileprivate static func merge(_ key: String, _ value: (Int, [String]), into table: inout [String: (Int, [String])]) {
        var entry = table[key] ?? (0, [])
        entry.0 += value.0
        // The same rule as `add` (the first three distinct examples).
        for example in value.1 { entry.1.appendExample(example) }
        table[key] = entry
    }

    private func sorted(_ table: [String: (Int, [String])]) -> [ViolationCount] {
        table.map { ViolationCount(key: $0.key, count: $0.value.0, examples: $0.value.1) }
            .sorted { ($1.count, $0.key) < ($0.count, $1.key) }
    }
}

extension Array where Element == String {
    /// Keeps the first three distinct examples. Counting and merging both keep them this way,
    /// so merging the summaries of consecutive pieces gives exactly the summary of the whole
    /// (a piece that did not fill its three holds all its distinct examples).
    fileprivate mutating func appendExample(_ example: String) {
        if count < 3, !contains(example) { append(example) }
    }
}

/// The counts of field names that come from the data, bounded: the names kept are those with
/// the ``ValidationSummary/maxDataNamedFields`` smallest hashes (FNV-1a of the name), and every
/// other name's violations go to `others`. Which names are kept depends only on the set of
/// names, never on the order they arrive in or on how a run was split into chunks, shards or
/// jobs; a kept name was kept by every part, so its count is exact.
private struct DataNamedFieldCounts: Sendable {
    private(set) var entries: [String: (Int, [String])] = [:]
    private(set) var others: (Int, [String]) = (0, [])
    private var hashes: [String: UInt64] = [:]
    /// When full, the largest hash kept: a name hashing at or above it is not kept.
    private var threshold = UInt64.max

    mutating func add(_ key: String, _ value: (Int, [String])) {
        if entries[key] != nil {
            ValidationSummary.merge(key, value, into: &entries)
            return
        }
        let hash = Self.hash(key)
        guard entries.count < ValidationSummary.maxDataNamedFields || hash < threshold else {
            addOthers(value)
            return
        }
        entries[key] = value
        hashes[key] = hash
        guard entries.count > ValidationSummary.maxDataNamedFields else { return }
        // One name too many: the one with the largest hash goes to the others.
        let (evicted, _) = hashes.max { $0.value < $1.value }!
        addOthers(entries.removeValue(forKey: evicted)!)
        hashes.removeValue(forKey: evicted)
        threshold = hashes.values.max()!
    }

    mutating func addOthers(_ value: (Int, [String])) {
        others.0 += value.0
        for example in value.1 where others.1.count < 3 && !others.1.contains(example) { others.1.append(example) }
    }

    mutating func merge(_ other: DataNamedFieldCounts) {
        for (key, value) in other.entries { add(key, value) }
        addOthers(other.others)
    }

    /// FNV-1a, 64 bits: the same for every run (Swift's `Hasher` is seeded per process).
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
