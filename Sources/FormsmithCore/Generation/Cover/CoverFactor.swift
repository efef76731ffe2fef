import FormsmithValues

/// One factor of a covering set, read from the rules: a field's values or classes, the
/// presence of one multi-choice option, whether a section is filled, or the truth of one
/// condition. A questionnaire gives each factor one of its ``values``, or none ("n/a": an item
/// field whose list has no first item, a condition that cannot be decided).
///
/// Fields inside list items are read in the **first item** of their list (for a list inside
/// list items: the first item of the inner list within the first item of the outer one), so
/// each factor has one value per questionnaire and a covering set is a plain table.
public struct CoverFactor: Sendable, Hashable {
    /// What a factor reads.
    public enum Kind: String, Sendable {
        /// An enum or a switch: its values, and `absent` when it may be left empty.
        case value
        /// Whether the field is filled (`filled` / `absent`).
        case presence
        /// Whether one multi-choice option is chosen (`yes` / `no`).
        case option
        /// Where a number or date lies in its fixed range (`min`, `inside`, `max`; `absent`).
        case range
        /// A list's number of items (`min`, `mid`, `max`; `absent`).
        case size
        /// Whether any field of a section that may be left empty is filled (`filled` / `empty`).
        case section
        /// The truth of a `visibleIf`, `requiredIf` or `cases` condition (`true` / `false`).
        case condition
    }

    /// The name in reports: the field path (`drivers[].role`), `channels has web`, `if <condition>`.
    public let name: String
    public let kind: Kind
    /// The values, in a fixed order.
    public let values: [String]
    /// The field (or the section's first field, or the first field whose condition it is).
    let field: Int
    /// For ``Kind/option``: the option's position among the enum values.
    let option: Int
    /// For ``Kind/condition``: the condition.
    let condition: CompiledExpression?
    /// For ``Kind/section``: its member fields.
    let members: [Int]
    /// For ``Kind/section``: the JSON paths of its member fields (first items as `[0]`).
    public let memberPaths: [String]
    /// For ``Kind/range``: the fixed bounds read (``BoundaryClasses``).
    let bounds: BoundaryClasses?
    /// For ``Kind/size``: the least and greatest item counts generated.
    let sizes: (low: Int, top: Int)?
    /// The JSON path of the field read, first items as `[0]` (`drivers[0].role`), for readers
    /// of the report that recount it; the section's path for a section; "" for a condition.
    public let jsonPath: String
    /// The list whose first item the factor is read in, or -1.
    let listID: Int

    public static func == (left: CoverFactor, right: CoverFactor) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The position of `absent` among the values, when it is one.
    var absentIndex: Int? { values.firstIndex(of: kind == .section ? "empty" : "absent") }

    init(name: String, kind: Kind, values: [String], field: Int, option: Int = -1, condition: CompiledExpression? = nil,
         members: [Int] = [], memberPaths: [String] = [], bounds: BoundaryClasses? = nil, sizes: (low: Int, top: Int)? = nil, jsonPath: String,
         listID: Int) {
        self.name = name
        self.kind = kind
        self.values = values
        self.field = field
        self.option = option
        self.condition = condition
        self.members = members
        self.memberPaths = memberPaths
        self.bounds = bounds
        self.sizes = sizes
        self.jsonPath = jsonPath
        self.listID = listID
    }
}

/// The boundary classes of a number or date range: `min` (at the lower bound), `inside`,
/// `max` (at the upper bound), from the field's own fixed, inclusive bounds. Kept in this one
/// type so that a richer number domain can replace how classes are computed.
struct BoundaryClasses: Sendable {
    /// The inclusive bounds as exact numbers (dates as day numbers).
    let low: ExactDecimal?
    let high: ExactDecimal?
    /// The bounds as written in a questionnaire (dates in the field's layout).
    let lowText: String?
    let highText: String?
    /// Whether a value lies strictly between the bounds: false for an integer or date range
    /// whose bounds are one apart (`min: 5, max: 6`), where no value is `inside`.
    var hasInside = true

    /// The classes this range has, in order.
    var classes: [String] {
        var result: [String] = []
        if low != nil { result.append("min") }
        if hasInside { result.append("inside") }
        if high != nil, high != low { result.append("max") }
        return result
    }

    /// The class of `value`.
    func classify(_ value: ExactDecimal) -> String {
        if let low, value == low { return "min" }
        if let high, value == high { return "max" }
        return "inside"
    }

    /// The fixed inclusive bounds of a number or date field (its own checks; `cases` and bounds
    /// read from other fields are left out), or nil when it has none or its own `const` allows
    /// one value only (no class but that value's can be generated).
    static func of(_ field: CompiledField) -> BoundaryClasses? {
        if NumberChecks.narrows(field.checks, by: .constant) { return nil }
        var low: ExactDecimal?
        var high: ExactDecimal?
        var lowText: String?
        var highText: String?
        for check in field.checks {
            let minimum: RangeBound?
            let maximum: RangeBound?
            switch check {
            case .number(let number): (minimum, maximum) = number.bounds
            case .date(let date): (minimum, maximum) = date.bounds
            default: continue
            }
            if let bound = minimum, !bound.exclusive, let (value, text) = exact(bound, field.datePattern) {
                if low.map({ value > $0 }) ?? true { (low, lowText) = (value, text) }
            }
            if let bound = maximum, !bound.exclusive, let (value, text) = exact(bound, field.datePattern) {
                if high.map({ value < $0 }) ?? true { (high, highText) = (value, text) }
            }
        }
        guard low != nil || high != nil else { return nil }
        if let low, let high, low > high { return nil }
        // min equal to max: one value, like a const, so no class but that value's (its
        // "inside" pairs were reported not found, though none can exist).
        if let low, let high, low == high { return nil }
        var classes = BoundaryClasses(low: low, high: high, lowText: lowText, highText: highText)
        if field.type == .integer || field.type == .date, let low, let high,
            let gap = high.subtracting(low), gap < ExactDecimal(mantissa: 2, scale: 0)
        {
            classes.hasInside = false
        }
        return classes
    }

    private static func exact(_ bound: RangeBound, _ pattern: DatePattern) -> (ExactDecimal, String)? {
        switch bound.value {
        case .number(let value): return (value, value.description)
        case .date(let date): return (ExactDecimal(mantissa: Int64(date.dayNumber), scale: 0), pattern.format(date))
        case .dynamic: return nil
        }
    }
}
