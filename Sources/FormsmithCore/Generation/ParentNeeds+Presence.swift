/// The fields a parent cannot be there without. A parent shown only while another field is
/// filled (`visibleIf: "present(sec4.word) || sec4.word == 'ab'"`) needs that field filled as
/// much as it needs to be filled itself: the field is taken as a parent too of every child
/// that needs the parent, so it is filled whenever such a child will be required and visible,
/// and the switches and enums its own `visibleIf` reads are steered to keep it shown (a chain:
/// `word` shown only while `sec4.sw`). Drawn freely, `word` was left empty by its optional
/// share and the questionnaire rebuilt (random form 90355: 204 rebuilt of 200).
extension ParentNeeds {
    /// `field`, then the fields without which it cannot be there, directly or through a chain:
    /// its `parent`s, and the fields its `visibleIf` is false without (read as empty while every
    /// other field is unknown) that filled can show it (texts, whose draw meets their string
    /// tests, fields read only through `present()`, and a number or date it reads last, which the
    /// solver settles to show it), and theirs in turn; lists are not followed. Only `field` for
    /// one no valid questionnaire holds (``NeverShown``): filling what it needs would show
    /// nothing, and took their optional share from those fields (`bank` always filled for a
    /// parent hidden by `account CONTAINS 'é'` on an eight-digit mask).
    static func presenceNeeds(of field: Int, rules: CompiledRuleSet, neverShown: NeverShown) -> [Int] {
        var found = [field]
        guard neverShown.fields[field] == nil else { return found }
        var pending = [field]
        var seen: Set<Int> = [field]
        while let id = pending.popLast() {
            // A list's items are drawn by count, not filled for a child; it is left as it was.
            for needed in directPresenceNeeds(of: id, rules: rules)
            where rules.fields[needed].items == nil && neverShown.fields[needed] == nil && seen.insert(needed).inserted {
                found.append(needed)
                pending.append(needed)
            }
        }
        return found
    }

    /// The `parent`s of `id` and the fields its `visibleIf` cannot hold without.
    private static func directPresenceNeeds(of id: Int, rules: CompiledRuleSet) -> [Int] {
        let field = rules.fields[id]
        var needed = field.parents
        if let shown = field.visibleIf {
            needed += shown.referencedFields.filter { read in
                // Filled, a text can meet its string tests (its draw aims at them); another kind
                // shows the parent by being filled only when read only through `present()` or
                // `empty()` (`n =< 13` on an empty `n` is false, and filled it still may be).
                let type = rules.fields[read].type
                guard type == .string || type == .text || shown.root.readsOnlyThroughPresence(of: read)
                        || settlesLast(read, shownBy: shown, of: id, rules: rules) else { return false }
                // `today` read as the first and the last day there is: false at both, false whatever it is.
                return falseWhileEmpty(shown, empty: read)
            }
        }
        return needed
    }

    /// Whether `read`, a number or a date, is the field of `id`'s scope that `id`'s `visibleIf`
    /// reads last, filled before `id`: the solver settles it to meet that condition whenever a
    /// child needs `id` (``ParentNeeds/visibilitySteering``), so filled it shows `id`. Left to
    /// its optional share, it hid `id` (`t2 < 2000-01-01` on an optional `t2` shown by
    /// `e1 == 5`: `e1` never steered to 5, and a required child of `id` rebuilt; random form
    /// 180120 refused). A number read beside a switch filled after it is not: the switch decides.
    private static func settlesLast(_ read: Int, shownBy shown: CompiledExpression, of id: Int, rules: CompiledRuleSet) -> Bool {
        let type = rules.fields[read].type
        guard type == .integer || type == .decimal || type == .date else { return false }
        let scope = rules.fields[id].listID
        guard rules.fields[read].listID == scope else { return false }
        let order = scope.flatMap { rules.fields[$0].items?.scope.order } ?? rules.rootScope.order
        guard let own = order.firstIndex(of: id), let position = order.firstIndex(of: read), position < own else { return false }
        // Every other field of the scope it reads is filled before it.
        return shown.referencedFields.allSatisfy { other in
            other == read || rules.fields[other].listID != scope
                || (order.firstIndex(of: other).map { $0 < position } ?? false)
        }
    }

    /// Whether `condition` is false whenever field `empty` is empty, whatever the other fields
    /// hold and whatever day it is (read as the first and the last day there is).
    static func falseWhileEmpty(_ condition: CompiledExpression, empty: Int) -> Bool {
        [CivilDate.earliest, CivilDate.latest].allSatisfy { today in
            condition.evaluateCondition(EmptyFieldEnvironment(empty: empty, today: today)) == false
        }
    }
}

extension CompiledNode {
    /// Whether every read of field `id` here is `present(id)` or `empty(id)`.
    fileprivate func readsOnlyThroughPresence(of id: Int) -> Bool {
        switch self {
        case let .call(function, .field(read)) where read == id && (function == .present || function == .empty):
            return true
        case let .field(read):
            return read != id
        case .constant, .today, .unevaluable, .position:
            return true
        case let .sum(field, list):
            return field != id && list != id
        case let .list(elements), let .concat(elements):
            return elements.allSatisfy { $0.readsOnlyThroughPresence(of: id) }
        case let .not(node), let .negate(node), let .call(_, node):
            return node.readsOnlyThroughPresence(of: id)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            return left.readsOnlyThroughPresence(of: id) && right.readsOnlyThroughPresence(of: id)
        }
    }
}

/// Every field unknown but one, which is empty: a condition false here is false whenever
/// that field is empty, whatever the others hold.
private struct EmptyFieldEnvironment: ExpressionEnvironment {
    let empty: Int
    let today: CivilDate
    func lookup(_ field: Int) -> FieldLookup { field == empty ? .absent : .invalid }
    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? { nil }
    func currentItem(ofList list: Int) -> Int? { nil }
}
