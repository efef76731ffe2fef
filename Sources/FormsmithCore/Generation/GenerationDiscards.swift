/// What the generator drew and threw away, per field and rule: questionnaires built and then
/// redrawn because the validator rejected them or a field could not be filled, single values
/// redrawn because a candidate failed one of its field's checks (a regex walk drawn again
/// because its length missed the length checks included), and defects tried and dropped
/// because the questionnaire did not then break exactly that one rule. A generator that is
/// valid by construction discards nothing; patterns with lookarounds or back references are
/// drawn and then filtered, and those draws are counted here.
public struct GenerationDiscards: Sendable, Equatable {
    /// What was redrawn.
    public enum Kind: String, Sendable, Comparable {
        /// A whole questionnaire (built, then rejected).
        case questionnaire
        /// One value of one field (drawn, then rejected by a check of the field).
        case value
        /// One defect tried on a questionnaire meant to be invalid (the field and the rule it
        /// was to break), dropped because the questionnaire did not then break exactly that
        /// rule; field "" and rule `no-defect` when no defect fitted and the questionnaire was
        /// written valid.
        case defect

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One reason for discarding: the field (its path with list indices folded,
    /// `drivers[].documents[].number`) and the rule it broke.
    public struct Reason: Sendable, Hashable, Comparable {
        public let kind: Kind
        public let field: String
        public let rule: String

        /// Creates a reason.
        public init(kind: Kind, field: String, rule: String) {
            self.kind = kind
            self.field = field
            self.rule = rule
        }

        public static func < (lhs: Reason, rhs: Reason) -> Bool {
            (lhs.kind, lhs.field, lhs.rule) < (rhs.kind, rhs.field, rhs.rule)
        }
    }

    /// Questionnaires built and thrown away (each counts once, whatever it broke).
    public internal(set) var questionnaires = 0
    /// Values drawn and thrown away.
    public internal(set) var values = 0
    /// Defects tried and dropped.
    public internal(set) var defects = 0
    /// Per reason, how many discarded questionnaires broke it (one questionnaire may break
    /// several) or how many values were redrawn for it.
    public internal(set) var counts: [Reason: Int] = [:]

    /// Per field and what it was to look like (`payee.bic [BIC]`), how many realistic values
    /// the field's own checks refused, so the value was drawn plainly instead (see docs/rules.md,
    /// "Values that look real").
    public internal(set) var plainFallbacks: [Reason: Int] = [:]

    /// Per field and assertion (`payable [payable-limit]`), how many drawn values the solver
    /// replaced because with them the assertion could no longer hold (the value it settled lies
    /// in the field's own domain; nothing was rebuilt for it).
    public internal(set) var settled: [Reason: Int] = [:]

    /// Per field and assertion, how many of the ``settled`` values were the solver's own model
    /// value rather than drawn uniformly among those the assertion allows: the allowed values
    /// were not one interval and every uniform draw missed, or their range could not be found
    /// (see README, "Assertions: values the solver settles"). Such values lean towards the edges.
    public internal(set) var settledFromModel: [Reason: Int] = [:]

    /// Per field (rule `solver-budget`), how many of its values the solver gave no answer for
    /// because a limit ran out: a check's resource limit, the budget of one value's checks, or
    /// the wall-clock guard (see README, "Assertions: values the solver settles"). Such a value
    /// was kept as drawn (the built questionnaire is checked and rebuilt if it breaks an
    /// assertion) or is the solver's model; on a form the solver handles, it is zero.
    public internal(set) var solverBudgetSpent: [Reason: Int] = [:]

    /// Creates an empty count.
    public init() {}

    /// Counts one value of `field` for which a solver check got no answer within its budget.
    mutating func addSolverBudgetSpent(field: String) {
        solverBudgetSpent[Reason(kind: .value, field: field, rule: "solver-budget"), default: 0] += 1
    }

    /// One line per field whose solver checks ran out of budget (`people[].t8: 3 values the
    /// solver ran out of budget on`), most frequent first.
    public var solverBudgetSpentLines: [String] {
        solverBudgetSpent.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { entry in
            "\(entry.key.field): \(entry.value) value\(entry.value == 1 ? "" : "s") the solver ran out of budget on"
        }
    }

    /// Counts one settled value of `field` taken from the solver's model, not drawn uniformly.
    mutating func addSettledFromModel(field: String, rule: String) {
        settledFromModel[Reason(kind: .value, field: field, rule: rule), default: 0] += 1
    }

    /// One line per field and assertion with settled values taken from the solver's model
    /// (`a [sk]: 3 settled values taken from the solver's model, not drawn uniformly`).
    public var settledFromModelLines: [String] {
        settledFromModel.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { entry in
            "\(entry.key.field) [\(entry.key.rule)]: \(entry.value) settled value\(entry.value == 1 ? "" : "s") "
                + "taken from the solver's model, not drawn uniformly"
        }
    }

    /// Counts one value of `field` settled by the solver for the assertion `rule`.
    mutating func addSettled(field: String, rule: String) {
        settled[Reason(kind: .value, field: field, rule: rule), default: 0] += 1
    }

    /// One line per field and assertion whose values the solver settled (`drivers.documentCount
    /// [document-count]: 12 values settled by the solver`), most frequent first.
    public var settledLines: [String] {
        settled.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { entry in
            "\(entry.key.field) [\(entry.key.rule)]: \(entry.value) value\(entry.value == 1 ? "" : "s") settled by the solver"
        }
    }

    /// Whether nothing was discarded (plain fallbacks are counted apart: ``plainFallbacks``).
    public var isEmpty: Bool { questionnaires == 0 && values == 0 && defects == 0 }

    /// Counts one realistic value of `field` (a `kind` such as `INN`) refused by the field's checks.
    mutating func addPlainFallback(field: String, kind: String) {
        plainFallbacks[Reason(kind: .value, field: field, rule: kind), default: 0] += 1
    }

    /// One line per field whose realistic values its checks refused (`payee.bic [BIC]: 3 values
    /// drawn plainly`), most frequent first.
    public var plainFallbackLines: [String] {
        plainFallbacks.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { entry in
            "\(entry.key.field) [\(entry.key.rule)]: \(entry.value) value\(entry.value == 1 ? "" : "s") drawn plainly"
        }
    }

    /// The reasons with their counts, most frequent first (then by kind, field and rule).
    public var sorted: [(reason: Reason, count: Int)] {
        counts.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// Counts one questionnaire thrown away for the given (field, rule) pairs.
    mutating func addQuestionnaire(reasons: some Sequence<(field: String, rule: String)>) {
        questionnaires += 1
        var seen = Set<Reason>()
        for pair in reasons {
            let reason = Reason(kind: .questionnaire, field: pair.field, rule: pair.rule)
            if seen.insert(reason).inserted { counts[reason, default: 0] += 1 }
        }
    }

    /// Counts `count` values of `field` thrown away for breaking `rule`.
    mutating func addValues(field: String, rule: String, count: Int = 1) {
        guard count > 0 else { return }
        values += count
        counts[Reason(kind: .value, field: field, rule: rule), default: 0] += count
    }

    /// Counts values of `field` a regex walk drew again because their length missed the
    /// length hint (too short: `min-length`; too long: `max-length`).
    mutating func addLengthRedraws(field: String, _ redraws: LengthRedraws) {
        addValues(field: field, rule: RuleIdentifier.minLength, count: redraws.short)
        addValues(field: field, rule: RuleIdentifier.maxLength, count: redraws.long)
    }

    /// Counts one defect tried on `field` for `rule` and dropped.
    mutating func addDefect(field: String, rule: String) {
        defects += 1
        counts[Reason(kind: .defect, field: field, rule: rule), default: 0] += 1
    }

    /// Adds another count to this one.
    mutating func merge(_ other: GenerationDiscards) {
        questionnaires += other.questionnaires
        values += other.values
        defects += other.defects
        counts.merge(other.counts, uniquingKeysWith: +)
        plainFallbacks.merge(other.plainFallbacks, uniquingKeysWith: +)
        settled.merge(other.settled, uniquingKeysWith: +)
        settledFromModel.merge(other.settledFromModel, uniquingKeysWith: +)
        solverBudgetSpent.merge(other.solverBudgetSpent, uniquingKeysWith: +)
    }

    /// One line per reason (`drivers[].documents[].number [regex]: 12 values redrawn`), most
    /// frequent first, at most `limit` lines (then one saying how many more).
    public func lines(limit: Int = 20) -> [String] {
        let all = sorted
        var lines = all.prefix(limit).map { entry in
            let noun: String
            switch entry.reason.kind {
            case .questionnaire: noun = entry.count == 1 ? "questionnaire rebuilt" : "questionnaires rebuilt"
            case .value: noun = entry.count == 1 ? "value redrawn" : "values redrawn"
            case .defect: noun = entry.count == 1 ? "defect dropped" : "defects dropped"
            }
            let field = entry.reason.field.isEmpty ? "(questionnaire)" : entry.reason.field
            return "\(field) [\(entry.reason.rule)]: \(entry.count) \(noun)"
        }
        if all.count > limit { lines.append("... and \(all.count - limit) more reasons") }
        return lines
    }

    /// A one-line total: "3 questionnaires rebuilt, 40 values redrawn and 2 defects dropped".
    public var total: String {
        var parts: [String] = []
        if questionnaires > 0 { parts.append("\(questionnaires) questionnaire\(questionnaires == 1 ? "" : "s") rebuilt") }
        if values > 0 { parts.append("\(values) value\(values == 1 ? "" : "s") redrawn") }
        if defects > 0 { parts.append("\(defects) defect\(defects == 1 ? "" : "s") dropped") }
        guard let last = parts.popLast() else { return "nothing discarded" }
        return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    }
}

/// Values a regex walk drew again because their length missed the length hint (the last
/// draw is kept whatever its length; the caller's checks then decide).
package struct LengthRedraws: Equatable {
    /// Draws shorter than the hint.
    package var short = 0
    /// Draws longer than the hint.
    package var long = 0

    /// No draw counted.
    package init() {}

    /// Counts a draw of `produced` scalars that missed `window`.
    package mutating func count(_ produced: Int, missing window: ClosedRange<Int>) {
        if produced < window.lowerBound { short += 1 } else { long += 1 }
    }
}
