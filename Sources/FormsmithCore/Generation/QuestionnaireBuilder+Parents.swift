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
        /// The fill position, in the parent's scope, of the last field the child's `visibleIf`
        /// and `requiredIf` read: -1 when they read only fields of enclosing scopes (or
        /// nothing), `Int.max` when they read a field of a list inside the parent's scope.
        /// Before that field is filled the conditions are taken as holding: a condition reading
        /// an empty field is false, and judged so too early it let a switch hide the parent of
        /// a child that turned out required (`s8` required when `n5 > 3`, `n5` filled after).
        let lastRead: Int
        /// The lists holding the child inside the parent's scope (none when the child is in
        /// it) whose `visibleIf` reads only fields decided by the parent's scope's position
        /// `lastRead`: while such a list is hidden the child is not there and needs nothing.
        /// Taken as there, a child in a list hidden by the switch being steered made a switch
        /// that hid them both look wrong (random form 90004: `sw` true hides `lst24`, whose
        /// items need `m22`, and `e16`, needed by `e18`; drawn freely, 145 rebuilt of 200).
        let holdingLists: [(list: Int, lastRead: Int)]
        /// The required switch or enum of the parent's scope, filled after the parent, that the
        /// child's `visibleIf` and `requiredIf` read last (``lastRead``), when the child is in the
        /// parent's scope: it may hide the child, and is steered to when the parent is empty
        /// (``QuestionnaireBuilder/childHidingChoice(_:address:count:)``).
        let lastReader: Int?
        /// Whether the child is hidden whenever the parent is empty: its `visibleIf`, or that
        /// of a list holding it inside the parent's scope, is false with the parent empty
        /// whatever else holds (`extra` shown only when `present(photo)`, a child in it needing
        /// `photo` through `extra.since`). Leaving the parent empty then leaves the child
        /// nothing to need, so the parent keeps its free share (``QuestionnaireBuilder/filledForChildren(_:item:)``);
        /// `photo` was filled in 1,000 questionnaires of 1,000.
        let hiddenWithoutParent: Bool
    }

    /// Per field, the children that may need it filled (empty for most fields).
    let children: [[Child]]
    /// Per switch or enum, the parents and their children (index in ``children``) whose
    /// ``Child/lastReader`` it is.
    let childHiding: [[(parent: Int, child: Int)]]
    /// Per switch or enum field, the parents (fields with ``children``) whose `visibleIf` it is
    /// the last value of its scope to decide: its value is drawn among those that keep such a
    /// parent visible while a child needs it (see ``QuestionnaireBuilder/parentSteeredChoice``);
    /// per number or date field deciding last, the parents whose `visibleIf` the solver makes
    /// it meet (see ``QuestionnaireBuilder/parentSettledValue(_:address:drawn:)``).
    let visibilitySteering: [[Int]]
    /// Per parent in ``visibilitySteering``, the switches and enums that steer it, in fill order
    /// (an earlier one keeps only values for which the later ones can still show the parent).
    let deciders: [[Int]]
    /// Per section checked as a whole (``CompiledRuleSet/groups``): its members that may be
    /// required with a `parent` outside it decided before its first field (in its own scope, or
    /// in an enclosing one: the root or an enclosing list's item), and that parent. A
    /// section whose required member's parent is already empty is left empty when it may be
    /// (see ``QuestionnaireBuilder/groupMissesParent(_:filled:)``).
    let decidedParents: [[(child: Int, parent: Int)]]
    /// Per field, its position in the fill order of its scope (-1 for none).
    let position: [Int]
    /// The `const` numbers a parent's `visibleIf` reads, which decide nothing: put in as values
    /// where the condition is met from an enclosing scope, whose items are not at hand.
    let fixedValues: [Int: ExpressionValue]
    /// The types, besides switches and enums, of a field that decides a parent's visibility
    /// last and is made to meet the parent's `visibleIf`: numbers and dates settled by the
    /// solver, a list's item count among the counts that fit (`count(stops) >= 2`), multi-choices among the sets that fit
    /// (``QuestionnaireBuilder/parentSettledValue(_:address:drawn:)``), texts drawn to meet its
    /// string tests (``QuestionnaireBuilder/parentDecidedText(_:address:)``). A parent visible
    /// only while `n` is in 9...12 left its required child unfillable in 4 questionnaires of 5.
    static let settledTypes: Set<FieldType> = [.integer, .decimal, .date, .string, .text, .multiChoice, .list]

    /// `neverShown`: the fields no valid questionnaire holds; what such a parent cannot be
    /// there without is not filled for it (``presenceNeeds(of:rules:neverShown:)``).
    init(rules: CompiledRuleSet, neverShown: NeverShown) {
        var children = Array(repeating: [Child](), count: rules.fields.count)
        var childHiding = Array(repeating: [(parent: Int, child: Int)](), count: rules.fields.count)
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
        // A child in a section checked as a whole counts too (required there, or any field of a
        // `complete` one): left out, its parent was left empty while the section was filled.
        for child in rules.fields where !child.isOptional || child.requiredIf != nil
            || (child.group >= 0 && rules.groups[child.group].isComplete) {
            // The fields a parent cannot be there without are needed as the parent is.
            for parentID in Set(child.parents.flatMap { Self.presenceNeeds(of: $0, rules: rules, neverShown: neverShown) }) {
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
                func lastRead(_ read: [Int]) -> Int {
                    read.map { id -> Int in
                        let field = rules.fields[id]
                        if field.listID == parent.listID { return position[id] >= 0 ? position[id] : Int.max }
                        return field.listID.map { parentLists.contains($0) } ?? true ? -1 : Int.max
                    }.max() ?? -1
                }
                var holding: [(list: Int, lastRead: Int)] = []
                var list = child.listID
                while let current = list, current != parent.listID {
                    if let shown = rules.fields[current].visibleIf {
                        let last = lastRead(shown.referencedFields)
                        if last != Int.max { holding.append((current, last)) }
                    }
                    list = rules.fields[current].listID
                }
                let last = lastRead(read)
                let reader = read.first { id in
                    let field = rules.fields[id]
                    return field.listID == parent.listID && position[id] == last && last > position[parentID]
                        && (field.type == .boolean || field.type == .enumeration) && !field.isOptional && field.requiredIf == nil
                }
                let hiding = child.listID == parent.listID && position[parentID] >= 0 ? reader : nil
                if let hiding { childHiding[hiding].append((parentID, children[parentID].count)) }
                var hiders = [child.visibleIf]
                var enclosingList = child.listID
                while let current = enclosingList, current != parent.listID {
                    hiders.append(rules.fields[current].visibleIf)
                    enclosingList = rules.fields[current].listID
                }
                let hidden = hiders.contains { $0.map { Self.falseWhileEmpty($0, empty: parentID) } ?? false }
                children[parentID].append(Child(field: child.id, conditionsDecided: decided, lastRead: last,
                                                 holdingLists: holding, lastReader: hiding, hiddenWithoutParent: hidden))
            }
        }
        self.children = children
        self.childHiding = childHiding
        self.position = position
        var steering = Array(repeating: [Int](), count: rules.fields.count)
        var laterSteering = Array(repeating: [Int](), count: rules.fields.count)
        /// Whether the field always holds one number (required wherever its scope is, a `const`):
        /// it decides nothing, and is read as it is.
        var fixedValues: [Int: ExpressionValue] = [:]
        func fixed(_ id: Int) -> Bool {
            let field = rules.fields[id]
            guard !field.isOptional, field.requiredIf == nil, field.visibleIf == nil, !field.inConditionalGroup,
                  !(field.group >= 0 && rules.groups[field.group].canBeEmpty),
                  let constant = NumberDomain.fixed(of: field)?.constant else { return false }
            fixedValues[id] = field.type == .integer ? constant.int64.map { .integer($0) } ?? .decimal(constant) : .decimal(constant)
            return true
        }
        for parentID in children.indices where !children[parentID].isEmpty {
            let parent = rules.fields[parentID]
            // A `const` number read decides nothing: the field that decides is among the others
            // (`$d1 > 4 && lst5[].n6 - 6 >= -3` with `n6` const 6: `d1` at the root).
            guard let allRead = parent.visibleIf?.referencedFields.filter({ !fixed($0) }), !allRead.isEmpty else { continue }
            // Fields of enclosing scopes are decided before; the last one of its own scope decides.
            // When it reads only fields of enclosing scopes (a parent in list items hidden by a
            // switch at the root), the last one of the innermost of those scopes decides.
            var read = allRead.filter { rules.fields[$0].listID == parent.listID }
            if read.isEmpty {
                let outer = enclosing(parent.listID)
                guard allRead.allSatisfy({ id in rules.fields[id].listID.map { outer.contains($0) } ?? true }) else { continue }
                let innermost = allRead.compactMap { rules.fields[$0].listID }.min { a, b in
                    outer.firstIndex(of: a)! < outer.firstIndex(of: b)!
                }
                read = allRead.filter { rules.fields[$0].listID == innermost }
            } else if !(position[parentID] >= 0 && read.allSatisfy({ position[$0] < position[parentID] })) {
                continue
            }
            // Each switch or enum among them steers, when every one read after it is a switch or
            // an enum too (their values are tried for a way to keep the parent visible).
            let ordered = read.sorted { position[$0] < position[$1] }
            guard let first = ordered.first, position[first] >= 0 else { continue }
            // The last one may also be a number, a date, a text or a multi-choice, made to meet
            // the `visibleIf` (``Self/settledTypes``); the switches before it are steered too,
            // the settled one read as unknown while they are tried (it may yet take any value):
            // `e3 == 'blue' && $s6 CONTAINS 'b'` keeps `e3` blue, then `s6` is drawn with a `b`.
            // A field of another kind read between them (`sw` then `n3` then `e4`, for
            // `sw && (e4 == 3 || n3 != 20)`) is drawn, not aimed at the parent, and read as
            // unknown while the switches before it are tried: they still keep only values with
            // which the parent can be shown (`sw` was drawn false, and 170 of 200 rebuilt).
            for (index, id) in ordered.enumerated().reversed() {
                let type = rules.fields[id].type
                let settled = index == ordered.count - 1 && Self.settledTypes.contains(type)
                guard type == .boolean || type == .enumeration || settled else { continue }
                steering[id].append(parentID)
                laterSteering[parentID] = Array(ordered[index...])
            }
        }
        visibilitySteering = steering
        deciders = laterSteering
        self.fixedValues = fixedValues
        decidedParents = rules.groups.enumerated().map { index, group in
            let first = group.members.map { position[$0] }.filter { $0 >= 0 }.min() ?? -1
            var pairs: [(child: Int, parent: Int)] = []
            for member in group.members {
                let child = rules.fields[member]
                guard !child.isOptional || child.requiredIf != nil || group.isComplete else { continue }
                for parentID in Set(child.parents.flatMap { Self.presenceNeeds(of: $0, rules: rules, neverShown: neverShown) })
                where rules.fields[parentID].group != index {
                    let parent = rules.fields[parentID]
                    // A parent of the member's own scope filled before the section's first field,
                    // or of an enclosing scope (the root or an enclosing list's item), which is
                    // filled before the items of the section's list.
                    let decidedBefore = parent.listID == child.listID
                        ? position[parentID] >= 0 && position[parentID] < first
                        : parent.listID.map { outer in enclosing(child.listID).dropFirst().contains(outer) } ?? true
                    if decidedBefore { pairs.append((member, parentID)) }
                }
            }
            return pairs
        }
    }
}

