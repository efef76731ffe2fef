/// Optional fields that a required field names as its `parent`: left empty by chance, they
/// left the child unfillable, and the whole questionnaire was rebuilt (`e2 [required]: 190
/// questionnaires rebuilt` of 200 on a form with `e2: {..., parent: f1}` and `f1` optional).
/// Such a parent is filled whenever a child that names it will be required and visible.
struct ParentNeeds: Sendable {
    /// One child of a parent: the field, and whether its `visibleIf` and `requiredIf` can be
    /// read when the parent is filled (everything they read is decided by then); when they
    /// cannot, the child is taken as required and visible, and the parent is filled.
    struct Child: Sendable {
        let field: Int
        let conditionsDecided: Bool
    }

    /// Per field, the children that may need it filled (empty for most fields).
    let children: [[Child]]

    init(rules: CompiledRuleSet) {
        var children = Array(repeating: [Child](), count: rules.fields.count)
        // Each field's position in the fill order of its scope (the root's or its list's items).
        var position = Array(repeating: -1, count: rules.fields.count)
        for (index, id) in rules.rootScope.order.enumerated() { position[id] = index }
        for list in rules.fields {
            for (index, id) in (list.items?.scope.order ?? []).enumerated() { position[id] = index }
        }
        /// The lists enclosing a field's scope, innermost first.
        func enclosing(_ listID: Int?) -> [Int] {
            var chain: [Int] = []
            var current = listID
            while let list = current {
                chain.append(list)
                current = rules.fields[list].listID
            }
            return chain
        }
        for child in rules.fields where child.group < 0 && (!child.isOptional || child.requiredIf != nil) {
            for parentID in Set(child.parents) {
                let parent = rules.fields[parentID]
                let parentLists = enclosing(parent.listID)
                // A child in the parent's scope or in a list inside it; a child outer to its
                // parent is left as it was.
                guard child.listID == parent.listID || enclosing(child.listID).contains(where: { $0 == parent.listID })
                        || (parent.listID == nil) else { continue }
                let read = (child.visibleIf?.referencedFields ?? []) + (child.requiredIf?.referencedFields ?? [])
                let decided = child.listID == parent.listID && read.allSatisfy { id in
                    let field = rules.fields[id]
                    if field.listID == parent.listID { return position[id] >= 0 && position[id] < position[parentID] }
                    // Fields of enclosing scopes are filled before the items that read them.
                    return field.listID.map { parentLists.contains($0) } ?? true
                }
                children[parentID].append(Child(field: child.id, conditionsDecided: decided))
            }
        }
        self.children = children
    }
}

extension QuestionnaireBuilder {
    /// Whether the optional field `field` must be filled because a field naming it as its
    /// `parent` will be required and visible: judged from the child's `visibleIf` and
    /// `requiredIf` when everything they read is already decided, else taken as so (the child
    /// in an inner list, or its conditions reading fields filled after the parent). A covering
    /// case that asks the field to be empty is left as it asks.
    func filledForChildren(_ field: CompiledField, item: Int) -> Bool {
        let children = parentNeeds.children[field.id]
        guard !children.isEmpty else { return false }
        if let targets, item <= 0, targets.presence[field.id] == 0 { return false }
        for need in children {
            guard need.conditionsDecided else { return true }
            let child = rules.fields[need.field]
            let visible = child.visibleIf?.evaluateCondition(environment) ?? true
            let required = child.requiredIf.map { $0.evaluateCondition(environment) ?? true } ?? !child.isOptional
            if visible && required { return true }
        }
        return false
    }
}
