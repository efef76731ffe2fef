/// Comparing what predicates mean rather than how they are written: every combination of a few
/// values of each field the predicates read is tried, and a combination that makes a question
/// true is a concrete questionnaire that shows it.
///
/// The values tried for a field: empty, and
/// - booleans, enums and small multi-choice fields: every value (``PredicateAnalysis/domain(of:in:)``);
/// - whole numbers: 0 and each number constant of the predicates, one below and one above;
/// - decimals: the same, and half-way between;
/// - dates: `today` and each date constant of the predicates (`today - 18y` folded), the day
///   before and the day after;
/// - strings and texts: `x`, each string constant as it is, with text before and after it, in
///   upper and lower case, and two values written from each `MATCHES` pattern (the `[c]`
///   string tests of the NSPredicate dialect are such patterns).
///
/// Both dialects compile to the same tree, so `$type IN {2, 3}` and `(type == 2) || (type == 3)`
/// get the same values. Fields whose values cannot be written this way (lists, attachments,
/// large multi-choice fields, a pattern no value can be written for) are unknown: a question
/// is then answered by three-valued logic, and may stay undecided.
struct PredicateSamples {
    /// What a search over the combinations found.
    enum Outcome {
        /// A combination that makes the question true, by field id.
        case found([Int: FieldLookup])
        /// The question is false for every combination tried.
        case none
        /// No combination makes it true, but some leave it unknown (or there are too many to try).
        case undecided
    }

    /// The states tried per field, in the order of first reading.
    private(set) var fields: [(id: Int, states: [FieldLookup])] = []
    /// The fields some of whose values cannot be tried (they include the unknown state).
    private(set) var unknownFields: [Int] = []
    private let today: CivilDate

    /// The samples for the fields `predicates` read; `fixed` pins fields to one state (such as
    /// a parent being empty).
    init(_ predicates: [CompiledExpression], context: LintContext, fixed: [Int: FieldLookup] = [:]) {
        today = context.today
        var constants = PredicateConstants(today: context.today)
        for predicate in predicates { predicate.node.collectConstants(into: &constants) }
        var seen = Set<Int>()
        for id in predicates.flatMap(\.referencedFields) where seen.insert(id).inserted {
            if let state = fixed[id] {
                fields.append((id, [state]))
                continue
            }
            var states = Self.states(of: id, constants: constants, context: context)
            if Self.isAlwaysFilled(id, context), states.count > 1 { states.removeAll { $0 == .absent } }
            if states.contains(.invalid) { unknownFields.append(id) }
            fields.append((id, states))
        }
    }

    /// Tries every combination: `question` answers true, false or nil (unknown) for one.
    func search(_ question: (AssignmentEnvironment) -> Bool?) -> Outcome {
        var combinations = 1
        for field in fields {
            combinations *= field.states.count
            if combinations > PredicateAnalysis.combinationLimit { return .undecided }
        }
        var environment = AssignmentEnvironment(today: today, values: [:])
        var counters = Array(repeating: 0, count: fields.count)
        var undecided = false
        while true {
            for (index, field) in fields.enumerated() { environment.values[field.id] = field.states[counters[index]] }
            switch question(environment) {
            case true?: return .found(environment.values)
            case nil: undecided = true
            case false?: break
            }
            var position = 0
            while position < counters.count {
                counters[position] += 1
                if counters[position] < fields[position].states.count { break }
                counters[position] = 0
                position += 1
            }
            if position == counters.count { break }
        }
        return undecided ? .undecided : .none
    }

    /// Whether a valid questionnaire always fills the field: it is required, and nothing (a
    /// condition, a parent, a list or section around it) can make it empty.
    private static func isAlwaysFilled(_ id: Int, _ context: LintContext) -> Bool {
        guard let field = context.compiled?.fields[id] else { return false }
        return !field.isOptional && field.requiredIf == nil && field.visibleIf == nil && field.parents.isEmpty
            && field.listID == nil && !field.inConditionalGroup
    }

