import Foundation

/// Compiles a ``RuleSet`` for one run: assigns slots, compiles regexes and masks, parses,
/// type-checks and binds every expression, checks references and cycles, and precomputes
/// bounds for `today`. Reports every problem at once.
public enum RuleCompiler {
    /// Compiles `ruleSet` for the reference date `today`.
    public static func compile(_ ruleSet: RuleSet, today: CivilDate) throws(RulesError) -> CompiledRuleSet {
        let compiler = CompilerState(ruleSet: ruleSet, today: today)
        guard let compiled = compiler.run(), compiler.problems.isEmpty else {
            throw RulesError(problems: compiler.problems.problems)
        }
        return compiled
    }
}

/// The declaration of a value field, before compilation: where it lives and its slot.
struct FieldDeclaration {
    let rule: FieldRule
    let listID: Int?
    let slot: Int
}

/// The working state of one compilation.
final class CompilerState {
    let ruleSet: RuleSet
    let today: CivilDate
    let problems = ProblemCollector()
    private(set) var declarations: [FieldDeclaration] = []
    private(set) var idsByPath: [String: Int] = [:]
    private var sectionPaths: Set<String> = []
    /// Sections checked as a whole, and the index of each by path.
    private(set) var groups: [CompiledGroup] = []
    private(set) var groupIndex: [String: Int] = [:]
    private var sectionsByPath: [String: FieldRule] = [:]
    /// Field ids each field depends on (predicates, bounds, parents, companions).
    var dependencies: [[Int]] = []
    /// Field ids a list's item fields read outside the list (the list must come after them).
    var outerDependenciesOfItems: [Int: [Int]] = [:]
    /// Whether each section's `visibleIf` compiles, by path (compiled once, for its first field).
    var sectionConditionCompiles: [String: Bool] = [:]

    init(ruleSet: RuleSet, today: CivilDate) {
        self.ruleSet = ruleSet
        self.today = today
    }

    func run() -> CompiledRuleSet? {
        var rootSlots = 0
        var itemSlots: [Int: Int] = [:]
        declare(ruleSet.fields, listID: nil, rootSlots: &rootSlots, itemSlots: &itemSlots)
        dependencies = Array(repeating: [], count: declarations.count)
        declareGroups()
        // Compile field by field; a field's items need their own scope, so lists go last.
        var compiledChecks: [Int: FieldParts] = [:]
        for (id, declaration) in declarations.enumerated() {
            compiledChecks[id] = compileParts(of: declaration, id: id)
        }
        // Cycles are looked for even when other problems were found, so that all are reported.
        let rootOrder = evaluationOrder(for: nil)
        for id in declarations.indices where declarations[id].rule.type == .list { _ = evaluationOrder(for: id) }
        guard problems.isEmpty, let rootOrder else { return nil }
        var fields: [CompiledField?] = Array(repeating: nil, count: declarations.count)
        // Item fields first, so list fields can embed their items' scope.
        for (id, declaration) in declarations.enumerated() {
            var items: (layout: ObjectLayout, scope: EvaluationScope)?
            if declaration.rule.type == .list {
                guard let order = evaluationOrder(for: id) else { return nil }
                let assertions = compileAssertions(declaration.rule.assertions, listID: id)
                let slotCount = itemSlots[id] ?? 0
                items = (layout(of: declaration.rule.children, prefix: declaration.rule.path + "[].",
                                list: (id, slotCount)),
                         EvaluationScope(slotCount: slotCount, order: order, assertions: assertions))
            }
            fields[id] = makeField(id: id, parts: compiledChecks[id]!, items: items)
        }
        let rootAssertions = compileAssertions(ruleSet.assertions, listID: nil)
        guard problems.isEmpty else { return nil }
        return CompiledRuleSet(
            ruleSet: ruleSet, today: today, fields: fields.map { $0! },
            root: layout(of: ruleSet.fields, prefix: "", list: nil),
            rootScope: EvaluationScope(slotCount: rootSlots, order: rootOrder, assertions: rootAssertions),
            fieldIDs: idsByPath, groups: groups)
    }

    /// Collects the sections with `optional`, `requiredIf` or `complete`.
    private func declareGroups() {
        for section in ruleSet.allFields where section.type == .section
            && (section.isOptional || section.requiredIf != nil || section.isComplete)
        {
            let memberRules = IneffectiveSectionCheck.valueFields(in: section).filter { $0.group == section.path }
            let members = memberRules.compactMap { idsByPath[$0.path] }
            let isConditional = section.isOptional || section.requiredIf != nil
            groupIndex[section.path] = groups.count
            sectionsByPath[section.path] = section
            groups.append(CompiledGroup(
                path: section.path, listID: members.first.flatMap { declarations[$0].listID } ?? -1,
                members: members, isConditional: isConditional, isComplete: section.isComplete,
                canBeEmpty: isConditional || memberRules.allSatisfy { $0.isOptional && $0.requiredIf == nil }))
        }
    }

