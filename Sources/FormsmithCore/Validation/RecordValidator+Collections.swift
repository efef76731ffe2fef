/// Enums, multi-choice fields and lists.
extension RecordValidator {
    func checkEnumeration(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        for case .choice(let check) in checks {
            guard check.checkEnumeration(raw, field, path, in: self) else { return }
        }
    }

    /// Checks a multi-choice value: its shape, then `checks`; each choice listed once only with
    /// the field's own checks (a `cases:` entry, `inCase`, adds its count and values alone).
    func checkChoices(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck],
                      inCase: Bool = false) {
        if case .json(let index) = raw {
            guard tape.nodes[Int(index)].kind == .array else {
                report(field, path, RuleIdentifier.type, "must be an array of strings, not \(values.typePhrase(raw))", raw)
                return
            }
            for (position, child) in tape.children(of: Int(index)).enumerated()
            where tape.nodes[child].kind != .string {
                report(field, ConcretePath(template: "\(path)[\(position)]", item: -1), RuleIdentifier.type,
                       "must be a string, not \(tape.nodes[child].kind.phrase)", .json(Int32(child)))
                return
            }
        }
        let chosen = values.choices(raw)
        for case .choice(let check) in checks { check.checkChoices(chosen, field, path, raw, in: self) }
        if !inCase { checkUniqueChoices(chosen, field, path, raw) }
    }

    /// Checks a list: binds and evaluates its items, then its own checks; for a `cases:` entry
    /// (`inCase`) only the case's checks, the items having been bound and evaluated once with
    /// the field's own.
    func checkList(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck],
                   inCase: Bool) {
        let list = plan.fields[field.id]
        guard list.type == .list else { return }
        switch raw {
        case .json(let index):
            guard !inCase else { break }
            guard tape.nodes[Int(index)].kind == .array else {
                report(field, path, RuleIdentifier.type, "must be an array of objects, not \(values.typePhrase(raw))", raw)
                return
            }
            let count = Int(tape.nodes[Int(index)].childCount)
            binding.resetItems(of: field.id, count: count, slotCount: list.itemSlotCount)
            for (position, child) in tape.children(of: Int(index)).enumerated() {
                if tape.nodes[child].kind == .object {
                    bindObject(child, table: list.itemTable, item: position)
                } else {
                    violations.append(Violation(field: "\(path)[\(position)]", rule: RuleIdentifier.type,
                                                message: "must be an object, not \(tape.nodes[child].kind.phrase)",
                                                value: values.displayValue(.json(Int32(child)))))
                    binding.markBroken(field.items?.layout.allFieldIDs ?? [], item: position)
                }
            }
        case .cell:
            guard !inCase else { break }
            // CSV binds list items from indexed columns before evaluation; lists inside list items now.
            if list.listID >= 0 { bindInnerListItems(ofList: field.id) }
        case .absent, .broken:
            return
        }
        for case .list(let check) in checks { check.checkItems(binding.lists[field.id].count, field, path, in: self) }
        if !inCase { evaluateItems(ofList: field.id) }
    }
}

extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
