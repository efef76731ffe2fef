import FormsmithValues

/// A condition every valid questionnaire meets, over a few factors, read from one rule: a
/// field filled only while its `visibleIf` holds; a required field (or one whose `requiredIf`
/// holds) filled while visible; a condition factor equal to its condition; a field filled only
/// with its parents; an item field read only when its list has items. Used to prove tuples
/// impossible (no assignment of the constraint's other factors satisfies it) and written as
/// PICT `IF ... THEN ...` rules by the benchmark.
struct CoverConstraint: Sendable {
    enum Kind: Sendable {
        /// `subject` filled implies `condition`.
        case visible(CompiledExpression)
        /// `subject` empty implies not (`visibleIf` and `requiredIf`); nil `requiredIf`: always required.
        case required(visibleIf: CompiledExpression?, requiredIf: CompiledExpression?)
        /// `subject` (a condition factor) is `true` exactly when the condition holds.
        case equals(CompiledExpression)
        /// `subject` filled implies factor `other` filled.
        case parent(other: Int)
        /// `subject` has a value only while list factor `other` is not absent.
        case item(other: Int)
        /// `subject` filled implies condition factor `other` is `true` (its `visibleIf`).
        case visibleFactor(other: Int)
        /// `subject` empty implies not (condition factors `visible` and `required` both true;
        /// -1: no such condition, true).
        case requiredFactors(visible: Int, required: Int)
        /// `subject` (a section factor) is `filled` exactly when one of the member factors is.
        case section(members: [Int])
        /// In a `complete` section: `subject` filled implies member factor `other` filled.
        case complete(other: Int)
    }

    /// The rule that forbids what the constraint excludes, as reports name it.
    let rule: String
    /// The factor the constraint is about.
    let subject: Int
    let kind: Kind
    /// Every factor it reads (subject first).
    let factors: [Int]

    /// Whether `assignment` (a value index per factor, -1 unknown) satisfies it; unknown
    /// (a factor it reads is unassigned, an expression undecided) counts as satisfied.
    func holds(_ assignment: [Int], _ model: CoverModelView) -> Bool {
        let value = assignment[subject]
        guard value >= 0 else { return true }
        switch kind {
        case .visible(let condition):
            guard model.isFilled(subject, value) else { return true }
            return condition.evaluateCondition(model.environment(assignment)) ?? true
        case .required(let visibleIf, let requiredIf):
            guard !model.isFilled(subject, value) else { return true }
            let environment = model.environment(assignment)
            if let visibleIf, visibleIf.evaluateCondition(environment) != true { return true }  // hidden, or unknown
            guard let requiredIf else { return false }
            guard let required = requiredIf.evaluateCondition(environment) else { return true }
            return !required
        case .equals(let condition):
            guard let truth = condition.evaluateCondition(model.environment(assignment)) else { return true }
            return (value == 0) == truth
        case .parent(let other):
            guard model.isFilled(subject, value), assignment[other] >= 0 else { return true }
            return model.isFilled(other, assignment[other])
        case .item(let other):
            guard assignment[other] >= 0 else { return true }
            return model.isFilled(other, assignment[other])
        case .visibleFactor(let other):
            guard model.isFilled(subject, value), assignment[other] >= 0 else { return true }
            return assignment[other] == 0
        case .requiredFactors(let visible, let required):
            guard !model.isFilled(subject, value) else { return true }
            let shown = visible < 0 ? 1 : assignment[visible] == 0 ? 1 : assignment[visible] < 0 ? -1 : 0
            let needed = required < 0 ? 1 : assignment[required] == 0 ? 1 : assignment[required] < 0 ? -1 : 0
            return !(shown == 1 && needed == 1)
        case .section(let members):
            guard members.allSatisfy({ assignment[$0] >= 0 }) else { return true }
            return model.isFilled(subject, value) == members.contains { model.isFilled($0, assignment[$0]) }
        case .complete(let other):
            guard model.isFilled(subject, value), assignment[other] >= 0 else { return true }
            return model.isFilled(other, assignment[other])
        }
    }

