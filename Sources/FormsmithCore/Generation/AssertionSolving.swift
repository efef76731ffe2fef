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
    /// Per text field id: the string predicates on it in the assertions of its scope that read
    /// it (``TextAtom``), decided by the solver before the text is drawn; empty for most fields.
    let textAtoms: [[TextAtom]]
    /// The text fields whose length (`count(owner)`) an assertion of their scope reads: to the
    /// solver an integer, and the text is drawn with a length it allows.
    let textLengths: Set<Int>

    /// Nil when no scope of the form has an assertion (the solver never runs then).
    init?(rules: CompiledRuleSet) {
        var scopes: [(list: Int?, scope: EvaluationScope)] = [(nil, rules.rootScope)]
        for field in rules.fields where field.type == .list {
            if let scope = field.items?.scope { scopes.append((field.id, scope)) }
        }
        guard scopes.contains(where: { !$0.scope.assertions.isEmpty }) else { return nil }
        var readers = Array(repeating: [Int](), count: rules.fields.count)
        var position = Array(repeating: -1, count: rules.fields.count)
        var atoms = Array(repeating: [TextAtom](), count: rules.fields.count)
        var lengths = Set<Int>()
        for (list, scope) in scopes {
            for (index, id) in scope.order.enumerated() { position[id] = index }
            for (index, assertion) in scope.assertions.enumerated() {
                for id in assertion.predicate.referencedFields where rules.fields[id].listID == list {
                    if !readers[id].contains(index) { readers[id].append(index) }
                }
                var read = Set<Int>()
                TextAtom.collectLengths(assertion.predicate.root, rules: rules, into: &read)
                lengths.formUnion(read.filter { rules.fields[$0].listID == list })
                var found: [TextAtom] = []
                TextAtom.collect(assertion.predicate.root, rules: rules, into: &found)
                for atom in found where rules.fields[atom.field].listID == list
                    && !atoms[atom.field].contains(where: { $0.key == atom.key }) {
                    atoms[atom.field].append(atom)
                }
            }
        }
        self.readers = readers
        textAtoms = atoms
        textLengths = lengths
        self.position = position
    }
}
