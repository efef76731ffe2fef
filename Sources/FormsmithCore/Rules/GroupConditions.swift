/// How a section's own `visibleIf` reaches its fields.
///
/// A hidden section must be absent or empty, and a field of it that is filled gets the same
/// `visibility` violation as a hidden field; so the section's condition becomes part of each
/// field's `visibleIf` (`(group) && (own)`). A field the condition reads (the switch such as
/// `owner.sameAsInsurant`) is exempt: hiding the switch by its own value would make it
/// impossible to turn the section back on. `requiredIf`, `optional` and `complete` of a
/// section are checked on the section as a whole (see the validator's group step).
enum GroupConditions {
    /// The section's fields with the section's `visibleIf` folded into theirs.
    /// A field either condition reads is a switch: it stays outside the group (its own
    /// requirement applies, it does not count as filling the group).
    static func members(_ fields: [FieldRule], of section: String, visibleIf: Located<String>?,
                        requiredIf: Located<String>?) -> [FieldRule] {
        let read = (visibleIf.map { referencedPaths(in: $0.value) } ?? [])
            .union(requiredIf.map { referencedPaths(in: $0.value) } ?? [])
        return fields.map { field in
            var field = field
            guard !read.contains(field.path) else { return field }
            field.group = section
            guard let condition = visibleIf else { return field }
            field.groupVisibleIf = condition
            if let own = field.visibleIf {
                field.visibleIf = Located("(\(condition.value)) && (\(own.value))", at: own.location)
            } else {
                field.visibleIf = condition
            }
            return field
        }
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