    /// The constraints of a form's rules over its factors.
    static func derive(rules: CompiledRuleSet, factors: [CoverFactor], valueFactor: [Int],
                       optionFactors: [[Int]]) -> [CoverConstraint] {
        var result: [CoverConstraint] = []
        /// The factors an expression reads, or nil when it reads a field with no exact factor.
        func reads(_ expression: CompiledExpression) -> [Int]? {
            var found: [Int] = []
            for id in expression.referencedFields {
                let field = rules.fields[id]
                if field.type == .multiChoice, !optionFactors[id].isEmpty {
                    found += optionFactors[id]
                } else if valueFactor[id] >= 0, [.value, .range].contains(factors[valueFactor[id]].kind) {
                    found.append(valueFactor[id])
                } else {
                    return nil
                }
            }
            return found
        }
        var conditionFactor: [String: Int] = [:]
        for (index, factor) in factors.enumerated() where factor.kind == .condition { conditionFactor[factor.name] = index }
        func factor(of source: String, in field: CompiledField) -> Int? {
            conditionFactor[CoverModel.conditionName(source, listID: field.listID, rules: rules)]
        }
        for field in rules.fields {
            let visibleFactor = field.visibleIf == nil ? nil : factor(of: field.visibleIfSource, in: field)
            let requiredFactor = field.requiredIf == nil ? nil : factor(of: field.requiredIfSource, in: field)
            let subjects = (valueFactor[field.id] >= 0 ? [valueFactor[field.id]] : []) + optionFactors[field.id]
            for subject in subjects {
                if let visibleIf = field.visibleIf, !visibleIf.isConstant, let read = reads(visibleIf) {
                    result.append(CoverConstraint(rule: "visibleIf of \(field.path): '\(field.visibleIfSource)'",
                                                  subject: subject, kind: .visible(visibleIf), factors: [subject] + read))
                }
                if let visibleFactor {
                    result.append(CoverConstraint(rule: "visibleIf of \(field.path): '\(field.visibleIfSource)'",
                                                  subject: subject, kind: .visibleFactor(other: visibleFactor),
                                                  factors: [subject, visibleFactor]))
                }
                for parent in field.parents where valueFactor[parent] >= 0 {
                    result.append(CoverConstraint(rule: "parents of \(field.path): \(rules.fields[parent].path)",
                                                  subject: subject, kind: .parent(other: valueFactor[parent]),
                                                  factors: [subject, valueFactor[parent]]))
                }
                var list = field.listID
                while let id = list {
                    if valueFactor[id] >= 0 {
                        result.append(CoverConstraint(rule: "items of \(rules.fields[id].path) exist only when it has items",
                                                      subject: subject, kind: .item(other: valueFactor[id]),
                                                      factors: [subject, valueFactor[id]]))
                    }
                    list = rules.fields[id].listID
                }
            }
            // Required while visible: only where nothing else (sections, parents, options) decides it.
            if valueFactor[field.id] >= 0, factors[valueFactor[field.id]].absentIndex != nil, field.group < 0,
               field.parents.isEmpty, field.type != .multiChoice, !field.isOptional || field.requiredIf != nil {
                let visibleRead = field.visibleIf.map { reads($0) } ?? []
                let requiredRead = field.requiredIf.map { reads($0) } ?? []
                let source = field.requiredIf == nil ? "required" : "requiredIf '\(field.requiredIfSource)'"
                if (field.visibleIf == nil || visibleFactor != nil), (field.requiredIf == nil || requiredFactor != nil) {
                    let subject = valueFactor[field.id]
                    result.append(CoverConstraint(rule: "\(field.path) is \(source) while visible", subject: subject,
                                                  kind: .requiredFactors(visible: visibleFactor ?? -1, required: requiredFactor ?? -1),
                                                  factors: [subject] + [visibleFactor, requiredFactor].compactMap { $0 }))
                }
                if let visibleRead, let requiredRead {
                    let subject = valueFactor[field.id]
                    result.append(CoverConstraint(rule: "\(field.path) is \(source) while visible",
                                                  subject: subject,
                                                  kind: .required(visibleIf: field.visibleIf, requiredIf: field.requiredIf),
                                                  factors: [subject] + visibleRead + requiredRead))
                }
            }
        }
        for (index, factor) in factors.enumerated() where factor.kind == .section {
            let members = factor.members.map { valueFactor[$0] }
            guard members.allSatisfy({ $0 >= 0 }) else { continue }
            result.append(CoverConstraint(rule: "\(factor.name) is filled when one of its fields is", subject: index,
                                          kind: .section(members: members), factors: [index] + members))
        }
        for group in rules.groups where group.isComplete {
            for subject in group.members where valueFactor[subject] >= 0 {
                for other in group.members where other != subject && valueFactor[other] >= 0 {
                    let field = rules.fields[other]
                    guard field.visibleIf == nil, field.parents.isEmpty else { continue }
                    result.append(CoverConstraint(rule: "section \(group.path) is complete: all of its fields or none",
                                                  subject: valueFactor[subject], kind: .complete(other: valueFactor[other]),
                                                  factors: [valueFactor[subject], valueFactor[other]]))
                }
            }
        }
        for (index, factor) in factors.enumerated() where factor.kind == .condition {
            guard let condition = factor.condition, let read = reads(condition) else { continue }
            result.append(CoverConstraint(rule: "the condition '\(factor.name.dropFirst(3))'", subject: index,
                                          kind: .equals(condition), factors: [index] + read))
        }
        return result
    }
}

