/// How a section's own conditions reach its fields.
///
/// A hidden section must be absent or empty, and a field of it that is filled gets the same
/// `visibility` violation as a hidden field; so the section's condition becomes part of the
/// `visibleIf` of each field inside it, nested sections' fields included (`(section) && (own)`).
/// A field the condition reads (the switch such as `owner.sameAsInsurant`) is exempt: hiding
/// the switch by its own value would make it impossible to turn the section back on.
/// `requiredIf`, `optional` and `complete` of a section are checked on the section as a whole
/// (see the validator's group step); its members are the fields inside it that its conditions
/// do not read and that no inner section with such keys claims first.
enum GroupConditions {
    /// The section's fields with the section's `visibleIf` folded into theirs and, when the
    /// section is checked as a whole (`isGroup`), the section as their group.
    static func members(_ fields: [FieldRule], of section: String, visibleIf: Located<String>?,
                        requiredIf: Located<String>?, isGroup: Bool) -> [FieldRule] {
        let read = (visibleIf.map { referencedPaths(in: $0.value) } ?? [])
            .union(requiredIf.map { referencedPaths(in: $0.value) } ?? [])
        func fold(_ field: FieldRule) -> FieldRule {
            var field = field
            if field.type == .section {
                field.children = field.children.map(fold)
                return field
            }
            guard !read.contains(field.path) else { return field }
            if isGroup, field.group == nil { field.group = section }
            guard let condition = visibleIf else { return field }
            if field.hidingSections.isEmpty { field.ownVisibleIf = field.visibleIf }
            field.hidingSections.append(section)
            if let own = field.visibleIf {
                field.visibleIf = Located("(\(condition.value)) && (\(own.value))", at: own.location)
            } else {
                field.visibleIf = condition
            }
            return field
        }
        return fields.map(fold)
    }

    /// The field paths an expression reads; empty when it does not parse (the compiler reports it).
    static func referencedPaths(in source: String) -> Set<String> {
        guard let expression = try? ExpressionParser.parse(source) else { return [] }
        var paths: Set<String> = []
        func visit(_ node: RuleExpression) {
            switch node {
            case .literal, .today: break
            case .field(let reference, _): paths.insert(reference.path)
            case .list(let elements, _): elements.forEach(visit)
            case .unary(_, let operand, _): visit(operand)
            case .binary(_, let left, let right, _): visit(left); visit(right)
            case .call(_, let arguments, _): arguments.forEach(visit)
            }
        }
        visit(expression)
        return paths
    }
}