extension QuestionnaireBuilder {
    /// Whether the child `need` names its parent while required and visible, judged now, when
    /// the fields of the parent's scope are filled up to position `filledThrough`: a condition
    /// that reads a field not filled by then (``ParentNeeds/Child/lastRead``), or that cannot be
    /// read, is taken as holding; a child in a list hidden by what is decided needs nothing
    /// (``ParentNeeds/Child/holdingLists``). `judgingVisibility` false: whether it does while visible.
    func childNeedsParent(_ need: ParentNeeds.Child, filledThrough: Int, judgingVisibility: Bool = true) -> Bool {
        let child = rules.fields[need.field]
        let choice = childGroupChoice(need)
        if choice == .empty { return false }
        for (list, lastRead) in need.holdingLists where judgingVisibility && lastRead <= filledThrough {
            if rules.fields[list].visibleIf?.evaluateCondition(environment) == false { return false }
        }
        let decided = need.lastRead <= filledThrough
        // A switch read last, filled later, that can hide the child is steered to when the parent is empty.
        if !decided, judgingVisibility, childMayBeHidden(need, filledThrough: filledThrough) { return false }
        let visible = !decided || !judgingVisibility || (child.visibleIf?.evaluateCondition(environment) ?? true)
        // In a section filled wholly every visible field is required.
        let required = choice == .whole || (choice == .undecided && rules.groups[child.group].isComplete)
            || (child.requiredIf.map { !decided || ($0.evaluateCondition(environment) ?? true) } ?? !child.isOptional)
        return visible && required
    }