/// What constraints read of the model: which values are "filled", and an expression
/// environment over an assignment of factor values.
struct CoverModelView {
    let factors: [CoverFactor]
    let valueFactor: [Int]
    let optionFactors: [[Int]]
    let plan: GeneratorTables

    /// Whether value `value` of factor `factor` means the field (or section) is filled.
    func isFilled(_ factor: Int, _ value: Int) -> Bool {
        let described = factors[factor]
        switch described.kind {
        case .option: return value == 0
        case .condition: return true
        default: return value != described.absentIndex
        }
    }

    func environment(_ assignment: [Int]) -> FactorEnvironment {
        FactorEnvironment(view: self, assignment: assignment)
    }
}

/// Field lookups for expressions, answered from an assignment of factor values.
struct FactorEnvironment: ExpressionEnvironment {
    let view: CoverModelView
    let assignment: [Int]

    var today: CivilDate { view.plan.rules.today }

    func lookup(_ id: Int) -> FieldLookup {
        let options = view.optionFactors[id]
        if !options.isEmpty {
            var chosen: [ExpressionValue] = []
            for (index, factor) in options.enumerated() {
                guard assignment[factor] >= 0 else { return .invalid }
                if assignment[factor] == 0 { chosen.append(view.plan.enumValue(of: id, at: index)) }
            }
            return chosen.isEmpty ? .absent : .value(.list(chosen))
        }
        let factor = view.valueFactor[id]
        guard factor >= 0, assignment[factor] >= 0 else { return .invalid }
        let described = view.factors[factor]
        let value = assignment[factor]
        if value == described.absentIndex { return .absent }
        if described.kind == .range {
            // At a bound the value is known; inside, only that it is neither.
            guard let bounds = described.bounds else { return .invalid }
            let name = described.values[value]
            guard let exact = name == "min" ? bounds.low : name == "max" ? bounds.high : nil else { return .invalid }
            switch view.plan.rules.fields[id].type {
            case .date: return .value(.date(CivilDate(dayNumber: Int32(exact.description) ?? 0)))
            case .integer: return Int64(exact.description).map { .value(.integer($0)) } ?? .invalid
            default: return .value(.decimal(exact))
            }
        }
        if view.plan.rules.fields[id].type == .boolean { return .value(.boolean(described.values[value] == "true")) }
        return .value(view.plan.enumValue(of: id, at: value))
    }
}