    /// The states tried for field `id`.
    private static func states(of id: Int, constants: PredicateConstants, context: LintContext) -> [FieldLookup] {
        if let domain = PredicateAnalysis.domain(of: id, in: context) { return domain }
        guard let field = context.compiled?.fields[id] else { return [.invalid] }
        var values: [ExpressionValue] = []
        var unknown = false
        switch field.type {
        case .integer:
            var numbers: Set<Int64> = [0]
            for number in constants.numbers {
                for roundingUp in [false, true] {
                    guard let whole = number.scaledMantissa(scale: 0, roundingUp: roundingUp, limit: 9_000_000_000_000_000)
                    else { continue }
                    numbers.formUnion([whole.mantissa - 1, whole.mantissa, whole.mantissa + 1])
                }
            }
            values = numbers.sorted().map { .integer($0) }
        case .decimal:
            var numbers: Set<ExactDecimal> = [.zero]
            let steps = [-10, -5, 5, 10].map { ExactDecimal(mantissa: $0, scale: 1) }
            for number in constants.numbers {
                numbers.insert(number)
                numbers.formUnion(steps.compactMap { number.adding($0) })
            }
            values = numbers.sorted().map { .decimal($0) }
        case .date:
            var days: Set<Int32> = [constants.today.dayNumber]
            for date in constants.dates { days.formUnion([date.dayNumber - 1, date.dayNumber, date.dayNumber + 1]) }
            values = days.sorted().map { .date(CivilDate(dayNumber: $0)) }
        case .string, .text, .enumeration:
            var texts: [String] = ["x"]
            for text in constants.strings.sorted() where !text.isEmpty {
                texts += [text, text + "x", "x" + text, text.uppercased(), text.lowercased()]
            }
            for pattern in constants.patterns(testing: id) {
                guard let written = Self.written(from: pattern) else {
                    unknown = true
                    continue
                }
                texts += written
            }
            var once = Set<String>()
            values = texts.filter { once.insert($0).inserted }.map { .string($0) }
        default:
            return [.invalid]
        }
        return [.absent] + values.map { .value($0) } + (unknown ? [.invalid] : [])
    }

    /// Two values the whole pattern matches, or nil when none can be written from it.
    private static func written(from pattern: String) -> [String]? {
        guard let generator = try? RegexGenerator(pattern: pattern) else { return nil }
        var random = SeededRandom(seed: 20)
        let values = [generator.generate(using: &random), generator.generate(using: &random)]
        guard let regex = try? PredicateRegex(pattern: pattern),
            values.allSatisfy({ regex.matches($0) == true })
        else { return nil }
        return values
    }

    /// A combination as text for a message: `kind = 'b', docType empty`.
    func describe(_ assignment: [Int: FieldLookup], context: LintContext, except hidden: Set<Int> = []) -> String {
        fields.compactMap { field -> String? in
            guard !hidden.contains(field.id), let state = assignment[field.id],
                let path = context.compiled?.fields[field.id].path
            else { return nil }
            switch state {
            case .absent: return "\(path) empty"
            case .invalid: return nil
            case .value(let value): return "\(path) = \(value)"
            }
        }.joined(separator: ", ")
    }
}

/// The constants of predicates, by kind, and the patterns their `MATCHES` tests apply to fields.
struct PredicateConstants {
    let today: CivilDate
    var numbers: Set<ExactDecimal> = []
    var strings: Set<String> = []
    var dates: Set<CivilDate> = []
    /// Patterns and the field each tests (nil: an expression, not a field).
    var patterns: [(field: Int?, pattern: String)] = []

    /// The patterns that test field `id` (or an expression: then every text field may be it).
    func patterns(testing id: Int) -> [String] {
        patterns.filter { $0.field == id || $0.field == nil }.map(\.pattern)
    }

    mutating func add(_ value: ExpressionValue) {
        switch value {
        case .integer(let number): numbers.insert(ExactDecimal(number))
        case .decimal(let number): numbers.insert(number)
        case .string(let text): strings.insert(text)
        case .date(let date): dates.insert(date)
        case .list(let values): for element in values { add(element) }
        case .null, .boolean, .duration: break
        }
    }
}

extension CompiledNode {
    /// Adds the node's constants (folded ones such as `today - 18y` included) to `constants`.
    func collectConstants(into constants: inout PredicateConstants) {
        switch self {
        case .constant(let value): constants.add(value)
        case .today: constants.dates.insert(constants.today)
        case .field, .sum, .position, .unevaluable: break
        case .list(let elements), .concat(let elements): for element in elements { element.collectConstants(into: &constants) }
        case .not(let node), .negate(let node), .call(_, let node):
            node.collectConstants(into: &constants)
        case .text(.matches(let regex), let left, _):  // the right side is the pattern's text
            if case .field(let id) = left {
                constants.patterns.append((id, regex.pattern))
            } else {
                constants.patterns.append((nil, regex.pattern))
            }
            left.collectConstants(into: &constants)
        case .and(let left, let right), .or(let left, let right), .equal(let left, let right, _),
             .order(let left, let right, _), .membership(let left, let right, _), .add(let left, let right),
             .subtract(let left, let right), .text(_, let left, let right), .multiplicative(_, let left, let right):
            left.collectConstants(into: &constants)
            right.collectConstants(into: &constants)
        }
    }
}

/// Three-valued logic over conditions (nil: unknown), as predicates are evaluated.
enum ThreeValued {
    static func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

    static func and(_ left: Bool?, _ right: Bool?) -> Bool? {
        if left == false || right == false { return false }
        return left == true && right == true ? true : nil
    }

    static func or(_ left: Bool?, _ right: Bool?) -> Bool? {
        if left == true || right == true { return true }
        return left == false && right == false ? false : nil
    }
}
