/// What the generator drew and threw away, per field and rule: questionnaires built and then
/// redrawn because the validator rejected them or a field could not be filled, and single
/// values redrawn because a candidate failed one of its field's checks. A generator that is
/// valid by construction discards nothing; patterns with lookarounds or back references are
/// drawn and then filtered, and those draws are counted here.
public struct GenerationDiscards: Sendable, Equatable {
    /// What was redrawn.
    public enum Kind: String, Sendable, Comparable {
        /// A whole questionnaire (built, then rejected).
        case questionnaire
        /// One value of one field (drawn, then rejected by a check of the field).
        case value
        /// A labelled defect made and given up because the validator reported more or other
        /// than its one rule (the planter then tries another field or rule).
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
    /// Labelled defects made and given up (see ``Kind/defect``).
    public internal(set) var defects = 0
    /// Questionnaires drawn to be invalid that were written valid and unlabelled, because no
    /// defect could be planted in them.
    public internal(set) var unplanted = 0
    /// Per reason, how many discarded questionnaires broke it (one questionnaire may break
    /// several) or how many values were redrawn for it.
    public internal(set) var counts: [Reason: Int] = [:]

    /// Creates an empty count.
    public init() {}

    /// Whether nothing was discarded.
    public var isEmpty: Bool { questionnaires == 0 && values == 0 && defects == 0 && unplanted == 0 }

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

    /// Counts a defect of `field` labelled `rule` given up.
    mutating func addDefect(field: String, rule: String) {
        defects += 1
        counts[Reason(kind: .defect, field: field, rule: rule), default: 0] += 1
    }

    /// Counts a questionnaire left valid although drawn to be invalid.
    mutating func addUnplanted() {
        unplanted += 1
    }

    /// Adds another count to this one.
    mutating func merge(_ other: GenerationDiscards) {
        questionnaires += other.questionnaires
        values += other.values
        defects += other.defects
        unplanted += other.unplanted
        counts.merge(other.counts, uniquingKeysWith: +)
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
            case .defect: noun = entry.count == 1 ? "defect given up (it broke another rule too)" : "defects given up (they broke another rule too)"
            }
            return "\(entry.reason.field) [\(entry.reason.rule)]: \(entry.count) \(noun)"
        }
        if all.count > limit { lines.append("... and \(all.count - limit) more reasons") }
        return lines
    }

    /// A one-line total: "3 questionnaires rebuilt and 40 values redrawn".
    public var total: String {
        var parts: [String] = []
        if questionnaires > 0 { parts.append("\(questionnaires) questionnaire\(questionnaires == 1 ? "" : "s") rebuilt") }
        if values > 0 { parts.append("\(values) value\(values == 1 ? "" : "s") redrawn") }
        if defects > 0 { parts.append("\(defects) defect\(defects == 1 ? "" : "s") given up") }
        if unplanted > 0 {
            parts.append("\(unplanted) questionnaire\(unplanted == 1 ? "" : "s") meant to be invalid written valid (no defect could be planted)")
        }
        return parts.isEmpty ? "nothing discarded" : parts.joined(separator: " and ")
    }
}
