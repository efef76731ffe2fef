import FormsmithValues

/// The factors of a form and the constraints between them, read from compiled rules.
///
/// Factors, per field (top-level fields, and item fields read in their list's first item):
/// an enum or switch gives its values; a multi-choice field one factor per option; a number or
/// date with fixed bounds its boundary classes; a list its sizes; any other field that may be
/// left empty its presence. `absent` joins a field's values when it may be left empty
/// (optional, `visibleIf`, `requiredIf`, a section that may be empty, parents that may be).
/// Every non-constant `visibleIf`, `requiredIf` and `cases` condition is a factor of its own
/// (one per condition text and scope), and so is every section that may be left empty.
struct CoverModel: Sendable {
    let factors: [CoverFactor]
    /// Per field id: the factor of its value (or presence), or -1.
    let valueFactor: [Int]
    /// Per field id of a multi-choice field: its option factors, in option order.
    let optionFactors: [[Int]]
    /// The constraints, each necessary for validity.
    let constraints: [CoverConstraint]

    init(plan: GeneratorTables) {
        let rules = plan.rules
        var factors: [CoverFactor] = []
        var valueFactor = Array(repeating: -1, count: rules.fields.count)
        var optionFactors = Array(repeating: [Int](), count: rules.fields.count)
        let mayBeAbsent = Self.mayBeAbsent(rules)
        for field in rules.fields {
            let list = field.listID ?? -1
            let path = Self.jsonPath(field.path)
            let absent = mayBeAbsent[field.id] ? ["absent"] : []
            switch field.type {
            case .enumeration:
                let values = plan.fields[field.id].enumText.map { String(decoding: $0, as: UTF8.self) }
                guard values.count + absent.count > 1 else { continue }
                valueFactor[field.id] = factors.count
                factors.append(CoverFactor(name: field.path, kind: .value, values: values + absent, field: field.id,
                                           jsonPath: path, listID: list))
            case .boolean:
                let constant = ChoiceDomain(field.checks).constant != nil
                let values = (constant ? [] : ["false", "true"]) + absent
                guard values.count > 1 else { continue }
                valueFactor[field.id] = factors.count
                factors.append(CoverFactor(name: field.path, kind: constant ? .presence : .value,
                                           values: constant ? ["filled", "absent"] : values, field: field.id,
                                           jsonPath: path, listID: list))
            case .multiChoice:
                let values = plan.fields[field.id].enumText.map { String(decoding: $0, as: UTF8.self) }
                for (index, value) in values.enumerated() {
                    optionFactors[field.id].append(factors.count)
                    factors.append(CoverFactor(name: "\(field.path) has \(value)", kind: .option, values: ["yes", "no"],
                                               field: field.id, option: index, jsonPath: path, listID: list))
                }
            case .integer, .decimal, .date:
                if let bounds = BoundaryClasses.of(field), bounds.classes.count + absent.count > 1 {
                    valueFactor[field.id] = factors.count
                    factors.append(CoverFactor(name: field.path, kind: .range, values: bounds.classes + absent,
                                               field: field.id, bounds: bounds, jsonPath: path, listID: list))
                } else if !absent.isEmpty {
                    valueFactor[field.id] = factors.count
                    factors.append(CoverFactor(name: field.path, kind: .presence, values: ["filled", "absent"],
                                               field: field.id, jsonPath: path, listID: list))
                }
            case .list:
                let (low, top) = QuestionnaireBuilder.itemCounts(of: field)
                var sizes = [low == top ? "min" : "min"]
                if top - low >= 2 { sizes.append("mid") }
                if top > low { sizes.append("max") }
                guard sizes.count + absent.count > 1 else { continue }
                valueFactor[field.id] = factors.count
                factors.append(CoverFactor(name: field.path, kind: .size, values: sizes + absent, field: field.id,
                                           sizes: (low, top), jsonPath: path, listID: list))
            case .string, .text, .attachment:
                guard !absent.isEmpty else { continue }
                valueFactor[field.id] = factors.count
                factors.append(CoverFactor(name: field.path, kind: .presence, values: ["filled", "absent"],
                                           field: field.id, jsonPath: path, listID: list))
            case .section:
                continue
            }
        }
        for group in rules.groups where group.canBeEmpty && !group.members.isEmpty {
            factors.append(CoverFactor(name: "section \(group.path)", kind: .section, values: ["filled", "empty"],
                                       field: group.members[0], members: group.members,
                                       memberPaths: group.members.map { Self.jsonPath(rules.fields[$0].path) },
                                       jsonPath: Self.jsonPath(group.path), listID: group.listID))
        }
        var seen = Set<String>()
        for field in rules.fields {
            var conditions: [(CompiledExpression, String)] = []
            if let visibleIf = field.visibleIf { conditions.append((visibleIf, field.visibleIfSource)) }
            if let requiredIf = field.requiredIf { conditions.append((requiredIf, field.requiredIfSource)) }
            for (index, variant) in field.cases.enumerated() {
                conditions.append((variant.condition, index < field.caseSources.count ? field.caseSources[index]
                                   : "\(field.path) case \(index + 1)"))
            }
            for (condition, source) in conditions where !condition.isConstant {
                let name = Self.conditionName(source, listID: field.listID, rules: rules)
                guard seen.insert(name).inserted else { continue }
                factors.append(CoverFactor(name: name, kind: .condition, values: ["true", "false"], field: field.id,
                                           condition: condition, jsonPath: "", listID: field.listID ?? -1))
            }
        }
        self.factors = factors
        self.valueFactor = valueFactor
        self.optionFactors = optionFactors
        constraints = CoverConstraint.derive(rules: rules, factors: factors, valueFactor: valueFactor,
                                             optionFactors: optionFactors)
    }

    /// The name of the factor of a condition: `if `, the list it is read in (`drivers[]: `), and
    /// its text as written, hidden characters escaped (see ``DisplayText``). One factor per
    /// name: a `cases` condition with the text of a `visibleIf` in the same scope is that factor.
    static func conditionName(_ source: String, listID: Int?, rules: CompiledRuleSet) -> String {
        "if " + (listID.map { rules.fields[$0].path + "[]: " } ?? "") + DisplayText.escaped(source)
    }

    /// `drivers[].documents[].number` as `drivers[0].documents[0].number`.
    static func jsonPath(_ path: String) -> String { path.replacingOccurrences(of: "[]", with: "[0]") }

    /// Per field id, whether some valid questionnaire may leave it empty (an over-estimate).
    static func mayBeAbsent(_ rules: CompiledRuleSet) -> [Bool] {
        var result = rules.fields.map { field in
            field.isOptional || field.visibleIf != nil || field.requiredIf != nil || field.inConditionalGroup
                || (field.group >= 0 && rules.groups[field.group].canBeEmpty)
        }
        for _ in 0..<4 {
            for field in rules.fields where !result[field.id] && field.parents.contains(where: { result[$0] }) {
                result[field.id] = true
            }
        }
        return result
    }
}
