/// Which fields the assertions of each scope read, worked out once per run, so that plain
/// generation asks the solver only about forms with assertions and only when it fills a field
/// an assertion of its own scope reads (see ``QuestionnaireBuilder/settledValue(_:address:drawn:)``).
///
/// A field is *read* by an assertion of its scope when the assertion names it directly
/// (`drivers[].documentCount` in an assertion of `drivers[]`) or counts it
/// (`count(drivers[].documents)`): those are the values the solver may settle. Fields of
/// enclosing scopes are filled before the scope's own and enter as constants.
struct AssertionSolving {
    /// Per field id: the indices of the assertions of the field's own scope that read it
    /// (empty for most fields).
    let readers: [[Int]]
    /// Per field id: its position in its scope's dependency order.
    let position: [Int]

    /// Nil when no scope of the form has an assertion (the solver never runs then).
    init?(rules: CompiledRuleSet) {
        var scopes: [(list: Int?, scope: EvaluationScope)] = [(nil, rules.rootScope)]
        for field in rules.fields where field.type == .list {
            if let scope = field.items?.scope { scopes.append((field.id, scope)) }
        }
        guard scopes.contains(where: { !$0.scope.assertions.isEmpty }) else { return nil }
        var readers = Array(repeating: [Int](), count: rules.fields.count)
        var position = Array(repeating: -1, count: rules.fields.count)
        for (list, scope) in scopes {
            for (index, id) in scope.order.enumerated() { position[id] = index }
            for (index, assertion) in scope.assertions.enumerated() {
                for id in assertion.predicate.referencedFields where rules.fields[id].listID == list {
                    if !readers[id].contains(index) { readers[id].append(index) }
                }
            }
        }
        self.readers = readers
        self.position = position
    }
}