    /// The section (checked as a whole) a field belongs to.
    func groupSection(of rule: FieldRule) -> (index: Int, section: FieldRule)? {
        guard let path = rule.group, let index = groupIndex[path], let section = sectionsByPath[path] else { return nil }
        return (index, section)
    }

    // MARK: - Declarations and layouts

    private func declare(_ rules: [FieldRule], listID: Int?, rootSlots: inout Int, itemSlots: inout [Int: Int]) {
        for rule in rules {
            if rule.type == .section {
                sectionPaths.insert(rule.path)
                declare(rule.children, listID: listID, rootSlots: &rootSlots, itemSlots: &itemSlots)
                continue
            }
            if rule.type == .list, listDepth(listID) >= Self.maximumListDepth {
                problems.report("lists are nested more than \(Self.maximumListDepth) deep at '\(rule.path)'; "
                                + "Formsmith reads lists inside list items up to \(Self.maximumListDepth) levels "
                                + "(drivers[].documents[].pages[]): flatten the innermost list into its item's "
                                + "fields or a type: section", at: rule.location)
                continue
            }
            let slot: Int
            if let listID {
                slot = itemSlots[listID, default: 0]
                itemSlots[listID] = slot + 1
            } else {
                slot = rootSlots
                rootSlots += 1
            }
            let id = declarations.count
            declarations.append(FieldDeclaration(rule: rule, listID: listID, slot: slot))
            idsByPath[rule.path] = id
            if rule.type == .list {
                declare(rule.children, listID: id, rootSlots: &rootSlots, itemSlots: &itemSlots)
            }
        }
    }

    private func layout(of rules: [FieldRule], prefix: String, list: (id: Int, slotCount: Int)?) -> ObjectLayout {
        var members: [ObjectLayout.Member] = []
        var allIDs: [Int] = []
        for rule in rules {
            if rule.type == .section {
                let inner = layout(of: rule.children, prefix: rule.path + ".", list: list)
                allIDs += inner.allFieldIDs
                members.append(.init(key: Array(rule.name.utf8), name: rule.name,
                                     target: .section(path: rule.path, layout: inner)))
            } else if let id = idsByPath[rule.path] {
                allIDs.append(id)
                members.append(.init(key: Array(rule.name.utf8), name: rule.name,
                                     target: .field(id, slot: declarations[id].slot)))
            }
        }
        return ObjectLayout(members: members, prefix: prefix, list: list, allFieldIDs: allIDs)
    }

    // MARK: - Dependency order

    /// Orders the fields of one scope so that each comes after what it reads; reports cycles.
    private func evaluationOrder(for listID: Int?) -> [Int]? {
        let members = declarations.indices.filter { declarations[$0].listID == listID }
        let memberSet = Set(members)
        var state: [Int: UInt8] = [:]  // 1 visiting, 2 done
        var order: [Int] = []
        var stack: [Int] = []
        var failed = false
        func edges(_ id: Int) -> [Int] {
            var result = dependencies[id] + (outerDependenciesOfItems[id] ?? [])
            // A field of a list item may read top-level fields: they are evaluated before the list.
            result = result.filter { memberSet.contains($0) }
            return result
        }
        func visit(_ id: Int) {
            if failed { return }
            if state[id] == 2 { return }
            if state[id] == 1 {
                let cycle = stack.drop { $0 != id }.map { declarations[$0].rule.path } + [declarations[id].rule.path]
                problems.report("fields depend on each other in a cycle: " + cycle.joined(separator: " -> ")
                                + "; break it by removing one of these references", at: declarations[id].rule.location)
                failed = true
                return
            }
            state[id] = 1
            stack.append(id)
            for dependency in edges(id) { visit(dependency) }
            stack.removeLast()
            state[id] = 2
            order.append(id)
        }
        for id in members { visit(id) }
        return failed ? nil : order
    }

    func isSection(_ path: String) -> Bool { sectionPaths.contains(path) }

    /// The deepest nesting of lists: a list inside the items of a list inside the items of a list.
    static let maximumListDepth = 3

    /// How many lists enclose a field of scope `listID` (0 for top-level fields).
    func listDepth(_ listID: Int?) -> Int {
        var depth = 0
        var scope = listID
        while let list = scope {
            depth += 1
            scope = declarations[list].listID
        }
        return depth
    }

    /// Whether scope `inner` is `outer` or lies inside one of its items (nil: the questionnaire).
    func isScope(_ outer: Int?, enclosing inner: Int?) -> Bool {
        var scope = inner
        while true {
            if scope == outer { return true }
            guard let list = scope else { return false }
            scope = declarations[list].listID
        }
    }
}