    /// The choice made for the child's section in this questionnaire (nil outside one; a section
    /// inside list items is decided per item, so it is taken as undecided).
    private func childGroupChoice(_ need: ParentNeeds.Child) -> GroupChoice? {
        let child = rules.fields[need.field]
        guard child.group >= 0 else { return nil }
        return rules.groups[child.group].listID < 0 ? groupChoices[child.group] : .undecided
    }

    /// Whether the section `index`, about to be left empty, holds a parent that a field outside
    /// it needs filled: the section is then filled instead (left empty, it left the child
    /// unfillable, and the questionnaire was rebuilt). A child in the section, or in a list
    /// inside it, is left out with it and needs nothing: counted, it took the section's free
    /// share (`extra` holding `since`, which `extra.notes[].code` needs, was filled whenever it
    /// could be).
    /// `filling` is the section's field being filled (the first one met).
    func groupHoldsNeededParent(_ index: Int, filling: Int) -> Bool {
        for member in rules.groups[index].members where !parentNeeds.children[member].isEmpty {
            for need in parentNeeds.children[member] where !insideGroup(need.field, index) {
                if childNeedsParent(need, filledThrough: parentNeeds.position[filling] - 1) { return true }
            }
        }
        return false
    }

    /// Whether the section `index`, about to be filled (`filled`: field by field or wholly),
    /// holds a member that would be required and visible while its `parent`, decided before,
    /// is empty: the section is then left empty (filled, the member could not be, and the
    /// questionnaire was rebuilt). A condition that cannot be read yet is taken as holding.
    func groupMissesParent(_ index: Int, filled: GroupChoice) -> Bool {
        for (member, parent) in parentNeeds.decidedParents[index] where !isPresent(parent) {
            let child = rules.fields[member]
            let visible = child.visibleIf?.evaluateCondition(environment) ?? true
            let required = filled == .whole
                || (child.requiredIf.map { $0.evaluateCondition(environment) ?? true } ?? !child.isOptional)
            if visible && required { return true }
        }
        return false
    }

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
            // A child whose section is left empty in this questionnaire needs nothing, nor one
            // that leaving this field empty hides.
            if let choice = childGroupChoice(need), choice == .empty { continue }
            if need.hiddenWithoutParent { continue }
            guard need.conditionsDecided || need.lastReader != nil else { return true }
            if childNeedsParent(need, filledThrough: parentNeeds.position[field.id] - 1) { return true }
        }
        return false
    }
}
